import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/** Shown when a screen throws or its code cannot be loaded (e.g. after a deployment). */
export function RouteError() {
  const { t } = useTranslation();
  console.error(useRouteError());
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{t('errors.UNKNOWN')}</h1>
      <Button variant="outline" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </main>
  );
}
