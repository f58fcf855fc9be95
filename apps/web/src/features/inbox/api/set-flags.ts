import type { MailboxFlag, MailboxPage } from '@app/shared/mailbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailboxKeys } from './keys';

export type FlagChange = { folder: string; uids: string[]; flags: MailboxFlag[]; add: boolean };

export const setFlags = ({ folder, uids, flags, add }: FlagChange) =>
  apiRequest<{ success: true }>('/api/mailbox/messages/flags', {
    method: add ? 'POST' : 'DELETE',
    body: { folder, uids, flags },
  });

/** Flags change at once in the list (star, read, unread) and are put back if the server refuses. */
export function useSetFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFlags,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: mailboxKeys.lists() });
      const previous = queryClient.getQueriesData<MailboxPage>({ queryKey: mailboxKeys.lists() });
      const ids = new Set(change.uids);
      queryClient.setQueriesData<MailboxPage>({ queryKey: mailboxKeys.lists() }, (page) =>
        page && page.folder === change.folder
          ? {
              ...page,
              messages: page.messages.map((m) =>
                ids.has(m.uid)
                  ? {
                      ...m,
                      isUnread: change.flags.includes('\\Seen') ? !change.add : m.isUnread,
                      isFlagged: change.flags.includes('\\Flagged') ? change.add : m.isFlagged,
                    }
                  : m,
              ),
            }
          : page,
      );
      return { previous };
    },
    onError: (_error, _change, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.folders() }),
  });
}
