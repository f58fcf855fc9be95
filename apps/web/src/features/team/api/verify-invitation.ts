import { verifyInvitationResponseSchema } from '@app/shared/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invitationKeys } from './keys';

/** POST /api/invitations/verify (public): what the token is worth. It does not consume the token. */
export const verifyInvitation = (token: string) =>
  apiRequest('/api/invitations/verify', { method: 'POST', body: { token }, schema: verifyInvitationResponseSchema });

export const verifyInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationKeys.verify(token),
    queryFn: () => verifyInvitation(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** Verifies once per token (`token` null: nothing to verify). */
export function useVerifyInvitation(token: string | null) {
  return useQuery({ ...verifyInvitationQueryOptions(token ?? ''), enabled: !!token });
}
