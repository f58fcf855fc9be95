import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ImapFlow } from 'imapflow';
import { startDovecot } from '../../apps/server/test/dovecot';
import { startSmtpServer } from '../../apps/server/test/smtp-server';
import { type BenchDatabase, freshDatabase } from './database';
import { imapSession } from './mail-servers';
import {
  busyMailbox,
  busyMessages,
  connectBusy,
  connectQuiet,
  type Credentials,
  type Prepared,
  quietMailboxes,
  quietMessage,
  untilFinished,
  untilSynced,
} from './pipeline-mailboxes';
import { analyse, folderProblems, type Offered, readFolders, readRows } from './pipeline-outcome';
import { cpuSeconds } from './proc';
import { type ProfiledWorker, startProfiledWorker } from './profiled-worker';
import { startServer } from './server';

export type Db = 'postgres' | 'pglite';

export interface RunSettings {
  repoRoot: string;
  db: Db;
  /** Messages per second offered to the busy mailbox, for `seconds` seconds. */
  rate: number;
  seconds: number;
  /** Quiet mailboxes, each sent one message every `quietInterval` seconds (staggered) while the busy one is offered mail. */
  quiet: number;
  quietInterval: number;
  /** Seconds allowed after the last APPEND for the pipeline to finish with every message. */
  drainTimeout: number;
  acmeShare: number;
  warmup: number;
  /** Corpus messages (raw), reused from the start when a run needs more. */
  raws: string[];
  /** PostgreSQL only: the server runs with ROLE=api and the worker in this process, every call timed. */
  profile: boolean;
}

export type RunResult = Awaited<ReturnType<typeof runOnce>>;

/**
 * One database × one rate: Dovecot and the SMTP test server with fresh users, a fresh database
 * (a new PostgreSQL database, or PGlite in a new DATA_DIR) and a server process of its own. The
 * server is stopped before the rows are read: PGlite is then opened from this process.
 */
export async function runOnce(s: RunSettings) {
  const quietBoxes = quietMailboxes(s.quiet);
  const users = [busyMailbox, ...quietBoxes];
  const [dovecot, smtp] = await Promise.all([startDovecot(users), startSmtpServer(users)]);
  // A name of this process's own: another bench on the same PostgreSQL server keeps its database.
  const database = s.db === 'postgres' ? await freshDatabase(`bench_pipeline_${process.pid}`) : null;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-pipeline-${s.db}-`));
  try {
    const live = await offerAndDrain(s, { imap: dovecot.port, smtp: smtp.port }, quietBoxes, dataDir, database);
    const rows = await readRows({ url: database?.url, pgliteDir: path.join(dataDir, 'db') });
    const outcome = analyse(rows, live.busy, live.quiet, live.t0);
    const folders = folderProblems(live.folders, rows, live.prepared, live.busy);
    return {
      db: s.db,
      rate: s.rate,
      messages: live.busy.length,
      quietMailboxes: s.quiet,
      quietMessages: live.quiet.length,
      ...outcome,
      serverCpuCores: live.serverCpuCores,
      serverRole: live.profile ? 'api (the worker ran in the bench process)' : 'all',
      drainedWithinTimeout: live.drained,
      draftsInDrafts: live.folders.draftsInDrafts,
      profile: live.profile,
      problems: [
        ...(live.drained ? [] : [`busy: not every message done ${s.drainTimeout} s after the last APPEND`]),
        ...(live.quietDrained ? [] : [`quiet: not every message done ${s.drainTimeout} s after their last APPEND`]),
        ...outcome.problems,
        ...folders,
      ],
    };
  } finally {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
    await Promise.all([dovecot.stop(), smtp.stop()]);
  }
}

/** Starts the server, sets the mailboxes up, warms up, offers the mail, waits for the drain; stops the server. */
async function offerAndDrain(
  s: RunSettings,
  ports: { imap: number; smtp: number },
  quietBoxes: Credentials[],
  dataDir: string,
  database: BenchDatabase | null,
) {
  const profiling = s.profile && database !== null;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url,
    RATE_LIMIT_MULTIPLIER: '1000',
    ...(profiling && { ROLE: 'api' }),
  };
  const server = await startServer(s.repoRoot, env, process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean));
  let profiled: ProfiledWorker | null = null;
  const sessions: ImapFlow[] = [];
  const session = async (mailbox: Credentials) => {
    const client = await imapSession(ports.imap, mailbox);
    sessions.push(client);
    return client;
  };
  try {
    if (profiling) profiled = await startProfiledWorker(dataDir, server.url, database.url);
    const owner = await session(busyMailbox);
    await owner.mailboxCreate('Drafts').catch(() => undefined);
    const busyApi = await connectBusy(server, dataDir, ports);
    const quietApis = await connectQuiet(server, dataDir, ports, quietBoxes);
    await untilSynced([busyApi, ...quietApis], 60_000);
    const delivery = await session(busyMailbox);
    const quietDelivery = await Promise.all(quietBoxes.map((m) => session(m)));

    // Warm-up, not measured: the first AI classification trains each mailbox's classifier.
    const run = `${s.db}-${s.rate}-${Date.now().toString(36)}`;
    const count = Math.round(s.rate * s.seconds);
    const prepared = busyMessages(s.raws, s.warmup + count, s.warmup, s.acmeShare, run);
    for (const m of prepared.slice(0, s.warmup)) await delivery.append('INBOX', m.raw);
    await Promise.all(quietDelivery.map((c, q) => c.append('INBOX', quietMessage(s.raws, quietBoxes[q]!, q, 0, run).raw)));
    const warm = [{ api: busyApi, expected: s.warmup }, ...quietApis.map((api) => ({ api, expected: 1 }))];
    if (!(await untilFinished(warm, 120_000))) throw new Error('the warm-up messages were not done within 120 s');

    const measured = prepared.slice(s.warmup);
    const cpuStart = cpuSeconds(server.pid);
    const t0 = Date.now();
    // The quiet mailboxes get mail for as long as the busy one does (longer than `seconds` if its
    // appender falls behind); the drain of the busy one is awaited meanwhile.
    let busyOffering = true;
    const quietOffers = Promise.all(
      quietDelivery.map((c, q) => {
        const due = (k: number) => ((q + k * s.quiet) * s.quietInterval * 1000) / s.quiet;
        const next = (k: number) =>
          due(k) < s.seconds * 1000 || busyOffering ? quietMessage(s.raws, quietBoxes[q]!, q, k + 1, run) : null;
        return offer(c, next, t0, due);
      }),
    );
    quietOffers.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    const busy = await offer(
      delivery,
      (k) => measured[k] ?? null,
      t0,
      (k) => (k * 1000) / s.rate,
    ).finally(() => (busyOffering = false));
    const drained = await untilFinished([{ api: busyApi, expected: s.warmup + busy.length }], s.drainTimeout * 1000);
    const wallSeconds = (Date.now() - t0) / 1000;
    const serverCpuCores = Math.round(((cpuSeconds(server.pid) - cpuStart) / wallSeconds) * 100) / 100;
    const quietPer = await quietOffers;
    const quietExpected = quietApis.map((api, q) => ({ api, expected: 1 + quietPer[q]!.length }));
    const quietDrained = await untilFinished(quietExpected, s.drainTimeout * 1000);
    const profile = profiled?.report(Math.round(wallSeconds * 1000)) ?? null;
    const folders = await readFolders(owner);
    return { t0, prepared, busy, quiet: quietPer.flat(), drained, quietDrained, serverCpuCores, profile, folders };
  } finally {
    for (const client of sessions) await client.logout().catch(() => undefined);
    await profiled?.stop();
    await server.stop();
  }
}

/**
 * APPENDs messages into the INBOX one after the other, message k due `dueMs(k)` after `t0`, until
 * `next(k)` (asked before the wait and when it is due) gives none; an appender that falls behind keeps going at once (the
 * offered rate is then what it managed).
 */
async function offer(client: ImapFlow, next: (k: number) => Prepared | null, t0: number, dueMs: (k: number) => number) {
  const out: Offered[] = [];
  for (let k = 0; ; k++) {
    const wait = t0 + dueMs(k) - Date.now();
    if (!next(k)) return out;
    if (wait > 0) await sleep(wait);
    const m = next(k);
    if (!m) return out;
    const startedAt = Date.now();
    await client.append('INBOX', m.raw);
    out.push({ ...m, startedAt, appendedAt: Date.now() });
  }
}
