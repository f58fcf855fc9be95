import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, meterReports, stripeEvents, subscriptions, users } from '../../db/schema/index';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferInsert;

export async function insertSubscriptionIfMissing(db: Db, row: { ownerId: string; plan: string; status: string }) {
  await db.insert(subscriptions).values(row).onConflictDoNothing({ target: subscriptions.ownerId });
}

export async function findSubscription(db: Db, ownerId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.ownerId, ownerId));
  return row ?? null;
}

export async function findSubscriptionByCustomer(db: Db, customerId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, customerId));
  return row ?? null;
}

export async function findReferrerId(db: Db, userId: string) {
  const [row] = await db.select({ referrerId: users.referrerId }).from(users).where(eq(users.id, userId));
  return row ? row.referrerId : undefined;
}

/** Links the owner's Stripe customer once; answers the customer the owner ends up with. */
export async function linkCustomer(db: Db, ownerId: string, customerId: string): Promise<string | null> {
  await db
    .update(subscriptions)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(sql`${subscriptions.ownerId} = ${ownerId} AND ${subscriptions.stripeCustomerId} IS NULL`);
  return (await findSubscription(db, ownerId))?.stripeCustomerId ?? null;
}

export type SubscriptionPatch = Partial<
  Pick<
    SubscriptionRow,
    | 'plan'
    | 'status'
    | 'billingCycle'
    | 'stripeSubscriptionId'
    | 'stripeStatus'
    | 'currentPeriodStart'
    | 'currentPeriodEnd'
    | 'cancelAtPeriodEnd'
  >
>;

/**
 * Applies Stripe's state to the owner's row under a row lock; `decide` sees the row as locked and
 * answers the patch (or null to leave it), so two deliveries cannot interleave their reads and writes.
 */
export async function updateSubscriptionLocked(
  db: Db,
  ownerId: string,
  decide: (row: SubscriptionRow) => SubscriptionPatch | null,
): Promise<{ before: SubscriptionRow; after: SubscriptionRow } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.ownerId, ownerId)).for('update');
    if (!row) return null;
    const patch = decide(row);
    if (!patch) return { before: row, after: row };
    const [after] = await tx
      .update(subscriptions)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(subscriptions.ownerId, ownerId))
      .returning();
    return { before: row, after: after! };
  });
}

export async function upsertInvoice(db: Db, row: InvoiceRow) {
  const { id: _id, ownerId: _owner, ...changes } = row;
  await db
    .insert(invoices)
    .values(row)
    .onConflictDoUpdate({ target: invoices.id, set: { ...changes, updatedAt: new Date() } });
}

export async function listInvoices(db: Db, ownerId: string) {
  return db.select().from(invoices).where(eq(invoices.ownerId, ownerId)).orderBy(desc(invoices.created)).limit(100);
}

export async function eventSeen(db: Db, eventId: string) {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId));
  return Boolean(row);
}

export async function recordEvent(db: Db, eventId: string, type: string) {
  await db.insert(stripeEvents).values({ id: eventId, type }).onConflictDoNothing({ target: stripeEvents.id });
}

export async function meterReport(db: Db, ownerId: string, period: string) {
  await db.insert(meterReports).values({ ownerId, period }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(meterReports)
    .where(and(eq(meterReports.ownerId, ownerId), eq(meterReports.period, period)));
  return row!;
}

export async function setPendingMeterReport(db: Db, ownerId: string, period: string, credits: number) {
  await db
    .update(meterReports)
    .set({ pendingCredits: credits, updatedAt: new Date() })
    .where(and(eq(meterReports.ownerId, ownerId), eq(meterReports.period, period)));
}

/** The period's report reached `credits` (never goes back). */
export async function completeMeterReport(db: Db, ownerId: string, period: string, credits: number) {
  await db
    .update(meterReports)
    .set({
      reportedCredits: sql`GREATEST(${meterReports.reportedCredits}, ${credits})`,
      pendingCredits: null,
      updatedAt: new Date(),
    })
    .where(and(eq(meterReports.ownerId, ownerId), eq(meterReports.period, period)));
}

export async function ownersWithLiveSubscriptions(db: Db) {
  const rows = await db
    .select({ ownerId: subscriptions.ownerId })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.stripeCustomerId),
        inArray(subscriptions.stripeStatus, ['active', 'trialing', 'past_due', 'unpaid']),
      ),
    );
  return rows.map((r) => r.ownerId);
}
