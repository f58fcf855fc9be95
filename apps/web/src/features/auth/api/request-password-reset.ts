import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/lib/auth-client';
import { type ErrorTable, errorKeyOf } from '@/lib/error-mapper';
import { AuthError } from './auth-error';

const requestResetErrors: ErrorTable = {
  codes: { INVALID_EMAIL: 'auth.invalidEmail' },
  statuses: { 429: 'auth.tooManyRequests' },
  fallback: 'auth.tryLater',
};

/** Sends the reset mail. The answer never tells whether the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/password-reset' });
  if (error) throw new AuthError(errorKeyOf(error, requestResetErrors));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
