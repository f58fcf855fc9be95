import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { DigestOffRoute } from './digest-off';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const open = (at: string) => renderWithProviders(<DigestOffRoute />, { path: '/digest/off', at });

describe('DigestOffRoute', () => {
  it('turns the digest off with the link’s token in one click, signed out', async () => {
    const { calls } = mockApi({ 'POST /api/digest/off': { status: 200, body: { success: true } } });
    open('/digest/off?token=abc.def');
    expect(calls).toEqual([]); // opening the link changes nothing
    await userEvent.setup().click(screen.getByRole('button', { name: 'Turn off the daily digest' }));
    expect(await screen.findByText('The daily digest is off. You will not receive it any more.')).toBeInTheDocument();
    expect(calls).toMatchObject([{ method: 'POST', path: '/api/digest/off', body: { token: 'abc.def' } }]);
  });

  it('says when the link is not valid, in French too', async () => {
    await i18n.changeLanguage('fr');
    mockApi({ 'POST /api/digest/off': apiError(400, 'BAD_REQUEST', 'profile.digestOff.invalid') });
    open('/digest/off?token=forged');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Désactiver le résumé quotidien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Ce lien n'est pas valide.");
  });

  it('offers nothing to click without a token', () => {
    mockApi({});
    open('/digest/off');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
