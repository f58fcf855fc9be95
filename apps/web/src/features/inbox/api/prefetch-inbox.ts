import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/lib/session';
import { foldersQueryOptions } from './get-folders';
import { mailboxPageQueryOptions } from './get-mailbox-page';

/** The list the webmail opens on. */
export const firstPage = { folder: 'INBOX', page: 1, search: '' };

/**
 * Asks for the folders and the first page of the inbox as soon as /inbox is navigated to, while the
 * webmail's code downloads, rather than once it has rendered: the rows then come with its first
 * render instead of after a skeleton. When the session is already known, only for a signed-in user
 * (verified) with a mailbox: anyone else would only get an error. On a first visit the session is
 * still on its way, and the two are asked beside it rather than after it, a round trip sooner; an
 * answer that fails (no mailbox, signed out) is then dropped, unless a screen already shows it.
 * Fresh answers already cached are not asked again.
 */
export function prefetchInbox(queryClient: QueryClient) {
  const session = queryClient.getQueryState(sessionQueryOptions.queryKey);
  if (session?.status === 'success') {
    const user = session.data;
    if (!user?.emailVerified || !user.settings?.provider) return;
  } else if (session?.status === 'error') return;
  const folders = foldersQueryOptions();
  const list = mailboxPageQueryOptions(firstPage);
  queryClient.fetchQuery(folders).catch(() => dropUnwatched(queryClient, folders.queryKey));
  queryClient.fetchQuery(list).catch(() => dropUnwatched(queryClient, list.queryKey));
}

/** Forgets a failed answer no screen shows, so that a later visit asks again rather than showing the error first. */
function dropUnwatched(queryClient: QueryClient, queryKey: readonly unknown[]) {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query && query.getObserversCount() === 0) queryClient.removeQueries({ queryKey, exact: true });
}
