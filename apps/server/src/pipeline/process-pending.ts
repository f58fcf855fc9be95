import type { MailboxContext } from './context';
import { notSpamSendersAmong } from './not-spam.repository';
import * as repo from './pipeline.repository';
import { processMessage, type SendTurn } from './process-message';

/** Messages of one mailbox worked on at once by default: enough to cover the IMAP and database round trips of the others (ADR 0157). */
export const MESSAGE_WINDOW = 24;
const BATCH = 50;

/**
 * Everything pending of the mailbox, oldest first; how many were worked on. Up to `window` messages
 * are in progress at once, so one's database writes and engine work overlap another's IMAP commands
 * (which the connection runs one at a time, and the adapter gathers into one command where it can).
 * Each message keeps its own records, as when they went one by one. What the owner's correspondents
 * see keeps the arrival order: a message's replies and forwards wait until the messages before it are
 * finished. After `signal` aborts, no message is started and those in progress are finished; a
 * provider failure is thrown once they have (the runner records it and reconnects).
 */
export async function processPending(ctx: MailboxContext, signal: AbortSignal, window = MESSAGE_WINDOW): Promise<number> {
  const inProgress = new Set<string>();
  return inWindow(pendingRows(ctx, inProgress), window, signal, async ({ row, batchCtx }, turn) => {
    inProgress.add(row.id);
    try {
      await processMessage(batchCtx, row, turn);
    } finally {
      inProgress.delete(row.id);
    }
  });
}

/**
 * The mailbox's pending messages, oldest first, a batch at a time; the next batch is read as soon as
 * the last one has started (leaving out the messages still in progress), so the window stays full.
 */
async function* pendingRows(ctx: MailboxContext, inProgress: Set<string>) {
  for (;;) {
    const batch = await repo.pendingMessages(ctx.deps.db, ctx.account.id, BATCH, [...inProgress]);
    const batchCtx = withBatchReads(ctx, batch);
    for (const row of batch) yield { row, batchCtx };
    if (batch.length < BATCH) return;
  }
}

/**
 * Works on `items` in order, up to `window` at once, each with its turn to send: a turn comes once
 * every item before it has finished. How many finished; the first failure is thrown once the items
 * in progress have finished, and no item starts after it or after `signal` aborts.
 */
export async function inWindow<T>(
  items: Iterable<T> | AsyncIterable<T>,
  window: number,
  signal: AbortSignal,
  work: (item: T, turn: SendTurn) => Promise<void>,
): Promise<number> {
  let count = 0;
  let failure: { error: unknown } | null = null;
  const running = new Set<Promise<void>>();
  let previous: Promise<void> = Promise.resolve();
  for await (const item of items) {
    if (signal.aborted || failure) break;
    const turn = sendTurnAfter(previous);
    previous = turn.finished;
    const tracked: Promise<void> = work(item, turn)
      .then(
        () => {
          count++;
        },
        (error: unknown) => {
          failure ??= { error };
        },
      )
      .finally(() => {
        turn.finish();
        running.delete(tracked);
      });
    running.add(tracked);
    // The next item is asked for once there is room for it.
    while (running.size >= window && !failure) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw (failure as { error: unknown }).error;
  return count;
}

/**
 * What every message of a batch reads alike is read once for the batch: the categories, the owner's
 * credits account, prompt and time zone, and which of the batch's senders the owner said are not spam. A change made meanwhile applies from the next batch (a second or two),
 * as it applied from the next message before.
 */
function withBatchReads(ctx: MailboxContext, batch: repo.MessageRow[]): MailboxContext {
  const { deps } = ctx;
  const senders = [...new Set(batch.flatMap((row) => (row.fromAddress ? [row.fromAddress.toLowerCase()] : [])))];
  let notSpam: Promise<Set<string>> | undefined;
  const credits = new Map<string, ReturnType<typeof deps.creditAccountOf>>();
  const prompts = new Map<string, ReturnType<typeof deps.grounding.ownerPrompt>>();
  const timeZones = new Map<string, ReturnType<typeof deps.grounding.ownerTimeZone>>();
  let categories: Promise<repo.CategoryRow[]> | undefined;
  return {
    ...ctx,
    deps: {
      ...deps,
      creditAccountOf: (userId) => once(credits, userId, () => deps.creditAccountOf(userId)),
      grounding: {
        ...deps.grounding,
        ownerPrompt: (userId) => once(prompts, userId, () => deps.grounding.ownerPrompt(userId)),
        ownerTimeZone: (userId) => once(timeZones, userId, () => deps.grounding.ownerTimeZone(userId)),
      },
    },
    batchCategories: () => (categories ??= repo.categoriesOf(deps.db, ctx.account.id)),
    batchNotSpamSender: (address) => {
      const sender = address.toLowerCase();
      if (!senders.includes(sender)) return undefined;
      notSpam ??= notSpamSendersAmong(deps.db, ctx.account.id, senders);
      return notSpam.then((known) => known.has(sender));
    },
  };
}

/** The value kept under `key`, computed on first use; a failure is not kept. */
function once<T>(kept: Map<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> {
  let value = kept.get(key);
  if (!value) {
    value = compute();
    kept.set(key, value);
    value.catch(() => kept.delete(key));
  }
  return value;
}

/** A message's place in the order of sends: it sends once the message before it has finished. */
function sendTurnAfter(previous: Promise<void>): SendTurn & { finished: Promise<void>; finish(): void } {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return { wait: () => previous, finished, finish };
}
