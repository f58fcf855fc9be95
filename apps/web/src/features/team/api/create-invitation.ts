import { invitationSchema, type InvitationInput } from '@app/shared/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invitationKeys } from './keys';

/** POST /api/invitations: saves the invitation and mails the link (status SENT, or FAILED when the mail was refused). */
export const createInvitation = (input: InvitationInput) =>
  apiRequest('/api/invitations', { method: 'POST', body: input, schema: invitationSchema });

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
