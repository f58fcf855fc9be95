import {
  DRAFT_OUTCOMES,
  DRAFT_UNUSED_DAYS,
  type DraftUsage,
  REWRITTEN_BELOW,
  UNCHANGED_SIMILARITY,
} from '@app/shared/draft-review';
import type { Category } from '@app/shared/categories';
import type { MailSetting } from '@app/shared/mail-settings';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDraftUsage } from '../api/get-draft-usage';
import { percentFormat } from '../utils/accuracy';
import { categoryDisplayName } from './categories-table';
import { SettingsCard } from './settings-card';

type UsageRow = DraftUsage['categories'][number];

const COLUMNS = [...DRAFT_OUTCOMES, 'waiting'] as const;
const COLUMN_LABELS = {
  unchanged: 'mailSettings.draftUsage.unchanged',
  edited: 'mailSettings.draftUsage.edited',
  rewritten: 'mailSettings.draftUsage.rewritten',
  discarded: 'mailSettings.draftUsage.discarded',
  waiting: 'mailSettings.draftUsage.waiting',
} as const satisfies Record<(typeof COLUMNS)[number], string>;

const total = (row: UsageRow) => COLUMNS.reduce((sum, column) => sum + row[column], 0);

type DraftUsageBlockProps = {
  setting: MailSetting;
  /** The classification categories, to name them as the other blocks do. */
  categories: Category[] | undefined;
};

/**
 * What became of the assistant's drafts (issue 39, item 6), per category: sent unchanged, edited,
 * rewritten, discarded, or still waiting, each judged by how much of the draft the sent reply keeps.
 */
export function DraftUsageBlock({ setting, categories }: DraftUsageBlockProps) {
  const { t, i18n } = useTranslation();
  const usage = useDraftUsage(true);
  const percent = percentFormat(i18n.language);

  let content;
  if (usage.isPending) content = <Skeleton className="h-16 w-full" aria-label={t('mailSettings.draftUsage.loading')} />;
  else if (usage.isError) {
    content = (
      <Alert variant="error">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span>{t('mailSettings.draftUsage.loadError')}</span>
          <Button variant="outline" size="sm" pending={usage.isFetching} onClick={() => void usage.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    );
  } else {
    const rows = usage.data.categories.filter((row) => total(row) > 0);
    const nameOf = (row: UsageRow) => {
      const category = row.categoryId ? categories?.find((c) => c.id === row.categoryId) : undefined;
      return (
        (category && categoryDisplayName(category, setting.mailboxes)) || row.name || t('mailSettings.draftUsage.noCategory')
      );
    };
    content =
      rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('mailSettings.draftUsage.empty')}</p>
      ) : (
        <UsageTable rows={rows} nameOf={nameOf} />
      );
  }

  return (
    <SettingsCard id="draft-usage-block" title={t('mailSettings.draftUsage.title')}>
      <p className="text-sm text-muted-foreground">
        {t('mailSettings.draftUsage.protocol', {
          unchanged: percent.format(UNCHANGED_SIMILARITY),
          rewritten: percent.format(REWRITTEN_BELOW),
          count: DRAFT_UNUSED_DAYS,
        })}
      </p>
      {content}
    </SettingsCard>
  );
}

function UsageTable({ rows, nameOf }: { rows: UsageRow[]; nameOf: (row: UsageRow) => string }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Table aria-labelledby="draft-usage-block">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t('mailSettings.draftUsage.category')}</TableHead>
          {COLUMNS.map((column) => (
            <TableHead key={column} scope="col" className="text-right">
              {t(COLUMN_LABELS[column])}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.categoryId ?? ''}>
            <TableHead scope="row" className="h-auto py-2 text-left font-medium break-words text-foreground">
              {nameOf(row)}
            </TableHead>
            {COLUMNS.map((column) => (
              <TableCell key={column} className="text-right tabular-nums">
                {number.format(row[column])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
