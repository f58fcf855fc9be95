import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions, users } from '../../db/schema/index';

export async function insertSubscriptionIfMissing(db: Db, row: { ownerId: string; plan: string; status: string }) {
  await db.insert(subscriptions).values(row).onConflictDoNothing({ target: subscriptions.ownerId });
}

export async function findSubscription(db: Db, ownerId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.ownerId, ownerId));
  return row ?? null;
}

export async function findReferrerId(db: Db, userId: string) {
  const [row] = await db.select({ referrerId: users.referrerId }).from(users).where(eq(users.id, userId));
  return row ? row.referrerId : undefined;
}
