import { billedPrice, yearlyMonthlyPrice, type BillingCycle, type Plan } from '@app/shared/plans';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatEuros, localeOf, planExtraFeatures, planFeatures, planName } from '../utils/format';

type Props = {
  plan: Plan;
  cycle: BillingCycle;
  current: boolean;
  /** The owner already pays for a plan: choosing another switches it in place. */
  switching: boolean;
  pending: boolean;
  disabled: boolean;
  onChoose: () => void;
};

/** One plan: name, price for the cycle (yearly: the 12-month total billed annually), features, action. */
export function PlanCard({ plan, cycle, current, switching, pending, disabled, onChoose }: Props) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.resolvedLanguage);
  const headingId = useId();
  const features = planFeatures(plan, t, locale);
  const extra = planExtraFeatures(plan, t, locale);

  return (
    <article
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-4 rounded-lg border bg-card p-5', plan.mostPopular && 'border-accent ring-1 ring-accent')}
    >
      <header className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold tracking-wide">
          {planName(plan)}
        </h2>
        {current ? (
          <Badge variant="success">{t('billing.currentPlan')}</Badge>
        ) : plan.mostPopular ? (
          <Badge variant="accent">{t('billing.mostPopular')}</Badge>
        ) : null}
      </header>
      <div>
        <p className="flex items-baseline gap-1">
          <span className="text-3xl font-semibold" data-testid="plan-price">
            {formatEuros(billedPrice(plan, cycle), locale)}
          </span>
          <span className="text-sm text-muted-foreground">{t(cycle === 'yearly' ? 'billing.perYear' : 'billing.perMonth')}</span>
        </p>
        {cycle === 'yearly' && (
          <p className="text-xs text-muted-foreground">
            {t('billing.yearlyDetail', { price: formatEuros(yearlyMonthlyPrice(plan), locale) })}
          </p>
        )}
      </div>
      <ul className="grid gap-1.5 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      {extra.length > 0 && (
        <ul className="grid gap-1 border-t pt-3 text-xs text-muted-foreground">
          {extra.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
      <Button
        className="mt-auto"
        variant={plan.mostPopular ? 'default' : 'outline'}
        disabled={current || disabled}
        pending={pending}
        onClick={onChoose}
      >
        {current ? t('billing.currentPlan') : t(switching ? 'billing.switchTo' : 'billing.choose', { plan: planName(plan) })}
      </Button>
    </article>
  );
}
