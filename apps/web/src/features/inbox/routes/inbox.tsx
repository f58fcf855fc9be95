import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import { MAILBOX_SUCCESS_BANNER_MS, SPAM_FLAGS, TRASH_FLAGS } from '@app/shared/mailbox-rules';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, PenSquare } from 'lucide-react';
import { Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { mapApiError } from '@/lib/error-mapper';
import { afterNextPaint, deferred, useMountedOnceWanted, usePreloadAfterFirstScreen } from '@/lib/deferred';
import { useAuth } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFolders } from '../api/get-folders';
import { mailboxPageQueryOptions, useMailboxPage } from '../api/get-mailbox-page';
import { messageQueryOptions, useMessage } from '../api/get-message';
import { useMoveMessages } from '../api/move-messages';
import { firstPage } from '../api/prefetch-inbox';
import { useSetFlags } from '../api/set-flags';
import { ComposeFrame } from '../components/compose-frame';
import { findByUse, FolderTree } from '../components/folder-tree';
import { type ListActions, MessageList } from '../components/message-list';
import { MessageView } from '../components/message-view';
import { useDeepLink } from '../hooks/use-deep-link';
import { draftFrom, draftFromSaved, emptyDraft, type ComposeDraft } from '../utils/compose-draft';

/**
 * Loaded when first opened, or when the pointer or focus reaches a Compose button: it brings the
 * compose rules (zod), which the list itself does not need. Its frame shows meanwhile.
 */
const ComposePanel = deferred(() => import('../components/compose-panel').then((module) => module.ComposePanel));
const ShortcutsHelp = deferred(() => import('../components/shortcuts-help').then((module) => module.ShortcutsHelp));

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Enter on a focused button or link activates it: the shortcut must not take it over. */
const activatesControl = (event: KeyboardEvent) =>
  event.key === 'Enter' && event.target instanceof Element && Boolean(event.target.closest('button, a[href], [role="button"]'));

/** The built-in webmail (/inbox). */
export function InboxRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const own = useAuth().user?.email ?? '';
  const link = useDeepLink();
  const [folder, setFolder] = useState(link.folder ?? firstPage.folder);
  const [page, setPage] = useState(firstPage.page);
  const [searchText, setSearchText] = useState('');
  const typedSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // Cleared (by hand or by a folder change), the search stops at once, not half a second later.
  const search = searchText.trim() === '' ? '' : typedSearch;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [cursor, setCursor] = useState(0);
  const [openUid, setOpenUid] = useState<string | null>(link.uid);
  const [compose, setCompose] = useState<ComposeDraft | null>(null);
  const [help, setHelp] = useState(false);
  const helpMounted = useMountedOnceWanted(help, ShortcutsHelp);
  const composeReady = useMountedOnceWanted(compose !== null, ComposePanel);
  usePreloadAfterFirstScreen(ShortcutsHelp);
  const [banner, setBanner] = useState(0);
  // The banner answers the reload button only: loading a folder or a page is what the list shows.
  const announce = useRef(false);
  const searchBox = useRef<HTMLInputElement>(null);

  const folders = useFolders();
  const list = useMailboxPage({ folder, page, search });
  const message = useMessage(folder, openUid);
  const flags = useSetFlags();
  const move = useMoveMessages();
  const messages = useMemo(() => list.data?.messages ?? [], [list.data]);
  // The first page is drawn in a transition, in slices that yield to the browser while the screen
  // loads; after that every change (a star, another page) shows at once.
  const shownPage = useDeferredValue(list.data) === undefined ? undefined : list.data;
  const tree = folders.data ?? [];

  // "Emails loaded successfully!" for 3000 ms after a reload has loaded, once its rows are drawn;
  // never over an empty folder, where "No emails found." says it all.
  const drawn = shownPage !== undefined;
  useEffect(() => {
    if (!drawn || !list.isSuccess || list.isPlaceholderData || list.isFetching || !announce.current) return;
    announce.current = false;
    if (messages.length > 0) setBanner(Date.now());
  }, [drawn, list.isSuccess, list.isPlaceholderData, list.isFetching, list.dataUpdatedAt, messages.length]);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(0), MAILBOX_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  useEffect(() => {
    if (folders.isError) toast.error(t('inbox.folders.error'));
  }, [folders.isError, t]);

  // The next rows' bodies are fetched ahead, so that opening them is instant: once the rows have
  // painted, so that their first paint does not wait behind those requests.
  // Not while the rows are still the previous folder's: their uids mean nothing in this one.
  const rowsOfThisFolder = drawn && !list.isPlaceholderData;
  useEffect(() => {
    if (!rowsOfThisFolder) return;
    return afterNextPaint(() => {
      for (const m of messages.slice(Math.max(0, cursor), cursor + 2)) {
        void queryClient.prefetchQuery(messageQueryOptions(folder, m.uid));
      }
    });
  }, [rowsOfThisFolder, cursor, messages, folder, queryClient]);

  const changeFolder = (path: string) => {
    setFolder(path);
    setSearchText('');
    setPage(1);
    setSelected(new Set());
    setCursor(0);
    setOpenUid(null);
  };
  const changePage = (next: number) => {
    setPage(next);
    setSelected(new Set());
    setCursor(0);
  };

  const fail = useCallback((error: unknown) => toast.error(mapApiError(error).message), []);
  const folderPath = (...uses: string[]) => findByUse(tree, ...uses)?.path ?? null;

  const moveTo = (uids: string[], target: string | null, moveFlags: typeof SPAM_FLAGS) => {
    if (!uids.length || !target) return;
    if (openUid && uids.includes(openUid)) setOpenUid(null);
    move.mutate(
      { from: folder, to: target, uids, flags: moveFlags },
      {
        onSuccess: () => {
          setSelected(new Set());
          toast.success(t('inbox.moved', { count: uids.length }));
        },
        onError: fail,
      },
    );
  };
  const spam = (uids: string[]) => moveTo(uids, folderPath('\\junk', '\\spam'), SPAM_FLAGS);
  const remove = (uids: string[]) => moveTo(uids, folderPath('\\trash') ?? folder, TRASH_FLAGS);
  const archive = (uids: string[]) => {
    const target = folderPath('\\archive', '\\all');
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
    if (index >= 0) setCursor(index);
    setOpenUid(uid);
    if (messages[index]?.isUnread) markRead([uid], true);
  };
  const respond = async (mode: 'reply' | 'replyAll' | 'forward', uid: string) => {
    try {
      const detail = await queryClient.fetchQuery(messageQueryOptions(folder, uid));
      setCompose(draftFrom(mode, detail, own, t));
    } catch (error) {
      fail(error);
    }
  };

  // A draft (the owner's own, or one the assistant wrote) opens in the compose panel, editable.
  const opened = message.data;
  useEffect(() => {
    if (!openUid || !opened?.isDraft || opened.uid !== openUid || opened.folder !== folder) return;
    setCompose(draftFromSaved(opened));
    setOpenUid(null);
  }, [openUid, opened, folder]);

  const focused = messages[cursor];
  const current = openUid ?? focused?.uid ?? null;
  const targets = () => (openUid ? [openUid] : selected.size ? [...selected] : focused ? [focused.uid] : []);

  // Gmail's shortcuts (decisions: Webmail); none fire while typing or composing.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (compose || event.metaKey || event.ctrlKey || event.altKey || typing(event.target) || activatesControl(event)) return;
      if (document.querySelector('[role="dialog"]') && event.key !== '?') return;
      const key = event.key;
      const handled = () => event.preventDefault();
      if (key === 'j' || key === 'ArrowDown') {
        handled();
        const next = Math.min(messages.length - 1, cursor + 1);
        setCursor(next);
        if (openUid && messages[next]) open(messages[next].uid);
      } else if (key === 'k' || key === 'ArrowUp') {
        handled();
        const prev = Math.max(0, cursor - 1);
        setCursor(prev);
        if (openUid && messages[prev]) open(messages[prev].uid);
      } else if ((key === 'o' || key === 'Enter') && focused && !openUid) {
        handled();
        open(focused.uid);
      } else if ((key === 'u' || key === 'Escape') && openUid) {
        handled();
        setOpenUid(null);
      } else if (key === 'x' && focused && !openUid) {
        handled();
        toggleSelect(focused.uid);
      } else if (key === 's' && current) {
        handled();
        const row = messages.find((m) => m.uid === current);
        star(current, !(row?.isFlagged ?? message.data?.isFlagged ?? false));
      } else if (key === 'e') {
        handled();
        archive(targets());
      } else if (key === '#') {
        handled();
        remove(targets());
      } else if (key === '!') {
        handled();
        spam(targets());
      } else if ((key === 'r' || key === 'a' || key === 'f') && current) {
        handled();
        void respond(key === 'r' ? 'reply' : key === 'a' ? 'replyAll' : 'forward', current);
      } else if (key === 'c') {
        handled();
        setCompose(emptyDraft());
      } else if (key === '/') {
        handled();
        searchBox.current?.focus();
      } else if (key === '?') {
        handled();
        setHelp((h) => !h);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const toggleSelect = (uid: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });

  // The same object on every render (each call reaches this render's handlers), so that the
  // memoised list is not drawn again when a message opens or closes.
  const handlers: ListActions = {
    open,
    toggleSelect,
    toggleAll: () => setSelected((s) => (messages.every((m) => s.has(m.uid)) ? new Set() : new Set(messages.map((m) => m.uid)))),
    reload: () => {
      announce.current = true;
      void queryClient.invalidateQueries({ queryKey: ['mailbox'] });
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

  const closeCompose = () => setCompose(null);
  // Shown while the panel's code comes (see `ComposeFrame`).
  const composeFrame = compose && <ComposeFrame mode={compose.mode} onClose={closeCompose} />;

  return (
    <section className="-m-4 flex h-[calc(100dvh-3.5rem)] min-h-0 md:-m-6" aria-label={t('inbox.title')}>
      <nav
        className={`w-60 shrink-0 flex-col gap-3 overflow-y-auto border-r p-3 ${openUid ? 'hidden md:flex' : 'hidden sm:flex'}`}
        aria-label={t('inbox.folders.title')}
      >
        <Button onClick={() => setCompose(emptyDraft())} onPointerEnter={ComposePanel.preload} onFocus={ComposePanel.preload}>
          <PenSquare aria-hidden />
          {t('inbox.compose.button')}
        </Button>
        {folders.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-7" />
            ))}
          </div>
        ) : folders.isError ? (
          <Alert variant="error">
            <p>{t('inbox.folders.error')}</p>
            <Button variant="link" size="sm" onClick={() => void folders.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : (
          <FolderTree folders={tree} current={folder} onSelect={changeFolder} />
        )}
      </nav>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center gap-2 border-b px-3 py-2">
          <SearchInput
            className="flex-1"
            ref={searchBox}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              setPage(1);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') e.currentTarget.blur();
            }}
            placeholder={t('inbox.search')}
            aria-label={t('inbox.search')}
          />
          <Button
            variant="outline"
            size="sm"
            className="sm:hidden"
            onClick={() => setCompose(emptyDraft())}
            onPointerEnter={ComposePanel.preload}
            onFocus={ComposePanel.preload}
            aria-label={t('inbox.compose.button')}
          >
            <PenSquare aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setHelp(true)} aria-label={t('inbox.shortcuts.title')}>
            ?
          </Button>
        </div>
        <div className="relative flex min-h-0 flex-1 flex-col">
          {/* Over the first rows, under the list's toolbar, not above them: nothing moves when it comes and goes. */}
          {banner > 0 && (
            <div
              role="status"
              className="pointer-events-none absolute top-12 left-1/2 z-10 flex -translate-x-1/2 items-center gap-2 rounded-full border border-green-200 bg-green-50 px-4 py-1.5 text-sm whitespace-nowrap text-green-800 shadow-md dark:border-green-900 dark:bg-green-950 dark:text-green-200"
            >
              <CheckCircle2 className="size-4" aria-hidden />
              {t('inbox.loaded')}
            </div>
          )}
          {list.isError ? (
            <div className="p-6">
              <Alert variant="error">
                <p>{mapApiError(list.error).message}</p>
                <Button variant="link" size="sm" onClick={() => void list.refetch()}>
                  {t('common.retry')}
                </Button>
              </Alert>
            </div>
          ) : (
            <>
              {/* The list stays mounted behind an open message: going back shows it as it was, at once. */}
              <div hidden={openUid !== null} className="contents">
                <MessageList
                  data={shownPage}
                  loading={shownPage === undefined}
                  fetching={list.isFetching}
                  selected={selected}
                  cursor={cursor}
                  actions={listActions}
                />
              </div>
              {openUid && (
                <MessageView
                  message={message.data}
                  loading={message.isPending}
                  onBack={() => setOpenUid(null)}
                  onReply={() => void respond('reply', openUid)}
                  onReplyAll={() => void respond('replyAll', openUid)}
                  onForward={() => void respond('forward', openUid)}
                  onDelete={() => remove([openUid])}
                  onSpam={() => spam([openUid])}
                  onStar={(starred) => star(openUid, starred)}
                />
              )}
            </>
          )}
        </div>
      </div>
      {compose &&
        (composeReady ? (
          <Suspense fallback={composeFrame}>
            <ComposePanel
              key={`${compose.mode}-${compose.draftUid ?? ''}-${compose.inReplyTo ?? ''}`}
              initial={compose}
              onClose={closeCompose}
            />
          </Suspense>
        ) : (
          composeFrame
        ))}
      {helpMounted && (
        <Suspense fallback={null}>
          <ShortcutsHelp open={help} onOpenChange={setHelp} />
        </Suspense>
      )}
    </section>
  );
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
