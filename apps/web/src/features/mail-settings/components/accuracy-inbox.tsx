import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccuracyInbox as Inbox, disagreementLink, DISAGREEMENTS_SHOWN, percentFormat } from '../utils/accuracy';
import { AccuracyMessage, ShowAllToggle } from './accuracy-message';

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
              <AccuracyMessage
                key={`${item.uid}\n${index}`}
                message={item}
                to={disagreementLink({ folder: inbox.folder, uid: item.uid })}
                formatTime={(iso) => time.format(new Date(iso))}
              >
                <p className="text-sm">
                  {t('mailSettings.accuracy.inbox.wouldMove', { name: nameOf(item.assistant.id, item.assistant.name) })}
                </p>
              </AccuracyMessage>
            ))}
          </ul>
        </>
      )}
      {inbox.examples.length > DISAGREEMENTS_SHOWN && (
        <ShowAllToggle
          all={all}
          count={inbox.examples.length}
          controls="accuracy-inbox-examples"
          onToggle={() => setAll((shownAll) => !shownAll)}
        />
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
