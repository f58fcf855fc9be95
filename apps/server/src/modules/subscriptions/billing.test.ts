import type { CheckoutResponse, CheckoutStatus, Invoice, SubscriptionState, SwitchPlanResponse } from '@app/shared/billing';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';
import { startStripeServer, type StripeServer } from '../../../test/vendors/stripe-server';
import { periodOf, previousPeriodOf } from '../../credits/ledger';
import type { BillingDeps } from './billing-common';
import { reportAllExtraCredits, reportExtraCredits } from './extra-credits.service';
import { createStripeGateway } from './stripe-gateway';

/**
 * Contract tests: the real `stripe` SDK against a local server answering Stripe's documented JSON,
 * webhooks signed with the SDK's test-header helper and delivered to /api/stripe/webhook.
 */
describe('billing with Stripe', () => {
  let stripe: StripeServer;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startStripeServer();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_ENDPOINT_BASE: stripe.baseUrl,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /** Posts events to the webhook as Stripe does: the exact bytes and a Stripe-Signature header. */
  async function deliver(events: Stripe.Event[]) {
    const answers = [];
    for (const event of events) {
      const { payload, header } = stripe.sign(event);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json<{ duplicate: boolean }>());
    }
    return answers;
  }
  /** Events emitted since `mark` (an index into the server's event log). */
  const since = (mark: number) => stripe.events.slice(mark);

  const state = async (user: TestUser) => (await t.call(user, 'GET', '/api/session')).json<SubscriptionState>();
  const checkout = (user: TestUser, query = '') => t.call(user, 'GET', `/api/users/${user.id}/subscriptions/checkouts${query}`);
  const status = (user: TestUser, sid: string) => t.call(user, 'GET', `/api/users/${user.id}/checkouts/${sid}/status`);
  const switchTo = (user: TestUser, newPlan: string, billingCycle?: string) =>
    t.call(user, 'POST', `/api/users/${user.id}/subscriptions/switch`, { newPlan, ...(billingCycle && { billingCycle }) });
  const invoices = async (user: TestUser) => (await t.call(user, 'GET', `/api/users/${user.id}/invoices`)).json<Invoice[]>();

  /** An owner who went through checkout and paid; answers the Stripe subscription id. */
  async function subscribed(plan: string, cycle = 'monthly') {
    const owner = await t.signUp();
    const started = (await checkout(owner, `?plan=${plan}&billingCycle=${cycle}`)).json<CheckoutResponse>();
    await stripe.completeCheckout(started.sessionId!);
    await status(owner, started.sessionId!);
    const [row] = await t.database.query<{ stripe_subscription_id: string }>(
      'SELECT stripe_subscription_id FROM subscription WHERE owner_id = $1',
      [owner.id],
    );
    const subId = row!.stripe_subscription_id;
    return { owner, subId };
  }

  it('starts every owner on FREE, billable, active (FREE counts as active)', async () => {
    const owner = await t.signUp();
    expect(await state(owner)).toMatchObject({
      billable: true,
      plan: 'free',
      subscriptionStatus: 'active',
      subscriptionBillingCycle: 'monthly',
    });
    const again = await t.call(owner, 'POST', `/api/users/${owner.id}/subscriptions`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ plan: 'free', subscriptionStatus: 'active' });
  });

  it('opens a hosted checkout at the price Stripe holds for the plan, without granting anything yet', async () => {
    const owner = await t.signUp();
    const res = await checkout(owner, '?plan=pro&billingCycle=yearly');
    expect(res.statusCode).toBe(200);
    const body = res.json<CheckoutResponse>();
    expect(body).toMatchObject({ success: true, message: '' });
    expect(body.url).toBe(`${stripe.baseUrl}/c/pay/${body.sessionId}`);

    const created = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    expect(created.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: owner.id,
      success_url: 'http://localhost:3000/subscriptions?sid={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/subscriptions',
      subscription_data: { metadata: { ownerId: owner.id } },
    });
    // PRO yearly: floor(99 × 0.75) = 74 a month, 888 billed once a year, in cents.
    const lookups = stripe.requests.filter((r) => r.path === '/v1/prices').map((r) => r.params.lookup_keys);
    expect(lookups.slice(-2)).toEqual([['pro_yearly'], ['extra_credits_yearly']]);
    // The plan's price, and the metered price of extra credits (no quantity: usage is reported).
    const lineItems = created.params.line_items as { price: string; quantity?: string }[];
    expect(lineItems).toHaveLength(2);
    expect(lineItems[0]!.quantity).toBe('1');
    expect(lineItems[1]!.quantity).toBeUndefined();
    expect((created.params.subscription_data as Record<string, unknown>).trial_period_days).toBeUndefined();

    // The browser coming back with the sid before paying gets nothing.
    const open = await status(owner, body.sessionId!);
    expect(open.json<CheckoutStatus>()).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      subscription: { plan: 'free' },
    });
    expect(await state(owner)).toMatchObject({ plan: 'free' });
  });

  it('grants the plan on the sid return from the session fetched from Stripe, then keeps invoices from the webhooks', async () => {
    const owner = await t.signUp();
    const { sessionId } = (await checkout(owner, '?plan=pro&billingCycle=yearly')).json<CheckoutResponse>();
    const mark = stripe.events.length;
    await stripe.completeCheckout(sessionId!);

    const done = await status(owner, sessionId!);
    expect(done.json<CheckoutStatus>()).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      subscription: { plan: 'pro', subscriptionBillingCycle: 'yearly', subscriptionStatus: 'active', billable: true },
    });
    expect((await state(owner)).plan).toBe('pro');

    expect(since(mark).map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    await deliver(since(mark));
    const list = await invoices(owner);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'paid', currency: 'eur', total: 88_800, amountPaid: 88_800 });
    expect(list[0]!.number).toMatch(/^TEST-\d{4}$/);
    expect(list[0]!.invoicePdf).toContain(list[0]!.id);
  });

  it('grants the plan from the webhook alone when the browser never comes back', async () => {
    const owner = await t.signUp();
    const { sessionId } = (await checkout(owner, '?plan=biz')).json<CheckoutResponse>();
    const mark = stripe.events.length;
    await stripe.completeCheckout(sessionId!);
    expect((await state(owner)).plan).toBe('free');
    await deliver(since(mark));
    expect(await state(owner)).toMatchObject({ plan: 'biz', subscriptionBillingCycle: 'monthly', subscriptionStatus: 'active' });
  });

  it('gives STARTER and BASIC their 7 free days once, trialing counting as active', async () => {
    const owner = await t.signUp();
    const { sessionId } = (await checkout(owner, '?plan=basic')).json<CheckoutResponse>();
    const created = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect((created.params.subscription_data as Record<string, unknown>).trial_period_days).toBe('7');
    await stripe.completeCheckout(sessionId!);
    const done = (await status(owner, sessionId!)).json<CheckoutStatus>();
    expect(done).toMatchObject({
      paymentStatus: 'no_payment_required',
      subscription: { plan: 'basic', subscriptionStatus: 'active' },
    });
    const [row] = await t.database.query<{ stripe_status: string; stripe_subscription_id: string }>(
      'SELECT stripe_status, stripe_subscription_id FROM subscription WHERE owner_id = $1',
      [owner.id],
    );
    expect(row!.stripe_status).toBe('trialing');

    // After a cancellation, a new checkout has no free days.
    await stripe.cancelSubscription(row!.stripe_subscription_id);
    await deliver(stripe.events.slice(-1));
    expect(await state(owner)).toMatchObject({ plan: 'free', subscriptionStatus: 'active' });
    await checkout(owner, '?plan=starter');
    const second = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect((second.params.subscription_data as Record<string, unknown>).trial_period_days).toBeUndefined();
  });

  it('answers the checkout defaults and refusals with a message', async () => {
    const owner = await t.signUp();
    const free = await checkout(owner);
    expect(free.statusCode).toBe(400);
    expect(free.json()).toMatchObject({ success: false, status: 400, message: 'The free plan needs no checkout' });
    const unknown = await checkout(owner, '?plan=gold');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    const cycle = await checkout(owner, '?plan=pro&billingCycle=weekly');
    expect(cycle.statusCode).toBe(400);

    const { owner: paying } = await subscribed('pro');
    const same = await checkout(paying, '?plan=pro');
    expect(same.json()).toEqual({ success: true, url: null, sessionId: null, message: 'This is already your current plan' });
    const other = await checkout(paying, '?plan=biz');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'SUBSCRIPTION_EXISTS',
      message: 'You already have a subscription: switch your plan instead',
    });
  });

  it('keeps each owner to their own billing: other ids 403, other sessions 404, members 403', async () => {
    const [a, b] = [await t.signUp(), await t.signUp()];
    const { sessionId } = (await checkout(a, '?plan=pro')).json<CheckoutResponse>();
    expect((await t.call(b, 'GET', `/api/users/${a.id}/subscriptions/checkouts?plan=pro`)).statusCode).toBe(403);
    expect((await t.call(b, 'GET', `/api/users/${a.id}/invoices`)).statusCode).toBe(403);
    expect((await t.call(b, 'GET', `/api/billing/${a.id}`)).statusCode).toBe(403);
    const stolen = await status(b, sessionId!);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ success: false, message: 'Checkout session not found' });
    await stripe.completeCheckout(sessionId!);
    await status(b, sessionId!);
    expect((await state(b)).plan).toBe('free');
    expect((await t.call(a, 'GET', `/api/users/${a.id}/checkouts/not-a-session/status`)).statusCode).toBe(400);
    expect((await t.call(a, 'GET', `/api/users/${a.id}/checkouts/cs_test_unknown/status`)).statusCode).toBe(404);

    const member = await t.signUp();
    // A member as an accepted invitation leaves it: referrer set, no subscription of their own.
    await t.makeMember(a, member);
    await t.database.query('DELETE FROM subscription WHERE owner_id = $1', [member.id]);
    const refused = await checkout(member, '?plan=pro');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'errors.ownerOnly' });
    // Members have no subscription of their own: POST is refused as GET is, and they follow the owner.
    expect((await t.call(member, 'POST', `/api/users/${member.id}/subscriptions`, {})).statusCode).toBe(403);
    const rows = await t.database.query('SELECT 1 FROM subscription WHERE owner_id = $1', [member.id]);
    expect(rows).toHaveLength(0);
    await status(a, sessionId!);
    expect(await state(member)).toMatchObject({ billable: false, plan: 'pro', subscriptionStatus: 'active' });
  });

  it('switches a paid plan in place with proration when the card pays', async () => {
    const { owner } = await subscribed('basic');
    const res = await switchTo(owner, 'pro');
    expect(res.statusCode).toBe(200);
    expect(res.json<SwitchPlanResponse>()).toMatchObject({
      success: true,
      status: 'active',
      clientSecret: null,
      subscription: { plan: 'pro', subscriptionBillingCycle: 'monthly' },
    });
    const update = stripe.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/')).at(-1)!;
    expect(update.params).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' });
    // The period's credits follow the upgrade: BASIC's 7,000 then raised to PRO's 21,000.
    const [sub] = await t.database.query<{ start: Date }>(
      'SELECT current_period_start AS start FROM subscription WHERE owner_id = $1',
      [owner.id],
    );
    const month = periodOf(sub!.start);
    const [granted] = await t.database.query<{ total: string }>(
      `SELECT sum(amount) AS total FROM credit_entry WHERE owner_id = $1 AND month = $2 AND kind = 'grant'`,
      [owner.id, month],
    );
    expect(Number(granted!.total)).toBe(21_000);

    const yearly = (await switchTo(owner, 'pro', 'yearly')).json<SwitchPlanResponse>();
    expect(yearly.subscription).toMatchObject({ plan: 'pro', subscriptionBillingCycle: 'yearly' });
    // The extra-credits item follows the cycle.
    const subId = (
      await t.database.query<{ id: string }>('SELECT stripe_subscription_id AS id FROM subscription WHERE owner_id = $1', [
        owner.id,
      ])
    )[0]!.id;
    const items = (stripe.subscriptions.get(subId)!.items as { data: { price: { lookup_key: string } }[] }).data;
    expect(items.map((i) => i.price.lookup_key)).toEqual(['pro_yearly', 'extra_credits_yearly']);
    const same = (await switchTo(owner, 'pro', 'yearly')).json<SwitchPlanResponse>();
    expect(same).toMatchObject({ status: 'active', message: 'This is already your current plan' });
  });

  it('holds a switch that needs 3-D Secure until the payment is confirmed (requires_action)', async () => {
    const { owner } = await subscribed('pro');
    stripe.card = 'requires_action';
    try {
      const res = (await switchTo(owner, 'biz')).json<SwitchPlanResponse>();
      expect(res).toMatchObject({
        status: 'requires_action',
        publishableKey: stripe.publishableKey,
        subscription: { plan: 'pro' },
      });
      expect(res.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
      // Another switch while one waits for its payment is refused; the same one answers its payment again.
      const again = await switchTo(owner, 'basic');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'PAYMENT_PENDING' });
      const retry = (await switchTo(owner, 'biz')).json<SwitchPlanResponse>();
      expect(retry).toMatchObject({ status: 'requires_action', clientSecret: res.clientSecret });

      stripe.card = 'succeed';
      const mark = stripe.events.length;
      expect(await stripe.confirmPayment(res.clientSecret!)).toEqual({ ok: true });
      const processed = await t.call(owner, 'GET', `/api/users/${owner.id}/payments/process`);
      expect(processed.json<SubscriptionState>()).toMatchObject({ plan: 'biz', subscriptionStatus: 'active' });
      await deliver(since(mark));
      expect((await state(owner)).plan).toBe('biz');
    } finally {
      stripe.card = 'succeed';
    }
  });

  it('never grants a switch whose payment is declined', async () => {
    const { owner } = await subscribed('pro');
    stripe.card = 'decline';
    try {
      const mark = stripe.events.length;
      const res = (await switchTo(owner, 'biz')).json<SwitchPlanResponse>();
      expect(res.status).toBe('requires_action');
      expect(await stripe.confirmPayment(res.clientSecret!)).toEqual({ ok: false, message: 'Your card was declined.' });
      await deliver(since(mark));
      expect(since(mark).map((e) => e.type)).toContain('invoice.payment_failed');
      expect(await state(owner)).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
      const open = (await invoices(owner)).find((i) => i.status === 'open');
      expect(open).toBeDefined();
      // Another card later: the same change is paid and applied.
      stripe.card = 'succeed';
      const retry = (await switchTo(owner, 'biz')).json<SwitchPlanResponse>();
      expect(retry.clientSecret).toBe(res.clientSecret);
      expect(await stripe.confirmPayment(retry.clientSecret!)).toEqual({ ok: true });
      expect((await t.call(owner, 'GET', `/api/users/${owner.id}/payments/process`)).json()).toMatchObject({ plan: 'biz' });
    } finally {
      stripe.card = 'succeed';
    }
  });

  it('refuses a switch without a paid subscription and schedules a switch to FREE at period end', async () => {
    const fresh = await t.signUp();
    const none = await switchTo(fresh, 'pro');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NO_SUBSCRIPTION' });

    const { owner, subId } = await subscribed('pro');
    const res = (await switchTo(owner, 'free')).json<SwitchPlanResponse>();
    expect(res).toMatchObject({ status: 'scheduled', subscription: { plan: 'pro', cancelAtPeriodEnd: true } });
    const mark = stripe.events.length;
    await stripe.cancelSubscription(subId);
    await deliver(since(mark));
    expect(await state(owner)).toMatchObject({ plan: 'free', subscriptionStatus: 'active' });
  });

  it('applies each event once, whatever the order: the latest Stripe state wins', async () => {
    const { owner, subId } = await subscribed('basic');
    const mark = stripe.events.length;
    await switchTo(owner, 'pro');
    await stripe.cancelSubscription(subId);
    const events = since(mark);
    // Newest first, then everything again: the plan is FREE (cancelled), invoices are not doubled.
    const first = await deliver([...events].reverse());
    expect(first.every((a) => !a.duplicate)).toBe(true);
    const second = await deliver(events);
    expect(second.every((a) => a.duplicate)).toBe(true);
    expect(await state(owner)).toMatchObject({ plan: 'free', subscriptionStatus: 'active' });
    const ids = (await invoices(owner)).map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);

    // An old "created" event arriving late does not bring the cancelled plan back.
    const created = stripe.events.find(
      (e) => e.type === 'customer.subscription.created' && (e.data.object as { id: string }).id === subId,
    )!;
    await deliver([{ ...created, id: `${created.id}_late` }]);
    expect((await state(owner)).plan).toBe('free');
  });

  it('marks a failed renewal past_due (not active) and a paid one active again', async () => {
    const { owner, subId } = await subscribed('pro');
    stripe.card = 'decline';
    let mark = stripe.events.length;
    await stripe.renew(subId);
    stripe.card = 'succeed';
    await deliver(since(mark));
    expect(await state(owner)).toMatchObject({ plan: 'pro', subscriptionStatus: 'past_due' });
    const failed = (await invoices(owner)).find((i) => i.status === 'open');
    expect(failed).toBeDefined();

    mark = stripe.events.length;
    await stripe.renew(subId);
    await deliver(since(mark));
    expect(await state(owner)).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
  });

  it('acknowledges a refund without changing the plan', async () => {
    const { owner, subId } = await subscribed('pro');
    const mark = stripe.events.length;
    await stripe.refundLatestInvoice(subId);
    const [answer] = await deliver(since(mark));
    expect(answer).toEqual({ received: true, duplicate: false });
    expect((await state(owner)).plan).toBe('pro');
  });

  it('refuses webhooks without a valid signature', async () => {
    const event = stripe.events[0]!;
    const { payload, header } = stripe.sign(event);
    const post = (body: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
        payload: body,
      });
    for (const res of [
      await post(payload),
      await post(payload.replace('"livemode":false', '"livemode":true'), header),
      await post(payload, 't=1,v1=00'),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_SIGNATURE', message: 'Invalid webhook signature' });
    }
  });

  it('lets a new checkout replace a first subscription whose payment was left unfinished', async () => {
    const { owner, subId } = await subscribed('pro');
    // As when the first payment's 3-D Secure step was abandoned: Stripe keeps it incomplete for 23 hours.
    stripe.subscriptions.get(subId)!.status = 'incomplete';
    await t.database.query(
      `UPDATE subscription SET stripe_status = 'incomplete', status = 'requires_action' WHERE owner_id = $1`,
      [owner.id],
    );
    const again = await checkout(owner, '?plan=basic&billingCycle=monthly');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<CheckoutResponse>().url).toBeTruthy();
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subId}`)).toBe(true);
    expect(stripe.subscriptions.get(subId)!.status).toBe('canceled');
  });

  it('opens the billing portal for a customer, or answers no url', async () => {
    const fresh = await t.signUp();
    expect((await t.call(fresh, 'GET', `/api/billing/${fresh.id}`)).json()).toEqual({ url: null });
    const { owner } = await subscribed('pro');
    const { url } = (await t.call(owner, 'GET', `/api/billing/${owner.id}`)).json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^${stripe.baseUrl}/p/session/bps_`));
    const portal = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portal.params.return_url).toBe('http://localhost:3000/subscriptions');
  });
  it('reports extra credits beyond the grant to the billing meter once, at the plan price', async () => {
    const deps: BillingDeps = {
      db: t.database.db,
      gateway: createStripeGateway({ secretKey: stripe.secretKey, endpointBase: stripe.baseUrl }),
      appUrl: 'http://localhost:3000',
      publishableKey: null,
      webhookSecret: null,
    };
    // Credits follow the subscription's billing period (a calendar month without one).
    const periodFor = async (ownerId: string) => {
      const [row] = await t.database.query<{ start: Date | null }>(
        'SELECT current_period_start AS start FROM subscription WHERE owner_id = $1',
        [ownerId],
      );
      return periodOf(row?.start ?? null);
    };
    const use = async (ownerId: string, amount: number, key: string) =>
      t.database.query(
        `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key) VALUES ($1, $2, 'debit', $3, 'ai draft', $4)`,
        [ownerId, await periodFor(ownerId), -amount, `${key}:${ownerId}`],
      );
    const { owner } = await subscribed('pro');
    const month = await periodFor(owner.id);
    expect(month).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const customer = (
      await t.database.query<{ c: string }>('SELECT stripe_customer_id AS c FROM subscription WHERE owner_id = $1', [owner.id])
    )[0]!.c;
    const eventsFor = () =>
      stripe.meterEvents.filter((e) => (e.payload as { stripe_customer_id: string }).stripe_customer_id === customer);

    await use(owner.id, 20_990, 'a');
    expect(await reportExtraCredits(deps, owner.id, month)).toBe(0);
    await use(owner.id, 20, 'b'); // 10 credits beyond PRO's 21,000
    expect(await reportExtraCredits(deps, owner.id, month)).toBe(10);
    expect(await reportExtraCredits(deps, owner.id, month)).toBe(0);
    await use(owner.id, 30, 'c');
    expect(await reportExtraCredits(deps, owner.id, month)).toBe(30);
    // PRO: €0.005 a credit = 5 units of €0.001.
    expect(eventsFor().map((e) => [e.event_name, (e.payload as { value: string }).value, e.identifier])).toEqual([
      ['extra_credits', '50', `extra:${owner.id}:${month}:10`],
      ['extra_credits', '150', `extra:${owner.id}:${month}:40`],
    ]);

    // A crash after Stripe counted a report but before we wrote it down: the retry names the same total.
    await use(owner.id, 10, 'd');
    await t.database.query('UPDATE meter_report SET pending_credits = 50 WHERE owner_id = $1', [owner.id]);
    await deps.gateway!.recordMeterEvent({
      eventName: 'extra_credits',
      customerId: customer,
      value: '50',
      identifier: `extra:${owner.id}:${month}:50`,
    });
    expect(await reportExtraCredits(deps, owner.id, month)).toBe(10);
    expect(eventsFor()).toHaveLength(3);

    // FREE and STARTER stop at zero: nothing to report.
    const free = await t.signUp();
    await use(free.id, 600, 'f');
    expect(await reportExtraCredits(deps, free.id)).toBe(0);
    const { owner: starter } = await subscribed('starter');
    await use(starter.id, 6000, 's');
    expect(await reportExtraCredits(deps, starter.id)).toBe(0);

    // The hourly job also reports what the period before used after its last run.
    const [sub] = await t.database.query<{ start: Date }>(
      'SELECT current_period_start AS start FROM subscription WHERE owner_id = $1',
      [owner.id],
    );
    const previous = previousPeriodOf(sub!.start);
    await t.database.query(
      `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key)
       VALUES ($1, $2, 'grant', 21000, 'pro monthly grant', $3), ($1, $2, 'debit', -21004, 'ai draft', $4)`,
      [owner.id, previous, `prev-grant:${owner.id}`, `prev-use:${owner.id}`],
    );
    await reportAllExtraCredits(deps);
    await reportAllExtraCredits(deps);
    expect(eventsFor().filter((e) => e.identifier === `extra:${owner.id}:${previous}:4`)).toHaveLength(1);
  });
});

describe('billing when Stripe cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_unreachable', STRIPE_ENDPOINT_BASE: 'http://127.0.0.1:9' } });
  });
  afterAll(() => t?.close());

  it('answers 503 with a message, never 500', async () => {
    const owner = await t.signUp();
    const res = await t.call(owner, 'GET', `/api/users/${owner.id}/subscriptions/checkouts?plan=pro`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'BILLING_UNAVAILABLE',
      message: 'The payment service is unavailable, please try again later',
    });
  });
});

describe('billing off (no Stripe keys)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('puts everyone on BIZ rules, not billable, and keeps the billing calls harmless', async () => {
    const owner = await t.signUp();
    expect((await t.call(owner, 'GET', '/api/session')).json()).toMatchObject({
      billable: false,
      plan: 'biz',
      subscriptionStatus: 'active',
    });
    const co = await t.call(owner, 'GET', `/api/users/${owner.id}/subscriptions/checkouts?plan=pro`);
    expect(co.statusCode).toBe(404);
    expect(co.json()).toMatchObject({ success: false, code: 'BILLING_DISABLED', message: 'Billing is not enabled' });
    expect((await t.call(owner, 'POST', `/api/users/${owner.id}/subscriptions/switch`, { newPlan: 'pro' })).statusCode).toBe(404);
    expect((await t.call(owner, 'GET', `/api/billing/${owner.id}`)).json()).toEqual({ url: null });
    expect((await t.call(owner, 'GET', `/api/users/${owner.id}/invoices`)).json()).toEqual([]);
    expect((await t.call(owner, 'POST', `/api/users/${owner.id}/subscriptions`, {})).json()).toMatchObject({
      billable: false,
      plan: 'biz',
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
  });
});
