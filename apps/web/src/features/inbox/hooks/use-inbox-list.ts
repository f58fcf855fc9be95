import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { afterNextPaint } from '@/lib/deferred';
import { useMailboxPage } from '../api/get-mailbox-page';
import { messageQueryOptions } from '../api/get-message';
import type { MailboxPageParams } from '../api/keys';

/** The page of rows the list shows, with the bodies of the next rows (from `cursor` on) read ahead. */
export function useInboxList(params: MailboxPageParams, cursor: number) {
  const queryClient = useQueryClient();
  const list = useMailboxPage(params);
  const messages = useMemo(() => list.data?.messages ?? [], [list.data]);
  // The first page is drawn in a transition, in slices that yield to the browser while the screen
  // loads; after that every change (a star, another page) shows at once.
  const shownPage = useDeferredValue(list.data) === undefined ? undefined : list.data;

  // The next rows' bodies are fetched ahead, so that opening them is instant: once the rows have
  // painted, so that their first paint does not wait behind those requests.
  // Not while the rows are still the previous folder's: their uids mean nothing in this one.
  const { folder } = params;
  const rowsOfThisFolder = shownPage !== undefined && !list.isPlaceholderData;
  useEffect(() => {
    if (!rowsOfThisFolder) return;
    return afterNextPaint(() => {
      for (const m of messages.slice(Math.max(0, cursor), cursor + 2)) {
        void queryClient.prefetchQuery(messageQueryOptions(folder, m.uid));
      }
    });
  }, [rowsOfThisFolder, cursor, messages, folder, queryClient]);

  return { list, messages, shownPage };
}
