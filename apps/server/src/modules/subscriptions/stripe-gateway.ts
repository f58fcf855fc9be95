import Stripe from 'stripe';
import {
  GatewayNotFoundError,
  PaymentDeclinedError,
  type GatewayCheckoutSession,
  type GatewayInvoice,
  type GatewayPrice,
  type GatewaySubscription,
  type PaymentGateway,
} from './payment-gateway';

/**
 * The payment gateway over Stripe's SDK, and the SDK client for our account (the catalog setup
 * script uses it too): the one place billing's requests are written in Stripe's terms (parameters,
 * `expand`, metadata) and Stripe's objects read back into the port's shapes. Card errors and
 * missing objects become the port's errors; anything else is thrown as the SDK threw it.
 */

export type StripeCredentials = { secretKey: string; endpointBase?: string };

/**
 * The Stripe SDK for our account. `endpointBase` points it at another host (the test suite's
 * Stripe-shaped server); the SDK retries network errors and 429/409s itself (with the same
 * idempotency key).
 */
export function createStripe(credentials: StripeCredentials): Stripe {
  const base = credentials.endpointBase ? new URL(credentials.endpointBase) : null;
  return new Stripe(credentials.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'mail-assistant' },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** The payment gateway for our Stripe account. */
export function createStripeGateway(credentials: StripeCredentials): PaymentGateway {
  const stripe = createStripe(credentials);
  return {
    async findPrice(lookupKey) {
      const prices = await translated(() => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }));
      const price = prices.data[0];
      return price ? priceOf(price) : null;
    },

    async createCustomer({ email, ownerId, idempotencyKey }) {
      const customer = await translated(() => stripe.customers.create({ email, metadata: { ownerId } }, { idempotencyKey }));
      return customer.id;
    },

    async createCheckoutSession(request) {
      const { ownerId, trialDays } = request;
      const session = await translated(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: request.customerId,
          client_reference_id: ownerId,
          line_items: [{ price: request.priceId, quantity: 1 }, { price: request.meteredPriceId }],
          subscription_data: { metadata: { ownerId }, ...(trialDays > 0 && { trial_period_days: trialDays }) },
          metadata: { ownerId },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        }),
      );
      return checkoutSessionOf(session);
    },

    async getCheckoutSession(id, options) {
      const session = await translated(() =>
        options?.withSubscription
          ? stripe.checkout.sessions.retrieve(id, { expand: ['subscription'] })
          : stripe.checkout.sessions.retrieve(id),
      );
      return checkoutSessionOf(session);
    },

    async getSubscription(id, options) {
      const sub = await translated(() =>
        options?.withPaymentSecret
          ? stripe.subscriptions.retrieve(id, { expand: ['latest_invoice.confirmation_secret'] })
          : stripe.subscriptions.retrieve(id),
      );
      return subscriptionOf(sub);
    },

    async setCancelAtPeriodEnd(id, cancelAtPeriodEnd) {
      return subscriptionOf(await translated(() => stripe.subscriptions.update(id, { cancel_at_period_end: cancelAtPeriodEnd })));
    },

    async changeSubscriptionItems(id, items) {
      // pending_if_incomplete: the new prices apply only once their invoice is paid (Stripe's pending updates).
      const updated = await translated(() =>
        stripe.subscriptions.update(id, {
          items: items.map((item) => (item.id === undefined ? { price: item.priceId } : { id: item.id, price: item.priceId })),
          proration_behavior: 'always_invoice',
          payment_behavior: 'pending_if_incomplete',
          expand: ['latest_invoice.confirmation_secret'],
        }),
      );
      return subscriptionOf(updated);
    },

    async cancelSubscription(id) {
      return subscriptionOf(await translated(() => stripe.subscriptions.cancel(id)));
    },

    async getInvoice(id) {
      return invoiceOf(await translated(() => stripe.invoices.retrieve(id)));
    },

    async createPortalSession({ customerId, returnUrl }) {
      const portal = await translated(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return portal.url;
    },

    async recordMeterEvent({ eventName, customerId, value, identifier }) {
      // The meter maps `stripe_customer_id` to the customer and sums `value` (stripe-catalog.ts).
      await translated(() =>
        stripe.billing.meterEvents.create({
          event_name: eventName,
          payload: { stripe_customer_id: customerId, value },
          identifier,
        }),
      );
    },

    verifyWebhookEvent(payload, signature, secret) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, secret);
      } catch {
        return null;
      }
      const object = event.data.object as { id?: string; object?: string };
      return { id: event.id, type: event.type, objectId: object.id!, objectType: object.object };
    },
  };
}

/** Runs an SDK call; a card error and a missing object become the port's errors. */
async function translated<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(error.message, { cause: error });
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404)
      throw new GatewayNotFoundError(error.message, { cause: error });
    throw error;
  }
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));
const seconds = (s: number | undefined) => (s ? new Date(s * 1000) : null);

function priceOf(price: Stripe.Price): GatewayPrice {
  return {
    id: price.id,
    lookupKey: price.lookup_key,
    currency: price.currency,
    unitAmount: price.unit_amount,
    unitAmountDecimal: price.unit_amount_decimal == null ? null : String(price.unit_amount_decimal),
    recurring: price.recurring ? { interval: price.recurring.interval, usageType: price.recurring.usage_type } : null,
  };
}

function subscriptionOf(sub: Stripe.Subscription): GatewaySubscription {
  // latest_invoice is an id unless it was expanded.
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer),
    metadataOwnerId: sub.metadata?.ownerId ?? null,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    items: sub.items.data.map((item) => ({
      id: item.id,
      priceId: item.price.id,
      priceLookupKey: item.price.lookup_key,
      currentPeriodStart: seconds(item.current_period_start),
      currentPeriodEnd: seconds(item.current_period_end),
    })),
    pendingUpdate: sub.pending_update
      ? { items: (sub.pending_update.subscription_items ?? []).map((item) => ({ id: item.id, priceId: item.price.id })) }
      : null,
    paymentSecret: invoice?.confirmation_secret?.client_secret ?? null,
  };
}

function checkoutSessionOf(session: Stripe.Checkout.Session): GatewayCheckoutSession {
  return {
    id: session.id,
    url: session.url,
    ownerId: session.client_reference_id,
    customerId: idOf(session.customer),
    status: session.status,
    paymentStatus: session.payment_status,
    subscriptionId: idOf(session.subscription),
    subscription: session.subscription && typeof session.subscription === 'object' ? subscriptionOf(session.subscription) : null,
  };
}

function invoiceOf(invoice: Stripe.Invoice): GatewayInvoice {
  return {
    id: invoice.id,
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency,
    total: invoice.total,
    amountPaid: invoice.amount_paid,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
    created: new Date(invoice.created * 1000),
  };
}
