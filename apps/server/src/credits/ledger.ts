import { planOf } from '@app/shared/plans';
import { and, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creditEntries } from '../db/schema/index';

/**
 * The credits ledger (DESIGN §3, §5.5, §10): each period's grant, debits for AI steps, the balance.
 * Used by the pipeline and billing; it never imports either.
 */

/** DESIGN §10: an AI classification and an AI draft or reply cost 2 credits each; rules are free. */
export const CREDIT_COSTS = { aiClassification: 2, aiDraft: 2 } as const;

/** A transaction or the database: a debit runs inside the transaction of the result it pays for. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface CreditAccount {
  ownerId: string;
  plan: string;
  /** Billing off: unlimited credits (DESIGN §10), still recorded. */
  billingEnabled: boolean;
  /** The paid subscription's current billing period start; none: calendar months. */
  periodAnchor?: Date | null;
}

/**
 * The ledger's period: credits are granted per month. With a paid subscription the months start at
 * its billing moment (Stripe's current period start; a yearly period is cut into months from it,
 * a day past the end of a shorter month falling on its last day, as Stripe bills); otherwise they
 * are calendar months in UTC. Keys: the month's start `YYYY-MM-DDTHH:MM:SSZ`, or `YYYY-MM`.
 */
export function periodOf(anchor: Date | null | undefined, now = new Date()): string {
  if (!anchor) return now.toISOString().slice(0, 7);
  const months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth();
  let start = addMonths(anchor, months);
  if (start > now) start = addMonths(anchor, months - 1);
  return `${start.toISOString().slice(0, 19)}Z`;
}

/** The period before `period` for the same anchor (the last one a report may still owe). */
export function previousPeriodOf(anchor: Date | null | undefined, now = new Date()): string {
  const current = periodOf(anchor, now);
  const start = current.length === 7 ? new Date(`${current}-01T00:00:00Z`) : new Date(current);
  return periodOf(anchor, new Date(start.getTime() - 1));
}

function addMonths(date: Date, count: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), 0);
  return target;
}

const currentPeriod = (account: CreditAccount) => periodOf(account.periodAnchor);

/** Grants the plan's credits once per period (the key makes it idempotent). */
export async function ensurePeriodGrant(db: Executor, account: CreditAccount, period = currentPeriod(account)) {
  await db.insert(creditEntries).values(grantEntry(account, period)).onConflictDoNothing({ target: creditEntries.key });
}

const grantEntry = (account: CreditAccount, period: string): typeof creditEntries.$inferInsert => ({
  ownerId: account.ownerId,
  period,
  kind: 'grant',
  amount: planOf(account.plan).credits,
  reason: `${account.plan} monthly grant`,
  key: `grant:${account.ownerId}:${period}`,
});

export async function balance(db: Executor, ownerId: string, period: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(creditEntries.amount) })
    .from(creditEntries)
    .where(and(eq(creditEntries.ownerId, ownerId), eq(creditEntries.period, period)));
  return Number(row?.total ?? 0);
}

/** Plans without a price for extra credits (FREE, STARTER) stop at zero; the others go on and are billed. */
export const stopsAtZero = (account: CreditAccount) => account.billingEnabled && planOf(account.plan).extraCreditPrice === null;

export type DebitResult = { ok: true; applied: boolean } | { ok: false; reason: 'NO_CREDITS' };

/**
 * Debits an AI step, idempotently per `key` (e.g. `classify:<message id>`): a retried step is not
 * paid twice. On a plan that stops at zero, a step the balance cannot pay is refused; the owner's
 * debits are then serialised by a transaction-scoped advisory lock so two workers cannot both spend
 * the last credits. A plan that goes on past zero has no balance to check, so its debits take no
 * lock: the key alone keeps a step from being paid twice, and a busy mailbox's messages are not
 * queued behind one another's transactions.
 */
export async function debit(
  tx: Executor,
  account: CreditAccount,
  entry: { userId: string; amount: number; reason: string; key: string },
  period = currentPeriod(account),
): Promise<DebitResult> {
  const debitEntry: typeof creditEntries.$inferInsert = {
    ownerId: account.ownerId,
    userId: entry.userId,
    period,
    kind: 'debit',
    amount: -entry.amount,
    reason: entry.reason,
    key: entry.key,
  };
  let entries = [debitEntry];
  if (stopsAtZero(account)) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`credits:${account.ownerId}`}))`);
    const [existing] = await tx.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.key, entry.key));
    if (existing) return { ok: true, applied: false };
    await ensurePeriodGrant(tx, account, period);
    if ((await balance(tx, account.ownerId, period)) < entry.amount) return { ok: false, reason: 'NO_CREDITS' };
  } else entries = [grantEntry(account, period), debitEntry]; // in one statement: no balance is read before it
  const inserted = await tx
    .insert(creditEntries)
    .values(entries)
    .onConflictDoNothing({ target: creditEntries.key })
    .returning({ key: creditEntries.key });
  return { ok: true, applied: inserted.some((row) => row.key === entry.key) };
}

/** The credits the owner can still spend this period; null when the plan goes on past zero (or billing is off). */
export async function spendable(db: Db, account: CreditAccount): Promise<number | null> {
  if (!stopsAtZero(account)) return null;
  await ensurePeriodGrant(db, account);
  return balance(db, account.ownerId, currentPeriod(account));
}

/**
 * For the credits quota banner: a plan that stops at zero has nothing left this period. Read-only
 * (it runs on every session read): a period whose grant is not written yet counts the plan's credits.
 */
export async function creditsExhausted(db: Executor, account: CreditAccount, period = currentPeriod(account)) {
  if (!stopsAtZero(account)) return false;
  const [row] = await db
    .select({ total: sum(creditEntries.amount), granted: sql<boolean>`bool_or(${creditEntries.kind} = 'grant')` })
    .from(creditEntries)
    .where(and(eq(creditEntries.ownerId, account.ownerId), eq(creditEntries.period, period)));
  const left = Number(row?.total ?? 0) + (row?.granted ? 0 : planOf(account.plan).credits);
  return left <= 0;
}

/**
 * A plan change within a period (billing): the period's grants are raised to the new plan's credits,
 * never lowered. An upgrade gets the difference at once; a downgrade keeps what was granted until
 * the next period; switching back and forth grants nothing twice (one key per plan and period).
 */
export async function topUpGrant(db: Db, account: CreditAccount, period = currentPeriod(account)) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`credits:${account.ownerId}`}))`);
    const [row] = await tx
      .select({ granted: sum(creditEntries.amount), count: sql<number>`count(*)::int` })
      .from(creditEntries)
      .where(and(eq(creditEntries.ownerId, account.ownerId), eq(creditEntries.period, period), eq(creditEntries.kind, 'grant')));
    if (!row?.count) return ensurePeriodGrant(tx, account, period);
    const missing = planOf(account.plan).credits - Number(row.granted ?? 0);
    if (missing <= 0) return;
    await tx
      .insert(creditEntries)
      .values({
        ownerId: account.ownerId,
        period,
        kind: 'grant',
        amount: missing,
        reason: `${account.plan} plan change top-up`,
        key: `grant:${account.ownerId}:${period}:${account.plan}`,
      })
      .onConflictDoNothing({ target: creditEntries.key });
  });
}
