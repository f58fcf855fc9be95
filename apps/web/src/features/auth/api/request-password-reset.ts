import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/lib/auth-client';
import { AuthError } from './auth-error';

/** Sends the reset mail. The answer never tells whether the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/password-reset' });
  if (!error) return;
  if (error.status === 429) throw new AuthError('auth.tooManyRequests');
  if (error.code === 'INVALID_EMAIL') throw new AuthError('auth.invalidEmail');
  throw new AuthError('auth.tryLater');
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
