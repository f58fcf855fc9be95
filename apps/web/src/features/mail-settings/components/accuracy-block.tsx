import type { AccuracyReport } from '@app/shared/accuracy';
import type { Category } from '@app/shared/categories';
import type { MailSetting } from '@app/shared/mail-settings';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccuracy } from '../api/get-accuracy';
import { percentFormat } from '../utils/accuracy';
import { AccuracyAiReplay } from './accuracy-ai-replay';
import { AccuracyCategories } from './accuracy-categories';
import { AccuracyDisagreements } from './accuracy-disagreements';
import { AccuracyInbox } from './accuracy-inbox';
import { AccuracyReplies } from './accuracy-replies';
import { categoryDisplayName } from './categories-table';
import { SettingsCard } from './settings-card';

type AccuracyBlockProps = {
  setting: MailSetting;
  /** The classification categories, to name them as the table does. */
  categories: Category[] | undefined;
  /** The engine the activity reports ('local' or an AI provider's name), once known. */
  engine: string | undefined;
};

/**
 * Accuracy on the owner's past mail (issue 36): per category, how often the assistant chose the
 * folder the owner had filed the message in, each message judged by a version that never saw it,
 * the messages where it chose otherwise, what it would have moved out of the inbox, and the drafts it would have written next to the owner's
 * latest replies. Measured at each initialisation, built-in engine only, and brought up to date with
 * the mail filed since (counted by the server).
 */
export function AccuracyBlock({ setting, categories, engine }: AccuracyBlockProps) {
  const { t } = useTranslation();
  const accuracy = useAccuracy(true);

  let content;
  if (accuracy.isPending) content = <Skeleton className="h-16 w-full" aria-label={t('mailSettings.accuracy.loading')} />;
  else if (accuracy.isError) {
    content = (
      <Alert variant="error">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span>{t('mailSettings.accuracy.loadError')}</span>
          <Button variant="outline" size="sm" pending={accuracy.isFetching} onClick={() => void accuracy.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    );
  } else if (accuracy.data === null) {
    const why =
      engine !== undefined && engine !== 'local'
        ? t('mailSettings.accuracy.aiProvider')
        : setting.isClassificationEnabled
          ? t('mailSettings.accuracy.notMeasured')
          : t('mailSettings.accuracy.classificationOff');
    content = <p className="text-sm text-muted-foreground">{why}</p>;
  } else {
    const nameOf = (id: string, fallback: string) => {
      const category = categories?.find((c) => c.id === id);
      return (category && categoryDisplayName(category, setting.mailboxes)) || fallback;
    };
    content = <Report report={accuracy.data} engine={engine} nameOf={nameOf} />;
  }

  const aiProvider = engine !== undefined && engine !== 'local';
  return (
    <SettingsCard id="accuracy-block" title={t('mailSettings.accuracy.title')}>
      <p className="text-sm text-muted-foreground">{t('mailSettings.accuracy.protocol')}</p>
      {content}
      {aiProvider && setting.isClassificationEnabled && <AccuracyAiReplay />}
    </SettingsCard>
  );
}

type ReportProps = {
  report: AccuracyReport;
  engine: string | undefined;
  nameOf: (id: string, fallback: string) => string;
};

function Report({ report, engine, nameOf }: ReportProps) {
  const { t, i18n } = useTranslation();
  const percent = percentFormat(i18n.language);
  const measured = (
    <p data-testid="accuracy-measured" className="text-xs text-muted-foreground">
      {t('mailSettings.accuracy.measuredAt', {
        date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(report.generatedAt),
        ),
      })}
      {report.live && report.live.filed > 0 && (
        <>
          {' · '}
          <span data-testid="accuracy-live">
            {t('mailSettings.accuracy.live', { count: report.live.filed, corrected: report.live.corrected })}
          </span>
        </>
      )}
    </p>
  );
  // The replies are read from Sent: measured even when nothing was filed.
  if (report.judged === 0) {
    return (
      <div className="grid gap-4">
        <div className="grid gap-0.5">
          <p className="text-sm">{t('mailSettings.accuracy.nothingFiled')}</p>
          {measured}
        </div>
        {report.inbox && <AccuracyInbox inbox={report.inbox} nameOf={nameOf} />}
        <AccuracyReplies replies={report.replies} />
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <div className="grid gap-0.5">
        <p data-testid="accuracy-overall" className="text-sm font-medium">
          {t('mailSettings.accuracy.overall', {
            agreed: report.agreed,
            count: report.judged,
            percent: percent.format(report.agreed / report.judged),
          })}
        </p>
        {measured}
        {engine !== undefined && engine !== report.engine && (
          <p className="text-xs text-muted-foreground">{t('mailSettings.accuracy.aiProviderReport')}</p>
        )}
      </div>
      <AccuracyCategories categories={report.categories} nameOf={nameOf} />
      <AccuracyDisagreements disagreements={report.disagreements} nameOf={nameOf} />
      {report.inbox && <AccuracyInbox inbox={report.inbox} nameOf={nameOf} />}
      <AccuracyReplies replies={report.replies} />
    </div>
  );
}
