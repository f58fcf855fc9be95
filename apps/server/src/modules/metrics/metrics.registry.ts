import { Gauge, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { liveWindowMs } from '../../pipeline/worker-share';
import { processRegistry } from '../../metrics/counters';
import * as repo from './metrics.repository';

/** The shared state, read from the database at scrape time: the same from every process. */
function databaseRegistry(database: Database) {
  const registry = new Registry();
  new Gauge({
    name: 'mail_pending_messages',
    help: 'Messages of syncing mailboxes waiting to be processed',
    registers: [registry],
    async collect() {
      this.set(await repo.pendingMessageCount(database.db));
    },
  });
  new Gauge({
    name: 'mail_sync_lag_seconds',
    help: 'Seconds since each syncing mailbox last synced, by mail account id',
    labelNames: ['mailbox'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const now = Date.now();
      for (const { id, lastSyncedAt } of await repo.syncingMailboxes(database.db)) {
        if (lastSyncedAt) this.set({ mailbox: id }, Math.max(0, (now - lastSyncedAt.getTime()) / 1000));
      }
    },
  });
  new Gauge({
    name: 'mail_sync_errors',
    help: 'Syncing mailboxes whose last sync failed',
    registers: [registry],
    async collect() {
      this.set(await repo.failingMailboxCount(database.db));
    },
  });
  new Gauge({
    name: 'mail_unheld_mailboxes',
    help: 'Syncing mailboxes no worker holds (a dead worker’s until its lease expires, or workers at their cap)',
    registers: [registry],
    async collect() {
      this.set(await repo.unheldMailboxCount(database.db));
    },
  });
  new Gauge({
    name: 'pipeline_workers',
    help: 'Workers running (seen at a scan lately), among which the syncing mailboxes are shared',
    registers: [registry],
    async collect() {
      this.set(await repo.runningWorkerCount(database.db, liveWindowMs()));
    },
  });
  return registry;
}

export interface Metrics {
  contentType: string;
  text(): Promise<string>;
}

export function createMetrics(database: Database): Metrics {
  const registry = Registry.merge([processRegistry, databaseRegistry(database)]);
  return { contentType: registry.contentType, text: () => registry.metrics() };
}
