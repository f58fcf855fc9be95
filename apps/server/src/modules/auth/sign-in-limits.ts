import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema/index';

export interface Limit {
  /** Seconds. */
  window: number;
  max: number;
}

/**
 * Password sign-in attempts, counted in the database beside Better Auth's own counters (several API
 * processes share them): per account and client address, refused past `pair.max` in a window, so
 * that people behind one address do not lock each other out (the address alone has Better Auth's
 * higher ceiling); per account from any address, never refused, only slowed down past
 * `account.max`, so that nobody can lock a known account out from elsewhere.
 */
export function signInLimits(db: Db, limits: { pair: Limit; account: Limit; slowdownMs?: number }) {
  const slowdownMs = limits.slowdownMs ?? 250;
  return async function check(email: string, address: string): Promise<'allowed' | 'refused'> {
    const account = email.trim().toLowerCase();
    const pair = await count(db, `sign-in:${account}:${address}`, limits.pair.window);
    if (pair > limits.pair.max) return 'refused';
    const attempts = await count(db, `sign-in:${account}`, limits.account.window);
    const delay = slowdownFor(attempts, limits.account.max, slowdownMs);
    if (delay > 0) await sleep(delay);
    return 'allowed';
  };
}

/** The wait before an attempt on an account tried `attempts` times in its window: growing, at most 5 s. */
export function slowdownFor(attempts: number, max: number, stepMs: number): number {
  return attempts > max ? Math.min(5_000, (attempts - max) * stepMs) : 0;
}

/** This attempt counted under `key`; the count starts again once the window passed since the last one. */
async function count(db: Db, key: string, windowSeconds: number): Promise<number> {
  const now = Date.now();
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${now - windowSeconds * 1000} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: now,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}
