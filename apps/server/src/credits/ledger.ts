import { planOf } from '@app/shared/plans';
import { and, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creditEntries } from '../db/schema/index';

/**
 * The credits ledger (DESIGN §3, §5.5, §10): the month's grant, debits for AI steps, the balance.
 * Used by the pipeline (and later billing); it never imports either.
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
}

/** The ledger's month: a calendar month in UTC, `YYYY-MM`. */
export const monthOf = (date = new Date()) => date.toISOString().slice(0, 7);

/** Grants the plan's monthly credits once per month (the key makes it idempotent). */
export async function ensureMonthlyGrant(db: Executor, account: CreditAccount, month = monthOf()) {
  await db
    .insert(creditEntries)
    .values({
      ownerId: account.ownerId,
      month,
      kind: 'grant',
      amount: planOf(account.plan).credits,
      reason: `${account.plan} monthly grant`,
      key: `grant:${account.ownerId}:${month}`,
    })
    .onConflictDoNothing({ target: creditEntries.key });
}

export async function balance(db: Executor, ownerId: string, month = monthOf()): Promise<number> {
  const [row] = await db
    .select({ total: sum(creditEntries.amount) })
    .from(creditEntries)
    .where(and(eq(creditEntries.ownerId, ownerId), eq(creditEntries.month, month)));
  return Number(row?.total ?? 0);
}

/** Plans without a price for extra credits (FREE, STARTER) stop at zero; the others go on and are billed. */
const stopsAtZero = (account: CreditAccount) => account.billingEnabled && planOf(account.plan).extraCreditPrice === null;

export type DebitResult = { ok: true; applied: boolean } | { ok: false; reason: 'NO_CREDITS' };

/**
 * Debits an AI step, idempotently per `key` (e.g. `classify:<message id>`): a retried step is not
 * paid twice. On a plan that stops at zero, a step the balance cannot pay is refused; the owner's
 * debits are serialised by a transaction-scoped advisory lock so two workers cannot both spend the
 * last credits.
 */
export async function debit(
  tx: Executor,
  account: CreditAccount,
  entry: { userId: string; amount: number; reason: string; key: string },
  month = monthOf(),
): Promise<DebitResult> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`credits:${account.ownerId}`}))`);
  const [existing] = await tx.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.key, entry.key));
  if (existing) return { ok: true, applied: false };
  await ensureMonthlyGrant(tx, account, month);
  if (stopsAtZero(account) && (await balance(tx, account.ownerId, month)) < entry.amount)
    return { ok: false, reason: 'NO_CREDITS' };
  const inserted = await tx
    .insert(creditEntries)
    .values({
      ownerId: account.ownerId,
      userId: entry.userId,
      month,
      kind: 'debit',
      amount: -entry.amount,
      reason: entry.reason,
      key: entry.key,
    })
    .onConflictDoNothing({ target: creditEntries.key })
    .returning({ id: creditEntries.id });
  return { ok: true, applied: inserted.length > 0 };
}

/**
 * For the credits quota banner: a plan that stops at zero has nothing left this month. Read-only
 * (it runs on every session read): a month whose grant is not written yet counts the plan's credits.
 */
export async function creditsExhausted(db: Executor, account: CreditAccount, month = monthOf()) {
  if (!stopsAtZero(account)) return false;
  const [row] = await db
    .select({ total: sum(creditEntries.amount), granted: sql<boolean>`bool_or(${creditEntries.kind} = 'grant')` })
    .from(creditEntries)
    .where(and(eq(creditEntries.ownerId, account.ownerId), eq(creditEntries.month, month)));
  const left = Number(row?.total ?? 0) + (row?.granted ? 0 : planOf(account.plan).credits);
  return left <= 0;
}

/**
 * A plan change within a month (billing): the month's grants are raised to the new plan's credits,
 * never lowered. An upgrade gets the difference at once; a downgrade keeps what was granted until
 * the next month; switching back and forth grants nothing twice (one key per plan and month).
 */
export async function topUpGrant(db: Db, account: CreditAccount, month = monthOf()) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`credits:${account.ownerId}`}))`);
    const [row] = await tx
      .select({ granted: sum(creditEntries.amount), count: sql<number>`count(*)::int` })
      .from(creditEntries)
      .where(and(eq(creditEntries.ownerId, account.ownerId), eq(creditEntries.month, month), eq(creditEntries.kind, 'grant')));
    if (!row?.count) return ensureMonthlyGrant(tx, account, month);
    const missing = planOf(account.plan).credits - Number(row.granted ?? 0);
    if (missing <= 0) return;
    await tx
      .insert(creditEntries)
      .values({
        ownerId: account.ownerId,
        month,
        kind: 'grant',
        amount: missing,
        reason: `${account.plan} plan change top-up`,
        key: `grant:${account.ownerId}:${month}:${account.plan}`,
      })
      .onConflictDoNothing({ target: creditEntries.key });
  });
}
