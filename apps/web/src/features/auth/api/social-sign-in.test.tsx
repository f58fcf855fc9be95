import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/test/mock-api';
import { useSocialSignIn } from './social-sign-in';

// Better Auth's client keeps the fetch it started with: its social sign-in is replaced here.
const social = vi.hoisted(() => vi.fn());
vi.mock('@/lib/auth-client', () => ({ loadAuthClient: () => Promise.resolve({ signIn: { social } }) }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

afterEach(() => {
  vi.unstubAllGlobals();
  social.mockReset();
  sessionStorage.clear();
});

describe('useSocialSignIn', () => {
  it('signs in from the sign-in screens: back to /, errors to /signin, the provider kept for linking', async () => {
    social.mockResolvedValue({ data: { url: 'https://provider.example/consent' }, error: null });
    const open = vi.fn(() => ({ closed: false, close: vi.fn() }));
    vi.stubGlobal('open', open);
    const { result } = renderHook(() => useSocialSignIn(), { wrapper });
    await act(() => result.current.start('google'));
    expect(social).toHaveBeenCalledWith({
      provider: 'google',
      callbackURL: '/',
      errorCallbackURL: '/signin',
      disableRedirect: true,
    });
    expect(open).toHaveBeenCalledWith('https://provider.example/consent', 'social-sign-in', expect.any(String));
    expect(sessionStorage.getItem('linkProvider')).toBe('google');
  });

  it('carries the invitation data and callbacks it is given, and names a refusal with its error keys', async () => {
    social.mockResolvedValue({ data: null, error: { status: 400, code: 'INVALID_INVITATION', message: 'used' } });
    const errorKey = (code: string) => `team.${code}`;
    const { result } = renderHook(
      () =>
        useSocialSignIn({
          callbackURL: '/',
          errorCallbackURL: '/invitations/set-password?token=t',
          additionalData: { invitationToken: 't' },
          successURL: '/',
          errorKey,
        }),
      { wrapper },
    );
    await act(() => result.current.start('microsoft'));
    expect(social).toHaveBeenCalledWith({
      provider: 'microsoft',
      callbackURL: '/',
      errorCallbackURL: '/invitations/set-password?token=t',
      disableRedirect: true,
      additionalData: { invitationToken: 't' },
    });
    expect(result.current.error).toBe('team.INVALID_INVITATION');
    expect(result.current.pending).toBeNull();
    // An invitation is no account to link after a password sign-in.
    expect(sessionStorage.getItem('linkProvider')).toBeNull();
  });

  it('says the window was closed when no result came', async () => {
    mockApi({ 'GET /api/session': apiError(401, 'UNAUTHORIZED') });
    social.mockResolvedValue({ data: { url: 'https://provider.example/consent' }, error: null });
    vi.stubGlobal(
      'open',
      vi.fn(() => ({ closed: true, close: vi.fn() })),
    );
    const { result } = renderHook(() => useSocialSignIn(), { wrapper });
    await act(() => result.current.start('google'));
    await vi.waitFor(() => expect(result.current.error).toBe('auth.popupClosed'), { timeout: 3000 });
    expect(result.current.pending).toBeNull();
  });
});
