import { and, count, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailAccounts, mailMessages, pipelineWorkers } from '../../db/schema/index';
import { assistantActive, MAX_ATTEMPTS } from '../../pipeline/mailbox-state';

const syncing = assistantActive;

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

/** Syncing mailboxes no worker holds: waiting for a scan, a dead worker's lease, or workers all at their cap. */
export async function unheldMailboxCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailAccounts)
    .where(and(syncing, sql`(${mailAccounts.leaseOwner} is null or ${mailAccounts.leaseExpiresAt} < now())`));
  return row?.n ?? 0;
}

/** Workers seen within `liveMs`: those the mailboxes are shared among. */
export async function runningWorkerCount(db: Db, liveMs: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pipelineWorkers)
    .where(sql`${pipelineWorkers.seenAt} > now() - ${liveMs} * interval '1 millisecond'`);
  return row?.n ?? 0;
}
