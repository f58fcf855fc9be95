import type { MailboxFlag } from '@app/shared/mailbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailboxKeys } from './keys';

export type Move = { from: string; to: string; uids: string[]; flags: MailboxFlag[] };

export const moveMessages = ({ from, to, uids, flags }: Move) =>
  apiRequest<{ success: true }>(`/api/mailbox/messages/move/${encodeURIComponent(from)}/${encodeURIComponent(to)}`, {
    method: 'POST',
    body: { uids, flags },
  });

/** Moved messages leave the list once the server has moved them (spec 02 §4). */
export function useMoveMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveMessages,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}
