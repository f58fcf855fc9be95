import type { MailAddress, MessageDetail } from '@app/shared/mailbox';
import { ArrowLeft, Download, Forward, ImageOff, Paperclip, Reply, ReplyAll, ShieldAlert, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { currentLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { attachmentUrl, messageBodyUrl } from '../api/get-message';
import { formatSize, fullDate } from '../utils/relative-time';
import { SpamNotice } from './spam-notice';
import { ToolbarButton } from './toolbar-button';

const label = (a: MailAddress) => a.name || a.address;

/** The read panel: header, the sanitized body in a sandboxed iframe, attachments (spec 02 §2). */
export function MessageView({
  message,
  loading,
  onBack,
  onReply,
  onReplyAll,
  onForward,
  onDelete,
  onSpam,
  onStar,
}: {
  message: MessageDetail | undefined;
  loading: boolean;
  onBack: () => void;
  onReply: () => void;
  onReplyAll: () => void;
  onForward: () => void;
  onDelete: () => void;
  onSpam: () => void;
  onStar: (starred: boolean) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const [imagesFor, setImagesFor] = useState<string | null>(null);
  const images = message !== undefined && imagesFor === message.uid;

  const recipients = (list: MailAddress[]) => {
    const [first, ...rest] = list;
    if (!first) return '';
    return rest.length ? t('inbox.read.recipientsMore', { first: label(first), count: rest.length }) : label(first);
  };

  return (
    <article className="flex min-h-0 flex-1 flex-col" aria-label={message?.subject}>
      <div className="flex items-center gap-1 border-b px-2 py-1" role="toolbar" aria-label={t('inbox.toolbar.label')}>
        <ToolbarButton label={t('inbox.read.back')} onClick={onBack}>
          <ArrowLeft aria-hidden />
        </ToolbarButton>
        <ToolbarButton label={t('inbox.toolbar.spam')} disabled={!message} onClick={onSpam}>
          <ShieldAlert aria-hidden />
        </ToolbarButton>
        <ToolbarButton label={t('inbox.toolbar.delete')} disabled={!message} onClick={onDelete}>
          <Trash2 aria-hidden />
        </ToolbarButton>
        {message && (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onStar(!message.isFlagged)}
            aria-label={message.isFlagged ? t('inbox.list.unstar') : t('inbox.list.star')}
            aria-pressed={message.isFlagged}
          >
            <Star className={cn(message.isFlagged && 'fill-yellow-400 text-yellow-500')} aria-hidden />
          </Button>
        )}
        {/* Icons alone on a phone: the three labels do not fit beside the other actions. */}
        <div className="ml-auto flex gap-1">
          <Button variant="ghost" size="sm" disabled={!message} onClick={onReply} title={t('inbox.actions.reply')}>
            <Reply aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('inbox.actions.reply')}</span>
          </Button>
          <Button variant="ghost" size="sm" disabled={!message} onClick={onReplyAll} title={t('inbox.actions.replyAll')}>
            <ReplyAll aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('inbox.actions.replyAll')}</span>
          </Button>
          <Button variant="ghost" size="sm" disabled={!message} onClick={onForward} title={t('inbox.actions.forward')}>
            <Forward aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('inbox.actions.forward')}</span>
          </Button>
        </div>
      </div>
      {loading || !message ? (
        <div className="grid gap-3 p-4" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-64" />
        </div>
      ) : (
        <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4">
          <h2 className="text-lg font-semibold">{message.subject || t('inbox.list.noSubject')}</h2>
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <div className="grid gap-0.5">
              <span className="wrap-anywhere">
                <span className="font-medium">{message.from ? label(message.from) : t('inbox.list.noSender')}</span>
                {message.from?.name && <span className="text-muted-foreground"> &lt;{message.from.address}&gt;</span>}
              </span>
              {/* Mail sent to undisclosed recipients has neither. */}
              {(message.to.value.length > 0 || message.cc.value.length > 0) && (
                <span
                  className="text-muted-foreground"
                  data-testid="recipients"
                  title={[...message.to.value, ...message.cc.value].map((a) => a.address).join(', ')}
                >
                  {[
                    message.to.value.length > 0 && `${t('inbox.read.to')} ${recipients(message.to.value)}`,
                    message.cc.value.length > 0 && `${t('inbox.read.cc')} ${recipients(message.cc.value)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              )}
            </div>
            <time className="text-muted-foreground" dateTime={message.date ?? undefined}>
              {fullDate(message.date, t)}
            </time>
          </div>
          {message.likelySpam && <SpamNotice key={message.uid} message={message} onMoved={onBack} />}
          {message.hasRemoteImages && !images && (
            <div className="flex items-center gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm">
              <ImageOff className="size-4" aria-hidden />
              <span className="flex-1">{t('inbox.read.imagesBlocked')}</span>
              <Button variant="outline" size="sm" onClick={() => setImagesFor(message.uid)}>
                {t('inbox.read.showImages')}
              </Button>
            </div>
          )}
          <iframe
            key={`${message.uid}-${images ? 1 : 0}`}
            title={t('inbox.read.bodyTitle')}
            src={messageBodyUrl(message.folder, message.uid, images)}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            className="min-h-96 w-full flex-1 rounded-md border bg-white"
          />
          {message.attachments.length > 0 && (
            <section aria-label={t('inbox.read.attachments')} className="grid gap-2">
              <h3 className="flex items-center gap-1 text-sm font-medium">
                <Paperclip className="size-4" aria-hidden />
                {t('inbox.read.attachments')}
              </h3>
              <ul className="flex flex-wrap gap-2">
                {message.attachments.map((a) => (
                  <li key={a.index} className="flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm">
                    <span className="max-w-56 truncate">{a.filename}</span>
                    <span className="text-muted-foreground">{formatSize(a.size, locale)}</span>
                    <Button asChild variant="ghost" size="sm">
                      <a
                        href={attachmentUrl(message.folder, message.uid, a.index)}
                        download={a.filename}
                        aria-label={t('inbox.read.download', { name: a.filename })}
                      >
                        <Download aria-hidden />
                        {t('inbox.read.downloadShort')}
                      </a>
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </article>
  );
}
