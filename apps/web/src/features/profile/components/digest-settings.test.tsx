import type { Profile } from '@app/shared/profile';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, sessionUser } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { DigestSettings } from './digest-settings';

const profile = (patch: Partial<Profile> = {}): Profile => ({
  _id: 'p1',
  userId: 'u1',
  email: 'owner@example.com',
  businessSector: 'retail',
  role: 'Owner',
  phoneNumber: '',
  website: '',
  language: 'en',
  timeZone: 'Europe/Paris',
  dailyDigest: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

function renderSettings(initial: Profile = profile()) {
  let current = initial;
  const api = mockApi({
    'GET /api/session': { status: 200, body: sessionUser() },
    'PUT /api/user-profiles/p1': ({ body }) => {
      current = { ...current, ...(body as Partial<Profile>) };
      return { status: 200, body: current };
    },
  });
  renderWithProviders(<DigestSettings profile={initial} />);
  const puts = () => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body);
  return { puts };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('DigestSettings', () => {
  it('turns the digest off in one click, and changes its language and time zone, each with its own PUT', async () => {
    const user = userEvent.setup();
    const { puts } = renderSettings();
    const digest = screen.getByRole('switch', { name: 'Send me a daily digest' });
    expect(digest).toBeChecked();
    expect(digest).toHaveAccessibleDescription(/Every morning at 8:00 in your time zone/);
    await user.click(digest);
    await waitFor(() => expect(puts()).toEqual([{ dailyDigest: false }]));
    await waitFor(() => expect(digest).toBeEnabled());
    expect(digest).not.toBeChecked();

    const language = screen.getByLabelText('Language of the e-mails');
    expect(language).toHaveValue('en');
    await user.selectOptions(language, 'Français');
    await waitFor(() => expect(puts()).toEqual([{ dailyDigest: false }, { language: 'fr' }]));
    await waitFor(() => expect(language).toBeEnabled());

    const zone = screen.getByLabelText('Time zone');
    expect(zone).toHaveValue('Europe/Paris');
    await user.selectOptions(zone, 'America/New_York');
    await waitFor(() => expect(puts().at(-1)).toEqual({ timeZone: 'America/New_York' }));
    expect(puts()).toHaveLength(3);
  });

  it('shows what the digest uses while the browser never told: English, UTC', () => {
    renderSettings(profile({ language: null, timeZone: null }));
    expect(screen.getByLabelText('Language of the e-mails')).toHaveValue('en');
    expect(screen.getByLabelText('Time zone')).toHaveValue('UTC');
  });

  it('is in French', async () => {
    await i18n.changeLanguage('fr');
    renderSettings(profile({ dailyDigest: false }));
    expect(screen.getByRole('heading', { name: 'Résumé quotidien' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: "M'envoyer un résumé quotidien" })).not.toBeChecked();
    expect(screen.getByLabelText('Langue des e-mails')).toBeInTheDocument();
    expect(screen.getByLabelText('Fuseau horaire')).toBeInTheDocument();
  });
});
