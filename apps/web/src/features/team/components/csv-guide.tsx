import { CONNECTION_METHODS } from '@app/shared/invitations';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CSV_REQUIRED_HEADERS, EXAMPLE_CSV } from '../utils/csv-validation';

export const EXAMPLE_FILE_NAME = 'users-example.csv';

/** Builds the example file in the browser and hands it to the user. */
function downloadExample() {
  const url = URL.createObjectURL(new Blob([EXAMPLE_CSV], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = EXAMPLE_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const code = 'rounded bg-muted px-1 py-0.5 font-mono text-xs';

/** The formatting guide of the bulk invite: columns, accepted values and an example file. */
export function CsvGuide() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="csv-guide-title" className="grid gap-3 rounded-lg border p-4 text-sm">
      <h2 id="csv-guide-title" className="font-medium">
        {t('team.bulk.guide.title')}
      </h2>
      <p className="text-muted-foreground">{t('team.bulk.guide.intro')}</p>
      <p>
        {CSV_REQUIRED_HEADERS.map((header, index) => (
          <span key={header}>
            {index > 0 && ', '}
            <code className={code}>{header}</code>
          </span>
        ))}
      </p>
      <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
        <li>{t('team.bulk.guide.email')}</li>
        <li>{t('team.bulk.guide.names')}</li>
        <li>
          {t('team.bulk.guide.enableSetting')} <code className={code}>true</code>/<code className={code}>false</code>,{' '}
          <code className={code}>1</code>/<code className={code}>0</code>, <code className={code}>yes</code>/
          <code className={code}>no</code>
        </li>
        <li>
          {t('team.bulk.guide.connectionMethod')}{' '}
          {CONNECTION_METHODS.map((method, index) => (
            <span key={method}>
              {index > 0 && ', '}
              <code className={code}>{method}</code>
            </span>
          ))}
        </li>
        <li>{t('team.bulk.guide.file')}</li>
      </ul>
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={downloadExample}>
        <Download aria-hidden />
        {t('team.bulk.guide.download')}
      </Button>
    </section>
  );
}
