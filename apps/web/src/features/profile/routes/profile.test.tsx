import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, sessionUser } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProfileRoute } from './profile';

const categories = [{ group: 'Commerce', options: [{ value: 'retail', label: 'Retail' }] }];
const authConfig = { google: false, microsoft: false, billing: false, mailbox: true };
const saved = {
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
};

function renderProfile(profile: typeof saved | null, referrerId: string | null = null) {
  const api = mockApi({
    'GET /api/session': { status: 200, body: sessionUser({ profileId: profile ? 'p1' : null, referrerId }) },
    'GET /api/user-profiles': profile ? { status: 200, body: profile } : apiError(404, 'NOT_FOUND'),
    'GET /api/enterprise-categories': { status: 200, body: categories },
    'GET /api/auth-config': { status: 200, body: authConfig },
    'POST /api/user-profiles': ({ body }) => ({ status: 201, body: { ...saved, ...(body as object) } }),
    'GET /api/ai-provider': {
      status: 200,
      body: { active: { engine: 'mistral', model: 'mistral-small', source: 'operator' }, own: null },
    },
    'GET /api/ai-provider/usage': { status: 200, body: { days: [] } },
  });
  renderWithProviders(<ProfileRoute />, { path: '/profile' });
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('ProfileRoute and the daily digest', () => {
  it('creates the profile with this browser’s language and time zone', async () => {
    const { calls } = renderProfile(null);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      businessSector: 'retail',
      role: 'Owner',
      language: 'en',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // No digest settings before there is a profile to keep them.
    expect(screen.queryByRole('switch', { name: 'Send me a daily digest' })).not.toBeInTheDocument();
  });

  it('shows the digest settings of an existing profile', async () => {
    renderProfile(saved);
    expect(await screen.findByRole('switch', { name: 'Send me a daily digest' })).toBeChecked();
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/Paris');
  });

  it('shows no digest settings to a member: only owners get the digest', async () => {
    renderProfile(saved, 'owner-1');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Send me a daily digest' })).not.toBeInTheDocument();
  });
});

describe('ProfileRoute and the AI engine', () => {
  it('shows which engine answers now, to owners and members alike', async () => {
    renderProfile(saved, 'owner-1');
    expect(await screen.findByRole('heading', { name: 'AI engine' })).toBeInTheDocument();
    expect(await screen.findByText("The service's default: Mistral, mistral-small")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test and save' })).toBeInTheDocument();
    expect(await screen.findByText('No AI use yet.')).toBeInTheDocument();
  });
});
