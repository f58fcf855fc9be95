import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/lib/session';
import { foldersQueryOptions } from './get-folders';
import { mailboxPageQueryOptions } from './get-mailbox-page';

/** The list the webmail opens on. */
export const firstPage = { folder: 'INBOX', page: 1, search: '' };

/**
 * Asks for the folders and the first page of the inbox as soon as /inbox is navigated to, while the
 * webmail's code downloads, rather than once it has rendered: the rows then come with its first
 * render instead of after a skeleton. Only for a signed-in user (verified) with a mailbox: anyone
 * else would only get an error. Fresh answers already cached are not asked again.
 */
export function prefetchInbox(queryClient: QueryClient) {
  void queryClient.fetchQuery(sessionQueryOptions).then(
    (user) => {
      if (!user?.emailVerified || !user.settings?.provider) return;
      void queryClient.prefetchQuery(foldersQueryOptions());
      void queryClient.prefetchQuery(mailboxPageQueryOptions(firstPage));
    },
    () => undefined,
  );
}
