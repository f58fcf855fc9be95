import type { AiUsage } from '@app/shared/ai-provider';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAiUsage } from '../api/ai-provider';

type Day = AiUsage['days'][number];

/** A UTC day 'YYYY-MM-DD' in the interface language, or as it came when it is no date. */
function formatDay(day: string, language: string | undefined): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** The AI calls made for the caller per day (newest first), their tokens when the provider reported them, and the credits. */
export function AiUsageTable() {
  const { t, i18n } = useTranslation();
  const usage = useAiUsage();
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);
  const tokens = (value: number | null) =>
    value === null ? (
      <>
        <span aria-hidden>—</span>
        <span className="sr-only">{t('profile.aiEngine.usage.notReported')}</span>
      </>
    ) : (
      numbers.format(value)
    );
  const numeric = 'text-right tabular-nums';

  return (
    <div className="grid gap-2">
      <h3 id="ai-usage-title" className="text-sm font-semibold">
        {t('profile.aiEngine.usage.title')}
      </h3>
      {usage.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('profile.aiEngine.usage.loadError')}</span>
            <Button variant="outline" size="sm" onClick={() => void usage.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : usage.isPending ? (
        <div className="grid gap-2" aria-busy>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : usage.data.days.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('profile.aiEngine.usage.empty')}</p>
      ) : (
        <Table aria-labelledby="ai-usage-title">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{t('profile.aiEngine.usage.day')}</TableHead>
              <TableHead scope="col" className="text-right">
                {t('profile.aiEngine.usage.calls')}
              </TableHead>
              <TableHead scope="col" className="text-right">
                {t('profile.aiEngine.usage.inputTokens')}
              </TableHead>
              <TableHead scope="col" className="text-right">
                {t('profile.aiEngine.usage.outputTokens')}
              </TableHead>
              <TableHead scope="col" className="text-right">
                {t('profile.aiEngine.usage.credits')}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {usage.data.days.map((row: Day) => (
              <TableRow key={row.day}>
                <TableHead scope="row" className="h-auto py-2 text-left font-normal">
                  {formatDay(row.day, i18n.resolvedLanguage)}
                </TableHead>
                <TableCell className={numeric}>{numbers.format(row.calls)}</TableCell>
                <TableCell className={numeric}>{tokens(row.inputTokens)}</TableCell>
                <TableCell className={numeric}>{tokens(row.outputTokens)}</TableCell>
                <TableCell className={numeric}>{numbers.format(row.credits)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
