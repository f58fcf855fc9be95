import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-semibold text-muted-foreground">404</p>
      <h1 className="text-xl font-semibold">{t('common.notFound')}</h1>
      <p className="text-sm text-muted-foreground">{t('common.notFoundText')}</p>
      <Button variant="outline" onClick={() => navigate(-1)}>
        {t('common.goBack')}
      </Button>
    </main>
  );
}
