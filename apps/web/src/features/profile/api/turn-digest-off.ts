import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/digest/off: the digest mail's one-click link, signed out (its token is the credential). */
export const turnDigestOff = (token: string) =>
  apiRequest<{ success: true }>('/api/digest/off', { method: 'POST', body: { token } });

export function useTurnDigestOff() {
  return useMutation({ mutationFn: turnDigestOff });
}
