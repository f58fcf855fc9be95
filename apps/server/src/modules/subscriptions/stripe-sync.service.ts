import { parsePriceLookupKey } from '@app/shared/billing';
import { topUpGrant } from '../../credits/ledger';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { call, LIVE, licensedItem, requireGateway, type BillingDeps } from './billing-common';
import type { GatewayInvoice, GatewaySubscription } from './payment-gateway';
import * as repo from './subscriptions.repository';
import { creditAccountOf } from './subscriptions.service';

/**
 * Stripe synchronisation (spec 01 §8; DESIGN §10): the owner's plan, period and invoices follow
 * Stripe's state only — a verified webhook, or an object fetched from Stripe with our secret key.
 * Every event is applied by fetching the object it names again, so deliveries that arrive twice or
 * out of order leave the latest state. `syncSubscription` is also what checkout and plan changes
 * call with the subscription Stripe answered them.
 */

async function ownerOfCustomer(db: Db, customerId: string | null, metadataOwner?: string | null) {
  if (!customerId) return null;
  const row = await repo.findSubscriptionByCustomer(db, customerId);
  if (row) return row.ownerId;
  // A customer we created carries its owner; link it if that owner has none yet.
  if (metadataOwner && (await repo.linkCustomer(db, metadataOwner, customerId)) === customerId) return metadataOwner;
  return null;
}

/** Applies a subscription as Stripe holds it to its owner's plan (DESIGN §10: FREE and trialing are active). */
export async function syncSubscription(deps: BillingDeps, sub: GatewaySubscription) {
  const ownerId = await ownerOfCustomer(deps.db, sub.customerId, sub.metadataOwnerId);
  if (!ownerId) return;
  const item = licensedItem(sub);
  const priced = item ? parsePriceLookupKey(item.priceLookupKey) : null;
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
      currentPeriodStart: item?.currentPeriodStart ?? null,
      currentPeriodEnd: item?.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
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

async function syncInvoice(deps: BillingDeps, invoice: GatewayInvoice) {
  const ownerId = await ownerOfCustomer(deps.db, invoice.customerId);
  if (!ownerId) return;
  await repo.upsertInvoice(deps.db, {
    id: invoice.id,
    ownerId,
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency,
    total: invoice.total,
    amountPaid: invoice.amountPaid,
    hostedInvoiceUrl: invoice.hostedInvoiceUrl,
    invoicePdf: invoice.invoicePdf,
    created: invoice.created,
  });
}

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
  const gateway = requireGateway(deps);
  if (!deps.webhookSecret) throw new AppError(503, 'BILLING_MISCONFIGURED', 'The webhook secret is not configured');
  const event = gateway.verifyWebhookEvent(payload, signature ?? '', deps.webhookSecret);
  if (!event) throw new AppError(400, 'INVALID_SIGNATURE', 'Invalid webhook signature');
  if (await repo.eventSeen(deps.db, event.id)) return { received: true as const, duplicate: true };

  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const session = await refetch(deps, () => gateway.getCheckoutSession(event.objectId));
    if (session?.ownerId && session.customerId) await repo.linkCustomer(deps.db, session.ownerId, session.customerId);
    const subId = session?.subscriptionId;
    const sub = subId ? await refetch(deps, () => gateway.getSubscription(subId)) : null;
    if (sub) await syncSubscription(deps, sub);
  } else if (event.type.startsWith('customer.subscription.')) {
    const sub = await refetch(deps, () => gateway.getSubscription(event.objectId));
    if (sub) await syncSubscription(deps, sub);
  } else if (event.type.startsWith('invoice.') && event.objectType === 'invoice') {
    const invoice = await refetch(deps, () => gateway.getInvoice(event.objectId));
    if (invoice) {
      await syncInvoice(deps, invoice);
      const subId = invoice.subscriptionId;
      const sub = subId ? await refetch(deps, () => gateway.getSubscription(subId)) : null;
      if (sub) await syncSubscription(deps, sub);
    }
  }
  // Other events (charge.refunded, …) change no plan: a refund does not end a subscription, a cancellation does.
  await repo.recordEvent(deps.db, event.id, event.type);
  return { received: true as const, duplicate: false };
}
