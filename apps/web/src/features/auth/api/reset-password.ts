import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/lib/auth-client';
import { AuthError } from './auth-error';
import { signUpErrorKey } from './sign-up';

export async function resetPassword(variables: { newPassword: string; token: string }): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.resetPassword(variables);
  if (!error) return;
  if (error.code === 'INVALID_TOKEN') throw new AuthError('auth.reset.invalidToken');
  if (error.status === 429) throw new AuthError('auth.tooManyRequests');
  throw new AuthError(signUpErrorKey(error));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
