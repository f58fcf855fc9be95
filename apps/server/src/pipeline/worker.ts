import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { runMailbox, type RunnerDeps } from './mailbox-runner';
import { jitter } from './jitter';
import * as repo from './pipeline.repository';

export interface PipelineWorker {
  readonly workerId: string;
  /** Stops every mailbox, releasing their leases. */
  stop(): Promise<void>;
}

/**
 * The pipeline's worker (DESIGN §1, §5): every `scanMs` it looks for syncing mailboxes nobody holds
 * and runs each in its own loop. Several workers (processes) share the mailboxes through the leases.
 */
export function startPipelineWorker(deps: Omit<RunnerDeps, 'workerId'> & { workerId?: string; scanMs?: number }): PipelineWorker {
  const workerId = deps.workerId ?? `worker-${randomUUID()}`;
  const runnerDeps: RunnerDeps = { ...deps, workerId };
  const controller = new AbortController();
  // Every mailbox's runner listens on this one signal.
  setMaxListeners(0, controller.signal);
  const running = new Map<string, Promise<void>>();

  async function scan() {
    const accounts = await repo.accountsToHold(deps.db, workerId);
    for (const { id } of accounts) {
      if (running.has(id) || controller.signal.aborted) continue;
      const run = runMailbox(runnerDeps, id, controller.signal)
        .catch((error: unknown) => deps.log?.warn({ accountId: id, err: error }, 'mailbox runner stopped'))
        .finally(() => running.delete(id));
      running.set(id, run);
    }
  }

  const loop = (async () => {
    while (!controller.signal.aborted) {
      await scan().catch((error: unknown) => deps.log?.warn({ err: error }, 'pipeline scan failed'));
      // A random wait: workers started together would otherwise keep scanning in the same order, and
      // the first after the longest gap take nearly every free mailbox (180 of 200, scale-out test).
      await sleep(jitter(deps.scanMs ?? 3000), undefined, { signal: controller.signal }).catch(() => undefined);
    }
  })();

  return {
    workerId,
    async stop() {
      controller.abort();
      await loop;
      await Promise.all(running.values());
    },
  };
}
