import type { EmailListItem } from '@app/shared/mailbox';
import { SPAM_FLAGS, TRASH_FLAGS } from '@app/shared/mailbox-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mapApiError } from '@/lib/error-mapper';
import { toast } from '@/lib/toast';
import { mailboxPageQueryOptions } from '../api/get-mailbox-page';
import { messageQueryOptions } from '../api/get-message';
import { mailboxKeys } from '../api/keys';
import { useMoveMessages } from '../api/move-messages';
import { useSetFlags } from '../api/set-flags';
import type { ListActions } from '../components/message-list';
import { draftFrom } from '../utils/compose-draft';
import type { useInboxCompose } from './use-inbox-compose';
import type { useInboxFolder } from './use-inbox-folder';
import type { useInboxSelection } from './use-inbox-selection';
import type { useOpenMessage } from './use-open-message';
import type { useReloadBanner } from './use-reload-banner';

type Inbox = {
  /** The signed-in owner's address (left out of a reply-all's recipients). */
  own: string;
  view: ReturnType<typeof useInboxFolder>;
  selection: ReturnType<typeof useInboxSelection>;
  reader: ReturnType<typeof useOpenMessage>;
  /** The rows of the page shown. */
  messages: EmailListItem[];
  pathOf: (...uses: string[]) => string | null;
  compose: ReturnType<typeof useInboxCompose>;
  banner: ReturnType<typeof useReloadBanner>;
};

/**
 * What the webmail does with its messages (open, star, read, move, answer) and its pages; a failure
 * says why in a toast. `listActions` is the same object on every render (each call reaches this
 * render's handlers), so that the memoised list is not drawn again when a message opens or closes.
 */
export function useInboxActions({ own, view, selection, reader, messages, pathOf, compose, banner }: Inbox) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const flags = useSetFlags();
  const move = useMoveMessages();
  const { folder, page, search } = view;
  const { openUid } = reader;

  const fail = useCallback((error: unknown) => toast.error(mapApiError(error).message), []);

  const moveTo = (uids: string[], target: string | null, moveFlags: typeof SPAM_FLAGS) => {
    if (!uids.length || !target) return;
    if (openUid && uids.includes(openUid)) reader.close();
    move.mutate(
      { from: folder, to: target, uids, flags: moveFlags },
      {
        onSuccess: () => {
          selection.clearSelection();
          toast.success(t('inbox.moved', { count: uids.length }));
        },
        onError: fail,
      },
    );
  };
  const spam = (uids: string[]) => moveTo(uids, pathOf('\\junk', '\\spam'), SPAM_FLAGS);
  const remove = (uids: string[]) => moveTo(uids, pathOf('\\trash') ?? folder, TRASH_FLAGS);
  const archive = (uids: string[]) => {
    const target = pathOf('\\archive', '\\all');
    if (!target) toast.error(t('inbox.noArchive'));
    else moveTo(uids, target, []);
  };
  const markRead = (uids: string[], read: boolean) =>
    uids.length && flags.mutate({ folder, uids, flags: ['\\Seen'], add: read }, { onError: fail });
  const star = (uid: string, starred: boolean) => {
    flags.mutate({ folder, uids: [uid], flags: ['\\Flagged'], add: starred }, { onError: fail });
    queryClient.setQueryData(messageQueryOptions(folder, uid).queryKey, (m) => (m ? { ...m, isFlagged: starred } : m));
  };
  const open = (uid: string) => {
    const index = messages.findIndex((m) => m.uid === uid);
    if (index >= 0) selection.setCursor(index);
    reader.show(uid);
    if (messages[index]?.isUnread) markRead([uid], true);
  };
  const respond = async (mode: 'reply' | 'replyAll' | 'forward', uid: string) => {
    try {
      const detail = await queryClient.fetchQuery(messageQueryOptions(folder, uid));
      compose.start(draftFrom(mode, detail, own, t));
    } catch (error) {
      fail(error);
    }
  };

  /** Another folder: its first page, nothing ticked, no message open. */
  const changeFolder = (path: string) => {
    view.openFolder(path);
    selection.reset();
    reader.close();
  };
  const changePage = (next: number) => {
    view.goToPage(next);
    selection.reset();
  };

  const handlers: ListActions = {
    open,
    toggleSelect: selection.toggle,
    toggleAll: () => selection.toggleAll(messages.map((m) => m.uid)),
    reload: () => {
      banner.reloading();
      void queryClient.invalidateQueries({ queryKey: mailboxKeys.all });
    },
    spam,
    remove,
    markRead: (uids, read) => void markRead(uids, read),
    star,
    reply: (uid) => void respond('reply', uid),
    forward: (uid) => void respond('forward', uid),
    newer: () => changePage(Math.max(1, page - 1)),
    older: () => changePage(page + 1),
    preloadPage: (to) => void queryClient.prefetchQuery(mailboxPageQueryOptions({ folder, page: to, search })),
  };
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const listActions = useMemo(() => forwardTo(latest), []);

  return { open, spam, remove, archive, star, respond, changeFolder, listActions };
}

/** Actions that always call the latest handlers of `ref`, for a memoised child. */
function forwardTo(ref: { current: ListActions }): ListActions {
  const call =
    <K extends keyof ListActions>(key: K) =>
    (...args: Parameters<ListActions[K]>) =>
      (ref.current[key] as (...a: Parameters<ListActions[K]>) => void)(...args);
  return {
    open: call('open'),
    toggleSelect: call('toggleSelect'),
    toggleAll: call('toggleAll'),
    reload: call('reload'),
    spam: call('spam'),
    remove: call('remove'),
    markRead: call('markRead'),
    star: call('star'),
    reply: call('reply'),
    forward: call('forward'),
    newer: call('newer'),
    older: call('older'),
    preloadPage: call('preloadPage'),
  };
}
