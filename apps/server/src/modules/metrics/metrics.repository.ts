import { and, count, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailAccounts, mailMessages } from '../../db/schema/index';
import { MAX_ATTEMPTS } from '../../pipeline/pipeline.repository';

const syncing = eq(mailAccounts.isSyncEnabled, true);

/** What the pipeline still has to work on (as its runners pick it): new or classified, attempts left. */
export async function pendingMessageCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailMessages)
    .innerJoin(mailAccounts, eq(mailAccounts.id, mailMessages.mailAccountId))
    .where(and(syncing, inArray(mailMessages.status, ['new', 'classified']), lt(mailMessages.attempts, MAX_ATTEMPTS)));
  return row?.n ?? 0;
}

export async function syncingMailboxes(db: Db) {
  return db.select({ id: mailAccounts.id, lastSyncedAt: mailAccounts.lastSyncedAt }).from(mailAccounts).where(syncing);
}

export async function failingMailboxCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailAccounts)
    .where(and(syncing, isNotNull(mailAccounts.syncError)));
  return row?.n ?? 0;
}
