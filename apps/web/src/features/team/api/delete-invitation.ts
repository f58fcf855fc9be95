import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invitationKeys } from './keys';

/** DELETE /api/invitations {memberId}: an accepted member's account goes with the invitation. */
export const deleteInvitation = (invitationId: string) =>
  apiRequest<{ success: true }>('/api/invitations', { method: 'DELETE', body: { memberId: invitationId } });

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
