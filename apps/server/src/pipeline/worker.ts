import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { runMailbox, type RunnerDeps } from './mailbox-runner';
import { jitter } from './jitter';
import * as repo from './pipeline.repository';
import { DEFAULT_SCAN_MS, fairShare, liveWindowMs } from './worker-share';

export interface PipelineWorker {
  readonly workerId: string;
  /** Stops every mailbox, releasing their leases. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  workerId?: string;
  /** The longest wait between two scans (default 3 s; each wait is drawn between half and all of it). */
  scanMs?: number;
  /** The most mailboxes this worker holds, whatever its share (default: no cap). */
  maxMailboxes?: number;
  /**
   * Takes the worker's presence lock for its lifetime (`Database.holdSessionLock`): when the process
   * dies, its leases are free at once (`leaseHolderGone`) instead of when they expire. Resolves to the
   * release, or null when it could not be taken.
   */
  holdPresence?(workerId: string): Promise<(() => Promise<void>) | null>;
}

type Runner = { stop: AbortController; released: boolean };

/**
 * The pipeline's worker (DESIGN §1, §5): every scan it counts the running workers and the syncing
 * mailboxes, takes free mailboxes up to its fair share and runs each in its own loop, and lets go of
 * those over its share (another worker has started) for the others to take. Several workers
 * (processes) share the mailboxes through the leases.
 */
export function startPipelineWorker(deps: Omit<RunnerDeps, 'workerId'> & WorkerOptions): PipelineWorker {
  const workerId = deps.workerId ?? `worker-${randomUUID()}`;
  const scanMs = deps.scanMs ?? DEFAULT_SCAN_MS;
  const runnerDeps: RunnerDeps = { ...deps, workerId };
  const controller = new AbortController();
  // Every mailbox's runner listens on this one signal.
  setMaxListeners(0, controller.signal);
  /** Every runner until its loop has ended and its lease is released, those let go of included. */
  const runners = new Map<string, Runner>();
  const runs = new Set<Promise<void>>();
  const holding = () => [...runners].filter(([, runner]) => !runner.released);

  function hold(accountId: string) {
    const runner: Runner = { stop: new AbortController(), released: false };
    runners.set(accountId, runner);
    const run = runMailbox(runnerDeps, accountId, AbortSignal.any([controller.signal, runner.stop.signal]))
      .catch((error: unknown) => deps.log?.warn({ accountId, err: error }, 'mailbox runner stopped'))
      .finally(() => {
        runners.delete(accountId);
        runs.delete(run);
      });
    runs.add(run);
  }

  /** The mailboxes taken last go first: those held longest keep their warm connection. */
  function release(count: number) {
    for (const [, runner] of holding().slice(-count)) {
      runner.released = true;
      runner.stop.abort();
    }
  }

  let releasePresence: (() => Promise<void>) | null = null;

  async function scan() {
    await repo.heartbeat(deps.db, workerId, releasePresence !== null);
    const { mailboxes, workers } = await repo.mailboxesAndWorkers(deps.db, liveWindowMs(scanMs));
    const room = fairShare(mailboxes, workers, deps.maxMailboxes) - holding().length;
    if (room < 0) {
      release(-room);
      return;
    }
    // A mailbox still being let go of is not taken again until its loop has ended.
    const free = (await repo.accountsToHold(deps.db, workerId)).filter(({ id }) => !runners.has(id));
    for (const { id } of shuffle(free).slice(0, room)) {
      if (controller.signal.aborted) return;
      hold(id);
    }
  }

  const loop = (async () => {
    releasePresence =
      (await deps.holdPresence?.(workerId).catch((error: unknown) => {
        deps.log?.warn({ err: error }, 'presence lock not taken; leases expire instead');
        return null;
      })) ?? null;
    // Announced one wait before the first take, so that workers started together count each other.
    await repo
      .heartbeat(deps.db, workerId, releasePresence !== null)
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'pipeline scan failed'));
    while (!controller.signal.aborted) {
      // A random wait: workers started together would otherwise keep scanning in the same order.
      await sleep(jitter(scanMs), undefined, { signal: controller.signal }).catch(() => undefined);
      if (controller.signal.aborted) break;
      await scan().catch((error: unknown) => deps.log?.warn({ err: error }, 'pipeline scan failed'));
    }
  })();

  return {
    workerId,
    async stop() {
      controller.abort();
      await loop;
      await Promise.all(runs);
      await repo
        .forgetWorker(deps.db, workerId)
        .catch((error: unknown) => deps.log?.warn({ err: error }, 'worker row not removed'));
      await releasePresence?.();
    },
  };
}

/** Workers that find the same free mailboxes try them in different orders, so each gets its own. */
function shuffle<T>(items: T[]): T[] {
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled;
}
