import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extraCreditsLookupKey, priceLookupKey } from '@app/shared/billing';
import { billedPrice, PLANS } from '@app/shared/plans';
import Stripe from 'stripe';

/**
 * A local server in Stripe's wire format (API version of the pinned SDK): form-encoded requests
 * with bracket notation, JSON objects as documented at https://docs.stripe.com/api, error bodies
 * `{ error: { type, code, message, param } }` (https://docs.stripe.com/api/errors), list objects,
 * `expand[]`. It holds prices (found by lookup key), customers, Checkout Sessions with a hosted
 * "pay" page, subscriptions (pending updates when a payment fails, https://docs.stripe.com/billing/
 * subscriptions/pending-updates), invoices, billing portal sessions and meter events, and it emits
 * events — kept for the tests, and POSTed signed (the SDK's test-header helper) to `webhookUrl`
 * when one is set. Switches drive what a customer or Stripe would do: pay, decline, 3-D Secure,
 * cancel, renew, refund.
 */

type Obj = Record<string, unknown> & { id: string };
export type CardOutcome = 'succeed' | 'requires_action' | 'decline';

export interface StripeServer {
  baseUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events are POSTed (signed); null keeps them for the test to deliver. */
  webhookUrl: string | null;
  /** What the next payments do. */
  card: CardOutcome;
  events: Stripe.Event[];
  requests: { method: string; path: string; params: Record<string, unknown> }[];
  meterEvents: Obj[];
  prices: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** Completes a Checkout Session as the hosted page does after the customer pays. */
  completeCheckout(sessionId: string): Promise<Obj>;
  /** What Stripe.js does with a client secret: pays the invoice (or fails per `card`). */
  confirmPayment(clientSecret: string): Promise<{ ok: true } | { ok: false; message: string }>;
  cancelSubscription(id: string): Promise<void>;
  /** The period ends: a renewal invoice is paid (or fails per `card`, and the subscription is past_due). */
  renew(id: string): Promise<void>;
  refundLatestInvoice(subscriptionId: string): Promise<void>;
  /** A signed `Stripe-Signature` header and body for an event, as Stripe would send it. */
  sign(event: Stripe.Event): { payload: string; header: string };
  /** POSTs pending events to webhookUrl (in order unless told otherwise). */
  deliver(events?: Stripe.Event[]): Promise<void>;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const DAY = 86_400;

/** Parses Stripe's form encoding: `a[b][0][c]=v` → nested objects and arrays. */
export function parseForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, arrays(x)] as const);
    if (entries.length && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, x]) => x);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}
const missing = (kind: string, value: string, param = 'id') =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${value}'`, {
    code: 'resource_missing',
    param,
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
  });
const declined = () =>
  stripeError(402, 'card_error', 'Your card was declined.', {
    code: 'card_declined',
    decline_code: 'generic_decline',
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
  });

/** `catalog: false` starts an account with no products, prices or meters (to test the catalog setup). */
export async function startStripeServer(options: { webhookUrl?: string; catalog?: boolean } = {}): Promise<StripeServer> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const prices = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const paymentIntents = new Map<string, { id: string; invoice: string; secret: string; status: string }>();
  const portalSessions = new Map<string, Obj>();
  const meterEvents: Obj[] = [];
  let invoiceCounter = 0;
  const product = 'prod_test_assistant';

  const meters = new Map<string, Obj>();
  const products = new Map<string, Obj>();
  for (const plan of PLANS.filter((p) => p.id !== 'free' && options.catalog !== false)) {
    for (const cycle of ['monthly', 'yearly'] as const) {
      const price = {
        id: id('price'),
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created: now(),
        currency: 'eur',
        livemode: false,
        lookup_key: priceLookupKey(plan.id, cycle),
        metadata: {},
        nickname: null,
        product,
        recurring: { interval: cycle === 'yearly' ? 'year' : 'month', interval_count: 1, meter: null, usage_type: 'licensed' },
        tax_behavior: 'unspecified',
        type: 'recurring',
        unit_amount: billedPrice(plan, cycle) * 100,
        unit_amount_decimal: String(billedPrice(plan, cycle) * 100),
      };
      prices.set(price.id, price);
    }
  }
  for (const cycle of options.catalog === false ? [] : (['monthly', 'yearly'] as const)) {
    const price = {
      id: id('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: 'eur',
      livemode: false,
      lookup_key: extraCreditsLookupKey(cycle),
      metadata: {},
      nickname: null,
      product,
      recurring: {
        interval: cycle === 'yearly' ? 'year' : 'month',
        interval_count: 1,
        meter: 'mtr_test_extra_credits',
        usage_type: 'metered',
      },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: null,
      unit_amount_decimal: '0.1',
    };
    prices.set(price.id, price);
  }

  const server: StripeServer = {
    baseUrl: '',
    secretKey,
    publishableKey,
    webhookSecret,
    webhookUrl: options.webhookUrl ?? null,
    card: 'succeed',
    events: [],
    requests: [],
    meterEvents,
    prices,
    subscriptions,
    invoices,
    completeCheckout,
    confirmPayment,
    async cancelSubscription(subId) {
      const sub = subscriptions.get(subId)!;
      Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now(), cancel_at_period_end: false });
      await emit('customer.subscription.deleted', sub);
    },
    async renew(subId) {
      const sub = subscriptions.get(subId)!;
      const item = firstItem(sub);
      const price = item.price;
      const start = item.current_period_end as number;
      Object.assign(item, { current_period_start: start, current_period_end: start + periodLength(price) });
      const invoice = makeInvoice(sub, price.unit_amount as number, 'subscription_cycle');
      if (server.card === 'succeed') {
        pay(invoice);
        Object.assign(sub, { status: 'active', latest_invoice: invoice.id });
        await emit('invoice.paid', invoice);
      } else {
        Object.assign(sub, { status: 'past_due', latest_invoice: invoice.id });
        await emit('invoice.payment_failed', invoice);
      }
      await emit('customer.subscription.updated', sub);
    },
    async refundLatestInvoice(subId) {
      const sub = subscriptions.get(subId)!;
      const invoice = invoices.get(sub.latest_invoice as string)!;
      const charge = {
        id: id('ch'),
        object: 'charge',
        amount: invoice.amount_paid,
        amount_refunded: invoice.amount_paid,
        currency: 'eur',
        customer: sub.customer,
        paid: true,
        refunded: true,
        status: 'succeeded',
        created: now(),
        livemode: false,
        metadata: {},
      };
      await emit('charge.refunded', { ...charge });
    },
    sign(event) {
      const payload = JSON.stringify(event);
      return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
    async deliver(events) {
      if (!server.webhookUrl) return;
      for (const event of events ?? []) {
        const { payload, header } = server.sign(event);
        await fetch(server.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        }).catch(() => undefined);
      }
    },
    close: () => new Promise((resolve) => httpServer.close(() => resolve())),
  };

  const periodLength = (price: Obj) => ((price.recurring as { interval: string }).interval === 'year' ? 365 : 30) * DAY;
  const firstItem = (sub: Obj) => ((sub.items as { data: Obj[] }).data[0] as Obj & { price: Obj }) ?? null;

  async function emit(type: string, object: Obj) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    server.events.push(event);
    await server.deliver([event]);
  }

  function makeInvoice(sub: Obj, amount: number, reason: string): Obj {
    invoiceCounter += 1;
    const invoiceId = id('in');
    const item = firstItem(sub);
    const invoice: Obj = {
      id: invoiceId,
      object: 'invoice',
      account_country: 'FR',
      amount_due: amount,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      confirmation_secret: null,
      created: now(),
      currency: 'eur',
      customer: sub.customer,
      hosted_invoice_url: null,
      invoice_pdf: null,
      livemode: false,
      metadata: {},
      number: `TEST-${String(invoiceCounter).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      period_end: item?.current_period_end ?? now(),
      period_start: item?.current_period_start ?? now(),
      status: 'open',
      subtotal: amount,
      total: amount,
    };
    invoice.hosted_invoice_url = `${server.baseUrl}/i/${invoiceId}`;
    invoice.invoice_pdf = `${server.baseUrl}/i/${invoiceId}/pdf`;
    invoices.set(invoiceId, invoice);
    return invoice;
  }

  function pay(invoice: Obj) {
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, confirmation_secret: null });
  }

  /** An open invoice the customer must act on: a payment intent and its client secret. */
  function awaitPayment(invoice: Obj) {
    const pi = id('pi');
    const secret = `${pi}_secret_${randomBytes(8).toString('hex')}`;
    paymentIntents.set(pi, { id: pi, invoice: invoice.id, secret, status: 'requires_action' });
    invoice.confirmation_secret = { type: 'payment_intent', client_secret: secret };
  }

  async function completeCheckout(sessionId: string) {
    const session = sessions.get(sessionId)!;
    const lineItems = session._line_items as { price: string }[];
    const subData = (session._subscription_data ?? {}) as { metadata?: Record<string, string>; trial_period_days?: string };
    const trialDays = Number(subData.trial_period_days ?? 0);
    const start = now();
    const subId = id('sub');
    const items = lineItems.map((li) => {
      const price = prices.get(li.price)!;
      const end = trialDays ? start + trialDays * DAY : start + periodLength(price);
      return {
        id: id('si'),
        object: 'subscription_item',
        created: start,
        current_period_start: start,
        current_period_end: end,
        metadata: {},
        price,
        quantity: (price.recurring as { usage_type: string }).usage_type === 'metered' ? undefined : 1,
        subscription: subId,
      };
    });
    const sub: Obj = {
      id: subId,
      object: 'subscription',
      billing_cycle_anchor: items[0]!.current_period_end,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: start,
      currency: 'eur',
      customer: session.customer,
      ended_at: null,
      items: list(items, `/v1/subscription_items?subscription=${subId}`),
      latest_invoice: null,
      livemode: false,
      metadata: subData.metadata ?? {},
      pending_update: null,
      start_date: start,
      status: trialDays ? 'trialing' : 'active',
      trial_end: trialDays ? items[0]!.current_period_end : null,
      trial_start: trialDays ? start : null,
    };
    subscriptions.set(subId, sub);
    const licensed = items.find((i) => i.quantity === 1)!;
    const invoice = makeInvoice(sub, trialDays ? 0 : (licensed.price.unit_amount as number), 'subscription_create');
    pay(invoice);
    sub.latest_invoice = invoice.id;
    Object.assign(session, {
      status: 'complete',
      payment_status: trialDays ? 'no_payment_required' : 'paid',
      subscription: subId,
      invoice: invoice.id,
    });
    await emit('customer.subscription.created', sub);
    await emit('invoice.paid', invoice);
    await emit('checkout.session.completed', publicSession(session));
    return session;
  }

  async function confirmPayment(clientSecret: string): Promise<{ ok: true } | { ok: false; message: string }> {
    const pi = [...paymentIntents.values()].find((p) => p.secret === clientSecret);
    if (!pi) return { ok: false, message: 'No such payment_intent' };
    const invoice = invoices.get(pi.invoice)!;
    if (server.card === 'decline') {
      await emit('invoice.payment_failed', invoice);
      return { ok: false, message: 'Your card was declined.' };
    }
    pi.status = 'succeeded';
    pay(invoice);
    await emit('invoice.paid', invoice);
    const subId = (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription;
    const sub = subscriptions.get(subId)!;
    if (sub.pending_update) {
      const pending = (sub.pending_update as { subscription_items: { id: string; price: Obj }[] }).subscription_items;
      applyItems(
        sub,
        pending.map((item) => ({ id: item.id, price: item.price.id })),
      );
      sub.pending_update = null;
      await emit('customer.subscription.pending_update_applied', sub);
    }
    if (sub.status === 'past_due' || sub.status === 'incomplete') sub.status = 'active';
    await emit('customer.subscription.updated', sub);
    return { ok: true };
  }

  function applyItems(sub: Obj, changes: { id: string; price: string }[]) {
    for (const change of changes) {
      const item = (sub.items as { data: Obj[] }).data.find((i) => i.id === change.id);
      if (!item) continue;
      const before = item.price as Obj;
      const after = prices.get(change.price)!;
      item.price = after;
      if (periodLength(before) !== periodLength(after)) {
        Object.assign(item, { current_period_start: now(), current_period_end: now() + periodLength(after) });
        sub.billing_cycle_anchor = now();
      }
    }
  }

  /** What an items change costs now (proration_behavior=always_invoice): the unused part of the old price is credited. */
  function prorationAmount(sub: Obj, changes: { id: string; price: string }[]) {
    let amount = 0;
    for (const change of changes) {
      const item = (sub.items as { data: Obj[] }).data.find((i) => i.id === change.id)!;
      const before = item.price as Obj;
      const after = prices.get(change.price)!;
      // Metered items bill their usage in arrears; a price change during a trial costs nothing.
      if (after.unit_amount === null || before.unit_amount === null) continue;
      if (sub.status === 'trialing') continue;
      if (periodLength(before) !== periodLength(after)) {
        const left = Math.max(0, (item.current_period_end as number) - now()) / periodLength(before);
        amount += (after.unit_amount as number) - Math.round((before.unit_amount as number) * left);
      } else {
        const left = Math.max(0, (item.current_period_end as number) - now()) / periodLength(before);
        amount += Math.round(((after.unit_amount as number) - (before.unit_amount as number)) * left);
      }
    }
    return Math.max(0, amount);
  }

  function publicSession(session: Obj) {
    return Object.fromEntries(Object.entries(session).filter(([k]) => !k.startsWith('_'))) as Obj;
  }

  function expandSession(session: Obj, expand: string[]) {
    const out = publicSession(session);
    if (expand.includes('subscription') && typeof out.subscription === 'string')
      out.subscription = subscriptions.get(out.subscription);
    return out;
  }

  function expandSubscription(sub: Obj, expand: string[]) {
    const out = structuredClone(sub);
    if (expand.some((e) => e.startsWith('latest_invoice')) && typeof out.latest_invoice === 'string')
      out.latest_invoice = invoices.get(out.latest_invoice);
    return out;
  }

  type Answer = { status: number; body: unknown } | { status: number; html: string } | { redirect: string };

  async function route(method: string, path: string, params: Record<string, unknown>, auth: string | undefined): Promise<Answer> {
    // The hosted pages (checkout, portal, invoice) are for the browser: no API key.
    let m = /^\/c\/pay\/(cs_\w+)$/.exec(path);
    if (m) {
      const session = sessions.get(m[1]!);
      if (!session) return { status: 404, html: '<p>Not found</p>' };
      if (method === 'POST') {
        if (server.card === 'decline') return { status: 402, html: '<p role="alert">Your card was declined.</p>' };
        if (session.status === 'open') await completeCheckout(session.id);
        return { redirect: (session.success_url as string).replace('{CHECKOUT_SESSION_ID}', session.id) };
      }
      return {
        status: 200,
        html: `<!doctype html><title>Stripe Checkout</title><h1>Test checkout</h1><p>${String(session.amount_total)} cents</p>
<form method="post"><button type="submit">Pay</button></form><a href="${String(session.cancel_url)}">Back</a>`,
      };
    }
    m = /^\/p\/session\/(bps_\w+)$/.exec(path);
    if (m) {
      const portal = portalSessions.get(m[1]!);
      if (!portal) return { status: 404, html: '<p>Not found</p>' };
      return {
        status: 200,
        html: `<!doctype html><title>Billing portal</title><h1>Billing portal</h1><a href="${String(portal.return_url)}">Return</a>`,
      };
    }
    m = /^\/i\/(in_\w+)(\/pdf)?$/.exec(path);
    if (m) return { status: 200, html: `<!doctype html><title>Invoice</title><h1>Invoice ${m[1]!}</h1>` };

    // Stripe.js confirming a payment intent with the publishable key and the client secret.
    m = /^\/v1\/payment_intents\/(pi_\w+)\/confirm$/.exec(path);
    if (m && method === 'POST') {
      if (params.key !== publishableKey)
        return stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${String(params.key).slice(0, 8)}****`);
      const pi = paymentIntents.get(m[1]!);
      if (!pi || pi.secret !== params.client_secret) return missing('payment_intent', m[1]!);
      const result = await confirmPayment(pi.secret);
      if (!result.ok) return declined();
      return {
        status: 200,
        body: { id: pi.id, object: 'payment_intent', status: 'succeeded', client_secret: pi.secret, currency: 'eur' },
      };
    }

    if (auth !== `Bearer ${secretKey}`)
      return stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${(auth ?? '').slice(7, 15)}****`);
    const expand = (params.expand as string[] | undefined) ?? [];

    if (method === 'POST' && path === '/v1/products') {
      if (!params.name) return stripeError(400, 'invalid_request_error', 'Missing required param: name.', { param: 'name' });
      const created = {
        id: id('prod'),
        object: 'product',
        active: true,
        created: now(),
        livemode: false,
        metadata: params.metadata ?? {},
        name: params.name,
      };
      products.set(created.id, created);
      return { status: 200, body: created };
    }
    if (method === 'POST' && path === '/v1/prices') {
      const recurring = params.recurring as { interval?: string; usage_type?: string; meter?: string } | undefined;
      if (typeof params.product !== 'string' || !products.has(params.product))
        return missing('product', String(params.product), 'product');
      if (!params.currency)
        return stripeError(400, 'invalid_request_error', 'Missing required param: currency.', { param: 'currency' });
      if (recurring?.usage_type === 'metered' && (!recurring.meter || !meters.has(recurring.meter)))
        return stripeError(400, 'invalid_request_error', 'Metered prices must have a meter.', { param: 'recurring[meter]' });
      const key = params.lookup_key as string | undefined;
      const holder = key ? [...prices.values()].find((p) => p.lookup_key === key) : undefined;
      if (holder && params.transfer_lookup_key !== 'true')
        return stripeError(400, 'invalid_request_error', `A price (\`${holder.id}\`) already uses that lookup key.`, {
          param: 'lookup_key',
        });
      if (holder) holder.lookup_key = null;
      const created = {
        id: id('price'),
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created: now(),
        currency: params.currency,
        livemode: false,
        lookup_key: key ?? null,
        metadata: params.metadata ?? {},
        nickname: params.nickname ?? null,
        product: params.product,
        recurring: recurring
          ? {
              interval: recurring.interval,
              interval_count: 1,
              meter: recurring.meter ?? null,
              usage_type: recurring.usage_type ?? 'licensed',
            }
          : null,
        tax_behavior: 'unspecified',
        type: recurring ? 'recurring' : 'one_time',
        unit_amount: params.unit_amount !== undefined ? Number(params.unit_amount) : null,
        unit_amount_decimal:
          (params.unit_amount_decimal as string | undefined) ??
          (typeof params.unit_amount === 'string' ? params.unit_amount : null),
      };
      prices.set(created.id, created);
      return { status: 200, body: created };
    }
    if (method === 'GET' && path === '/v1/billing/meters') {
      return {
        status: 200,
        body: list(
          [...meters.values()].filter((m) => !params.status || m.status === params.status),
          '/v1/billing/meters',
        ),
      };
    }
    if (method === 'POST' && path === '/v1/billing/meters') {
      if ([...meters.values()].some((m) => m.event_name === params.event_name && m.status === 'active'))
        return stripeError(400, 'invalid_request_error', 'An active meter with event_name already exists.', {
          param: 'event_name',
        });
      const created = {
        id: id('mtr'),
        object: 'billing.meter',
        created: now(),
        customer_mapping: params.customer_mapping,
        default_aggregation: params.default_aggregation,
        display_name: params.display_name,
        event_name: params.event_name,
        livemode: false,
        status: 'active',
        value_settings: params.value_settings,
      };
      meters.set(created.id, created);
      return { status: 200, body: created };
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = (params.lookup_keys as string[] | undefined) ?? [];
      return {
        status: 200,
        body: list(
          [...prices.values()].filter((p) => keys.includes(p.lookup_key as string)),
          '/v1/prices',
        ),
      };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        created: now(),
        email: params.email ?? null,
        livemode: false,
        metadata: params.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems = (params.line_items as { price: string; quantity?: string }[] | undefined) ?? [];
      for (const [i, li] of lineItems.entries())
        if (!prices.has(li.price)) return missing('price', li.price, `line_items[${i}][price]`);
      if (typeof params.customer === 'string' && !customers.has(params.customer))
        return missing('customer', params.customer, 'customer');
      if (!params.success_url)
        return stripeError(400, 'invalid_request_error', 'Missing required param: success_url.', { param: 'success_url' });
      const sessionId = id('cs');
      const licensed = lineItems.map((li) => prices.get(li.price)!).find((p) => p.unit_amount !== null);
      const session: Obj = {
        id: sessionId,
        object: 'checkout.session',
        amount_total: licensed?.unit_amount ?? 0,
        cancel_url: params.cancel_url ?? null,
        client_reference_id: params.client_reference_id ?? null,
        created: now(),
        currency: 'eur',
        customer: params.customer ?? null,
        expires_at: now() + DAY,
        invoice: null,
        livemode: false,
        locale: params.locale ?? null,
        metadata: params.metadata ?? {},
        mode: params.mode,
        payment_status: 'unpaid',
        status: 'open',
        subscription: null,
        success_url: params.success_url,
        ui_mode: 'hosted',
        url: `${server.baseUrl}/c/pay/${sessionId}`,
        _line_items: lineItems,
        _subscription_data: params.subscription_data,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: publicSession(session) };
    }
    m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (m && method === 'GET') {
      const session = sessions.get(m[1]!);
      return session ? { status: 200, body: expandSession(session, expand) } : missing('checkout.session', m[1]!);
    }
    m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (m) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return missing('subscription', m[1]!);
      if (method === 'GET') return { status: 200, body: expandSubscription(sub, expand) };
      if (method === 'DELETE') {
        await server.cancelSubscription(sub.id);
        return { status: 200, body: sub };
      }
      if (sub.status === 'canceled')
        return stripeError(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      if (params.cancel_at_period_end !== undefined) {
        sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
        sub.cancel_at = sub.cancel_at_period_end ? firstItem(sub).current_period_end : null;
      }
      const changes = ((params.items as { id?: string; price?: string }[] | undefined) ?? []).filter(
        (i): i is { id: string; price: string } => Boolean(i.id && i.price),
      );
      const additions = ((params.items as { id?: string; price?: string }[] | undefined) ?? []).filter((i) => !i.id && i.price);
      for (const addition of additions) {
        const price = prices.get(addition.price!);
        if (!price) return missing('price', addition.price!, 'items[0][price]');
        const licensed = firstItem(sub);
        (sub.items as { data: Obj[] }).data.push({
          id: id('si'),
          object: 'subscription_item',
          created: now(),
          current_period_start: licensed.current_period_start,
          current_period_end: licensed.current_period_end,
          metadata: {},
          price,
          subscription: sub.id,
        });
      }
      for (const change of changes) {
        if (!prices.has(change.price)) return missing('price', change.price, 'items[0][price]');
        if (!(sub.items as { data: Obj[] }).data.some((i) => i.id === change.id))
          return missing('subscription_item', change.id, 'items[0][id]');
      }
      if (changes.length) {
        const amount = params.proration_behavior === 'none' ? 0 : prorationAmount(sub, changes);
        if (amount === 0 || server.card === 'succeed') {
          const invoice = makeInvoice(sub, amount, 'subscription_update');
          pay(invoice);
          applyItems(sub, changes);
          sub.latest_invoice = invoice.id;
          await emit('invoice.paid', invoice);
        } else if (params.payment_behavior === 'pending_if_incomplete') {
          const invoice = makeInvoice(sub, amount, 'subscription_update');
          awaitPayment(invoice);
          sub.latest_invoice = invoice.id;
          sub.pending_update = {
            expires_at: now() + 23 * 3600,
            // The items as they will be: subscription_item objects with their new price.
            subscription_items: changes.map((change) => ({
              ...(sub.items as { data: Obj[] }).data.find((i) => i.id === change.id),
              price: prices.get(change.price),
            })),
            billing_cycle_anchor: null,
            trial_end: null,
            trial_from_plan: null,
          };
          await emit(server.card === 'decline' ? 'invoice.payment_failed' : 'invoice.payment_action_required', invoice);
        } else if (params.payment_behavior === 'error_if_incomplete') {
          return declined();
        }
      }
      await emit('customer.subscription.updated', sub);
      return { status: 200, body: expandSubscription(sub, expand) };
    }
    m = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (m && method === 'GET') {
      const invoice = invoices.get(m[1]!);
      return invoice ? { status: 200, body: invoice } : missing('invoice', m[1]!);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (typeof params.customer !== 'string' || !customers.has(params.customer))
        return missing('customer', String(params.customer), 'customer');
      const portal: Obj = {
        id: id('bps'),
        object: 'billing_portal.session',
        created: now(),
        customer: params.customer,
        livemode: false,
        return_url: params.return_url ?? null,
        url: '',
      };
      portal.url = `${server.baseUrl}/p/session/${portal.id}`;
      portalSessions.set(portal.id, portal);
      return { status: 200, body: portal };
    }
    if (method === 'POST' && path === '/v1/billing/meter_events') {
      const payload = (params.payload ?? {}) as Record<string, string>;
      if (!params.event_name || !payload.stripe_customer_id || !payload.value)
        return stripeError(400, 'invalid_request_error', 'Missing required param: payload[value].', { param: 'payload' });
      const identifier = (params.identifier as string | undefined) ?? id('mev');
      const event = {
        id: identifier,
        object: 'billing.meter_event',
        created: now(),
        event_name: params.event_name,
        identifier,
        livemode: false,
        payload,
        timestamp: Number(params.timestamp ?? now()),
      };
      // Stripe ignores a second event with the same identifier.
      if (!meterEvents.some((e) => e.identifier === identifier)) meterEvents.push(event);
      return { status: 200, body: event };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const params = parseForm(raw);
      server.requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
      route(req.method ?? 'GET', url.pathname, params, req.headers.authorization)
        .then((answer) => {
          const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
          if ('redirect' in answer) return res.writeHead(303, { location: answer.redirect }).end();
          if ('html' in answer)
            return res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' }).end(answer.html);
          res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req'), ...cors });
          res.end(JSON.stringify(answer.body));
        })
        .catch((error: Error) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'api_error', message: error.message } }));
        });
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  server.baseUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return server;
}
