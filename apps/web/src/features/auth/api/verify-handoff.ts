import { verifyHandoffSchema } from '@app/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/session';

/** The route's sessionId is base64 (standard or URL-safe) of the hand-off token; null when invalid. */
export function decodeSessionId(sessionId: string): string | null {
  try {
    const uid = atob(sessionId.replace(/-/g, '+').replace(/_/g, '/'));
    return verifyHandoffSchema.safeParse({ uid }).success ? uid : null;
  } catch {
    return null;
  }
}

/** Exchanges the single-use token for a session (the server sets the session cookie). */
export const verifyHandoff = (uid: string) =>
  apiRequest<{ token: string }>('/api/users/verify', { method: 'POST', body: { uid } });

export function useVerifyHandoff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyHandoff,
    onSuccess: () => queryClient.invalidateQueries(sessionQueryOptions),
  });
}
