import { parsePriceLookupKey } from '@app/shared/billing';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { GatewayNotFoundError, PaymentDeclinedError, type GatewaySubscription, type PaymentGateway } from './payment-gateway';
import type { SubscriptionRow } from './subscriptions.repository';

/**
 * What the billing services (checkout, Stripe synchronisation, extra credits) share: the deps they
 * are given, how a failed payment-gateway call is answered, which Stripe statuses still count as
 * the customer's subscription, and which item of a subscription carries the plan.
 */
export interface BillingDeps {
  db: Db;
  /** Null when billing is off (no STRIPE_SECRET_KEY). */
  gateway: PaymentGateway | null;
  appUrl: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Stripe statuses under which a subscription is still the customer's. */
export const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

export const unavailable = () =>
  new AppError(503, 'BILLING_UNAVAILABLE', 'The payment service is unavailable, please try again later');

/** Runs a gateway call; its errors become answers with a message (402 card, 404 missing, 503 otherwise). */
export async function call<T>(deps: BillingDeps, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof PaymentDeclinedError) throw new AppError(402, 'PAYMENT_FAILED', error.message);
    if (error instanceof GatewayNotFoundError) throw notFound();
    deps.log?.error({ err: error }, 'stripe call failed');
    throw unavailable();
  }
}

export function requireGateway(deps: BillingDeps): PaymentGateway {
  if (!deps.gateway) throw new AppError(404, 'BILLING_DISABLED', 'Billing is not enabled');
  return deps.gateway;
}

export const hasLiveSubscription = (row: SubscriptionRow) =>
  Boolean(row.stripeSubscriptionId && LIVE.has(row.stripeStatus ?? ''));

/** The item priced at a plan (`<plan>_<cycle>`), or null. */
export const licensedItem = (sub: GatewaySubscription) =>
  sub.items.find((item) => parsePriceLookupKey(item.priceLookupKey) !== null) ?? null;
