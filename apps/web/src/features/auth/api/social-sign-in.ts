import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadAuthClient, type SocialProvider } from '@/lib/auth-client';
import { codeKeyOf } from '@/lib/error-mapper';
import { sessionQueryOptions } from '@/lib/session';

/** DESIGN §10: the provider to link after the next password sign-in. */
export const LINK_PROVIDER_KEY = 'linkProvider';
const POPUP_NAME = 'social-sign-in';
/** Set while opening the popup, so that the popup (which gets a copy of session storage) knows it is one. */
const POPUP_MARKER_KEY = 'socialSignInPopup';
const CHANNEL = 'social-sign-in';
const POLL_MS = 1000;
/** The popup posts its result just before it closes: a closed popup waits this long for it. */
const CLOSE_GRACE_MS = 750;

type PopupResult = { error: string | null };

/** The provider kept in session storage under `key`, or null. */
export function storedProvider(key: string): SocialProvider | null {
  const value = sessionStorage.getItem(key);
  return value === 'google' || value === 'microsoft' ? value : null;
}

/** The provider kept under `key`, which is removed. */
export function takeStoredProvider(key: string): SocialProvider | null {
  const provider = storedProvider(key);
  sessionStorage.removeItem(key);
  return provider;
}

export const readLinkProvider = () => storedProvider(LINK_PROVIDER_KEY);
export const takeLinkProvider = () => takeStoredProvider(LINK_PROVIDER_KEY);

/** The provider's name in messages ("…to link your Google account"), or "social" when it is not known. */
export const providerName = (t: TFunction, provider: SocialProvider | null) =>
  t(provider ? `auth.providers.${provider}` : 'auth.providers.social');

/** The message for Better Auth's `error` query parameter after a provider flow (an i18n key). */
export const socialErrorKey = (error: string) =>
  codeKeyOf(error, { codes: { account_not_linked: 'auth.accountExists' }, fallback: 'auth.tryLater' });

/**
 * Run first thing in main.tsx: when this window is the sign-in popup back on our origin, it tells
 * the opener how the flow ended and closes. Returns true when it did.
 */
export function closeIfSocialPopup(): boolean {
  const isPopup = window.name === POPUP_NAME || sessionStorage.getItem(POPUP_MARKER_KEY) === '1';
  if (!isPopup || typeof BroadcastChannel === 'undefined') return false;
  sessionStorage.removeItem(POPUP_MARKER_KEY);
  const result: PopupResult = { error: new URLSearchParams(window.location.search).get('error') };
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(result);
  channel.close();
  window.close();
  return true;
}

export type SocialSignInOptions = {
  /** Where the provider flow ends (in the popup, or in this window after a redirect). */
  callbackURL?: string;
  errorCallbackURL?: string;
  /** Passed through the flow to the server's hooks (an invitation token). */
  additionalData?: Record<string, string>;
  /** Where to go once signed in; the page reloads when unset. */
  successURL?: string;
  /** The i18n key for an error code, Better Auth's or the server's. */
  errorKey?: (code: string) => string;
};

/**
 * Google/Microsoft sign-in in a popup, falling back to a redirect when the popup is blocked. The
 * session is polled every second while the popup is open; the page reloads once signed in.
 */
export function useSocialSignIn(options: SocialSignInOptions = {}) {
  const { callbackURL = '/', errorCallbackURL = '/signin', additionalData, successURL, errorKey = socialErrorKey } = options;
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  /** The popup's own result arrived: the poll has nothing more to say. */
  const settled = useRef(false);

  const stop = useCallback(() => {
    clearInterval(timer.current);
    setPending(null);
  }, []);

  const succeed = useCallback(() => {
    clearInterval(timer.current);
    sessionStorage.removeItem(LINK_PROVIDER_KEY);
    if (successURL) window.location.assign(successURL);
    else window.location.reload();
  }, [successURL]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<PopupResult>) => {
      settled.current = true;
      if (!event.data.error) return succeed();
      stop();
      setError(errorKey(event.data.error));
    };
    return () => {
      channel.close();
      clearInterval(timer.current);
    };
  }, [stop, succeed, errorKey]);

  const watch = (popup: Window) => {
    timer.current = setInterval(async () => {
      const user = await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }).catch(() => null);
      if (settled.current) return;
      if (user) {
        popup.close();
        succeed();
      } else if (popup.closed) {
        clearInterval(timer.current);
        setTimeout(() => {
          if (settled.current) return;
          stop();
          setError('auth.popupClosed');
        }, CLOSE_GRACE_MS);
      }
    }, POLL_MS);
  };

  const start = async (provider: SocialProvider) => {
    setError(null);
    setPending(provider);
    settled.current = false;
    if (!additionalData) sessionStorage.setItem(LINK_PROVIDER_KEY, provider);
    const authClient = await loadAuthClient();
    const { data, error: authError } = await authClient.signIn.social({
      provider,
      callbackURL,
      errorCallbackURL,
      disableRedirect: true,
      ...(additionalData && { additionalData }),
    });
    const url = data && 'url' in data ? data.url : undefined;
    if (authError || !url) {
      setPending(null);
      setError(authError?.code ? errorKey(authError.code) : 'auth.tryLater');
      return;
    }
    sessionStorage.setItem(POPUP_MARKER_KEY, '1');
    const popup = window.open(url, POPUP_NAME, 'popup,width=500,height=650');
    sessionStorage.removeItem(POPUP_MARKER_KEY);
    if (!popup) {
      setError('auth.popupBlocked');
      window.location.href = url;
      return;
    }
    watch(popup);
  };

  return { start, pending, error };
}
