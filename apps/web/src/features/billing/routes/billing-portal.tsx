import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BillingUnavailable } from '../components/billing-unavailable';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session';
import { useBillingPortal } from '../api/get-billing-portal';
import { billingErrorMessage } from '../utils/messages';

/** The billing redirect page (spec 01 §2): to the payment provider's billing portal, or to /subscriptions. */
export function BillingPortalRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const portal = useBillingPortal(user?.uid ?? '', Boolean(user?.billable));
  const url = portal.data?.url;

  useEffect(() => {
    if (!portal.isSuccess) return;
    if (url) window.location.assign(url);
    else void navigate('/subscriptions', { replace: true });
  }, [portal.isSuccess, url, navigate]);

  if (!user) return null;
  if (!user.billable) return <BillingUnavailable user={user} title={t('billing.title')} />;
  if (portal.isError)
    return (
      <Alert variant="error">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span>{billingErrorMessage(portal.error)}</span>
          <Button variant="outline" size="sm" onClick={() => void portal.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    );
  return <FullPageSpinner label={t('billing.redirecting')} />;
}
