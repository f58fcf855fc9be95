import {
  extraCreditsLookupKey,
  parsePriceLookupKey,
  type CheckoutResponse,
  type CheckoutStatus,
  type Invoice,
  type SubscriptionState,
  type SwitchPlanResponse,
} from '@app/shared/billing';
import { planOf, type BillingCycle, type PlanId } from '@app/shared/plans';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { type Actor, assertSelf } from '../../access/actor';
import { call, hasLiveSubscription, licensedItem, requireGateway, unavailable, type BillingDeps } from './billing-common';
import type { GatewaySubscription, PaymentGateway } from './payment-gateway';
import { meteredPriceFor, priceFor } from './plan-prices';
import { syncSubscription } from './stripe-sync.service';
import * as repo from './subscriptions.repository';
import { accountPlan, ensureOwnerSubscription } from './subscriptions.service';

/**
 * Checkout and plan changes (spec 01 §2, §4, §7): the owner's subscription state, Stripe's hosted
 * checkout for a first subscription, in-place plan switches, the return after a payment, the
 * customer portal and the invoices. The plan is granted only from Stripe's state — a session or
 * subscription fetched from Stripe with our secret key, applied by `syncSubscription` — never from
 * what the browser says.
 */

export async function subscriptionState(
  db: Db,
  user: Pick<Actor, 'id' | 'referrerId'>,
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
export async function createSubscription(deps: BillingDeps, caller: Actor, userId: string) {
  assertSelf(caller, userId);
  await ensureOwnerSubscription(deps.db, caller.id, Boolean(deps.gateway));
  return subscriptionState(deps.db, caller, Boolean(deps.gateway));
}

/** GET /users/{userId}/subscriptions: the owner's subscription with its period (a scheduled end shows). */
export async function getSubscription(deps: BillingDeps, caller: Actor, userId: string) {
  assertSelf(caller, userId);
  return subscriptionState(deps.db, caller, Boolean(deps.gateway));
}

async function ensureCustomer(deps: BillingDeps, gateway: PaymentGateway, owner: Actor, row: repo.SubscriptionRow) {
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const customer = await call(deps, () =>
    gateway.createCustomer({ email: owner.email, ownerId: owner.id, idempotencyKey: `customer:${owner.id}` }),
  );
  return (await repo.linkCustomer(deps.db, owner.id, customer)) ?? customer;
}

async function ownerRow(deps: BillingDeps, owner: Actor) {
  await ensureOwnerSubscription(deps.db, owner.id, true);
  const row = await repo.findSubscription(deps.db, owner.id);
  if (!row) throw notFound();
  return row;
}

/** GET /users/{userId}/subscriptions/checkouts: a hosted Checkout Session for a new subscription. */
export async function startCheckout(
  deps: BillingDeps,
  caller: Actor,
  userId: string,
  query: { plan: PlanId; billingCycle: BillingCycle },
): Promise<CheckoutResponse> {
  assertSelf(caller, userId);
  const gateway = requireGateway(deps);
  if (query.plan === 'free') throw badRequest('The free plan needs no checkout');
  let row = await ownerRow(deps, caller);
  if (row.stripeStatus === 'incomplete' && row.stripeSubscriptionId) {
    // A first payment left unfinished (3-D Secure abandoned): Stripe would keep it for 23 hours,
    // blocking a new attempt; the owner's new checkout replaces it.
    const id = row.stripeSubscriptionId;
    await syncSubscription(deps, await call(deps, () => gateway.cancelSubscription(id)));
    row = await ownerRow(deps, caller);
  }
  if (hasLiveSubscription(row)) {
    if (row.plan === query.plan && row.billingCycle === query.billingCycle)
      return { success: true, url: null, sessionId: null, message: 'This is already your current plan' };
    throw conflict('SUBSCRIPTION_EXISTS', 'You already have a subscription: switch your plan instead');
  }
  const price = await priceFor(deps, gateway, query.plan, query.billingCycle);
  const metered = await meteredPriceFor(deps, gateway, query.billingCycle);
  const customer = await ensureCustomer(deps, gateway, caller, row);
  // The free days are for a first subscription only.
  const trialDays = row.stripeSubscriptionId ? 0 : planOf(query.plan).trialDays;
  const session = await call(deps, () =>
    gateway.createCheckoutSession({
      ownerId: caller.id,
      customerId: customer,
      priceId: price.id,
      meteredPriceId: metered.id,
      trialDays,
      successUrl: `${deps.appUrl}/subscriptions?sid={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.appUrl}/subscriptions`,
    }),
  );
  if (!session.url) throw unavailable();
  return { success: true, url: session.url, sessionId: session.id, message: '' };
}

/** GET /users/{userId}/checkouts/{sessionId}/status: the session (it must be the caller's) read from Stripe. */
export async function checkoutStatus(
  deps: BillingDeps,
  caller: Actor,
  userId: string,
  sessionId: string,
): Promise<CheckoutStatus> {
  assertSelf(caller, userId);
  const gateway = requireGateway(deps);
  const session = await call(deps, () => gateway.getCheckoutSession(sessionId, { withSubscription: true }));
  if (session.ownerId !== caller.id) throw notFound('Checkout session not found');
  const subId = session.subscriptionId;
  if (session.status === 'complete' && subId) {
    if (session.customerId) await repo.linkCustomer(deps.db, caller.id, session.customerId);
    const sub = session.subscription ?? (await call(deps, () => gateway.getSubscription(subId)));
    await syncSubscription(deps, sub);
  }
  return {
    sessionId: session.id,
    status: oneOf(String(session.status), ['complete', 'expired'] as const, 'open'),
    paymentStatus: oneOf(session.paymentStatus, ['paid', 'no_payment_required'] as const, 'unpaid'),
    subscription: await subscriptionState(deps.db, caller, true),
  };
}

function oneOf<const T extends string, const D extends string>(value: string, known: readonly T[], otherwise: D): T | D {
  return (known as readonly string[]).includes(value) ? (value as T) : otherwise;
}

const meteredItem = (sub: GatewaySubscription) =>
  sub.items.find((item) => item.priceLookupKey?.startsWith('extra_credits_')) ?? null;

/** POST /users/{userId}/subscriptions/switch: the paid plan changed in place, prorated by Stripe. */
export async function switchPlan(
  deps: BillingDeps,
  caller: Actor,
  userId: string,
  body: { newPlan: PlanId; billingCycle: BillingCycle },
): Promise<SwitchPlanResponse> {
  assertSelf(caller, userId);
  const gateway = requireGateway(deps);
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
  const sub = await call(deps, () => gateway.getSubscription(row.stripeSubscriptionId!));

  if (body.newPlan === 'free') {
    if (!sub.cancelAtPeriodEnd) await syncSubscription(deps, await call(deps, () => gateway.setCancelAtPeriodEnd(sub.id, true)));
    return answer('scheduled', 'Your subscription ends at the end of the current period');
  }
  const item = licensedItem(sub);
  if (!item) throw unavailable();
  const current = parsePriceLookupKey(item.priceLookupKey)!;
  if (sub.cancelAtPeriodEnd) {
    await syncSubscription(deps, await call(deps, () => gateway.setCancelAtPeriodEnd(sub.id, false)));
  }
  if (current.plan === body.newPlan && current.cycle === body.billingCycle)
    return answer('active', 'This is already your current plan');

  const price = await priceFor(deps, gateway, body.newPlan, body.billingCycle);
  if (sub.pendingUpdate) {
    // The same change again: its invoice is still open, the customer may pay it now (a retry after a decline).
    const pendingPrice = sub.pendingUpdate.items.find((i) => i.id === item.id)?.priceId;
    if (pendingPrice !== price.id) throw conflict('PAYMENT_PENDING', 'A previous plan change is waiting for its payment');
    const latest = await call(deps, () => gateway.getSubscription(sub.id, { withPaymentSecret: true }));
    if (!latest.paymentSecret) throw conflict('PAYMENT_PENDING', 'A previous plan change is waiting for its payment');
    return answer('requires_action', 'Confirm the payment to change your plan', latest.paymentSecret);
  }
  // The extra-credits item follows the cycle (or is added to a subscription that lacks it).
  const metered = meteredItem(sub);
  const items: { id?: string; priceId: string }[] = [{ id: item.id, priceId: price.id }];
  if (!metered || metered.priceLookupKey !== extraCreditsLookupKey(body.billingCycle)) {
    const meteredPrice = await meteredPriceFor(deps, gateway, body.billingCycle);
    items.push(metered ? { id: metered.id, priceId: meteredPrice.id } : { priceId: meteredPrice.id });
  }
  // The new plan applies only once its invoice is paid: until then the answer holds a pending update.
  const updated = await call(deps, () => gateway.changeSubscriptionItems(sub.id, items));
  await syncSubscription(deps, updated);
  if (updated.pendingUpdate) {
    if (!updated.paymentSecret) throw new AppError(402, 'PAYMENT_FAILED', 'The payment for this change failed');
    return answer('requires_action', 'Confirm the payment to change your plan', updated.paymentSecret);
  }
  return answer('active', 'Your plan has been changed');
}

/** GET /users/{userId}/payments/process: after the browser confirmed a payment, Stripe's state is read again. */
export async function processPayment(deps: BillingDeps, caller: Actor, userId: string) {
  assertSelf(caller, userId);
  const gateway = requireGateway(deps);
  const row = await ownerRow(deps, caller);
  if (row.stripeSubscriptionId)
    await syncSubscription(deps, await call(deps, () => gateway.getSubscription(row.stripeSubscriptionId!)));
  return subscriptionState(deps.db, caller, true);
}

/** GET /billing/{userId}: Stripe's customer portal for the owner, or null when there is no customer yet. */
export async function billingPortal(deps: BillingDeps, caller: Actor, userId: string) {
  assertSelf(caller, userId);
  if (!deps.gateway) return { url: null };
  const gateway = deps.gateway;
  const row = await repo.findSubscription(deps.db, caller.id);
  if (!row?.stripeCustomerId) return { url: null };
  const url = await call(deps, () =>
    gateway.createPortalSession({ customerId: row.stripeCustomerId!, returnUrl: `${deps.appUrl}/subscriptions` }),
  );
  return { url };
}

/** The owner's invoices as Stripe's webhooks reported them, newest first. */
export async function invoicesOf(deps: BillingDeps, caller: Actor, userId: string): Promise<Invoice[]> {
  assertSelf(caller, userId);
  if (!deps.gateway) return [];
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
