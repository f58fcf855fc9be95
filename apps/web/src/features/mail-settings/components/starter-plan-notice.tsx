import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';

/**
 * Spec 02 §6, said before the form is sent: the Starter plan offers AI responses or AI
 * classification, not both, so the form only offers the combinations it allows.
 */
export function StarterPlanNotice() {
  const { t } = useTranslation();
  return (
    <Alert data-testid="starter-plan-notice">
      <p>{t('mailSettings.connect.starterLimit.notice')}</p>
      <Link to="/subscriptions" className="mt-1 inline-block font-medium underline underline-offset-2">
        {t('mailSettings.connect.starterLimit.upgrade')}
      </Link>
    </Alert>
  );
}
