import type { Category } from '@app/shared/categories';
import type { MailboxNode } from '@app/shared/mail-settings';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDryRun } from '../api/get-dry-run';
import { DryRunItemRow } from './dry-run-item';

type DryRunReviewProps = {
  /** The mailbox is in dry run now (an empty record then says that nothing came yet). */
  active: boolean;
  categories: Category[];
  mailboxes: MailboxNode[];
};

/**
 * What the assistant recorded during the dry run, newest first, for the owner to mark right or wrong.
 * It stays once the mailbox is live, until every message has gone out of it.
 */
export function DryRunReview({ active, categories, mailboxes }: DryRunReviewProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const record = useDryRun(page, true);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const formatTime = (iso: string) => time.format(new Date(iso));

  if (record.isPending) return <Skeleton className="h-16 w-full" aria-label={t('mailSettings.dryRun.loading')} />;
  if (record.isError) {
    return (
      <Alert variant="error">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span>{t('mailSettings.dryRun.loadError')}</span>
          <Button variant="outline" size="sm" pending={record.isFetching} onClick={() => void record.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    );
  }
  const data = record.data;
  if (data.total === 0) return active ? <p className="text-sm text-muted-foreground">{t('mailSettings.dryRun.empty')}</p> : null;

  const pager = data.pages > 1 && (
    <nav aria-label={t('mailSettings.dryRun.pagesLabel')} className="flex flex-wrap items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1 || record.isFetching} onClick={() => setPage(page - 1)}>
        <ChevronLeft aria-hidden />
        {t('mailSettings.dryRun.newer')}
      </Button>
      <span className="text-sm text-muted-foreground">
        {t('mailSettings.dryRun.page', { page: data.page, pages: data.pages })}
      </span>
      <Button variant="outline" size="sm" disabled={page >= data.pages || record.isFetching} onClick={() => setPage(page + 1)}>
        {t('mailSettings.dryRun.older')}
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );

  return (
    <div className="grid gap-3">
      <div className="grid gap-0.5">
        <h3 id="dry-run-review-title" className="text-sm font-medium">
          {t('mailSettings.dryRun.listTitle')}
        </h3>
        <p data-testid="dry-run-figures" className="text-sm text-muted-foreground">
          {t('mailSettings.dryRun.figures', { reviewed: data.reviewed, total: data.total, wrong: data.wrong })}
        </p>
      </div>
      <ul aria-labelledby="dry-run-review-title" className="grid gap-2" aria-busy={record.isPlaceholderData || undefined}>
        {data.items.map((item) => (
          <DryRunItemRow key={item.id} item={item} categories={categories} mailboxes={mailboxes} formatTime={formatTime} />
        ))}
      </ul>
      {pager}
    </div>
  );
}
