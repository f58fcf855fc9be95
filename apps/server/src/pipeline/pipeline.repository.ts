import { and, asc, count, eq, gte, inArray, lt, not, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  mailAccounts,
  mailAccuracyReports,
  mailActions,
  mailCategories,
  mailMessages,
  pipelineWorkers,
} from '../db/schema/index';
import type { MailActionKind } from '../db/schema/pipeline';
import { assistantActive, MAX_ATTEMPTS } from './mailbox-state';
import { leaseHolderGone, workerGone } from './presence';

export type MessageRow = typeof mailMessages.$inferSelect;
export type ActionRow = typeof mailActions.$inferSelect;
export type CategoryRow = typeof mailCategories.$inferSelect;
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export async function findAccount(db: Db, accountId: string) {
  const [row] = await db.select().from(mailAccounts).where(eq(mailAccounts.id, accountId));
  return row ?? null;
}

/** The automatic initialisation runs again at the mailbox's next round (a correction to learn). */
export async function queueInitialisation(db: Db, accountId: string) {
  await db.update(mailAccounts).set({ batchStatus: 'pending' }).where(eq(mailAccounts.id, accountId));
}

/** Keeps an authserv-id learned from received mail, unless one is known already (set or learned). */
export async function learnAuthservId(db: Db, accountId: string, authservId: string) {
  await db
    .update(mailAccounts)
    .set({ authservId })
    .where(and(eq(mailAccounts.id, accountId), sql`${mailAccounts.authservId} IS NULL`));
}

/** When the mailbox's settings last changed (null when it is gone): cheap enough to ask every second. */
export async function settingsChangedAt(db: Db, accountId: string) {
  const [row] = await db.select({ at: mailAccounts.updatedAt }).from(mailAccounts).where(eq(mailAccounts.id, accountId));
  return row?.at ?? null;
}

/** Mailboxes a worker should hold: the assistant works on them, and they are free (or already its own). */
export async function accountsToHold(db: Db, workerId: string) {
  return db
    .select({ id: mailAccounts.id })
    .from(mailAccounts)
    .where(
      and(
        assistantActive,
        sql`(${mailAccounts.leaseOwner} is null or ${mailAccounts.leaseExpiresAt} < now() or ${mailAccounts.leaseOwner} = ${workerId} or ${leaseHolderGone})`,
      ),
    );
}

/** Marks the worker as running now (at each of its scans), and whether it holds its presence lock. */
export async function heartbeat(db: Db, workerId: string, presenceLocked = false) {
  await db
    .insert(pipelineWorkers)
    .values({ id: workerId, presenceLocked })
    .onConflictDoUpdate({ target: pipelineWorkers.id, set: { seenAt: sql`now()`, presenceLocked } });
}

/** A stopping worker leaves the count at once; rows of dead workers are cleared after a day. */
export async function forgetWorker(db: Db, workerId: string) {
  await db
    .delete(pipelineWorkers)
    .where(sql`${pipelineWorkers.id} = ${workerId} or ${pipelineWorkers.seenAt} < now() - interval '1 day'`);
}

/** How many mailboxes the assistant works on and how many workers were seen within `liveMs`: what each worker's share is made of. */
export async function mailboxesAndWorkers(db: Db, liveMs: number) {
  const [[mailboxes], [workers]] = await Promise.all([
    db.select({ n: count() }).from(mailAccounts).where(assistantActive),
    db
      .select({ n: count() })
      .from(pipelineWorkers)
      // A worker whose process died stops counting at once, so the others' shares grow at once.
      .where(and(sql`${pipelineWorkers.seenAt} > now() - ${liveMs} * interval '1 millisecond'`, not(workerGone))),
  ]);
  return { mailboxes: mailboxes?.n ?? 0, workers: workers?.n ?? 0 };
}

export async function renewLease(db: Db, accountId: string, workerId: string, ttlMs: number) {
  const rows = await db
    .update(mailAccounts)
    .set({ leaseExpiresAt: sql`now() + ${ttlMs} * interval '1 millisecond'` })
    .where(and(eq(mailAccounts.id, accountId), eq(mailAccounts.leaseOwner, workerId)))
    .returning({ id: mailAccounts.id });
  return rows.length > 0;
}

/** The mailbox's messages still to work on, oldest first, leaving out `except` (those in progress). */
export async function pendingMessages(db: Db, accountId: string, limit: number, except: string[] = []) {
  return db
    .select()
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.mailAccountId, accountId),
        inArray(mailMessages.status, ['new', 'classified']),
        lt(mailMessages.attempts, MAX_ATTEMPTS),
        except.length > 0 ? notInArray(mailMessages.id, except) : undefined,
      ),
    )
    .orderBy(asc(mailMessages.createdAt), asc(mailMessages.id))
    .limit(limit);
}

export async function categoriesOf(db: Executor, accountId: string) {
  return db
    .select()
    .from(mailCategories)
    .where(eq(mailCategories.mailAccountId, accountId))
    .orderBy(asc(mailCategories.createdAt), asc(mailCategories.id));
}

/** The category a message of this mailbox was filed in, by its Message-ID (the newest row when several). */
export async function categoryOfMessage(db: Db, accountId: string, messageId: string): Promise<string | null> {
  const [row] = await db
    .select({ categoryId: mailMessages.categoryId })
    .from(mailMessages)
    .where(and(eq(mailMessages.mailAccountId, accountId), eq(mailMessages.messageId, messageId)))
    .orderBy(sql`${mailMessages.createdAt} DESC`)
    .limit(1);
  return row?.categoryId ?? null;
}

export interface ClassificationRecord {
  categoryId: string | null;
  classifiedBy: string | null;
  confidence: number | null;
  reason: string | null;
  skipReason: string | null;
  /** Classified while the mailbox was in dry run: its actions are recorded, never run. */
  dryRun?: boolean;
}

export interface PlannedAction {
  kind: MailActionKind;
  target: { folderId?: string; to?: string[] };
  /** Recorded as skipped at once (loop guard, cap, no credits), with why. */
  skipped?: string;
}

/**
 * The classification and the actions it calls for, in one transaction; `extra` (the credit debit)
 * runs inside it last, so that the owner's credits lock, when the plan takes one, is held the shortest.
 * The message's actions as stored, or null when it was no longer new (another attempt classified it).
 */
export async function saveClassification(
  db: Db,
  row: MessageRow,
  result: ClassificationRecord,
  actions: PlannedAction[],
  extra?: (tx: Executor) => Promise<void>,
): Promise<ActionRow[] | null> {
  return db.transaction(async (tx): Promise<ActionRow[] | null> => {
    const classified = await tx
      .update(mailMessages)
      .set({ ...result, status: 'classified' })
      .where(and(eq(mailMessages.id, row.id), eq(mailMessages.status, 'new')))
      .returning({ id: mailMessages.id });
    const stored = actions.length > 0 ? await insertActions(tx, row, actions) : [];
    await extra?.(tx);
    return classified.length > 0 && stored.length === actions.length ? stored : null;
  });
}

async function insertActions(tx: Db, row: MessageRow, actions: PlannedAction[]): Promise<ActionRow[]> {
  return tx
    .insert(mailActions)
    .values(
      actions.map((a): typeof mailActions.$inferInsert => ({
        userId: row.userId,
        mailAccountId: row.mailAccountId,
        mailMessageId: row.id,
        kind: a.kind,
        target: a.target,
        status: a.skipped ? 'skipped' : 'pending',
        detail: a.skipped ?? null,
      })),
    )
    .onConflictDoNothing({ target: [mailActions.mailMessageId, mailActions.kind] })
    .returning();
}

export async function actionsOf(db: Db, messageRowId: string) {
  return db.select().from(mailActions).where(eq(mailActions.mailMessageId, messageRowId));
}

export async function updateAction(db: Executor, id: string, changes: Partial<typeof mailActions.$inferInsert>) {
  await db.update(mailActions).set(changes).where(eq(mailActions.id, id));
}

/** Marks a send started, only from pending; false when someone else got there first. */
export async function claimSend(
  db: Db,
  id: string,
  changes: Pick<typeof mailActions.$inferInsert, 'startedAt' | 'outgoingMessageId' | 'target'>,
) {
  const rows = await db
    .update(mailActions)
    .set({ ...changes, status: 'started' })
    .where(and(eq(mailActions.id, id), eq(mailActions.status, 'pending')))
    .returning({ id: mailActions.id });
  return rows.length > 0;
}

export async function finishMessage(db: Db, id: string, status: 'done' | 'gone') {
  await db.update(mailMessages).set({ status, processedAt: new Date(), lastError: null }).where(eq(mailMessages.id, id));
}

/** A failed attempt; after MAX_ATTEMPTS the message is marked failed for good. */
export async function recordAttemptFailure(db: Db, id: string, error: string) {
  await db
    .update(mailMessages)
    .set({
      attempts: sql`${mailMessages.attempts} + 1`,
      lastError: error.slice(0, 1000),
      status: sql`case when ${mailMessages.attempts} + 1 >= ${MAX_ATTEMPTS} then 'failed' else ${mailMessages.status} end`,
    })
    .where(eq(mailMessages.id, id));
}

/** When this mailbox last replied automatically to each of `addresses` (lower-case), within `since`. */
export async function lastAutoReplies(db: Db, accountId: string, addresses: string[], since: Date) {
  if (addresses.length === 0) return new Map<string, Date>();
  const rows = await db
    .select({ to: mailActions.target, at: mailActions.startedAt })
    .from(mailActions)
    .where(
      and(
        eq(mailActions.mailAccountId, accountId),
        eq(mailActions.kind, 'reply'),
        inArray(mailActions.status, ['started', 'done', 'in_doubt']),
        gte(mailActions.startedAt, since),
        sql`${mailActions.target}->'to' ?| ${sql`array[${sql.join(
          addresses.map((a) => sql`${a}`),
          sql`, `,
        )}]::text[]`}`,
      ),
    );
  const last = new Map<string, Date>();
  for (const row of rows) {
    for (const address of row.to.to ?? []) {
      const previous = last.get(address);
      if (row.at && (!previous || previous < row.at)) last.set(address, row.at);
    }
  }
  return last;
}

/** Automatic sends (replies and forwards) this mailbox started since `since`: the daily cap counts them. */
export async function autoSendsSince(db: Db, accountId: string, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailActions)
    .where(
      and(
        eq(mailActions.mailAccountId, accountId),
        inArray(mailActions.kind, ['reply', 'forward']),
        inArray(mailActions.status, ['started', 'done', 'in_doubt']),
        gte(mailActions.startedAt, since),
      ),
    );
  return row?.count ?? 0;
}

/** Whether automatic replies are still on (the manage-replies toggle is a kill switch, read before each send). */
export async function repliesStillOn(db: Db, accountId: string) {
  const [row] = await db
    .select({ responseType: mailAccounts.responseType })
    .from(mailAccounts)
    .where(eq(mailAccounts.id, accountId));
  return (row?.responseType ?? 0) !== 0;
}

/** The mailbox's accuracy on its past mail, or null before the first measure. */
export async function accuracyReportOf(db: Db, accountId: string) {
  const [row] = await db
    .select({ report: mailAccuracyReports.report })
    .from(mailAccuracyReports)
    .where(eq(mailAccuracyReports.mailAccountId, accountId));
  return row?.report ?? null;
}
