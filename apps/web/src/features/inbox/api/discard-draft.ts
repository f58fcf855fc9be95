import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailboxKeys } from './keys';

export type DraftRef = { uid: string; folder: string };

/** Deletes a draft for good (the server refuses anything that is not a draft). */
export const discardDraft = ({ uid, folder }: DraftRef) =>
  apiRequest<{ success: true }>(`/api/mailbox/messages/${encodeURIComponent(uid)}/draft`, {
    method: 'DELETE',
    query: { folder },
  });

export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardDraft,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}
