import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { type AccuracyInbox as Inbox, disagreementLink, DISAGREEMENTS_SHOWN, percentFormat } from '../utils/accuracy';

type AccuracyInboxProps = {
  inbox: Inbox;
  nameOf: (id: string, fallback: string) => string;
};

/**
 * The mail the owner left in the inbox, judged like the filed mail: what the assistant would have
 * moved, per category as bars and message by message, kept apart from precision and recall since
 * mail left in the inbox may simply not be sorted yet.
 */
export function AccuracyInbox({ inbox, nameOf }: AccuracyInboxProps) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const percent = percentFormat(i18n.language);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const moved = inbox.moved.reduce((sum, m) => sum + m.count, 0);
  const shown = all ? inbox.examples : inbox.examples.slice(0, DISAGREEMENTS_SHOWN);
  return (
    <div className="grid gap-2">
      <div className="grid gap-0.5">
        <h3 id="accuracy-inbox-title" className="text-sm font-medium">
          {t('mailSettings.accuracy.inbox.title')}
        </h3>
        <p data-testid="accuracy-inbox-summary" className="text-sm">
          {moved === 0
            ? t('mailSettings.accuracy.inbox.noneMoved', { count: inbox.judged })
            : t('mailSettings.accuracy.inbox.moved', {
                count: inbox.judged,
                moved,
                percent: percent.format(moved / inbox.judged),
              })}
          {inbox.heldAsSpam > 0 && <> {t('mailSettings.accuracy.inbox.spam', { count: inbox.heldAsSpam })}</>}
        </p>
        <p className="text-xs text-muted-foreground">{t('mailSettings.accuracy.inbox.apart')}</p>
      </div>
      {moved > 0 && (
        <ul aria-label={t('mailSettings.accuracy.inbox.perCategory')} className="grid gap-1">
          {inbox.moved.map((m) => (
            <MovedBar key={m.id} name={nameOf(m.id, m.name)} count={m.count} share={m.count / inbox.judged} />
          ))}
        </ul>
      )}
      {inbox.examples.length > 0 && (
        <>
          <p className="text-xs text-muted-foreground">{t('mailSettings.accuracy.inbox.examplesHint')}</p>
          <ul id="accuracy-inbox-examples" aria-labelledby="accuracy-inbox-title" className="grid gap-2">
            {shown.map((item, index) => (
              <MovedMessage
                key={`${item.uid}\n${index}`}
                item={item}
                folder={inbox.folder}
                category={nameOf(item.assistant.id, item.assistant.name)}
                formatTime={(iso) => time.format(new Date(iso))}
              />
            ))}
          </ul>
        </>
      )}
      {inbox.examples.length > DISAGREEMENTS_SHOWN && (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          aria-expanded={all}
          aria-controls="accuracy-inbox-examples"
          onClick={() => setAll((shownAll) => !shownAll)}
        >
          {all ? t('mailSettings.accuracy.showFewer') : t('mailSettings.accuracy.showAll', { count: inbox.examples.length })}
        </Button>
      )}
    </div>
  );
}

/** A category's share of the inbox mail it would have taken, as a bar, with the count beside it. */
function MovedBar({ name, count, share }: { name: string; count: number; share: number }) {
  const { t, i18n } = useTranslation();
  const label = t('mailSettings.accuracy.inbox.barLabel', { name, count, percent: percentFormat(i18n.language).format(share) });
  return (
    <li className="grid grid-cols-[minmax(0,8rem)_1fr_3rem] items-center gap-2 text-xs">
      <span aria-hidden className="truncate" title={name}>
        {name}
      </span>
      <div role="img" aria-label={label} className="h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-amber-500" style={{ width: `${Math.round(Math.min(share, 1) * 100)}%` }} />
      </div>
      <span aria-hidden className="text-right font-medium tabular-nums">
        {count}
      </span>
    </li>
  );
}

type MovedMessageProps = {
  item: Inbox['examples'][number];
  folder: string;
  category: string;
  formatTime: (iso: string) => string;
};

function MovedMessage({ item, folder, category, formatTime }: MovedMessageProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li aria-labelledby={id} className="grid gap-1 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="min-w-0 truncate" title={item.from?.address || undefined}>
          {item.from?.name || item.from?.address || t('mailSettings.accuracy.unknownSender')}
        </span>
        {item.date && <time dateTime={item.date}>{formatTime(item.date)}</time>}
      </div>
      <Link
        id={id}
        to={disagreementLink({ folder, uid: item.uid })}
        className="w-fit font-medium break-words text-accent underline-offset-4 hover:underline"
      >
        {item.subject || t('mailSettings.accuracy.noSubject')}
      </Link>
      <p className="text-sm">{t('mailSettings.accuracy.inbox.wouldMove', { name: category })}</p>
    </li>
  );
}
