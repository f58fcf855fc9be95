import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The owner's subscription (account data): one per owner, never for invited members. `plan`,
 * `status` and `billingCycle` are what the product applies; with billing on they change only from a
 * verified Stripe webhook or from state fetched from Stripe (never from the browser's word).
 */
export const subscriptions = pgTable('subscription', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: text('owner_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: text('plan').notNull(),
  status: text('status').notNull(),
  billingCycle: text('billing_cycle').notNull().default('monthly'),
  /** Stripe's customer (created at the first checkout) and the subscription the plan comes from. */
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  /** Stripe's own status of that subscription (`active`, `trialing`, `past_due`, `canceled`, …). */
  stripeStatus: text('stripe_status'),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe webhook events already applied: a redelivered event id is acknowledged and skipped. */
export const stripeEvents = pgTable('stripe_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The owner's invoices as Stripe last reported them (account data). Amounts in the currency's minor unit. */
export const invoices = pgTable(
  'invoice',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number'),
    status: text('status'),
    currency: text('currency').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull(),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    invoicePdf: text('invoice_pdf'),
    created: timestamp('created', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_owner_created_idx').on(t.ownerId, t.created)],
);

/**
 * Extra credits reported to Stripe's billing meter, per owner and credit period: `reportedCredits` are
 * counted by Stripe; `pendingCredits` is the total being reported (sent with an identifier naming
 * it, so a report retried after a crash is counted once).
 */
export const meterReports = pgTable(
  'meter_report',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('month').notNull(),
    reportedCredits: integer('reported_credits').notNull().default(0),
    pendingCredits: integer('pending_credits'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.period] })],
);
