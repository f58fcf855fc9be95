import { OFFERED_PLANS, type BillingCycle, type PlanId } from '@app/shared/plans';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BillingUnavailable } from '../components/billing-unavailable';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { sessionQueryOptions, useAuth } from '@/lib/session';
import { useCheckoutStatus } from '../api/get-checkout-status';
import { useSubscription } from '../api/get-subscription';
import { billingKeys } from '../api/keys';
import { processPayment } from '../api/process-payment';
import { useStartCheckout } from '../api/start-checkout';
import { useSwitchPlan } from '../api/switch-plan';
import { PlanCard } from '../components/plan-card';
import { localeOf, planName } from '../utils/format';
import { billingErrorMessage, billingMessage } from '../utils/messages';
import { confirmCardPayment } from '../utils/stripe';

/** The `sid` return from Stripe Checkout: the server reads the session from Stripe, then on to /email-settings. */
function CheckoutReturn({ userId, sessionId }: { userId: string; sessionId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const status = useCheckoutStatus(userId, sessionId);
  const state = status.data?.status;

  useEffect(() => {
    if (state === 'complete') {
      void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }).then(() => {
        toast.success(t('billing.checkoutSuccess'));
        void navigate('/email-settings', { replace: true });
      });
    } else if (state === 'expired') {
      toast.error(t('billing.checkoutExpired'));
      setParams({}, { replace: true });
    }
  }, [state, queryClient, navigate, setParams, t]);

  if (status.isError) return <Alert variant="error">{billingErrorMessage(status.error)}</Alert>;
  return <Alert variant="info">{t(state === 'open' ? 'billing.checkoutWaiting' : 'billing.checkoutChecking')}</Alert>;
}

/** A paid plan cancelled for the end of its period says when it ends (choosing a plan again keeps it). */
function ScheduledEnd({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const { data } = useSubscription(userId);
  if (!data?.cancelAtPeriodEnd || !data.currentPeriodEnd) return null;
  const date = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'long' }).format(new Date(data.currentPeriodEnd));
  return <Alert variant="info">{t('billing.endsOn', { plan: planName({ id: data.plan }), date })}</Alert>;
}

/** Spec 01 §2 /subscriptions: plan cards, monthly/yearly switch, checkout or in-place switch, the sid return. */
export function SubscriptionsRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const switchId = useId();
  // The switch starts on the owner's own cycle until they flip it.
  const [chosenCycle, setCycle] = useState<BillingCycle | null>(null);
  const [choosing, setChoosing] = useState<PlanId | null>(null);
  const checkout = useStartCheckout(user?.uid ?? '');
  const switcher = useSwitchPlan(user?.uid ?? '');

  if (!user) return null;
  // Billing links are hidden when billable is false (members, billing off); the page says why.
  if (!user.billable) return <BillingUnavailable user={user} title={t('billing.title')} />;
  const cycle: BillingCycle = chosenCycle ?? (user.subscriptionBillingCycle === 'yearly' ? 'yearly' : 'monthly');
  const sid = params.get('sid');
  const paying = user.plan !== 'free';

  const refreshSession = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: billingKeys.subscription(user.uid) }),
    ]);

  async function choose(plan: PlanId) {
    if (!user) return;
    setChoosing(plan);
    try {
      if (!paying) {
        const answer = await checkout.mutateAsync({ plan, billingCycle: cycle });
        if (answer.url) {
          window.location.assign(answer.url);
          return;
        }
        const text = billingMessage('code' in answer ? answer.code : undefined, answer.message);
        if (answer.success) toast.info(text);
        else toast.error(text);
        return;
      }
      const answer = await switcher.mutateAsync({ newPlan: plan, billingCycle: cycle });
      if (answer.status === 'scheduled') {
        await refreshSession();
        toast.info(t('billing.cancelScheduled'));
        return;
      }
      if (answer.status === 'requires_action') {
        const confirmed = await confirmCardPayment(answer.publishableKey, answer.clientSecret);
        if (!confirmed.ok) {
          toast.error(billingMessage(undefined, confirmed.message));
          return;
        }
        await processPayment(user.uid);
      }
      await refreshSession();
      toast.success(t('billing.planChanged'));
      void navigate('/email-settings');
    } catch (error) {
      toast.error(billingErrorMessage(error));
    } finally {
      setChoosing(null);
    }
  }

  return (
    <section className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">{t('billing.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('billing.subtitle')}</p>
        </div>
        <div className="flex items-center gap-2 text-sm">
          <Label htmlFor={switchId} className={cycle === 'monthly' ? 'font-medium' : 'text-muted-foreground'}>
            {t('billing.monthly')}
          </Label>
          <Switch
            id={switchId}
            aria-label={t('billing.yearlyToggle')}
            checked={cycle === 'yearly'}
            onCheckedChange={(on) => setCycle(on ? 'yearly' : 'monthly')}
          />
          <span className={cycle === 'yearly' ? 'font-medium' : 'text-muted-foreground'}>{t('billing.yearly')}</span>
          <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs text-success">{t('billing.yearlySaving')}</span>
        </div>
      </div>
      {sid && <CheckoutReturn userId={user.uid} sessionId={sid} />}
      {user.subscriptionStatus !== 'active' && user.subscriptionStatus !== 'trialing' && user.plan !== 'free' && (
        <Alert variant="error">{t('billing.inactive')}</Alert>
      )}
      {paying && <ScheduledEnd userId={user.uid} />}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {OFFERED_PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            cycle={cycle}
            current={user.plan === plan.id && user.subscriptionBillingCycle === cycle}
            switching={paying}
            pending={choosing === plan.id}
            disabled={choosing !== null}
            onChoose={() => void choose(plan.id)}
          />
        ))}
      </div>
      {paying && (
        <p className="text-sm text-muted-foreground">
          <Link to="/billing" className="text-accent underline-offset-4 hover:underline">
            {t('billing.manage')}
          </Link>
        </p>
      )}
    </section>
  );
}
