/**
 * The payment gateway port: exactly the operations billing asks of the payment provider (Stripe,
 * through `stripe-gateway.ts`), in the shapes billing reads. It owns no rule of ours: the services
 * decide which prices, items and statuses are right; the adapter only speaks the provider's API.
 * Provider errors reach the services as the two errors below when billing answers them with a
 * message of its own; any other failure is thrown as it came (billing answers 503).
 */

/** A price found by its lookup key. Amounts are in cents. */
export interface GatewayPrice {
  id: string;
  lookupKey: string | null;
  currency: string;
  unitAmount: number | null;
  /** The unit amount as a decimal (a metered price can be a fraction of a cent). */
  unitAmountDecimal: string | null;
  /** Null for a one-off price. */
  recurring: { interval: string; usageType: string } | null;
}

export interface GatewaySubscriptionItem {
  id: string;
  priceId: string;
  priceLookupKey: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
}

export interface GatewaySubscription {
  id: string;
  customerId: string | null;
  /** The owner we wrote in the subscription's metadata at checkout, if any. */
  metadataOwnerId: string | null;
  status: string;
  cancelAtPeriodEnd: boolean;
  items: GatewaySubscriptionItem[];
  /** A change waiting for its invoice to be paid (Stripe's pending update): the items it would set. */
  pendingUpdate: { items: { id: string; priceId: string }[] } | null;
  /** The client secret that confirms the latest invoice's payment, when it was asked for. */
  paymentSecret: string | null;
}

export interface GatewayCheckoutSession {
  id: string;
  /** The hosted payment page. */
  url: string | null;
  /** The owner the session was opened for (our client reference). */
  ownerId: string | null;
  customerId: string | null;
  status: string | null;
  paymentStatus: string;
  subscriptionId: string | null;
  /** The subscription itself, when it was asked for and exists. */
  subscription: GatewaySubscription | null;
}

export interface GatewayInvoice {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  number: string | null;
  status: string | null;
  currency: string;
  total: number;
  amountPaid: number;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
  created: Date;
}

/** A verified webhook event: what happened, and the id and kind of the object it names. */
export interface GatewayEvent {
  id: string;
  type: string;
  objectId: string;
  objectType: string | undefined;
}

export interface CheckoutSessionRequest {
  ownerId: string;
  customerId: string;
  /** The plan's licensed price (quantity 1). */
  priceId: string;
  /** The metered extra-credits price (usage is reported, no quantity). */
  meteredPriceId: string;
  /** Free days before the first charge; 0 for none. */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentGateway {
  /** The active price with this lookup key, or null. */
  findPrice(lookupKey: string): Promise<GatewayPrice | null>;
  /** Creates the owner's customer once per idempotency key; answers its id. */
  createCustomer(request: { email: string; ownerId: string; idempotencyKey: string }): Promise<string>;
  createCheckoutSession(request: CheckoutSessionRequest): Promise<GatewayCheckoutSession>;
  getCheckoutSession(id: string, options?: { withSubscription?: boolean }): Promise<GatewayCheckoutSession>;
  getSubscription(id: string, options?: { withPaymentSecret?: boolean }): Promise<GatewaySubscription>;
  setCancelAtPeriodEnd(id: string, cancelAtPeriodEnd: boolean): Promise<GatewaySubscription>;
  /**
   * Moves items to other prices (an item without id is added). The change is prorated and invoiced
   * at once, and applies only once that invoice is paid: until then the answer has a pending update
   * and the payment secret of its invoice.
   */
  changeSubscriptionItems(id: string, items: { id?: string; priceId: string }[]): Promise<GatewaySubscription>;
  /** Ends the subscription now. */
  cancelSubscription(id: string): Promise<GatewaySubscription>;
  getInvoice(id: string): Promise<GatewayInvoice>;
  /** The customer's self-service portal; answers its url. */
  createPortalSession(request: { customerId: string; returnUrl: string }): Promise<string>;
  /** Adds `value` to the customer's meter; the provider counts an `identifier` once. */
  recordMeterEvent(request: { eventName: string; customerId: string; value: string; identifier: string }): Promise<void>;
  /** The event in a webhook body, or null when its signature does not verify with `secret`. */
  verifyWebhookEvent(payload: Buffer, signature: string, secret: string): GatewayEvent | null;
}

/** A card error (declined, …); `message` is the provider's, shown to the customer. */
export class PaymentDeclinedError extends Error {
  override name = 'PaymentDeclinedError';
}

/** The provider has no such object. */
export class GatewayNotFoundError extends Error {
  override name = 'GatewayNotFoundError';
}
