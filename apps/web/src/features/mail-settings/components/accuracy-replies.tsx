import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import {
  disagreementLink,
  isLongText,
  percentFormat,
  type AccuracyReplies as Replies,
  type AccuracyReplyExample,
} from '../utils/accuracy';

/**
 * The owner's latest replies next to the draft the assistant would have written to the same message
 * without seeing that reply (issue 36): their mean word-overlap similarity, and a few side by side,
 * the closest first and the farthest last.
 */
export function AccuracyReplies({ replies }: { replies: Replies }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const measured = replies.judged > 0 && replies.meanSimilarity !== null;
  return (
    <div className="grid gap-2">
      <div className="grid gap-0.5">
        <h3 id="accuracy-replies-title" className="text-sm font-medium">
          {t('mailSettings.accuracy.repliesTitle')}
        </h3>
        {measured ? (
          <>
            <p data-testid="accuracy-replies-mean" className="text-sm">
              {t('mailSettings.accuracy.repliesMean', {
                count: replies.judged,
                percent: percentFormat(i18n.language).format(replies.meanSimilarity ?? 0),
              })}
            </p>
            <p className="text-xs text-muted-foreground">{t('mailSettings.accuracy.repliesProtocol')}</p>
          </>
        ) : (
          <p className="text-sm">{t('mailSettings.accuracy.repliesNone')}</p>
        )}
      </div>
      {replies.examples.length > 0 && (
        <>
          <p className="text-xs text-muted-foreground">{t('mailSettings.accuracy.repliesHint')}</p>
          <ul aria-labelledby="accuracy-replies-title" className="grid gap-3">
            {replies.examples.map((example, index) => (
              <Example
                key={`${example.folder}\n${example.uid}\n${index}`}
                example={example}
                formatTime={(iso) => time.format(new Date(iso))}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

type ExampleProps = {
  example: AccuracyReplyExample;
  formatTime: (iso: string) => string;
};

/** One reply: the message answered (a link to it), the similarity, then the draft and the reply in two columns. */
function Example({ example, formatTime }: ExampleProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  // One toggle for both columns, so that they stay side by side at the same length.
  const long = isLongText(example.draft) || isLongText(example.reply);
  const clamped = long && !open;
  return (
    <li aria-labelledby={`${id}-subject`} className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h4 className="min-w-0 text-sm font-medium break-words">
          <Link id={`${id}-subject`} to={disagreementLink(example)} className="text-accent underline-offset-4 hover:underline">
            {example.subject || t('mailSettings.accuracy.noSubject')}
          </Link>
        </h4>
        <span className="flex flex-wrap items-baseline gap-x-3 text-xs text-muted-foreground">
          {example.date && <time dateTime={example.date}>{formatTime(example.date)}</time>}
          <span className="font-medium text-foreground tabular-nums">
            {t('mailSettings.accuracy.similarity', { percent: percentFormat(i18n.language).format(example.similarity) })}
          </span>
        </span>
      </div>
      <div className="grid gap-2 md:grid-cols-2">
        <Column id={`${id}-draft`} label={t('mailSettings.accuracy.draftLabel')} text={example.draft} clamped={clamped} />
        <Column id={`${id}-reply`} label={t('mailSettings.accuracy.replyLabel')} text={example.reply} clamped={clamped} />
      </div>
      {long && (
        <Button
          variant="link"
          size="sm"
          className="h-auto w-fit p-0"
          aria-expanded={open}
          aria-controls={`${id}-draft-text ${id}-reply-text`}
          onClick={() => setOpen((shown) => !shown)}
        >
          {t(open ? 'mailSettings.accuracy.showLess' : 'mailSettings.accuracy.showMore')}
        </Button>
      )}
    </li>
  );
}

type ColumnProps = { id: string; label: string; text: string; clamped: boolean };

/** A labelled column: the text as it was written (line breaks kept), its first lines only while clamped. */
function Column({ id, label, text, clamped }: ColumnProps) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="grid min-w-0 content-start gap-1">
      <span id={`${id}-label`} className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      {text.trim() ? (
        <pre
          id={`${id}-text`}
          className={cn(
            'rounded-md bg-muted p-2 font-sans text-sm break-words whitespace-pre-wrap',
            // REPLY_LINES_SHOWN lines (utils/accuracy.ts).
            clamped && 'line-clamp-8',
          )}
        >
          {text}
        </pre>
      ) : (
        <p id={`${id}-text`} className="rounded-md bg-muted p-2 text-sm text-muted-foreground italic">
          {t('mailSettings.accuracy.emptyText')}
        </p>
      )}
    </div>
  );
}
