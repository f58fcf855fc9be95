import type { KnowledgeItem } from '@app/shared/knowledge';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, mockApi, stubBrowserApis } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { KnowledgeFormRoute } from './knowledge-form';

const vault: KnowledgeItem = {
  _id: 'c1',
  context: 'c1',
  title: 'Vault',
  text: 'The code is 4821.',
  visibility: 'internal',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const saved = ({ body }: { body: unknown }) => ({ status: 200, body: ['c1', { ...vault, ...(body as object) }] });

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('KnowledgeFormRoute', () => {
  it('adds a quotable entry by default, and an internal one with the switch, from the keyboard', async () => {
    const { calls } = mockApi({ 'POST /api/data': saved });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<KnowledgeFormRoute />, { path: '/data/:id?', at: '/data' });
    const internal = await screen.findByRole('switch', { name: 'Internal entry' });
    expect(internal).not.toBeChecked();
    expect(internal).toHaveAccessibleDescription(
      'Internal: the assistant may use it to understand a message, but never quotes it in a reply',
    );

    await user.type(screen.getByLabelText('Title'), 'Vault');
    await user.type(screen.getByLabelText('Content'), 'The code is 4821.');
    await user.tab();
    expect(internal).toHaveFocus();
    await user.keyboard(' ');
    expect(internal).toBeChecked();
    await user.keyboard(' ');
    expect(internal).not.toBeChecked();
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Vault',
      text: 'The code is 4821.',
      visibility: 'internal',
    });
  });

  it('sends quotable when the switch is left off', async () => {
    const { calls } = mockApi({ 'POST /api/data': saved });
    const user = userEvent.setup();
    renderWithProviders(<KnowledgeFormRoute />, { path: '/data/:id?', at: '/data' });
    await user.type(await screen.findByLabelText('Title'), 'Opening hours');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ visibility: 'quotable' }));
  });

  it('shows an internal entry as internal and saves it back quotable, in French', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = mockApi({ 'GET /api/data/c1': { status: 200, body: vault }, 'POST /api/data/c1': saved });
    const user = userEvent.setup();
    renderWithProviders(<KnowledgeFormRoute />, { path: '/data/:id?', at: '/data/c1' });
    const internal = await screen.findByRole('switch', { name: 'Entrée interne' });
    expect(internal).toBeChecked();
    expect(internal).toHaveAccessibleDescription(
      "Interne : l'assistant peut s'en servir pour comprendre un message, mais ne le cite jamais dans une réponse",
    );
    await user.click(internal);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        title: 'Vault',
        text: 'The code is 4821.',
        visibility: 'quotable',
      }),
    );
  });

  it('shows the server refusing the visibility in the user language', async () => {
    mockApi({ 'POST /api/data': apiError(400, 'BAD_REQUEST', 'knowledge.visibilityInvalid') });
    const user = userEvent.setup();
    renderWithProviders(<KnowledgeFormRoute />, { path: '/data/:id?', at: '/data' });
    await user.type(await screen.findByLabelText('Title'), 'Vault');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose whether the entry may be quoted or stays internal')).toBeInTheDocument();
  });
});
