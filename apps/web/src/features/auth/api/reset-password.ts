import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/lib/auth-client';
import { type ErrorTable, errorKeyOf } from '@/lib/error-mapper';
import { AuthError } from './auth-error';
import { signUpErrors } from './sign-up';

/** An expired or used link has its own text; the new password is refused as at sign-up. */
const resetPasswordErrors: ErrorTable = {
  codes: { INVALID_TOKEN: 'auth.reset.invalidToken', ...signUpErrors.codes },
  statuses: { 429: 'auth.tooManyRequests' },
  fallback: signUpErrors.fallback,
};

export async function resetPassword(variables: { newPassword: string; token: string }): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.resetPassword(variables);
  if (error) throw new AuthError(errorKeyOf(error, resetPasswordErrors));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
