import { MailError } from '../mail/errors';
import type { MailProvider } from '../mail/port';
import type { Db } from '../db/client';
import * as repo from './ingest.repository';

/**
 * Ingest (DESIGN §5.1): one sync of a mailbox's tracked folder. The worker holds the mailbox through
 * a lease in PostgreSQL (a dead worker's lease expires), reads what arrived after the checkpoint in
 * batches, and writes each batch's message rows with the checkpoint after it in one transaction: a
 * crash between batches loses nothing and records nothing twice.
 */
export interface IngestDeps {
  db: Db;
  /** The adapter for a stored account (its credentials unsealed by the caller). */
  openProvider(account: repo.MailAccountRow): MailProvider;
  workerId: string;
  leaseMs?: number;
  batchSize?: number;
}

export type SyncResult = { status: 'synced'; inserted: number } | { status: 'busy' } | { status: 'failed'; error: string };

const sameCheckpoint = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function syncMailbox(deps: IngestDeps, accountId: string): Promise<SyncResult> {
  const account = await repo.acquireLease(deps.db, accountId, deps.workerId, deps.leaseMs ?? 60_000);
  if (!account) return { status: 'busy' };
  const provider = deps.openProvider(account);
  try {
    return { status: 'synced', inserted: await ingestNew(deps, account, provider) };
  } catch (error) {
    if (error instanceof repo.LeaseLost) return { status: 'busy' };
    const message = syncErrorMessage(error);
    await repo.recordSyncError(deps.db, account.id, message);
    return { status: 'failed', error: message };
  } finally {
    await provider.close().catch(() => undefined);
    await repo.releaseLease(deps.db, account.id, deps.workerId);
  }
}

/** Reads and records everything new in the tracked folder, batch by batch, with a held lease. */
export async function ingestNew(
  deps: Pick<IngestDeps, 'db' | 'workerId' | 'batchSize'>,
  account: repo.MailAccountRow,
  provider: MailProvider,
): Promise<number> {
  const folder = account.trackedMailbox;
  let checkpoint = account.syncCheckpoint?.folder === folder ? account.syncCheckpoint.value : null;
  let inserted = 0;
  for (let first = true; ; first = false) {
    const page = await provider.listNewMessages(folder, checkpoint, deps.batchSize ?? 200);
    const nothingNew = page.messages.length === 0 && sameCheckpoint(page.checkpoint, checkpoint);
    // An empty page after a recorded one changes nothing: it is not written again. A round's first
    // page is, even empty: it keeps the time of the last sync and clears a past error.
    if (first || !nothingNew)
      inserted += await repo.recordMessages(deps.db, account, deps.workerId, folder, page.messages, page.checkpoint);
    if (nothingNew) break;
    checkpoint = page.checkpoint;
  }
  account.syncCheckpoint = { folder, value: checkpoint };
  return inserted;
}

export const syncErrorMessage = (error: unknown) =>
  error instanceof MailError ? error.message : 'The mailbox could not be read';
