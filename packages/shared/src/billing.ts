import { z } from 'zod';
import { DEFAULT_BILLING_CYCLE, DEFAULT_PLAN } from './constants';
import { PLAN_IDS, type BillingCycle, type PlanId } from './plans';

/** The billing calls of spec 01 §7 (under /api), their defaults and answers. */

export const billingCycleSchema = z.enum(['monthly', 'yearly']);
export const planIdSchema = z.enum(PLAN_IDS);

export const billingUserParamsSchema = z.object({ userId: z.string().min(1).max(100) });

/** A Checkout Session id as Stripe writes it. */
export const checkoutSessionParamsSchema = billingUserParamsSchema.extend({
  sessionId: z
    .string()
    .max(255)
    .regex(/^cs_[A-Za-z0-9_]+$/, 'Invalid checkout session'),
});

/** GET /users/{userId}/subscriptions/checkouts: plan (default free), billingCycle (default monthly). */
export const checkoutQuerySchema = z.object({
  plan: planIdSchema.default(DEFAULT_PLAN),
  billingCycle: billingCycleSchema.default(DEFAULT_BILLING_CYCLE),
});

/**
 * A checkout reply: the hosted page's `url` to go to, or no url and a `message` shown as info
 * (success true) or error (success false), spec 01 §8.
 */
export const checkoutResponseSchema = z.object({
  success: z.boolean(),
  url: z.string().nullable(),
  sessionId: z.string().nullable(),
  message: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** The subscription as the product applies it (the session user's plan fields, plus the period). */
export const subscriptionStateSchema = z.object({
  billable: z.boolean(),
  plan: planIdSchema,
  subscriptionStatus: z.string(),
  subscriptionBillingCycle: billingCycleSchema,
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** GET /users/{userId}/checkouts/{sessionId}/status: Stripe's session status and the plan now applied. */
export const checkoutStatusSchema = z.object({
  sessionId: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  paymentStatus: z.enum(['paid', 'unpaid', 'no_payment_required']),
  subscription: subscriptionStateSchema,
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** POST /users/{userId}/subscriptions/switch: newPlan, billingCycle (default monthly). */
export const switchPlanSchema = z.object({
  newPlan: planIdSchema,
  billingCycle: billingCycleSchema.default(DEFAULT_BILLING_CYCLE),
});
export type SwitchPlanInput = z.input<typeof switchPlanSchema>;

/**
 * A switch either took effect (`active`), or its invoice needs the customer (`requires_action`):
 * the card payment is confirmed in the browser with `clientSecret` and Stripe.js (spec 01 §4).
 */
export const switchPlanResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(['active', 'requires_action', 'scheduled']),
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
  subscription: subscriptionStateSchema,
  message: z.string(),
});
export type SwitchPlanResponse = z.infer<typeof switchPlanResponseSchema>;

/** GET /billing/{userId}: where the billing redirect page goes (Stripe's customer portal), or null. */
export const billingPortalSchema = z.object({ url: z.string().nullable() });

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  currency: z.string(),
  /** In the currency's minor unit (cents), as Stripe gives it. */
  total: z.number().int(),
  amountPaid: z.number().int(),
  created: z.string(),
  hostedInvoiceUrl: z.string().nullable(),
  invoicePdf: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.array(invoiceSchema);

/** The Stripe price of a plan and cycle is found by this lookup key (`pro_yearly`). */
export const priceLookupKey = (plan: PlanId, cycle: BillingCycle) => `${plan}_${cycle}`;
/**
 * Extra credits: one metered price per cycle (`extra_credits_monthly`), €0.001 per unit, on every
 * paid subscription; a credit beyond the grant is reported as the plan's price in those units
 * (BASIC 6, PRO 5, BIZ 4), so a plan switch never has to change the metered item.
 */
export const extraCreditsLookupKey = (cycle: BillingCycle) => `extra_credits_${cycle}`;
export const EXTRA_CREDITS_METER_EVENT = 'extra_credits';
export const EXTRA_CREDIT_UNIT_EUR = 0.001;
/** Meter units for one extra credit on a plan; 0 when the plan has no extra credits. */
export const meterUnitsPerCredit = (extraCreditPrice: number | null) =>
  extraCreditPrice === null ? 0 : Math.round(extraCreditPrice / EXTRA_CREDIT_UNIT_EUR);

/** A lookup key back to its plan and cycle; null for any other price. */
export function parsePriceLookupKey(key: string | null | undefined): { plan: PlanId; cycle: BillingCycle } | null {
  const match = /^([a-z]+)_(monthly|yearly)$/.exec(key ?? '');
  if (!match) return null;
  const plan = PLAN_IDS.find((p) => p === match[1]);
  return plan && plan !== 'free' ? { plan, cycle: match[2] as BillingCycle } : null;
}
