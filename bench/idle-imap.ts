/**
 * What an idle mailbox costs the worker: `--mailboxes` Dovecot mailboxes connected through the API
 * (ROLE=api, stopped once they are), then held by ONE worker process (ROLE=worker, PostgreSQL). The
 * worker's RSS and CPU are measured first with no mailbox syncing (`--baseline` seconds, `--startup`
 * seconds after it started and once its RSS has settled: V8 gives the memory of start-up back about a
 * minute after start), then sync is turned on for every mailbox; once the worker holds them all (each
 * leased to it, with its first checkpoint, and an established IMAP connection each, counted in /proc),
 * `--settle` seconds have passed and the RSS has settled again, they are measured over `--duration`
 * seconds, the mailboxes sitting in IMAP IDLE.
 * Prints RSS and CPU in total and per idle mailbox (minus the worker with none).
 *
 *   npm run idle-imap -w bench -- --mailboxes=100 --duration=60
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { type Dovecot, startDovecot } from '../apps/server/test/dovecot';
import { startSmtpServer } from '../apps/server/test/smtp-server';
import { freshDatabase } from './lib/database';
import { fillInboxes } from './lib/maildir';
import { readRawMessages, redeliver } from './lib/mail-servers';
import { connectionsTo, loadAverage, sampleProcess, type Window } from './lib/proc';
import { startServer } from './lib/server';
import { connectMailbox, createUsers, forEachLimit } from './lib/users';
import { startWorkerRole, type WorkerRole } from './lib/worker-role';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    mailboxes: { type: 'string', default: '100' },
    duration: { type: 'string', default: '60' },
    baseline: { type: 'string', default: '30' },
    settle: { type: 'string', default: '30' },
    /** V8 gives the memory of start-up back a minute or so after start: the empty worker is measured after this. */
    startup: { type: 'string', default: '90' },
    messages: { type: 'string', default: '50' },
  },
});
const MAILBOXES = Number(args.mailboxes);
const DURATION = Number(args.duration);
const BASELINE = Number(args.baseline);
const SETTLE = Number(args.settle);
const STARTUP = Number(args.startup);
const MESSAGES = Number(args.messages);
const mailboxOf = (i: number) => ({ user: `idle${i}@example.com`, pass: `Idle-mail-${i}` });

function log(text: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
}

async function fill(dovecot: Dovecot) {
  const corpus = path.resolve(repoRoot, '../shared/corpus/enron-folders7/inbox_unlabeled.jsonl.gz');
  const raws = await readRawMessages(corpus, MESSAGES).catch(() => [] as string[]);
  const messages = Array.from({ length: MESSAGES }, (_, i) =>
    Buffer.from(
      redeliver(raws[i] ?? `Subject: Note ${i}\r\n\r\nHello.\r\n`, {
        messageId: `<idle-${i}@client.example>`,
        from: `Client ${i} <client${i}@client.example>`,
        to: 'me@example.com',
      }),
    ),
  );
  await fillInboxes(
    dovecot,
    Array.from({ length: MAILBOXES }, (_, i) => mailboxOf(i).user),
    messages,
  );
}

/** Users and their mailboxes through the API, sync off: the worker holds nothing yet. */
async function connectAll(dataDir: string, databaseUrl: string, database: Database, ports: { imap: number; smtp: number }) {
  const api = await startServer(repoRoot, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ROLE: 'api',
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  try {
    const emails = Array.from({ length: MAILBOXES }, (_, i) => `idle-user-${String(i).padStart(4, '0')}@example.com`);
    const { users } = await createUsers(api, database, emails, 8);
    await forEachLimit(users, 8, async (user, i) => {
      await connectMailbox(api, user, ports, mailboxOf(i), false);
    });
  } finally {
    await api.stop();
  }
}

/** Waits until one worker holds every mailbox: leased, first checkpoint written, one IMAP connection each. */
async function untilAllHeld(database: Database, worker: WorkerRole, imapPort: number) {
  const started = Date.now();
  for (;;) {
    const [row] = await database.query<{ held: number; owners: number; errors: number }>(
      `SELECT count(*) FILTER (WHERE lease_owner IS NOT NULL AND lease_expires_at > now() AND sync_checkpoint IS NOT NULL)::int AS held,
              count(DISTINCT lease_owner)::int AS owners, count(sync_error)::int AS errors
         FROM mail_account`,
    );
    const connections = connectionsTo(worker.pid, imapPort);
    if (row!.held === MAILBOXES && connections >= MAILBOXES)
      return { seconds: (Date.now() - started) / 1000, owners: row!.owners, connections };
    if (row!.errors > 0) throw new Error(`${row!.errors} mailboxes failed to sync`);
    if (Date.now() - started > 300_000)
      throw new Error(`only ${row!.held} mailboxes held (${connections} IMAP connections) after 300 s`);
    await sleep(500);
  }
}

async function measure(sampler: ReturnType<typeof sampleProcess>, seconds: number): Promise<Window> {
  const window = sampler.window();
  await sleep(seconds * 1000);
  return window.close();
}

function report(
  idle: Window,
  loaded: Window,
  held: { seconds: number; owners: number; connections: number },
  after: { held: number; connections: number },
) {
  const mb = (v: number) => v.toFixed(1);
  const rssPerMailboxMb = (loaded.rss.meanMb - idle.rss.meanMb) / MAILBOXES;
  const cpuPerMailbox = (loaded.cpuPercent - idle.cpuPercent) / MAILBOXES;
  console.log(`\nONE worker process, ${MAILBOXES} idle IMAP mailboxes on Dovecot (${MESSAGES} messages each)`);
  console.log(
    `all held in ${held.seconds.toFixed(1)} s after sync was turned on (${held.owners} lease owner, ${held.connections} IMAP connections); ` +
      `after the measure: ${after.held} still held, ${after.connections} connections`,
  );
  console.log(`                      RSS mean   RSS peak   RSS end   CPU (% of one core)`);
  const row = (name: string, w: Window) =>
    `${name.padEnd(20)}  ${mb(w.rss.meanMb).padStart(8)}   ${mb(w.rss.peakMb).padStart(8)}   ${mb(w.rss.endMb).padStart(7)}   ${w.cpuPercent.toFixed(2).padStart(6)}   (${w.seconds.toFixed(0)} s)`;
  console.log(row('no mailbox', idle));
  console.log(row(`${MAILBOXES} mailboxes`, loaded));
  console.log(
    `per idle mailbox: ${(rssPerMailboxMb * 1024).toFixed(0)} KB RSS, ${cpuPerMailbox.toFixed(3)}% CPU ` +
      `(total ${mb(loaded.rss.meanMb)} MB, ${loaded.cpuPercent.toFixed(2)}% CPU = ${(loaded.cpuPercent / MAILBOXES).toFixed(3)}% per mailbox)`,
  );
  console.log(
    `machine: ${loaded.machineBusyPercent.toFixed(0)}% busy (all processes, all cores); load average at the end: ${loaded.loadAverage}`,
  );
  return {
    mailboxes: MAILBOXES,
    messagesPerMailbox: MESSAGES,
    held,
    after,
    noMailbox: idle,
    withMailboxes: loaded,
    rssPerMailboxMb,
    cpuPercentPerMailbox: cpuPerMailbox,
  };
}

async function main() {
  log(`load average before: ${loadAverage()} (${os.cpus().length} cores)`);
  const mailboxes = Array.from({ length: MAILBOXES }, (_, i) => mailboxOf(i));
  const [dovecot, smtp] = await Promise.all([startDovecot(mailboxes), startSmtpServer(mailboxes)]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-idle-imap-'));
  const db = await freshDatabase(`bench_idle_${process.pid}`);
  const database = await openDatabase({ url: db.url, poolSize: 2 });
  let worker: WorkerRole | null = null;
  try {
    await fill(dovecot);
    await connectAll(dataDir, db.url, database, { imap: dovecot.port, smtp: smtp.port });
    log(`${MAILBOXES} mailboxes connected, sync off`);
    worker = await startWorkerRole(repoRoot, { DATA_DIR: dataDir, DATABASE_URL: db.url });
    const sampler = sampleProcess(worker.pid);
    log(`worker started; waiting ${STARTUP} s and for its RSS to settle`);
    await sleep(STARTUP * 1000);
    await sampler.steady();
    const idle = await measure(sampler, BASELINE);
    log(`worker with no mailbox: ${idle.rss.meanMb.toFixed(1)} MB, ${idle.cpuPercent.toFixed(2)}% CPU; turning sync on`);
    await database.query('UPDATE mail_account SET is_sync_enabled = true, updated_at = now()');
    const held = await untilAllHeld(database, worker, dovecot.port);
    log(
      `all ${MAILBOXES} held in ${held.seconds.toFixed(1)} s; waiting ${SETTLE} s and for the RSS to settle, then measuring ${DURATION} s`,
    );
    await sleep(SETTLE * 1000);
    await sampler.steady({ spreadMb: 5 }); // the runners go round every 20 s: a little sawtooth stays
    const loaded = await measure(sampler, DURATION);
    sampler.stop();
    const [after] = await database.query<{ held: number }>(
      'SELECT count(*)::int AS held FROM mail_account WHERE lease_owner IS NOT NULL AND lease_expires_at > now() AND sync_error IS NULL',
    );
    const result = report(idle, loaded, held, { held: after!.held, connections: connectionsTo(worker.pid, dovecot.port) });
    await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
    const file = path.join(import.meta.dirname, 'results', 'idle-imap.json');
    await writeFile(file, `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`);
    console.log(`written to ${path.relative(process.cwd(), file)}`);
  } finally {
    await worker?.stop();
    await database.close();
    await Promise.all([dovecot.stop(), smtp.stop()]);
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
