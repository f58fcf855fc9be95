import type { SessionUser } from '@app/shared/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';

/** Spec 01 §8: owners on FREE out of credits, or over their members quota, or both, are told to upgrade. */
export function QuotaBanner({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  if (user.referrerId !== null || !user.billable) return null;
  const { credits, emailAddresses } = user.quota.exceeded;
  // Both when both are exceeded: each says what to do about it.
  const keys = [...(user.plan === 'free' && credits ? ['credits'] : []), ...(emailAddresses ? ['members'] : [])];
  if (keys.length === 0) return null;
  return (
    <>
      {keys.map((key) => (
        <Alert key={key} variant="error" className="rounded-none border-x-0 border-t-0">
          {t(`layout.quota.${key}`)}{' '}
          <Link to="/subscriptions" className="font-medium underline">
            {t('layout.quota.upgrade')}
          </Link>
        </Alert>
      ))}
    </>
  );
}
