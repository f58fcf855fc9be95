import { invitationSchema } from '@app/shared/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invitationKeys } from './keys';

/** POST /api/invitations/resend {_id}: a new link (the old one stops working); refused once accepted. */
export const resendInvitation = (invitationId: string) =>
  apiRequest('/api/invitations/resend', { method: 'POST', body: { _id: invitationId }, schema: invitationSchema });

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
