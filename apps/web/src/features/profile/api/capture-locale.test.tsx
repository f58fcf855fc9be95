import type { SessionUser } from '@app/shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, sessionUser } from '@/test/mock-api';
import { browserLocale, localeToCapture, useCaptureLocale } from './capture-locale';

function Probe({ user }: { user: SessionUser }) {
  useCaptureLocale(user);
  return null;
}

function signIn(user: SessionUser) {
  const api = mockApi({ 'PUT /api/user-profiles/p1': ({ body }) => ({ status: 200, body }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <Probe user={user} />
    </QueryClientProvider>,
  );
  return { ...api, view };
}

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the language and time zone captured at sign-in', () => {
  it('sends the interface language and the browser time zone when the profile has neither', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = signIn(sessionUser({ language: null, timeZone: null }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/user-profiles/p1',
      body: { language: 'fr', timeZone: browserZone },
    });
  });

  it('never replaces what the profile has: only the missing one is sent, and nothing when both are there', async () => {
    const first = signIn(sessionUser({ language: 'fr', timeZone: null }));
    await waitFor(() => expect(first.calls).toHaveLength(1));
    expect(first.calls[0]!.body).toEqual({ timeZone: browserZone });
    first.view.unmount();

    const second = signIn(sessionUser({ language: 'en', timeZone: 'Asia/Tokyo' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.calls).toEqual([]);
  });

  it('waits for a profile, and writes Spanish users English mail', () => {
    expect(localeToCapture({ profileId: null, language: null, timeZone: null }, { language: 'en', timeZone: 'UTC' })).toBeNull();
    expect(
      localeToCapture({ profileId: 'p1', language: null, timeZone: 'UTC' }, { language: 'en', timeZone: undefined }),
    ).toEqual({
      language: 'en',
    });
    return i18n.changeLanguage('es').then(() => expect(browserLocale().language).toBe('en'));
  });
});
