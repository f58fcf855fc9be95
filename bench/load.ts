/**
 * Many users at once on one server: the real server (`main.ts`, ROLE=all: API and worker in one
 * process) on a fresh PostgreSQL database, Dovecot with one mailbox per user. Each simulated user has
 * its own account (sign-up and sign-in through the auth API, its session cookie kept), knowledge
 * entries and a 200-message INBOX; then, for `--warmup` + `--duration` seconds, it goes round the
 * screens it reads, with a think time between requests (`--think`, 0 for back-to-back requests):
 * knowledge list, knowledge search, mail settings, profile, webmail folders, a list page, a message
 * and its body. Prints per route requests, req/s, p50, p99 and errors, the sign-ins apart (a write
 * route: password hashing), and the server's RSS (sampled every second) and CPU.
 * Targets (issue 9): p99 < 100 ms on each read route, 0 errors, RSS < 300 MB. Nothing fails on a timing.
 *
 *   npm run load -w bench -- --users=200 --duration=60 --warmup=10 --think=1000
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';
import { startDovecot } from '../apps/server/test/dovecot';
import { startSmtpServer } from '../apps/server/test/smtp-server';
import { entries, loadEnron, type Mail } from './lib/corpus';
import { freshDatabase } from './lib/database';
import { fillInboxes } from './lib/maildir';
import { readRawMessages, redeliver } from './lib/mail-servers';
import { loadAverage, sampleProcess, type Window } from './lib/proc';
import { type Server, type ServerProcess, startServer } from './lib/server';
import { type BenchUser, callAs, connectMailbox, createUsers, forEachLimit } from './lib/users';

const repoRoot = path.resolve(import.meta.dirname, '..');
const corpusDir = path.resolve(repoRoot, '../shared/corpus');
const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '200' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '30' },
    /** Mean pause between two requests of a user, in ms (each pause drawn between 0.5x and 1.5x). */
    think: { type: 'string', default: '1000' },
    entries: { type: 'string', default: '200' },
    messages: { type: 'string', default: '200' },
    /** on: every mailbox syncs, so the worker in the same process holds an IDLE connection per user. */
    sync: { type: 'string', default: 'on' },
    /** Calls under way at once while the accounts and mailboxes are set up. */
    'setup-concurrency': { type: 'string', default: '8' },
    /** A directory: the server runs with --cpu-prof and writes its profile there when it stops. */
    'cpu-prof': { type: 'string' },
    /** Node flags for the server, space-separated (e.g. `--max-semi-space-size=4`), to compare runtime settings. */
    'node-args': { type: 'string', default: '' },
  },
});
const USERS = Number(args.users);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const THINK_MS = Number(args.think);
const ENTRIES = Number(args.entries);
const MESSAGES = Number(args.messages);
const SYNC = args.sync !== 'off';
const SETUP_CONCURRENCY = Number(args['setup-concurrency']);
const PAGE = 25;
const TARGET_P99_MS = 100;
const TARGET_RSS_MB = 300;
/** Words of the Enron mail, from very common to rarer: the searches users type. */
const SEARCH_WORDS = ['gas', 'meeting', 'contract', 'price', 'report', 'power', 'deal', 'schedule', 'market', 'budget'];

const ROUTES = [
  'knowledge list',
  'knowledge search',
  'mail settings',
  'profile',
  'webmail folders',
  'webmail list page',
  'open message',
  'message body',
] as const;
type Route = (typeof ROUTES)[number];

interface RouteRecord {
  ms: number[];
  errors: number;
  firstErrors: string[];
}

const mailboxOf = (i: number) => ({ user: `load${i}@example.com`, pass: `Load-mail-${i}` });

function log(text: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
}

/** The INBOX every mailbox starts with: corpus mail (generated mail when the corpus is missing). */
async function inboxMessages(): Promise<Buffer[]> {
  const corpus = await readRawMessages(path.join(corpusDir, 'enron-folders7/inbox_unlabeled.jsonl.gz'), MESSAGES).catch(
    () => [] as string[],
  );
  return Array.from({ length: MESSAGES }, (_, i) => {
    const fields = {
      messageId: `<load-${i}@client.example>`,
      from: `Client ${i} <client${i}@client.example>`,
      to: 'me@example.com',
    };
    const base = corpus[i] ?? `Subject: Question ${i}\r\n\r\n${'Hello there. '.repeat(40 + (i % 200))}\r\n`;
    return Buffer.from(redeliver(base, fields));
  });
}

async function seedKnowledge(database: Database, mails: Mail[]) {
  const users = await database.query<{ id: string }>('SELECT id FROM "user" ORDER BY email');
  const all = [...entries(mails, users.length * ENTRIES)];
  const now = Date.now();
  for (const [u, { id }] of users.entries()) {
    const own = all.slice(u * ENTRIES, (u + 1) * ENTRIES);
    await database.query(
      `INSERT INTO knowledge_entry (user_id, title, text, created_at, updated_at)
       SELECT $1, t, x, c, c FROM unnest($2::text[], $3::text[], $4::timestamptz[]) AS u(t, x, c)`,
      [
        id,
        own.map((m) => m.title),
        own.map((m) => m.text),
        own.map((_, i) => new Date(now - (ENTRIES - i) * 3_600_000).toISOString()),
      ],
    );
  }
  await database.query('VACUUM ANALYZE knowledge_entry, knowledge_count, knowledge_day');
}

/** Profile and mailbox of every user through the API; with sync on, waits for the worker's first round of each. */
async function setUpMailboxes(server: Server, database: Database, users: BenchUser[], ports: { imap: number; smtp: number }) {
  await forEachLimit(users, SETUP_CONCURRENCY, async (user, i) => {
    await callAs(server, user, 'POST', '/api/user-profiles', { businessSector: 'Consulting', role: 'Founder' }, 201);
    await connectMailbox(server, user, ports, mailboxOf(i), SYNC);
  });
  if (!SYNC) return;
  const started = Date.now();
  for (;;) {
    const [row] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM mail_account WHERE sync_checkpoint IS NOT NULL',
    );
    if (row!.n >= users.length) return;
    if (Date.now() - started > 180_000) throw new Error(`only ${row!.n} of ${users.length} mailboxes synced after 180 s`);
    await sleep(500);
  }
}

/** The simulated users' rounds; requests started inside the measured window are recorded. */
async function runUsers(server: Server, users: BenchUser[]) {
  const records = new Map<Route, RouteRecord>(ROUTES.map((r) => [r, { ms: [], errors: 0, firstErrors: [] }]));
  const clock = { measuring: false, start: 0, end: Infinity };
  /** Per second of the measure, the requests that missed the target: stalls show as spikes. */
  const slowBySecond = new Map<number, number>();
  const think = () => (THINK_MS > 0 ? sleep(THINK_MS * (0.5 + Math.random())) : Promise.resolve());

  async function call(route: Route, user: BenchUser, url: string): Promise<unknown> {
    const recorded = clock.measuring;
    const start = performance.now();
    let failure: string | null = null;
    let body: unknown = null;
    try {
      const res = await fetch(`${server.url}${url}`, { headers: { cookie: user.cookie } });
      const text = await res.text();
      if (res.ok) body = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      else failure = `${res.status} ${text.slice(0, 200)}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const record = records.get(route)!;
    if (recorded && failure) {
      record.errors++;
      if (record.firstErrors.length < 3) record.firstErrors.push(`${url}: ${failure}`);
    } else if (recorded) {
      const ms = performance.now() - start;
      record.ms.push(ms);
      const second = Math.floor((start - clock.start) / 1000);
      if (ms >= TARGET_P99_MS) slowBySecond.set(second, (slowBySecond.get(second) ?? 0) + 1);
    }
    await think();
    return body;
  }

  async function round(user: BenchUser) {
    const word = SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)]!;
    await call('knowledge list', user, `/api/data?page=${1 + Math.floor(Math.random() * Math.ceil(ENTRIES / 10))}`);
    await call('knowledge search', user, `/api/data?page=1&search=${word}`);
    await call('mail settings', user, '/api/email-settings');
    await call('profile', user, '/api/user-profiles');
    await call('webmail folders', user, '/api/mailbox/folders');
    const page = 1 + Math.floor(Math.random() * Math.ceil(MESSAGES / PAGE));
    const list = (await call('webmail list page', user, `/api/mailbox?folder=INBOX&page=${page}`)) as {
      messages?: { uid: string }[];
    } | null;
    const rows = list?.messages ?? [];
    const uid = encodeURIComponent(rows[Math.floor(Math.random() * rows.length)]?.uid ?? '1');
    await call('open message', user, `/api/mailbox/messages/${uid}?folder=INBOX`);
    await call('message body', user, `/api/mailbox/messages/${uid}/body?folder=INBOX&images=0`);
  }

  const loops = users.map(async (user) => {
    await sleep(Math.random() * Math.max(THINK_MS, 100)); // users do not all arrive in the same millisecond
    while (performance.now() < clock.end) await round(user);
  });
  await sleep(WARMUP * 1000);
  const start = performance.now();
  clock.start = start;
  clock.measuring = true;
  clock.end = start + DURATION * 1000;
  await sleep(DURATION * 1000);
  clock.measuring = false;
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(loops);
  return { records, seconds, slowBySecond };
}

/**
 * Where the server's memory is at the end, from its own metrics (prom-client's process and Node.js
 * defaults): the V8 heap, memory outside it (Buffers: mail sources, socket data) and the rest of RSS.
 */
async function serverMemory(server: Server) {
  const text = await (await fetch(`${server.url}/api/metrics`)).text();
  const mb = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) / 2 ** 20 : NaN;
  };
  const rssMb = mb('process_resident_memory_bytes');
  const heapUsedMb = mb('nodejs_heap_size_used_bytes');
  const heapTotalMb = mb('nodejs_heap_size_total_bytes');
  const externalMb = mb('nodejs_external_memory_bytes');
  return { rssMb, heapUsedMb, heapTotalMb, externalMb, restMb: rssMb - heapTotalMb - externalMb };
}

function quantiles(values: number[]) {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

function report({
  run,
  signIn,
  server,
  rssPeakMb,
  bench,
}: {
  run: Awaited<ReturnType<typeof runUsers>>;
  signIn: { ms: number[]; seconds: number };
  /** The server process over the measured window, and its memory at the end. */
  server: Window & { memoryAtEnd: Awaited<ReturnType<typeof serverMemory>> };
  rssPeakMb: number;
  /** This process: the load generator shares the machine's cores with the server. */
  bench: { cpuPercent: number; eventLoopDelayP99Ms: number };
}) {
  const ms = (v: number) => v.toFixed(1);
  const routes = ROUTES.map((route) => {
    const r = run.records.get(route)!;
    const q = quantiles(r.ms);
    return { route, requests: r.ms.length, rps: r.ms.length / run.seconds, ...q, errors: r.errors, firstErrors: r.firstErrors };
  });
  const signInQ = quantiles(signIn.ms);
  const total = routes.reduce((s, r) => s + r.requests, 0);
  const errors = routes.reduce((s, r) => s + r.errors, 0);
  const slowest = routes.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  console.log(
    `\n${USERS} users, think ${THINK_MS} ms, ${run.seconds.toFixed(1)} s measured after ${WARMUP} s warm-up; sync ${SYNC ? 'on' : 'off'}; latencies in ms\n`,
  );
  console.log(
    table([
      ['route', 'requests', 'req/s', 'p50', 'p99', 'max', 'errors', `p99 < ${TARGET_P99_MS}`],
      ...routes.map((r) => [
        r.route,
        String(r.requests),
        r.rps.toFixed(1),
        ms(r.p50),
        ms(r.p99),
        ms(r.max),
        String(r.errors),
        met(r.p99 < TARGET_P99_MS),
      ]),
      [
        'sign-in (write, apart)',
        String(signIn.ms.length),
        (signIn.ms.length / signIn.seconds).toFixed(1),
        ms(signInQ.p50),
        ms(signInQ.p99),
        ms(signInQ.max),
        '0',
        '—',
      ],
    ]),
  );
  for (const r of routes) for (const e of r.firstErrors) console.log(`  error (${r.route}): ${e}`);
  const slowSeconds = [...run.slowBySecond].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(
    `requests of ${TARGET_P99_MS} ms or more, the seconds (from the start of the measure) with the most: ` +
      (slowSeconds.map(([second, n]) => `${second}s: ${n}`).join(', ') || 'none'),
  );
  console.log(
    `\noverall: ${total} requests, ${(total / run.seconds).toFixed(0)} req/s; errors ${errors} (target 0: ${met(errors === 0)})`,
  );
  console.log(
    `read routes p99 < ${TARGET_P99_MS} ms: ${met(slowest.p99 < TARGET_P99_MS)} (worst ${ms(slowest.p99)} ms: ${slowest.route})`,
  );
  console.log(
    `server RSS: peak ${rssPeakMb.toFixed(0)} MB over the whole run, ${server.rss.peakMb.toFixed(0)} MB measured, ${server.rss.endMb.toFixed(0)} MB at the end ` +
      `(target < ${TARGET_RSS_MB} MB: ${met(rssPeakMb < TARGET_RSS_MB)})`,
  );
  const memory = server.memoryAtEnd;
  console.log(
    `server memory at the end: RSS ${memory.rssMb.toFixed(0)} MB = V8 heap ${memory.heapTotalMb.toFixed(0)} MB (${memory.heapUsedMb.toFixed(0)} used) ` +
      `+ outside the heap (Buffers) ${memory.externalMb.toFixed(0)} MB + the rest (code, stacks, allocator) ${memory.restMb.toFixed(0)} MB`,
  );
  console.log(
    `server CPU: ${server.cpuPercent.toFixed(0)}% of one core; load generator (this process): ${bench.cpuPercent.toFixed(0)}%, ` +
      `its event-loop delay p99 ${bench.eventLoopDelayP99Ms.toFixed(1)} ms`,
  );
  console.log(
    `machine: ${server.machineBusyPercent.toFixed(0)}% busy (all processes, all cores); load average at the end: ${server.loadAverage}`,
  );
  return {
    routes,
    signIn: { count: signIn.ms.length, rps: signIn.ms.length / signIn.seconds, ...signInQ, concurrency: SETUP_CONCURRENCY },
    overall: { requests: total, rps: total / run.seconds, errors },
    slowRequestsBySecond: Object.fromEntries([...run.slowBySecond].sort((a, b) => a[0] - b[0])),
    server: { ...server, rssPeakWholeRunMb: rssPeakMb },
    loadGenerator: bench,
    targets: { readP99Under100: slowest.p99 < TARGET_P99_MS, noErrors: errors === 0, rssUnder300: rssPeakMb < TARGET_RSS_MB },
  };
}

async function main() {
  log(`load average before: ${loadAverage()} (${os.cpus().length} cores)`);
  const mailboxes = Array.from({ length: USERS }, (_, i) => mailboxOf(i));
  const [mails, inbox] = await Promise.all([loadEnron(corpusDir), inboxMessages()]);
  const [dovecot, smtp] = await Promise.all([startDovecot(mailboxes), startSmtpServer(mailboxes)]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
  const db = await freshDatabase(`bench_load_${process.pid}`);
  let server: ServerProcess | null = null;
  let database: Database | null = null;
  try {
    await fillInboxes(
      dovecot,
      mailboxes.map((m) => m.user),
      inbox,
    );
    log(`${USERS} Dovecot mailboxes of ${MESSAGES} messages`);
    const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`] : [];
    const nodeArgs = [...profile, ...args['node-args'].split(' ').filter(Boolean)];
    const env = { DATA_DIR: dataDir, DATABASE_URL: db.url, ROLE: 'all', RATE_LIMIT_MULTIPLIER: '1000' };
    server = await startServer(repoRoot, env, nodeArgs);
    const sampler = sampleProcess(server.pid);
    database = await openDatabase({ url: db.url, poolSize: 2 });
    const emails = Array.from({ length: USERS }, (_, i) => `load-user-${String(i).padStart(4, '0')}@example.com`);
    const accounts = await createUsers(server, database, emails, SETUP_CONCURRENCY);
    log(`${USERS} users signed up and signed in (${SETUP_CONCURRENCY} at a time); RSS peak ${sampler.peakMb.toFixed(0)} MB`);
    await seedKnowledge(database, mails);
    log(`${ENTRIES} knowledge entries per user; RSS peak ${sampler.peakMb.toFixed(0)} MB`);
    await setUpMailboxes(server, database, accounts.users, { imap: dovecot.port, smtp: smtp.port });
    log(`mailboxes connected${SYNC ? ' and held by the worker' : ''}; RSS peak ${sampler.peakMb.toFixed(0)} MB so far; running`);

    const window = sampler.window();
    const benchCpu = process.cpuUsage();
    // A late load generator would add its own delay to every latency it measures.
    const benchDelay = monitorEventLoopDelay({ resolution: 10 });
    benchDelay.enable();
    const run = await runUsers(server, accounts.users);
    benchDelay.disable();
    const memory = await serverMemory(server);
    const used = process.cpuUsage(benchCpu);
    const measured = window.close();
    const bench = {
      cpuPercent: ((used.user + used.system) / 1e6 / measured.seconds) * 100,
      eventLoopDelayP99Ms: benchDelay.percentile(99) / 1e6,
    };
    sampler.stop();
    const signIn = { ms: accounts.signInMs, seconds: accounts.signInSeconds };
    const result = report({ run, signIn, server: { ...measured, memoryAtEnd: memory }, rssPeakMb: sampler.peakMb, bench });
    const setup = {
      users: USERS,
      duration: DURATION,
      warmup: WARMUP,
      thinkMs: THINK_MS,
      entries: ENTRIES,
      messages: MESSAGES,
      sync: SYNC,
      serverNodeFlags: [...SERVER_NODE_FLAGS, ...nodeArgs],
    };
    await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
    const file = path.join(
      import.meta.dirname,
      'results',
      `load${THINK_MS === 0 ? '-saturated' : ''}${SYNC ? '' : '-sync-off'}.json`,
    );
    await writeFile(file, `${JSON.stringify({ date: new Date().toISOString(), setup, ...result }, null, 2)}\n`);
    console.log(`written to ${path.relative(process.cwd(), file)}`);
  } finally {
    await database?.close();
    await server?.stop();
    await Promise.all([dovecot.stop(), smtp.stop()]);
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
