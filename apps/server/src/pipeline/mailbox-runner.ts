import { setTimeout as sleep } from 'node:timers/promises';
import { assistantIsActive } from '@app/shared/mail-settings';
import { MailError } from '../mail/errors';
import { notifyMail } from '../notifications/live-events';
import type { MailboxWakeups, WakeupInbox } from '../notifications/mailbox-wakeups';
import type { MailProvider } from '../mail/port';
import type { MailboxContext, PipelineDeps } from './context';
import { ingestNew, syncErrorMessage } from './ingest';
import { jitter } from './jitter';
import * as ingestRepo from './ingest.repository';
import * as repo from './pipeline.repository';
import { processPending } from './process-pending';
import { findCorrections, newestMessages } from './corrections';
import { findNotSpam } from './not-spam-found';

export interface RunnerDeps extends PipelineDeps {
  workerId: string;
  openProvider(account: ingestRepo.MailAccountRow): MailProvider;
  /** The lease a worker holds on a mailbox, renewed a third of the way through (default 60 s). */
  leaseMs?: number;
  /** How long one IMAP IDLE lasts before the loop goes round (default 20 s, under the lease). */
  idleMs?: number;
  /**
   * Providers that cannot push (Gmail history, Graph delta) are polled this often (default 5 s:
   * a history or delta call that finds nothing is cheap, far under Gmail's and Graph's per-mailbox quotas).
   */
  pollMs?: number;
  /** Push when configured (Gmail watch, Graph subscriptions): the poll is then only the fallback. */
  push?: MailboxPush;
  /** How often a mailbox whose push channel is open is polled all the same (default 60 s). */
  pushPollMs?: number;
  /** Waits after a failure: doubles from this up to `maxBackoffMs` (defaults 2 s, 5 min). */
  backoffMs?: number;
  maxBackoffMs?: number;
  log?: { warn(object: object, message: string): void };
  /** How often the category folders are looked at for the owner's corrections (default 60 s). */
  correctionsCheckMs?: number;
  /** The mailbox's batch jobs (initialisation, AI categories), run between rounds; true when one ran. */
  mailboxJobs?(account: ingestRepo.MailAccountRow, provider: MailProvider): Promise<boolean>;
  /**
   * Settings changes announced by the API (NOTIFY): a waiting runner goes round at once. The
   * settings are then checked only every `settingsCheckMs` (default 30 s) in case one was lost;
   * without announcements, every second.
   */
  settingsChanges?: MailboxWakeups;
  settingsCheckMs?: number;
  /** Messages of one mailbox in progress at once (default `MESSAGE_WINDOW`). */
  messageWindow?: number;
  /** On stop, how long the messages being processed may take before their connection is closed (default 20 s). */
  stopDrainMs?: number;
}

export interface MailboxPush {
  /** Opens, renews or moves the mailbox's push channel as needed; true while pushes are expected. Never throws. */
  keep(account: ingestRepo.MailAccountRow, provider: MailProvider): Promise<boolean>;
  /** Ends the channel of a mailbox that stopped syncing (`open` gives a connection only if one is needed). */
  end(account: ingestRepo.MailAccountRow, open: () => MailProvider): Promise<void>;
  /** The vendor's notifications for one mailbox, relayed by the webhooks. */
  arrivals(accountId: string): WakeupInbox;
}

/**
 * Holds one mailbox for as long as it syncs: ingest, process what is pending, wait for new mail
 * (IDLE) or poll, again. Failures are recorded on the mailbox (the settings screen shows them) and
 * retried with back-off over a fresh connection. Returns when the mailbox is deleted, stops syncing,
 * is taken by another worker, or `signal` aborts.
 */
export async function runMailbox(deps: RunnerDeps, accountId: string, signal: AbortSignal): Promise<void> {
  const leaseMs = deps.leaseMs ?? 60_000;
  let account = await ingestRepo.acquireLease(deps.db, accountId, deps.workerId, leaseMs);
  if (!account) return;
  /** The open connection and what was read once over it (folders, address, the classifier). */
  const session: { provider: MailProvider | null; ctx: MailboxContext | null; correctionsCheckedAt?: number } = {
    provider: null,
    ctx: null,
  };
  let lost = false;
  const closeProvider = async () => {
    const open = session.provider;
    session.provider = null;
    session.ctx = null;
    await open?.close().catch(() => undefined);
  };
  // Lost lease or stop: the current batch ends after its message, the wait at once.
  const halt = new AbortController();
  const renew = setInterval(
    () => {
      void repo.renewLease(deps.db, accountId, deps.workerId, leaseMs).then(
        (held) => {
          if (held) return;
          lost = true;
          halt.abort();
          void closeProvider();
        },
        (error: unknown) => deps.log?.warn({ accountId, err: error }, 'lease renewal failed; retried'),
      );
    },
    jitter(leaseMs / 3, 0.75),
  );
  // Stop (shutdown): the message being processed is finished, so it ends done or still pending,
  // never cut between two of its steps; only one that outlasts the drain has its connection closed.
  let drain: NodeJS.Timeout | undefined;
  const onAbort = () => {
    halt.abort();
    drain = setTimeout(() => void closeProvider(), deps.stopDrainMs ?? 20_000);
  };
  signal.addEventListener('abort', onAbort);
  const pushes = deps.push?.arrivals(accountId) ?? null;
  const changes = deps.settingsChanges?.open(accountId) ?? null;
  let backoff = deps.backoffMs ?? 2000;
  try {
    while (!signal.aborted && !lost) {
      account = await repo.findAccount(deps.db, accountId);
      if (!account || !assistantIsActive(account)) {
        if (account) {
          await endPush(deps, account, session);
          // Set after this round's last write: what arrives until it works again is never taken up late.
          await ingestRepo.forgetCheckpoint(deps.db, account.id);
        }
        return;
      }
      try {
        const provider = (session.provider ??= deps.openProvider(account));
        // The settings are read every round, the rest once per connection.
        const ctx = (session.ctx = session.ctx ? { ...session.ctx, account } : await contextFor(deps, account, provider));
        // The owner's engine: a provider they saved or removed applies from this round, its classifier anew.
        const engine = (await deps.engineOf?.(account.userId)) ?? deps.engine;
        if (ctx.deps.engine !== engine) {
          ctx.deps = { ...ctx.deps, engine };
          ctx.memo = {};
        }
        // A correction is learned before the next message is classified: the initialisation runs again
        // now, reading the category folders and every correction.
        if (await correctionsFound(deps, ctx, session)) {
          account = { ...account, batchStatus: 'pending' };
          await repo.queueInitialisation(deps.db, account.id);
        }
        // A job may have trained the classifier again: the next message reads it afresh.
        if (await deps.mailboxJobs?.(account, provider)) ctx.memo = {};
        const hadError = account.syncError !== null;
        const inserted = await ingestNew(deps, account, provider);
        if (hadError) await notifyMail(deps.db, { userId: account.userId, kind: 'setting' });
        if (await processPending(ctx, halt.signal, deps.messageWindow))
          await notifyMail(deps.db, { userId: account.userId, kind: 'activity' });
        backoff = deps.backoffMs ?? 2000;
        const pushed = (await deps.push?.keep(account, provider)) ?? false;
        // A round that found mail goes round again at once: more may have come while it worked.
        if (inserted === 0) await waitForMail(deps, provider, account, halt.signal, { pushes, pushed, changes });
      } catch (error) {
        if (signal.aborted || lost || error instanceof ingestRepo.LeaseLost) return;
        deps.log?.warn({ accountId, err: error }, 'mailbox sync failed');
        await ingestRepo.recordSyncError(deps.db, accountId, syncErrorMessage(error));
        await notifyMail(deps.db, { userId: account.userId, kind: 'setting' });
        await closeProvider();
        await sleep(backoff, undefined, { signal }).catch(() => undefined);
        backoff = Math.min(backoff * 2, deps.maxBackoffMs ?? 300_000);
      }
    }
  } finally {
    clearInterval(renew);
    clearTimeout(drain);
    pushes?.close();
    changes?.close();
    signal.removeEventListener('abort', onAbort);
    await closeProvider();
    await ingestRepo.releaseLease(deps.db, accountId, deps.workerId);
  }
}

/** A mailbox that stopped syncing ends its push channel, opening a connection only if it has one. */
async function endPush(deps: RunnerDeps, account: ingestRepo.MailAccountRow, session: { provider: MailProvider | null }) {
  await deps.push
    ?.end(account, () => (session.provider ??= deps.openProvider(account)))
    .catch((error: unknown) => deps.log?.warn({ accountId: account.id, err: error }, 'push channel not ended'));
}

async function contextFor(deps: RunnerDeps, account: ingestRepo.MailAccountRow, provider: MailProvider): Promise<MailboxContext> {
  if (!provider.messages) throw new MailError('invalid', 'imap', 'protocol', 'This provider cannot process messages yet');
  const [folders, address] = await Promise.all([provider.listFolders(), provider.address()]);
  const name = account.connection.kind === 'smtp' ? account.connection.name : '';
  return { deps, account, provider, ops: provider.messages, folders, mailbox: { name: name || address, address }, memo: {} };
}

/**
 * Waits for new mail (IDLE), a push, or the poll interval (longer while the push channel is open),
 * and stops waiting as soon as the mailbox's settings change (a job queued, replies turned off, the
 * tracked folder changed), announced by the API or, failing that, seen by the fallback check.
 */
async function waitForMail(
  deps: RunnerDeps,
  provider: MailProvider,
  account: ingestRepo.MailAccountRow,
  signal: AbortSignal,
  wakeups: { pushes: WakeupInbox | null; pushed: boolean; changes: WakeupInbox | null },
) {
  if (signal.aborted) return;
  const wait = new AbortController();
  const stop = () => wait.abort();
  signal.addEventListener('abort', stop);
  void wakeups.changes?.next(wait.signal).then(stop);
  const watch = setInterval(
    () => {
      void repo.settingsChangedAt(deps.db, account.id).then(
        (at) => at?.getTime() !== account.updatedAt.getTime() && stop(),
        () => undefined,
      );
    },
    wakeups.changes ? (deps.settingsCheckMs ?? 30_000) : 1000,
  );
  try {
    if (provider.waitForChange)
      await provider.waitForChange(account.trackedMailbox, jitter(deps.idleMs ?? 20_000, 0.75), wait.signal);
    else {
      const pollMs = wakeups.pushed ? (deps.pushPollMs ?? 60_000) : (deps.pollMs ?? 5000);
      const poll = sleep(pollMs, undefined, { signal: wait.signal }).catch(() => undefined);
      await (wakeups.pushes ? Promise.race([poll, wakeups.pushes.next(wait.signal)]) : poll);
    }
  } finally {
    // Whichever of the poll and the push came first, the other stops waiting.
    stop();
    clearInterval(watch);
    signal.removeEventListener('abort', stop);
  }
}

/** Looks for the owner's corrections (and "not spam" verdicts) every `correctionsCheckMs`; true when new ones were stored. */
async function correctionsFound(deps: RunnerDeps, ctx: MailboxContext, session: { correctionsCheckedAt?: number }) {
  if (!deps.mailboxJobs) return false;
  const now = Date.now();
  if (session.correctionsCheckedAt !== undefined && now - session.correctionsCheckedAt < (deps.correctionsCheckMs ?? 60_000))
    return false;
  session.correctionsCheckedAt = now;
  const categories = await repo.categoriesOf(deps.db, ctx.account.id);
  const newest = newestMessages(ctx);
  await findNotSpam(ctx, categories, newest);
  return (await findCorrections(ctx, categories, newest)) > 0;
}
