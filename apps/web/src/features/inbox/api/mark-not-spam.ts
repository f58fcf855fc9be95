import type { MailboxPage, NotSpamResult } from '@app/shared/mailbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { messageQueryOptions } from './get-message';
import { mailboxKeys } from './keys';

export type NotSpam = { folder: string; uids: string[] };

/**
 * "Not spam": clears the assistant's spam mark and remembers the senders, whose next mail is not taken
 * for spam. `movedTo` is the folder the messages went back to when they were in Junk, else null.
 */
export const markNotSpam = ({ folder, uids }: NotSpam) =>
  apiRequest<NotSpamResult>(`/api/mailbox/messages/not-spam/${encodeURIComponent(folder)}`, {
    method: 'POST',
    body: { uids },
  });

/** The mark leaves the rows and the open message at once; then the lists, messages and folder counts are asked again. */
export function useMarkNotSpam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotSpam,
    onSuccess: (_result, { folder, uids }) => {
      const ids = new Set(uids);
      queryClient.setQueriesData<MailboxPage>({ queryKey: mailboxKeys.lists() }, (page) =>
        page && page.folder === folder
          ? { ...page, messages: page.messages.map((m) => (ids.has(m.uid) ? { ...m, likelySpam: false } : m)) }
          : page,
      );
      for (const uid of uids) {
        queryClient.setQueryData(messageQueryOptions(folder, uid).queryKey, (m) => (m ? { ...m, likelySpam: false } : m));
      }
      return queryClient.invalidateQueries({ queryKey: mailboxKeys.all });
    },
  });
}
