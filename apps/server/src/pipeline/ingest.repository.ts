import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailAccounts, mailMessages } from '../db/schema/index';
import type { IncomingMessage } from '../mail/port';
import { ALREADY_HANDLED } from './mailbox-state';
import { leaseHolderGone } from './presence';

export type MailAccountRow = typeof mailAccounts.$inferSelect;

/** Thrown inside the recording transaction when another worker took the mailbox meanwhile. */
export class LeaseLost extends Error {}

/**
 * Takes the mailbox for `worker` until now + ttl, unless another live worker holds an unexpired
 * lease. The row comes back when taken, null when busy. A batch the previous holder left half done is
 * queued again.
 */
export async function acquireLease(db: Db, accountId: string, worker: string, ttlMs: number) {
  const [row] = await db
    .update(mailAccounts)
    .set({
      leaseOwner: worker,
      leaseExpiresAt: sql`now() + ${ttlMs} * interval '1 millisecond'`,
      // A batch left running holds no worker now (jobs run inside the lease holder's loop): the last
      // holder died or stopped in the middle of it, so it is queued again rather than left stuck.
      batchStatus: sql`CASE WHEN ${mailAccounts.batchStatus} = 'processing' THEN 'pending' ELSE ${mailAccounts.batchStatus} END`,
      batchCategorizeStatus: sql`CASE WHEN ${mailAccounts.batchCategorizeStatus} IN ('FETCHING', 'ANALYZING', 'REFINING', 'FINALIZING') THEN 'QUEUED' ELSE ${mailAccounts.batchCategorizeStatus} END`,
    })
    .where(
      and(
        eq(mailAccounts.id, accountId),
        or(
          isNull(mailAccounts.leaseOwner),
          lt(mailAccounts.leaseExpiresAt, sql`now()`),
          eq(mailAccounts.leaseOwner, worker),
          leaseHolderGone,
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function releaseLease(db: Db, accountId: string, worker: string) {
  await db
    .update(mailAccounts)
    .set({ leaseOwner: null, leaseExpiresAt: null })
    .where(and(eq(mailAccounts.id, accountId), eq(mailAccounts.leaseOwner, worker)));
}

/** A mailbox the assistant stopped working on starts from its folder's end when it works again. */
export async function forgetCheckpoint(db: Db, accountId: string) {
  await db.update(mailAccounts).set({ syncCheckpoint: null }).where(eq(mailAccounts.id, accountId));
}

/**
 * Records a batch of new messages and the checkpoint after them in one transaction, only while
 * `worker` still holds the lease; a message already recorded is skipped. Returns how many were new.
 */

export async function recordMessages(
  db: Db,
  account: Pick<MailAccountRow, 'id' | 'userId'>,
  worker: string,
  folder: string,
  messages: IncomingMessage[],
  checkpoint: unknown,
): Promise<number> {
  return db.transaction(async (tx) => {
    const held = await tx
      .update(mailAccounts)
      .set({ syncCheckpoint: { folder, value: checkpoint }, lastSyncedAt: new Date(), syncError: null })
      .where(and(eq(mailAccounts.id, account.id), eq(mailAccounts.leaseOwner, worker)))
      .returning({ id: mailAccounts.id });
    if (held.length === 0) throw new LeaseLost(`Mailbox ${account.id} was taken by another worker`);
    if (messages.length === 0) return 0;
    // A message seen before under another provider id (moved back into the tracked folder, in any
    // client: IMAP gives it a new uid) was handled then: it is recorded as done, never classified,
    // moved or answered again. One that left before it was read ('gone') was never handled.
    const ids = [...new Set(messages.map((m) => m.messageId).filter((id): id is string => !!id))];
    const seen = new Set(
      ids.length === 0
        ? []
        : (
            await tx
              .select({ messageId: mailMessages.messageId })
              .from(mailMessages)
              .where(
                and(
                  eq(mailMessages.mailAccountId, account.id),
                  inArray(mailMessages.messageId, ids),
                  ne(mailMessages.status, 'gone'),
                ),
              )
          ).map((r) => r.messageId),
    );
    const recordedAt = Date.now();
    const inserted = await tx
      .insert(mailMessages)
      .values(
        // Rows of one batch get increasing times, so that they are processed in their arrival order.
        messages.map((m, i) => ({
          createdAt: new Date(recordedAt + i),
          userId: account.userId,
          mailAccountId: account.id,
          providerId: m.providerId,
          folder,
          messageId: m.messageId,
          subject: m.subject,
          fromName: m.from?.name ?? '',
          fromAddress: m.from?.address ?? null,
          sentAt: m.date,
          ...(m.messageId && seen.has(m.messageId)
            ? { status: 'done' as const, skipReason: ALREADY_HANDLED, processedAt: new Date(recordedAt) }
            : {}),
        })),
      )
      .onConflictDoNothing({ target: [mailMessages.mailAccountId, mailMessages.providerId] })
      .returning({ id: mailMessages.id });
    return inserted.length;
  });
}

export async function recordSyncError(db: Db, accountId: string, message: string) {
  await db.update(mailAccounts).set({ syncError: message }).where(eq(mailAccounts.id, accountId));
}
