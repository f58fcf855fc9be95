import { pathToFileURL } from 'node:url';
import { EXTRA_CREDITS_METER_EVENT, extraCreditsLookupKey, priceLookupKey } from '@app/shared/billing';
import { billedPrice, OFFERED_PLANS, PLAN_CURRENCY, type BillingCycle } from '@app/shared/plans';
import Stripe from 'stripe';
import { createStripe } from './stripe-gateway';

/**
 * Sets up a Stripe account for billing (docs/decisions.md, Billing): the extra-credits meter, one
 * product, and the prices the server looks up — `<plan>_<cycle>` at the plans' amounts and
 * `extra_credits_<cycle>` metered at €0.001 a unit. Idempotent: what is already right is kept; a
 * price whose amount differs from the plans is replaced, its lookup key moved to the new price.
 *
 *   STRIPE_SECRET_KEY=sk_… node --import tsx apps/server/src/modules/subscriptions/stripe-catalog.ts
 */
export async function ensureStripeCatalog(stripe: Stripe): Promise<{ created: string[]; kept: string[] }> {
  const created: string[] = [];
  const kept: string[] = [];
  const cycles: BillingCycle[] = ['monthly', 'yearly'];
  const interval = (cycle: BillingCycle) => (cycle === 'yearly' ? 'year' : 'month');

  const meters = await stripe.billing.meters.list({ status: 'active', limit: 100 });
  let meter = meters.data.find((m) => m.event_name === EXTRA_CREDITS_METER_EVENT);
  if (meter) kept.push(`meter ${EXTRA_CREDITS_METER_EVENT}`);
  else {
    meter = await stripe.billing.meters.create({
      display_name: 'Extra credits',
      event_name: EXTRA_CREDITS_METER_EVENT,
      default_aggregation: { formula: 'sum' },
      customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
      value_settings: { event_payload_key: 'value' },
    });
    created.push(`meter ${EXTRA_CREDITS_METER_EVENT}`);
  }

  type Wanted = { key: string; params: Omit<Stripe.PriceCreateParams, 'product'>; matches: (p: Stripe.Price) => boolean };
  const wanted: Wanted[] = [];
  for (const cycle of cycles) {
    for (const plan of OFFERED_PLANS) {
      const amount = billedPrice(plan, cycle) * 100;
      wanted.push({
        key: priceLookupKey(plan.id, cycle),
        params: {
          currency: PLAN_CURRENCY,
          unit_amount: amount,
          recurring: { interval: interval(cycle) },
          nickname: `${plan.id.toUpperCase()} ${cycle}`,
        },
        matches: (p) => p.unit_amount === amount && p.currency === PLAN_CURRENCY && p.recurring?.interval === interval(cycle),
      });
    }
    wanted.push({
      key: extraCreditsLookupKey(cycle),
      params: {
        currency: PLAN_CURRENCY,
        unit_amount_decimal: Stripe.Decimal.from('0.1'),
        recurring: { interval: interval(cycle), usage_type: 'metered', meter: meter.id },
        nickname: `Extra credits ${cycle}`,
      },
      matches: (p) =>
        p.currency === PLAN_CURRENCY &&
        p.recurring?.usage_type === 'metered' &&
        p.recurring.interval === interval(cycle) &&
        p.recurring.meter === meter.id &&
        Number(String(p.unit_amount_decimal)) === 0.1,
    });
  }

  const existing = await stripe.prices.list({ lookup_keys: wanted.map((w) => w.key), active: true, limit: 100 });
  let product: string | null = null;
  for (const want of wanted) {
    const current = existing.data.find((p) => p.lookup_key === want.key);
    if (current && want.matches(current)) {
      kept.push(`price ${want.key}`);
      continue;
    }
    product ??= current
      ? typeof current.product === 'string'
        ? current.product
        : current.product.id
      : (await stripe.products.create({ name: 'Mail assistant' })).id;
    await stripe.prices.create({
      ...want.params,
      product,
      lookup_key: want.key,
      transfer_lookup_key: true,
    });
    created.push(`price ${want.key}`);
  }
  return { created, kept };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (!secretKey) {
    console.error('Set STRIPE_SECRET_KEY (and STRIPE_ENDPOINT_BASE for a test server).');
    process.exit(1);
  }
  ensureStripeCatalog(createStripe({ secretKey, endpointBase: process.env.STRIPE_ENDPOINT_BASE }))
    .then(({ created, kept }) => {
      for (const line of created) console.log(`created ${line}`);
      for (const line of kept) console.log(`kept    ${line}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
