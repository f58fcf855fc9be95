import { CheckCircle2, PenSquare } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { mapApiError } from '@/lib/error-mapper';
import { deferred, useMountedOnceWanted, usePreloadAfterFirstScreen } from '@/lib/deferred';
import { useAuth } from '@/lib/session';
import { firstPage } from '../api/prefetch-inbox';
import { ComposeFrame } from '../components/compose-frame';
import { FolderTree } from '../components/folder-tree';
import { MessageList } from '../components/message-list';
import { MessageView } from '../components/message-view';
import { useDeepLink } from '../hooks/use-deep-link';
import { useFolderTree } from '../hooks/use-folder-tree';
import { useInboxActions } from '../hooks/use-inbox-actions';
import { useInboxCompose } from '../hooks/use-inbox-compose';
import { useInboxFolder } from '../hooks/use-inbox-folder';
import { useInboxList } from '../hooks/use-inbox-list';
import { useInboxSelection } from '../hooks/use-inbox-selection';
import { useInboxShortcuts } from '../hooks/use-inbox-shortcuts';
import { useOpenMessage } from '../hooks/use-open-message';
import { useReloadBanner } from '../hooks/use-reload-banner';

/**
 * Loaded when first opened, or when the pointer or focus reaches a Compose button: it brings the
 * compose rules (zod), which the list itself does not need. Its frame shows meanwhile.
 */
const ComposePanel = deferred(() => import('../components/compose-panel').then((module) => module.ComposePanel));
const ShortcutsHelp = deferred(() => import('../components/shortcuts-help').then((module) => module.ShortcutsHelp));

/** The built-in webmail (/inbox): its state and behaviour are the hooks'; this lays them out. */
export function InboxRoute() {
  const { t } = useTranslation();
  const own = useAuth().user?.email ?? '';
  const link = useDeepLink();
  const view = useInboxFolder(link.folder ?? firstPage.folder);
  const { folder, page, search } = view;
  const selection = useInboxSelection();
  const compose = useInboxCompose();
  const { folders, tree, pathOf } = useFolderTree();
  const { list, messages, shownPage } = useInboxList({ folder, page, search }, selection.cursor);
  const reader = useOpenMessage(folder, link.uid, compose.start);
  const { openUid, message } = reader;
  const banner = useReloadBanner(list, shownPage !== undefined, messages.length);
  const actions = useInboxActions({ own, view, selection, reader, messages, pathOf, compose, banner });
  const { spam, remove, star, respond } = actions;
  const shortcuts = useInboxShortcuts({ messages, selection, reader, compose, actions });
  const helpMounted = useMountedOnceWanted(shortcuts.help, ShortcutsHelp);
  const composeReady = useMountedOnceWanted(compose.draft !== null, ComposePanel);
  usePreloadAfterFirstScreen(ShortcutsHelp);

  // Shown while the panel's code comes (see `ComposeFrame`).
  const composeFrame = compose.draft && <ComposeFrame mode={compose.draft.mode} onClose={compose.close} />;

  return (
    <section className="-m-4 flex h-[calc(100dvh-3.5rem)] min-h-0 md:-m-6" aria-label={t('inbox.title')}>
      <nav
        className={`w-60 shrink-0 flex-col gap-3 overflow-y-auto border-r p-3 ${openUid ? 'hidden md:flex' : 'hidden sm:flex'}`}
        aria-label={t('inbox.folders.title')}
      >
        <Button onClick={compose.startNew} onPointerEnter={ComposePanel.preload} onFocus={ComposePanel.preload}>
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
          <FolderTree folders={tree} current={folder} onSelect={actions.changeFolder} />
        )}
      </nav>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center gap-2 border-b px-3 py-2">
          <SearchInput
            className="flex-1"
            ref={shortcuts.searchBox}
            value={view.searchText}
            onChange={(e) => view.typeSearch(e.target.value)}
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
            onClick={compose.startNew}
            onPointerEnter={ComposePanel.preload}
            onFocus={ComposePanel.preload}
            aria-label={t('inbox.compose.button')}
          >
            <PenSquare aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" onClick={() => shortcuts.setHelp(true)} aria-label={t('inbox.shortcuts.title')}>
            ?
          </Button>
        </div>
        <div className="relative flex min-h-0 flex-1 flex-col">
          {/* Over the first rows, under the list's toolbar, not above them: nothing moves when it comes and goes. */}
          {banner.shown && (
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
                  selected={selection.selected}
                  cursor={selection.cursor}
                  actions={actions.listActions}
                />
              </div>
              {openUid && (
                <MessageView
                  message={message.data}
                  loading={message.isPending}
                  onBack={reader.close}
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
      {compose.draft &&
        (composeReady ? (
          <Suspense fallback={composeFrame}>
            <ComposePanel
              key={`${compose.draft.mode}-${compose.draft.draftUid ?? ''}-${compose.draft.inReplyTo ?? ''}`}
              initial={compose.draft}
              onClose={compose.close}
            />
          </Suspense>
        ) : (
          composeFrame
        ))}
      {helpMounted && (
        <Suspense fallback={null}>
          <ShortcutsHelp open={shortcuts.help} onOpenChange={shortcuts.setHelp} />
        </Suspense>
      )}
    </section>
  );
}
