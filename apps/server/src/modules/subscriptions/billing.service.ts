import {
  EXTRA_CREDITS_METER_EVENT,
  extraCreditsLookupKey,
  meterUnitsPerCredit,
  parsePriceLookupKey,
  priceLookupKey,
  type CheckoutResponse,
  type CheckoutStatus,
  type Invoice,
  type SubscriptionState,
  type SwitchPlanResponse,
} from '@app/shared/billing';
import { billedPrice, PLAN_CURRENCY, planOf, type BillingCycle, type PlanId } from '@app/shared/plans';
import Stripe from 'stripe';
import { balance, periodOf, previousPeriodOf, topUpGrant } from '../../credits/ledger';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import type { RequestUser } from '../../http/auth-guard';
import * as repo from './subscriptions.repository';
import { accountPlan, creditAccountOf, ensureOwnerSubscription } from './subscriptions.service';

/**
 * Billing with Stripe (spec 01 §2, §4, §7, §8; DESIGN §10). The plan is granted only from Stripe's
 * state: a verified webhook, or an object fetched from Stripe with our secret key — never from what
 * the browser says. Every event is applied by fetching the object it names again, so deliveries
 * that arrive twice or out of order leave the latest state.
 */
export interface BillingDeps {
  db: Db;
  /** Null when billing is off (no STRIPE_SECRET_KEY). */
  stripe: Stripe | null;
  appUrl: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Stripe statuses under which a subscription is still the customer's. */
const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

const unavailable = () => new AppError(503, 'BILLING_UNAVAILABLE', 'The payment service is unavailable, please try again later');

/** Runs a Stripe call; its errors become answers with a message (402 card, 404 missing, 503 otherwise). */
async function call<T>(deps: BillingDeps, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Stripe.errors.StripeCardError) throw new AppError(402, 'PAYMENT_FAILED', error.message);
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) throw notFound();
    deps.log?.error({ err: error }, 'stripe call failed');
    throw unavailable();
  }
}

function requireStripe(deps: BillingDeps): Stripe {
  if (!deps.stripe) throw new AppError(404, 'BILLING_DISABLED', 'Billing is not enabled');
  return deps.stripe;
}

/** The caller acts on their own account only; members never see billing (DESIGN §4). */
function requireOwnerSelf(caller: RequestUser, userId: string) {
  if (caller.id !== userId) throw forbidden();
  if (caller.referrerId !== null) throw forbidden('Only the account owner manages the subscription');
}

export async function subscriptionState(
  db: Db,
  user: Pick<RequestUser, 'id' | 'referrerId'>,
  billingEnabled: boolean,
): Promise<SubscriptionState> {
  const plan = await accountPlan(db, user, billingEnabled);
  const row = await repo.findSubscription(db, user.referrerId ?? user.id);
  return {
    ...plan,
    plan: planOf(plan.plan).id,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
  };
}

/** POST /users/{userId}/subscriptions: idempotent per owner; members have none of their own (403, as GET). */
export async function createSubscription(deps: BillingDeps, caller: RequestUser, userId: string) {
  requireOwnerSelf(caller, userId);
  await ensureOwnerSubscription(deps.db, caller.id, Boolean(deps.stripe));
  return subscriptionState(deps.db, caller, Boolean(deps.stripe));
}

/** GET /users/{userId}/subscriptions: the owner's subscription with its period (a scheduled end shows). */
export async function getSubscription(deps: BillingDeps, caller: RequestUser, userId: string) {
  requireOwnerSelf(caller, userId);
  return subscriptionState(deps.db, caller, Boolean(deps.stripe));
}

/**
 * The Stripe price of a plan and cycle, by lookup key; it must say what the plans data says
 * (currency, amount, interval), so a misconfigured account charges nobody a wrong amount.
 */
async function priceFor(deps: BillingDeps, stripe: Stripe, plan: PlanId, cycle: BillingCycle) {
  const prices = await call(deps, () =>
    stripe.prices.list({ lookup_keys: [priceLookupKey(plan, cycle)], active: true, limit: 1 }),
  );
  const price = prices.data[0];
  const expected = billedPrice(planOf(plan), cycle) * 100;
  const interval = cycle === 'yearly' ? 'year' : 'month';
  if (!price || price.unit_amount !== expected || price.currency !== PLAN_CURRENCY || price.recurring?.interval !== interval) {
    deps.log?.error(
      { plan, cycle, price: price?.id, amount: price?.unit_amount, expected },
      'stripe price missing or different from the plans',
    );
    throw new AppError(503, 'BILLING_MISCONFIGURED', 'This plan cannot be bought right now, please try again later');
  }
  return price;
}

/** The metered price of extra credits for a cycle: €0.001 per unit, billed in arrears. */
async function meteredPriceFor(deps: BillingDeps, stripe: Stripe, cycle: BillingCycle) {
  const prices = await call(deps, () =>
    stripe.prices.list({ lookup_keys: [extraCreditsLookupKey(cycle)], active: true, limit: 1 }),
  );
  const price = prices.data[0];
  const interval = cycle === 'yearly' ? 'year' : 'month';
  if (
    !price ||
    price.currency !== PLAN_CURRENCY ||
    price.recurring?.usage_type !== 'metered' ||
    price.recurring.interval !== interval ||
    Number(String(price.unit_amount_decimal)) !== 0.1
  ) {
    deps.log?.error({ cycle, price: price?.id }, 'stripe metered price for extra credits missing or different');
    throw new AppError(503, 'BILLING_MISCONFIGURED', 'This plan cannot be bought right now, please try again later');
  }
  return price;
}

async function ensureCustomer(deps: BillingDeps, stripe: Stripe, owner: RequestUser, row: repo.SubscriptionRow) {
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const customer = await call(deps, () =>
    stripe.customers.create({ email: owner.email, metadata: { ownerId: owner.id } }, { idempotencyKey: `customer:${owner.id}` }),
  );
  return (await repo.linkCustomer(deps.db, owner.id, customer.id)) ?? customer.id;
}

async function ownerRow(deps: BillingDeps, owner: RequestUser) {
  await ensureOwnerSubscription(deps.db, owner.id, true);
  const row = await repo.findSubscription(deps.db, owner.id);
  if (!row) throw notFound();
  return row;
}

const hasLiveSubscription = (row: repo.SubscriptionRow) => Boolean(row.stripeSubscriptionId && LIVE.has(row.stripeStatus ?? ''));

/** GET /users/{userId}/subscriptions/checkouts: a hosted Checkout Session for a new subscription. */
export async function startCheckout(
  deps: BillingDeps,
  caller: RequestUser,
  userId: string,
  query: { plan: PlanId; billingCycle: BillingCycle },
): Promise<CheckoutResponse> {
  requireOwnerSelf(caller, userId);
  const stripe = requireStripe(deps);
  if (query.plan === 'free') throw badRequest('The free plan needs no checkout');
  let row = await ownerRow(deps, caller);
  if (row.stripeStatus === 'incomplete' && row.stripeSubscriptionId) {
    // A first payment left unfinished (3-D Secure abandoned): Stripe would keep it for 23 hours,
    // blocking a new attempt; the owner's new checkout replaces it.
    const id = row.stripeSubscriptionId;
    await syncSubscription(deps, await call(deps, () => stripe.subscriptions.cancel(id)));
    row = await ownerRow(deps, caller);
  }
  if (hasLiveSubscription(row)) {
    if (row.plan === query.plan && row.billingCycle === query.billingCycle)
      return { success: true, url: null, sessionId: null, message: 'This is already your current plan' };
    throw conflict('SUBSCRIPTION_EXISTS', 'You already have a subscription: switch your plan instead');
  }
  const price = await priceFor(deps, stripe, query.plan, query.billingCycle);
  const metered = await meteredPriceFor(deps, stripe, query.billingCycle);
  const customer = await ensureCustomer(deps, stripe, caller, row);
  // The free days are for a first subscription only.
  const trialDays = row.stripeSubscriptionId ? 0 : planOf(query.plan).trialDays;
  const session = await call(deps, () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: caller.id,
      line_items: [{ price: price.id, quantity: 1 }, { price: metered.id }],
      subscription_data: { metadata: { ownerId: caller.id }, ...(trialDays > 0 && { trial_period_days: trialDays }) },
      metadata: { ownerId: caller.id },
      success_url: `${deps.appUrl}/subscriptions?sid={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.appUrl}/subscriptions`,
    }),
  );
  if (!session.url) throw unavailable();
  return { success: true, url: session.url, sessionId: session.id, message: '' };
}

/** GET /users/{userId}/checkouts/{sessionId}/status: the session (it must be the caller's) read from Stripe. */
export async function checkoutStatus(
  deps: BillingDeps,
  caller: RequestUser,
  userId: string,
  sessionId: string,
): Promise<CheckoutStatus> {
  requireOwnerSelf(caller, userId);
  const stripe = requireStripe(deps);
  const session = await call(deps, () => stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }));
  if (session.client_reference_id !== caller.id) throw notFound('Checkout session not found');
  if (session.status === 'complete' && session.subscription) {
    const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    if (customer) await repo.linkCustomer(deps.db, caller.id, customer);
    const sub =
      typeof session.subscription === 'string'
        ? await call(deps, () => stripe.subscriptions.retrieve(session.subscription as string))
        : session.subscription;
    await syncSubscription(deps, sub);
  }
  return {
    sessionId: session.id,
    status: oneOf(String(session.status), ['complete', 'expired'] as const, 'open'),
    paymentStatus: oneOf(String(session.payment_status), ['paid', 'no_payment_required'] as const, 'unpaid'),
    subscription: await subscriptionState(deps.db, caller, true),
  };
}

function oneOf<const T extends string, const D extends string>(value: string, known: readonly T[], otherwise: D): T | D {
  return (known as readonly string[]).includes(value) ? (value as T) : otherwise;
}

const licensedItem = (sub: Stripe.Subscription) =>
  sub.items.data.find((item) => parsePriceLookupKey(item.price.lookup_key) !== null) ?? null;
const meteredItem = (sub: Stripe.Subscription) =>
  sub.items.data.find((item) => item.price.lookup_key?.startsWith('extra_credits_')) ?? null;

/** POST /users/{userId}/subscriptions/switch: the paid plan changed in place, prorated by Stripe. */
export async function switchPlan(
  deps: BillingDeps,
  caller: RequestUser,
  userId: string,
  body: { newPlan: PlanId; billingCycle: BillingCycle },
): Promise<SwitchPlanResponse> {
  requireOwnerSelf(caller, userId);
  const stripe = requireStripe(deps);
  const row = await ownerRow(deps, caller);
  if (!hasLiveSubscription(row))
    throw conflict('NO_SUBSCRIPTION', 'You have no paid subscription to change: choose a plan to subscribe');
  const answer = async (status: SwitchPlanResponse['status'], message: string, clientSecret: string | null = null) => ({
    success: true as const,
    status,
    clientSecret,
    publishableKey: clientSecret ? deps.publishableKey : null,
    subscription: await subscriptionState(deps.db, caller, true),
    message,
  });
  const sub = await call(deps, () => stripe.subscriptions.retrieve(row.stripeSubscriptionId!));

  if (body.newPlan === 'free') {
    if (!sub.cancel_at_period_end)
      await syncSubscription(deps, await call(deps, () => stripe.subscriptions.update(sub.id, { cancel_at_period_end: true })));
    return answer('scheduled', 'Your subscription ends at the end of the current period');
  }
  const item = licensedItem(sub);
  if (!item) throw unavailable();
  const current = parsePriceLookupKey(item.price.lookup_key)!;
  if (sub.cancel_at_period_end) {
    await syncSubscription(deps, await call(deps, () => stripe.subscriptions.update(sub.id, { cancel_at_period_end: false })));
  }
  if (current.plan === body.newPlan && current.cycle === body.billingCycle)
    return answer('active', 'This is already your current plan');

  const price = await priceFor(deps, stripe, body.newPlan, body.billingCycle);
  if (sub.pending_update) {
    // The same change again: its invoice is still open, the customer may pay it now (a retry after a decline).
    const pendingPrice = sub.pending_update.subscription_items?.find((i) => i.id === item.id)?.price.id;
    if (pendingPrice !== price.id) throw conflict('PAYMENT_PENDING', 'A previous plan change is waiting for its payment');
    const latest = await call(deps, () =>
      stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice.confirmation_secret'] }),
    );
    const invoice = typeof latest.latest_invoice === 'object' ? latest.latest_invoice : null;
    const secret = invoice?.confirmation_secret?.client_secret ?? null;
    if (!secret) throw conflict('PAYMENT_PENDING', 'A previous plan change is waiting for its payment');
    return answer('requires_action', 'Confirm the payment to change your plan', secret);
  }
  // The extra-credits item follows the cycle (or is added to a subscription that lacks it).
  const metered = meteredItem(sub);
  const items: Stripe.SubscriptionUpdateParams.Item[] = [{ id: item.id, price: price.id }];
  if (!metered || metered.price.lookup_key !== extraCreditsLookupKey(body.billingCycle)) {
    const meteredPrice = await meteredPriceFor(deps, stripe, body.billingCycle);
    items.push(metered ? { id: metered.id, price: meteredPrice.id } : { price: meteredPrice.id });
  }
  // pending_if_incomplete: the new plan applies only once its invoice is paid (Stripe's pending updates).
  const updated = await call(deps, () =>
    stripe.subscriptions.update(sub.id, {
      items,
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    }),
  );
  await syncSubscription(deps, updated);
  if (updated.pending_update) {
    const invoice = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
    const secret = invoice?.confirmation_secret?.client_secret ?? null;
    if (!secret) throw new AppError(402, 'PAYMENT_FAILED', 'The payment for this change failed');
    return answer('requires_action', 'Confirm the payment to change your plan', secret);
  }
  return answer('active', 'Your plan has been changed');
}

/** GET /users/{userId}/payments/process: after the browser confirmed a payment, Stripe's state is read again. */
export async function processPayment(deps: BillingDeps, caller: RequestUser, userId: string) {
  requireOwnerSelf(caller, userId);
  const stripe = requireStripe(deps);
  const row = await ownerRow(deps, caller);
  if (row.stripeSubscriptionId)
    await syncSubscription(deps, await call(deps, () => stripe.subscriptions.retrieve(row.stripeSubscriptionId!)));
  return subscriptionState(deps.db, caller, true);
}

/** GET /billing/{userId}: Stripe's customer portal for the owner, or null when there is no customer yet. */
export async function billingPortal(deps: BillingDeps, caller: RequestUser, userId: string) {
  requireOwnerSelf(caller, userId);
  if (!deps.stripe) return { url: null };
  const stripe = deps.stripe;
  const row = await repo.findSubscription(deps.db, caller.id);
  if (!row?.stripeCustomerId) return { url: null };
  const portal = await call(deps, () =>
    stripe.billingPortal.sessions.create({ customer: row.stripeCustomerId!, return_url: `${deps.appUrl}/subscriptions` }),
  );
  return { url: portal.url };
}

/** The owner's invoices as Stripe's webhooks reported them, newest first. */
export async function invoicesOf(deps: BillingDeps, caller: RequestUser, userId: string): Promise<Invoice[]> {
  requireOwnerSelf(caller, userId);
  if (!deps.stripe) return [];
  const rows = await repo.listInvoices(deps.db, caller.id);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    currency: r.currency,
    total: r.total,
    amountPaid: r.amountPaid,
    created: r.created.toISOString(),
    hostedInvoiceUrl: r.hostedInvoiceUrl,
    invoicePdf: r.invoicePdf,
  }));
}

async function ownerOfCustomer(db: Db, customer: string | { id: string } | null, metadataOwner?: string) {
  const customerId = typeof customer === 'string' ? customer : customer?.id;
  if (!customerId) return null;
  const row = await repo.findSubscriptionByCustomer(db, customerId);
  if (row) return row.ownerId;
  // A customer we created carries its owner; link it if that owner has none yet.
  if (metadataOwner && (await repo.linkCustomer(db, metadataOwner, customerId)) === customerId) return metadataOwner;
  return null;
}

/** Applies a subscription as Stripe holds it to its owner's plan (DESIGN §10: FREE and trialing are active). */
export async function syncSubscription(deps: BillingDeps, sub: Stripe.Subscription) {
  const ownerId = await ownerOfCustomer(deps.db, sub.customer, sub.metadata?.ownerId);
  if (!ownerId) return;
  const item = licensedItem(sub);
  const priced = item ? parsePriceLookupKey(item.price.lookup_key) : null;
  const seconds = (s: number | undefined) => (s ? new Date(s * 1000) : null);
  const applied = await repo.updateSubscriptionLocked(deps.db, ownerId, (row) => {
    // An old subscription ending does not take the plan of a newer one that is still live.
    if (
      row.stripeSubscriptionId &&
      row.stripeSubscriptionId !== sub.id &&
      LIVE.has(row.stripeStatus ?? '') &&
      !LIVE.has(sub.status)
    )
      return null;
    const common = {
      stripeSubscriptionId: sub.id,
      stripeStatus: sub.status,
      currentPeriodStart: seconds(item?.current_period_start),
      currentPeriodEnd: seconds(item?.current_period_end),
      cancelAtPeriodEnd: sub.cancel_at_period_end,
    };
    if (!LIVE.has(sub.status) || !priced) return { ...common, plan: 'free', billingCycle: 'monthly', status: 'active' };
    if (sub.status === 'incomplete') return { ...common, status: 'requires_action' };
    const status = sub.status === 'trialing' ? 'active' : sub.status;
    return { ...common, plan: priced.plan, billingCycle: priced.cycle, status };
  });
  // A new plan within a credit period raises the period's credits to it (docs/decisions.md, Billing).
  if (applied && applied.before.plan !== applied.after.plan)
    await topUpGrant(deps.db, await creditAccountOf(deps.db, { id: ownerId, referrerId: null }, true));
}

async function syncInvoice(deps: BillingDeps, invoice: Stripe.Invoice) {
  const ownerId = await ownerOfCustomer(deps.db, invoice.customer);
  if (!ownerId) return;
  await repo.upsertInvoice(deps.db, {
    id: invoice.id,
    ownerId,
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency,
    total: invoice.total,
    amountPaid: invoice.amount_paid,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
    created: new Date(invoice.created * 1000),
  });
}

const invoiceSubscription = (invoice: Stripe.Invoice) => {
  const sub = invoice.parent?.subscription_details?.subscription;
  return typeof sub === 'string' ? sub : (sub?.id ?? null);
};

/** Fetches an object again; one that Stripe no longer has is skipped. */
async function refetch<T>(deps: BillingDeps, run: () => Promise<T>): Promise<T | null> {
  try {
    return await call(deps, run);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/** The Stripe webhook: signature verified, each event id applied once, state fetched from Stripe. */
export async function handleWebhook(deps: BillingDeps, payload: Buffer, signature: string | undefined) {
  const stripe = requireStripe(deps);
  if (!deps.webhookSecret) throw new AppError(503, 'BILLING_MISCONFIGURED', 'The webhook secret is not configured');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature ?? '', deps.webhookSecret);
  } catch {
    throw new AppError(400, 'INVALID_SIGNATURE', 'Invalid webhook signature');
  }
  if (await repo.eventSeen(deps.db, event.id)) return { received: true as const, duplicate: true };
  const object = event.data.object as { id?: string; object?: string };

  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const session = await refetch(deps, () => stripe.checkout.sessions.retrieve(object.id!));
    if (session?.client_reference_id && session.customer) {
      const customer = typeof session.customer === 'string' ? session.customer : session.customer.id;
      await repo.linkCustomer(deps.db, session.client_reference_id, customer);
    }
    const subId = typeof session?.subscription === 'string' ? session.subscription : session?.subscription?.id;
    const sub = subId ? await refetch(deps, () => stripe.subscriptions.retrieve(subId)) : null;
    if (sub) await syncSubscription(deps, sub);
  } else if (event.type.startsWith('customer.subscription.')) {
    const sub = await refetch(deps, () => stripe.subscriptions.retrieve(object.id!));
    if (sub) await syncSubscription(deps, sub);
  } else if (event.type.startsWith('invoice.') && object.object === 'invoice') {
    const invoice = await refetch(deps, () => stripe.invoices.retrieve(object.id!));
    if (invoice) {
      await syncInvoice(deps, invoice);
      const subId = invoiceSubscription(invoice);
      const sub = subId ? await refetch(deps, () => stripe.subscriptions.retrieve(subId)) : null;
      if (sub) await syncSubscription(deps, sub);
    }
  }
  // Other events (charge.refunded, …) change no plan: a refund does not end a subscription, a cancellation does.
  await repo.recordEvent(deps.db, event.id, event.type);
  return { received: true as const, duplicate: false };
}

/**
 * Reports the owner's extra credits of a credit period (used beyond the grant, on a paid plan that
 * has them; the current period unless named) to Stripe's billing meter, as the plan's price in
 * €0.001 units. Each report names the total it brings the period to (`identifier`), and the total
 * is written as pending before it is sent, so a report retried after a crash is counted once by
 * Stripe. Answers the credits newly reported.
 */
export async function reportExtraCredits(deps: BillingDeps, ownerId: string, requested?: string): Promise<number> {
  const stripe = requireStripe(deps);
  const row = await repo.findSubscription(deps.db, ownerId);
  const period = requested ?? periodOf(row?.currentPeriodStart);
  const units = meterUnitsPerCredit(planOf(row?.plan ?? 'free').extraCreditPrice);
  if (!row?.stripeCustomerId || !hasLiveSubscription(row) || units === 0) return 0;
  const customer = row.stripeCustomerId;
  const send = async (from: number, to: number) => {
    await call(deps, () =>
      stripe.billing.meterEvents.create({
        event_name: EXTRA_CREDITS_METER_EVENT,
        payload: { stripe_customer_id: customer, value: String((to - from) * units) },
        identifier: `extra:${ownerId}:${period}:${to}`,
      }),
    );
    await repo.completeMeterReport(deps.db, ownerId, period, to);
  };
  let report = await repo.meterReport(deps.db, ownerId, period);
  const start = report.reportedCredits;
  if (report.pendingCredits !== null && report.pendingCredits > report.reportedCredits) {
    await send(report.reportedCredits, report.pendingCredits);
    report = await repo.meterReport(deps.db, ownerId, period);
  }
  const overage = Math.max(0, -(await balance(deps.db, ownerId, period)));
  if (overage > report.reportedCredits) {
    await repo.setPendingMeterReport(deps.db, ownerId, period, overage);
    await send(report.reportedCredits, overage);
  }
  return Math.max(overage, report.reportedCredits) - start;
}

/**
 * Every paying owner's extra credits, for the worker's hourly job: the period before the current
 * one first (what was used in its last hour), then the current one.
 */
export async function reportAllExtraCredits(deps: BillingDeps, now = new Date()) {
  for (const ownerId of await repo.ownersWithLiveSubscriptions(deps.db)) {
    try {
      const anchor = (await repo.findSubscription(deps.db, ownerId))?.currentPeriodStart;
      await reportExtraCredits(deps, ownerId, previousPeriodOf(anchor, now));
      await reportExtraCredits(deps, ownerId, periodOf(anchor, now));
    } catch (error) {
      deps.log?.warn({ err: error, ownerId }, 'extra credits report failed; retried on the next run');
    }
  }
}
