import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailAccounts, mailCategories, rateLimits } from '../../db/schema/index';

/** The user's categories as the assistant may show them: no recipients, no rules. */
export function listCategories(db: Db, userId: string) {
  return db
    .select({
      id: mailCategories.id,
      name: mailCategories.name,
      kind: mailCategories.classifierType,
      instruction: mailCategories.instruction,
      action: mailCategories.action,
    })
    .from(mailCategories)
    .where(eq(mailCategories.userId, userId))
    .orderBy(asc(mailCategories.createdAt))
    .limit(100);
}

/** The user's mail settings without server, login or secret. */
export async function findMailSettings(db: Db, userId: string) {
  const [row] = await db
    .select({
      provider: mailAccounts.provider,
      responseType: mailAccounts.responseType,
      trackedMailbox: mailAccounts.trackedMailbox,
      isSyncEnabled: mailAccounts.isSyncEnabled,
      isClassificationEnabled: mailAccounts.isClassificationEnabled,
      connection: mailAccounts.connection,
    })
    .from(mailAccounts)
    .where(eq(mailAccounts.userId, userId));
  return row ?? null;
}

/**
 * Counts one request in a fixed window and returns the count so far and when the window started.
 * The counters live in the `rate_limit` table Better Auth uses, under keys of our own
 * (`assistant-ask:<userId>`; `last_request` holds the window's start), so every process shares them.
 */
export async function countRequest(db: Db, key: string, windowMs: number, now = Date.now()) {
  const windowStart = now - windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.lastRequest });
  return row!;
}
