import { extraCreditsLookupKey, priceLookupKey } from '@app/shared/billing';
import { billedPrice, PLAN_CURRENCY, planOf, type BillingCycle, type PlanId } from '@app/shared/plans';
import { AppError } from '../../errors';
import { call, type BillingDeps } from './billing-common';
import type { PaymentGateway } from './payment-gateway';

/**
 * The Stripe prices checkout and plan changes sell, found by lookup key (docs/decisions.md,
 * Billing) and checked against the plans data before anyone is charged: a price missing or
 * different from the plans (as `stripe-catalog.ts` sets them up) answers 503 BILLING_MISCONFIGURED.
 */

/**
 * The Stripe price of a plan and cycle, by lookup key; it must say what the plans data says
 * (currency, amount, interval), so a misconfigured account charges nobody a wrong amount.
 */
export async function priceFor(deps: BillingDeps, gateway: PaymentGateway, plan: PlanId, cycle: BillingCycle) {
  const price = await call(deps, () => gateway.findPrice(priceLookupKey(plan, cycle)));
  const expected = billedPrice(planOf(plan), cycle) * 100;
  const interval = cycle === 'yearly' ? 'year' : 'month';
  if (!price || price.unitAmount !== expected || price.currency !== PLAN_CURRENCY || price.recurring?.interval !== interval) {
    deps.log?.error(
      { plan, cycle, price: price?.id, amount: price?.unitAmount, expected },
      'stripe price missing or different from the plans',
    );
    throw new AppError(503, 'BILLING_MISCONFIGURED', 'This plan cannot be bought right now, please try again later');
  }
  return price;
}

/** The metered price of extra credits for a cycle: €0.001 per unit, billed in arrears. */
export async function meteredPriceFor(deps: BillingDeps, gateway: PaymentGateway, cycle: BillingCycle) {
  const price = await call(deps, () => gateway.findPrice(extraCreditsLookupKey(cycle)));
  const interval = cycle === 'yearly' ? 'year' : 'month';
  if (
    !price ||
    price.currency !== PLAN_CURRENCY ||
    price.recurring?.usageType !== 'metered' ||
    price.recurring.interval !== interval ||
    price.unitAmountDecimal === null ||
    Number(price.unitAmountDecimal) !== 0.1
  ) {
    deps.log?.error({ cycle, price: price?.id }, 'stripe metered price for extra credits missing or different');
    throw new AppError(503, 'BILLING_MISCONFIGURED', 'This plan cannot be bought right now, please try again later');
  }
  return price;
}
