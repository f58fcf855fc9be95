import type { SessionUser } from '@app/shared/auth';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { rememberPendingLink, useLinkOutcomeNotice } from './link-outcome';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast', () => ({ toast: { error: toastError } }));

const signedIn = (providers: string[]) => ({ uid: 'u1', email: 'ada@example.com', providers }) as unknown as SessionUser;

afterEach(async () => {
  toastError.mockReset();
  await i18n.changeLanguage('en');
});

describe('useLinkOutcomeNotice', () => {
  it('says once, in the language shown, that the provider asked for after the password sign-in was not linked', async () => {
    rememberPendingLink('microsoft');
    const { rerender } = renderHook(({ user }) => useLinkOutcomeNotice(user), {
      initialProps: { user: signedIn(['credential']) },
    });
    expect(toastError).toHaveBeenCalledWith(
      'Your Microsoft account was not linked. Keep signing in with your e-mail and password.',
      { id: 'link-refused' },
    );
    rerender({ user: signedIn(['credential']) });
    expect(toastError).toHaveBeenCalledTimes(1);

    await i18n.changeLanguage('fr');
    rememberPendingLink('google');
    renderHook(() => useLinkOutcomeNotice(signedIn(['credential'])));
    expect(toastError).toHaveBeenLastCalledWith(
      "Votre compte Google n'a pas été lié. Continuez à vous connecter avec votre e-mail et votre mot de passe.",
      { id: 'link-refused' },
    );
  });

  it('says nothing when the provider was linked, when no link was asked for, or before the session is known', () => {
    rememberPendingLink('google');
    renderHook(() => useLinkOutcomeNotice(null));
    expect(sessionStorage.getItem('pendingLink')).toBe('google');
    renderHook(() => useLinkOutcomeNotice(signedIn(['credential', 'google'])));
    renderHook(() => useLinkOutcomeNotice(signedIn(['credential'])));
    expect(toastError).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('pendingLink')).toBeNull();
  });
});
