import { invitationSchema, type ConnectionMethod } from '@app/shared/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invitationKeys } from './keys';

export type InvitationUpdate = {
  id: string;
  firstName: string;
  lastName: string;
  connectionMethod: ConnectionMethod;
  metadata: { hasAiConfig: boolean };
};

/** PUT /api/invitations/{id}: everything but the e-mail. */
export const updateInvitation = ({ id, ...body }: InvitationUpdate) =>
  apiRequest(`/api/invitations/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: invitationSchema });

export function useUpdateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
