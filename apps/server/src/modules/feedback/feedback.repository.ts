import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema/index';

export type FeedbackRow = typeof feedback.$inferSelect;
type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialises one user's feedback inserts until the transaction ends, so the hourly cap holds. */
export async function lockUser(tx: Executor, userId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`feedback:${userId}`}))`);
}

export async function countSince(tx: Executor, userId: string, since: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(feedback)
    .where(and(eq(feedback.userId, userId), gt(feedback.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertFeedback(tx: Executor, userId: string, fields: { name: string; email: string; message: string }) {
  const [row] = await tx
    .insert(feedback)
    .values({ userId, ...fields })
    .returning();
  return row!;
}

export async function markMailed(db: Db, userId: string, id: string) {
  await db
    .update(feedback)
    .set({ mailedAt: new Date() })
    .where(and(eq(feedback.id, id), eq(feedback.userId, userId)));
}
