import type { DraftCheck, DraftReview, DraftSource } from '@app/shared/draft-review';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What each kind of check says before its text. */
const CHECK_LABELS = {
  unsupported: 'inbox.compose.review.unsupported',
  unanswered: 'inbox.compose.review.unanswered',
  internal: 'inbox.compose.review.internal',
  engine: 'inbox.compose.review.engine',
} as const satisfies Record<DraftCheck['kind'], string>;

/** A knowledge entry opens in its edit form (knowledge-list.tsx opens `/data/:context` too). */
const knowledgeEntryLink = (id: string) => `/data/${encodeURIComponent(id)}`;

/**
 * Under the body of an AI draft (issue 39, item 1): the knowledge entries and past replies it stands
 * on, and what the owner should check before sending it. It shows without taking the focus; an entry
 * opens in a new tab, so that the draft being written stays as it is.
 */
export function DraftReviewPanel({ review }: { review: DraftReview }) {
  const { t } = useTranslation();
  const titleId = useId();
  const checksId = useId();
  const { sources, checks } = review;
  return (
    <section aria-labelledby={titleId} className="mt-2 grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
      <h3 id={titleId} className="font-medium">
        {t('inbox.compose.review.title')}
      </h3>
      {sources.length > 0 ? (
        <ul aria-labelledby={titleId} className="grid gap-1">
          {sources.map((source, index) => (
            <SourceItem key={source.kind === 'knowledge' ? `k-${source.id}` : `p-${index}`} source={source} />
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">{t('inbox.compose.review.noSources')}</p>
      )}
      {checks.length > 0 ? (
        <>
          <h4 id={checksId} className="font-medium">
            {t('inbox.compose.review.checksTitle')}
          </h4>
          <ul aria-labelledby={checksId} className="grid list-disc gap-1 pl-5">
            {checks.map((check, index) => (
              <li key={index} className="break-words">
                <span className="font-medium">{t(CHECK_LABELS[check.kind])}</span> {check.text}
              </li>
            ))}
          </ul>
        </>
      ) : (
        // Said only of a draft that stands on something: with no source, there is nothing to answer from.
        review.allAnswered &&
        sources.length > 0 && <p className="text-muted-foreground">{t('inbox.compose.review.allAnswered')}</p>
      )}
    </section>
  );
}

function SourceItem({ source }: { source: DraftSource }) {
  const { t } = useTranslation();
  if (source.kind === 'knowledge') {
    return (
      <li className="break-words">
        <span className="text-muted-foreground">{t('inbox.compose.review.knowledge')}</span>{' '}
        <Link
          to={knowledgeEntryLink(source.id)}
          target="_blank"
          rel="noopener noreferrer"
          className="text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {source.title} <span className="sr-only">{t('inbox.compose.review.newTab')}</span>
        </Link>
      </li>
    );
  }
  return (
    <li className="break-words">
      <span className="text-muted-foreground">{t('inbox.compose.review.pastReply')}</span>{' '}
      <span className="italic">{t('inbox.compose.review.quoted', { excerpt: source.excerpt })}</span>
    </li>
  );
}
