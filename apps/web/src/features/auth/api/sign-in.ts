import type { SignInInput } from '@app/shared/sign-in';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadAuthClient } from '@/lib/auth-client';
import { type ErrorTable, errorKeyOf } from '@/lib/error-mapper';
import { sessionQueryOptions } from '@/lib/session';
import { AuthError, type AuthClientError } from './auth-error';
import { rememberPendingLink } from './link-outcome';
import { takeLinkProvider } from './social-sign-in';

/**
 * Spec 01 §8 and DESIGN §10: an unknown e-mail and a wrong password get the same message. (A 429
 * carries the server's RATE_LIMIT code, none of these: its status decides.)
 */
const signInErrors: ErrorTable = {
  codes: {
    INVALID_EMAIL_OR_PASSWORD: 'auth.invalidLoginOrPassword',
    EMAIL_NOT_VERIFIED: 'auth.verifyEmailFirst',
    INVALID_EMAIL: 'auth.invalidEmailShort',
  },
  statuses: { 429: 'auth.tooManyRequests' },
  fallback: 'auth.tryLater',
};

export const signInErrorKey = (error: AuthClientError) => errorKeyOf(error, signInErrors);

/**
 * Password sign-in. When an earlier social sign-in met an account with this e-mail, the provider
 * kept in session storage is linked now (Better Auth then redirects to the provider). The server
 * links only an address the provider says is verified; a refused link comes back to the app, signed
 * in with the password, which says so (`useLinkOutcomeNotice`, docs/decisions.md).
 */
export async function signIn(values: SignInInput): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.signIn.email(values);
  if (error) throw new AuthError(signInErrorKey(error));
  const provider = takeLinkProvider();
  if (provider) {
    rememberPendingLink(provider);
    const linked = await authClient.linkSocial({ provider, callbackURL: '/', errorCallbackURL: '/' });
    if (linked.error) console.error('Linking the provider failed', linked.error);
  }
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries(sessionQueryOptions),
  });
}
