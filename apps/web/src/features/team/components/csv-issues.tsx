import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import type { CsvValidation } from '../utils/csv-validation';

/** How many row problems are listed; the summary counts them all. */
export const ISSUES_SHOWN = 100;

/** What is wrong with the file, or with which rows (spec 02 §5 "CSV bulk invite"). */
export function CsvIssues({ validation }: { validation: CsvValidation }) {
  const { t } = useTranslation();
  const { fileProblem, issues } = validation;

  if (fileProblem === 'missingHeaders') {
    return (
      <Alert variant="error">
        <p>{t('team.bulk.errors.missingHeaders', { list: validation.missingHeaders.join(', ') })}</p>
        <p className="font-medium">{t('team.bulk.errors.invalidStructure')}</p>
      </Alert>
    );
  }
  if (fileProblem) return <Alert variant="error">{t(`team.bulk.errors.${fileProblem}`)}</Alert>;
  if (issues.length === 0) {
    return validation.rows.length === 0 ? <Alert variant="error">{t('team.bulk.errors.noData')}</Alert> : null;
  }
  const hidden = issues.length - ISSUES_SHOWN;
  return (
    <Alert variant="error">
      <p className="font-medium">{t('team.bulk.errors.summary', { count: issues.length })}</p>
      <ul aria-label={t('team.bulk.errors.listLabel')} className="mt-2 grid max-h-80 gap-1 overflow-y-auto">
        {issues.slice(0, ISSUES_SHOWN).map((issue, index) => (
          <li key={index}>
            {t('team.bulk.errors.row', { row: issue.row, message: t(`team.bulk.errors.${issue.problem}`) })}
            {issue.value.trim() && <span className="text-muted-foreground"> ({issue.value.trim().slice(0, 80)})</span>}
          </li>
        ))}
      </ul>
      {hidden > 0 && <p className="mt-2">{t('team.bulk.errors.more', { count: hidden })}</p>}
    </Alert>
  );
}
