import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/lib/auth-client';
import { type ErrorTable, errorKeyOf } from '@/lib/error-mapper';
import { AuthError, type AuthClientError } from './auth-error';

/** Spec 01 §8: the sign-up error texts (a new password's too, see `resetPassword`). */
export const signUpErrors = {
  codes: {
    USER_ALREADY_EXISTS: 'auth.emailAlreadyInUse',
    USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth.emailAlreadyInUse',
    PASSWORD_TOO_SHORT: 'auth.weakPassword',
    PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'auth.passwordRequirementsNotMet',
  },
  fallback: 'auth.tryLater',
} satisfies ErrorTable;

export const signUpErrorKey = (error: AuthClientError) => errorKeyOf(error, signUpErrors);

type SignUpVariables = { email: string; password: string; referral: string | null };

/**
 * Creates the account. The server sends the verification mail and creates no session; for an
 * address already in use it may answer success too (no account enumeration).
 */
export async function signUp({ email, password, referral }: SignUpVariables): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.signUp.email({ email, password, name: email, referral, callbackURL: '/' });
  if (error) throw new AuthError(signUpErrorKey(error));
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
