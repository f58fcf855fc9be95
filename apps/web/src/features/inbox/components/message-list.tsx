import type { EmailListItem, MailboxPage } from '@app/shared/mailbox';
import {
  ChevronLeft,
  ChevronRight,
  Forward,
  Mail,
  MailOpen,
  MessageSquare,
  Paperclip,
  RefreshCw,
  Reply,
  ShieldAlert,
  Star,
  Trash2,
} from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { relativeTime } from '../utils/relative-time';
import { ToolbarButton } from './toolbar-button';

export interface ListActions {
  open: (uid: string) => void;
  toggleSelect: (uid: string) => void;
  toggleAll: () => void;
  reload: () => void;
  spam: (uids: string[]) => void;
  remove: (uids: string[]) => void;
  markRead: (uids: string[], read: boolean) => void;
  star: (uid: string, starred: boolean) => void;
  reply: (uid: string) => void;
  forward: (uid: string) => void;
  newer: () => void;
  older: () => void;
  /** Asks for a page before it is shown: the pager's buttons call it when pointed at or focused. */
  preloadPage: (page: number) => void;
}

/**
 * Toolbar, rows and pager of the webmail (spec 02 §2). Memoised: it stays mounted behind an open
 * message and is not drawn again while the read panel opens or closes.
 */
export const MessageList = memo(function MessageList({
  data,
  loading,
  fetching,
  selected,
  cursor,
  actions,
}: {
  data: MailboxPage | undefined;
  loading: boolean;
  fetching: boolean;
  selected: Set<string>;
  cursor: number;
  actions: ListActions;
}) {
  const { t } = useTranslation();
  const messages = data?.messages ?? [];
  const chosen = [...selected];
  const allChecked = messages.length > 0 && messages.every((m) => selected.has(m.uid));
  const none = chosen.length === 0;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-1 border-b px-2 py-1" role="toolbar" aria-label={t('inbox.toolbar.label')}>
        <input
          type="checkbox"
          className="mx-2 size-4"
          checked={allChecked}
          onChange={actions.toggleAll}
          aria-label={t('inbox.toolbar.selectAll')}
        />
        <ToolbarButton label={t('inbox.toolbar.reload')} onClick={actions.reload}>
          <RefreshCw className={cn(fetching && 'animate-spin')} aria-hidden />
        </ToolbarButton>
        <ToolbarButton label={t('inbox.toolbar.spam')} disabled={none} onClick={() => actions.spam(chosen)}>
          <ShieldAlert aria-hidden />
        </ToolbarButton>
        <ToolbarButton label={t('inbox.toolbar.delete')} disabled={none} onClick={() => actions.remove(chosen)}>
          <Trash2 aria-hidden />
        </ToolbarButton>
        <ToolbarButton label={t('inbox.toolbar.markRead')} disabled={none} onClick={() => actions.markRead(chosen, true)}>
          <MailOpen aria-hidden />
        </ToolbarButton>
        <ToolbarButton label={t('inbox.toolbar.markUnread')} disabled={none} onClick={() => actions.markRead(chosen, false)}>
          <Mail aria-hidden />
        </ToolbarButton>
        <div className="ml-auto flex items-center gap-1 text-sm text-muted-foreground">
          <span data-testid="pager">
            {data && data.total > 0 ? t('inbox.toolbar.pager', { from: data.from, to: data.to, total: data.total }) : ''}
          </span>
          <PagerButton
            label={t('inbox.toolbar.newer')}
            to={data && data.page > 1 ? data.page - 1 : null}
            onClick={actions.newer}
            onReach={actions.preloadPage}
          >
            <ChevronLeft aria-hidden />
          </PagerButton>
          <PagerButton
            label={t('inbox.toolbar.older')}
            to={data && data.page < data.pages ? data.page + 1 : null}
            onClick={actions.older}
            onReach={actions.preloadPage}
          >
            <ChevronRight aria-hidden />
          </PagerButton>
        </div>
      </div>
      {loading ? (
        <div className="grid gap-2 p-3" aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      ) : messages.length === 0 ? (
        <p className="p-10 text-center text-muted-foreground">{t('inbox.empty')}</p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={t('inbox.list.label')}>
          {messages.map((m, i) => (
            <Row key={m.uid} message={m} checked={selected.has(m.uid)} focused={i === cursor} actions={actions} />
          ))}
        </ul>
      )}
    </div>
  );
});

/**
 * Newer or Older: disabled when there is no page `to` go to. Each asks for its page as soon as the pointer
 * or the focus reaches it (a page still fresh in the cache is not asked again), so that the click
 * finds the rows already there.
 */
function PagerButton({
  label,
  to,
  onClick,
  onReach,
  children,
}: {
  label: string;
  to: number | null;
  onClick: () => void;
  onReach: (page: number) => void;
  children: React.ReactNode;
}) {
  const reach = to === null ? undefined : () => onReach(to);
  return (
    <ToolbarButton label={label} disabled={to === null} onClick={onClick} onPointerEnter={reach} onFocus={reach}>
      {children}
    </ToolbarButton>
  );
}

/**
 * One message. Memoised: moving the cursor or ticking a box draws the rows it changes, not all 25.
 * Its hover actions are built the first time the pointer or the focus reaches it (CSS shows them while
 * it is hovered or focused, as before): four buttons and their icons for each of 25 rows were more
 * than half of what the list drew when it first came. Once built they stay.
 */
const Row = memo(function Row({
  message: m,
  checked,
  focused,
  actions,
}: {
  message: EmailListItem;
  checked: boolean;
  focused: boolean;
  actions: ListActions;
}) {
  const { t } = useTranslation();
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  const sender = m.from ? m.from.name || m.from.address : t('inbox.list.noSender');
  return (
    <li
      className={cn(
        // On a phone, two lines as mail apps draw them (sender and date over the subject); one line from 640 px.
        'group relative grid cursor-pointer grid-cols-[auto_auto_minmax(0,1fr)_auto] items-center gap-x-2 border-b px-2 py-1.5 text-sm hover:bg-muted/60 sm:flex sm:gap-2',
        m.isUnread && 'font-semibold',
        checked && 'bg-accent/10',
        focused && 'ring-2 ring-ring ring-inset',
      )}
      data-uid={m.uid}
      data-unread={m.isUnread || undefined}
      aria-current={focused || undefined}
      onClick={() => actions.open(m.uid)}
      onPointerEnter={reach}
      onFocus={reach}
    >
      <input
        type="checkbox"
        className="row-span-2 mx-2 size-4"
        checked={checked}
        onClick={(e) => e.stopPropagation()}
        onChange={() => actions.toggleSelect(m.uid)}
        aria-label={t('inbox.list.select', { subject: m.subject })}
      />
      <button
        type="button"
        className="row-span-2 rounded p-0.5 hover:bg-background"
        onClick={(e) => {
          e.stopPropagation();
          actions.star(m.uid, !m.isFlagged);
        }}
        aria-label={m.isFlagged ? t('inbox.list.unstar') : t('inbox.list.star')}
        aria-pressed={m.isFlagged}
      >
        <Star className={cn('size-4', m.isFlagged ? 'fill-yellow-400 text-yellow-500' : 'text-muted-foreground')} aria-hidden />
      </button>
      <span className="col-start-3 row-start-1 truncate sm:w-44 sm:shrink-0">{sender}</span>
      <span className="col-span-2 col-start-3 row-start-2 flex min-w-0 items-center gap-2 sm:flex-1">
        <span className="min-w-0 flex-1 truncate">
          <button
            type="button"
            className="max-w-full truncate text-left focus-visible:outline-2 focus-visible:outline-ring"
            onClick={(e) => {
              e.stopPropagation();
              actions.open(m.uid);
            }}
          >
            {m.subject || t('inbox.list.noSubject')}
          </button>
        </span>
        {m.likelySpam && (
          <Badge variant="warning" className="shrink-0">
            {t('inbox.list.likelySpam')}
          </Badge>
        )}
        {m.replyCount > 0 && (
          <span
            className="flex items-center gap-0.5 text-xs text-muted-foreground"
            title={t('inbox.list.replies', { count: m.replyCount })}
          >
            <MessageSquare className="size-3" aria-hidden />
            {m.replyCount}
          </span>
        )}
        {m.hasAttachments && <Paperclip className="size-4 text-muted-foreground" aria-label={t('inbox.list.hasAttachments')} />}
      </span>
      <time
        className="col-start-4 row-start-1 shrink-0 text-right text-xs text-muted-foreground group-hover:invisible sm:w-24"
        dateTime={m.date ?? undefined}
      >
        {relativeTime(m.date, t)}
      </time>
      {reached && <RowActions message={m} actions={actions} />}
    </li>
  );
});

/** Reply, Forward, Delete and Mark read/unread, shown over the row's date while it is pointed at or focused. */
function RowActions({ message: m, actions }: { message: EmailListItem; actions: ListActions }) {
  const { t } = useTranslation();
  return (
    <span className="absolute top-1/2 right-2 hidden -translate-y-1/2 items-center gap-0.5 bg-muted group-hover:flex group-focus-within:flex">
      <HoverAction label={t('inbox.actions.reply')} onClick={() => actions.reply(m.uid)} icon={<Reply aria-hidden />} />
      <HoverAction label={t('inbox.actions.forward')} onClick={() => actions.forward(m.uid)} icon={<Forward aria-hidden />} />
      <HoverAction label={t('inbox.toolbar.delete')} onClick={() => actions.remove([m.uid])} icon={<Trash2 aria-hidden />} />
      <HoverAction
        label={m.isUnread ? t('inbox.toolbar.markRead') : t('inbox.toolbar.markUnread')}
        onClick={() => actions.markRead([m.uid], m.isUnread)}
        icon={m.isUnread ? <MailOpen aria-hidden /> : <Mail aria-hidden />}
      />
    </span>
  );
}

function HoverAction({ label, onClick, icon }: { label: string; onClick: () => void; icon: React.ReactNode }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-7"
      aria-label={label}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {icon}
    </Button>
  );
}
