import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/lib/auth-client';
import { AuthError, type AuthClientError } from './auth-error';

/** Spec 01 §8: the sign-up error texts. */
export function signUpErrorKey(error: AuthClientError): string {
  switch (error.code) {
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return 'auth.emailAlreadyInUse';
    case 'PASSWORD_TOO_SHORT':
      return 'auth.weakPassword';
    case 'PASSWORD_DOES_NOT_MEET_REQUIREMENTS':
      return 'auth.passwordRequirementsNotMet';
    default:
      return 'auth.tryLater';
  }
}

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
