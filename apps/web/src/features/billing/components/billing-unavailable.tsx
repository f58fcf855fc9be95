import type { SessionUser } from '@app/shared/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/**
 * What a billing page shows to someone with nothing to pay here, instead of sending them elsewhere
 * without a word: a team member (the owner holds the plan), billing turned off on this installation,
 * or no invoice on the free plan.
 */
export function BillingUnavailable({ user, title }: { user: SessionUser; title: string }) {
  const { t } = useTranslation();
  const reason = user.referrerId ? 'member' : user.billable ? 'free' : 'off';
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      <Alert variant="info">
        <p>{t(`billing.unavailable.${reason}`)}</p>
      </Alert>
      <div>
        <Button asChild variant="outline">
          <Link to="/home">{t('billing.unavailable.home')}</Link>
        </Button>
      </div>
    </section>
  );
}
