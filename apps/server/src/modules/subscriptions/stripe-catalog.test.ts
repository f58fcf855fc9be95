import type { CheckoutResponse } from '@app/shared/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startStripeServer, type StripeServer } from '../../../test/vendors/stripe-server';
import { ensureStripeCatalog } from './stripe-catalog';
import { createStripe } from './stripe-gateway';

describe('Stripe catalog setup', () => {
  let stripe: StripeServer;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await startStripeServer({ catalog: false });
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_ENDPOINT_BASE: stripe.baseUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('creates the meter and the prices the server sells, once, and replaces a price that drifted', async () => {
    const sdk = createStripe({ secretKey: stripe.secretKey, endpointBase: stripe.baseUrl });
    const owner = await t.signUp();
    const before = await t.call(owner, 'GET', `/api/users/${owner.id}/subscriptions/checkouts?plan=pro`);
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({ code: 'BILLING_MISCONFIGURED' });

    const first = await ensureStripeCatalog(sdk);
    expect(first.created).toEqual([
      'meter extra_credits',
      ...['starter', 'basic', 'pro', 'biz'].map((p) => `price ${p}_monthly`),
      'price extra_credits_monthly',
      ...['starter', 'basic', 'pro', 'biz'].map((p) => `price ${p}_yearly`),
      'price extra_credits_yearly',
    ]);
    const byKey = (key: string) => [...stripe.prices.values()].find((p) => p.lookup_key === key)!;
    // In cents: monthly prices, and yearly 12-month totals at 75% rounded down per month.
    expect(['starter', 'basic', 'pro', 'biz'].map((p) => byKey(`${p}_monthly`).unit_amount)).toEqual([1900, 3900, 9900, 39_900]);
    expect(['starter', 'basic', 'pro', 'biz'].map((p) => byKey(`${p}_yearly`).unit_amount)).toEqual([
      16_800, 34_800, 88_800, 358_800,
    ]);
    expect(byKey('extra_credits_yearly')).toMatchObject({
      unit_amount_decimal: '0.1',
      recurring: { interval: 'year', usage_type: 'metered' },
    });

    const again = await ensureStripeCatalog(sdk);
    expect(again.created).toEqual([]);
    expect(again.kept).toHaveLength(11);

    const after = await t.call(owner, 'GET', `/api/users/${owner.id}/subscriptions/checkouts?plan=pro`);
    expect(after.json<CheckoutResponse>()).toMatchObject({ success: true });

    const old = byKey('pro_monthly');
    old.unit_amount = 9000;
    expect((await ensureStripeCatalog(sdk)).created).toEqual(['price pro_monthly']);
    expect(old.lookup_key).toBeNull();
    expect(byKey('pro_monthly').unit_amount).toBe(9900);
  });
});
