import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, mockApi, type Answer } from '@/test/mock-api';
import { mailSetting } from '../testing/mock-api';
import { OAUTH_CONFIG_KEY, storeConnectConfig } from '../utils/oauth-config';
import { GoogleCallbackRoute, OutlookCallbackRoute } from './oauth-callback';

const stored = {
  provider: 'outlook' as const,
  responseType: 3,
  isSyncEnabled: false,
  isClassificationEnabled: true,
  fetchRangeDates: { start: '2025-01-01', end: '2025-01-31' },
};

function setup(answer: Answer, at: string, google = false) {
  const api = mockApi({ 'POST /api/email-settings': answer, 'GET /api/session': { status: 401, body: {} } });
  const path = google ? '/cb/google' : '/cb/ms';
  const view = renderWithProviders(google ? <GoogleCallbackRoute /> : <OutlookCallbackRoute />, { path, at });
  return { ...api, ...view };
}

afterEach(() => vi.unstubAllGlobals());

describe('OAuth callbacks', () => {
  it('connects with the code, the state and the stored choices, then goes to /email-settings', async () => {
    storeConnectConfig(stored);
    const { router, calls } = setup({ status: 201, body: mailSetting({ provider: 'outlook' }) }, '/cb/ms?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-settings'));
    expect(router.state.location.state).toEqual({ message: 'mailSettings.guideMessage' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      provider: 'outlook',
      code: 'abc',
      state: 'xyz',
      responseType: 3,
      isSyncEnabled: false,
      isClassificationEnabled: true,
      fetchRangeDates: { start: '2025-01-01', end: '2025-01-31' },
    });
    expect(sessionStorage.getItem(OAUTH_CONFIG_KEY)).toBeNull();
  });

  it('goes back to the form with the provider, the response type and the error description', async () => {
    storeConnectConfig(stored);
    const { router, calls } = setup(
      { status: 201, body: {} },
      '/cb/ms?error=access_denied&error_description=The%20user%20declined',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-settings/add'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      provider: 'outlook',
      responseType: '3',
      error: 'The user declined',
    });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(sessionStorage.getItem(OAUTH_CONFIG_KEY)).toBeNull();
  });

  it('a failed connection goes back to the form with its message (Gmail)', async () => {
    storeConnectConfig({ ...stored, provider: 'gmail', responseType: 2 });
    const { router } = setup(
      apiError(400, 'INVALID_OAUTH_STATE', 'This sign-in link is invalid'),
      '/cb/google?code=abc&state=old',
      true,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-settings/add'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('provider')).toBe('gmail');
    expect(params.get('responseType')).toBe('2');
    expect(params.get('error')).toBe('The sign-in has expired or was not started here. Please try again.');
  });
});
