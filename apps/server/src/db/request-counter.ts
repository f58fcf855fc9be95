import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rateLimits } from './schema/index';

/**
 * Counts one request in a fixed window and returns the count so far and when the window started.
 * The counters live in the `rate_limit` table Better Auth uses, under keys of our own
 * (`assistant-ask:<userId>`, `mail-discovery:<userId>`; `last_request` holds the window's start), so
 * every process shares them.
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
