/**
 * First run on a full mailbox (issue: connect → report ready): ~10,000 past messages in ~20 folders of
 * the Enron corpus (several users' largest folders together, dates moved into the last 90 days)
 * APPENDed into Dovecot; the real server (API + worker) on PostgreSQL and on PGlite; the mailbox
 * connected with the last 90 days as fetch range and one AI category per folder; timed until
 * GET /api/email-settings/accuracy gives a report over every category, with the server's RSS sampled
 * every 200 ms. Then, on PostgreSQL, the worker in a process of its own is SIGKILLed halfway through
 * the initialisation and a new one started: does it resume, how long does it take, what is counted.
 *
 *   npm run first-run -w bench [-- --messages=10000 --folders=20 --db=both|postgres|pglite --kill-worker=yes]
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client';
import { startDovecot } from '../apps/server/test/dovecot';
import { startSmtpServer } from '../apps/server/test/smtp-server';
import { appendMailbox, type CombinedMailbox, combinedMailbox } from './lib/combined-mailbox';
import { freshDatabase } from './lib/database';
import { connectAndCreate, counted, type Ports, READ_PER_FOLDER } from './lib/first-run-steps';
import { type BatchState, watchInitialisation } from './lib/init-watch';
import { imapSession } from './lib/mail-servers';
import { idleRss, sampleRss, statusMib } from './lib/rss-sampler';
import { signUp, startServer } from './lib/server';
import { userApi } from './lib/user-api';
import { startWorkerRole, type WorkerRole } from './lib/worker-role';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000' },
    folders: { type: 'string', default: '20' },
    db: { type: 'string', default: 'both' },
    'kill-worker': { type: 'string', default: 'yes' },
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus') },
    timeout: { type: 'string', default: '900' },
    /** After the kill: how long the new worker is given to bring the report. */
    'resume-timeout': { type: 'string', default: '180' },
    out: { type: 'string', default: path.join(import.meta.dirname, 'results/first-run.json') },
  },
});
const DAY_MS = 86_400_000;
const dbs = args.db === 'both' ? (['postgres', 'pglite'] as const) : ([args.db] as ('postgres' | 'pglite')[]);
if (!dbs.every((d) => d === 'postgres' || d === 'pglite')) throw new Error('--db must be postgres, pglite or both');
const now = new Date();
const range = { start: new Date(now.getTime() - 90 * DAY_MS).toISOString(), end: now.toISOString() };
const mailbox = { user: 'owner@enron.example', pass: 'Bench-Mail-1' };
const s1 = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);
const mib = (x: number | null) => (x === null ? null : Math.round(x));

async function measure(db: 'postgres' | 'pglite', box: CombinedMailbox, ports: Ports) {
  const database = db === 'postgres' ? await freshDatabase('bench_first_run') : null;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-first-run-${db}-`));
  const env = { DATA_DIR: dataDir, DATABASE_URL: database?.url };
  const t = performance.now();
  let server = await startServer(repoRoot, env);
  const startupS = s1(performance.now() - t);
  try {
    const idle = await idleRss(server.pid);
    const startupPeakMib = statusMib(server.pid, 'VmHWM');
    const user = await signUp(server, dataDir);
    const api = userApi(server, user.cookie);
    const rss = sampleRss({ server: server.pid });
    const { t0, folderOf, createdAfter, categoriesMs } = await connectAndCreate(api, box, ports, mailbox, range);
    const w = await watchInitialisation(api, {
      ids: [...folderOf.keys()],
      createdAfter,
      t0,
      timeoutMs: Number(args.timeout) * 1000,
    });
    const sampled = rss.stop();
    if (!w.report) throw new Error(`${db}: no report after ${args.timeout} s (${JSON.stringify(w.last)})`);
    const count = counted(w.report, box, folderOf);
    const final = w.finalRun;
    const lifetimePeak = mib(statusMib(server.pid, 'VmHWM'));
    // Started again on the same database (PGlite: its directory exists now, no initdb), the mailbox connected.
    await server.stop();
    server = await startServer(repoRoot, env);
    const restartIdle = await idleRss(server.pid);
    const restart = {
      startupPeak: mib(statusMib(server.pid, 'VmHWM')),
      idle: mib(restartIdle.mib),
      idleSettled: restartIdle.settled,
    };
    return {
      startupS,
      connectAndCategoriesS: s1(categoriesMs),
      reportS: s1(w.reportMs),
      completedS: s1(w.completedMs),
      ...count,
      judgedPerS: Math.round((w.report.judged / w.reportMs!) * 1000),
      mailboxPerS: Math.round((box.messages.length / w.reportMs!) * 1000),
      agreed: w.report.agreed,
      initialisation: {
        runs: w.runs,
        requeued: w.requeued,
        finalRunS: final.startMs === null ? null : s1(w.completedMs! - final.startMs),
        finalReadS: final.startMs === null || final.readMs === null ? null : s1(final.readMs - final.startMs),
        finalReplayAndTrainS: final.readMs === null ? null : s1(w.completedMs! - final.readMs),
      },
      rssMib: {
        startupPeak: mib(startupPeakMib),
        idle: mib(idle.mib),
        idleSettled: idle.settled,
        idleAfterS: s1(idle.afterS * 1000),
        runPeak: mib(sampled.peakTotalMib),
        runPeakMinusIdle: mib(sampled.peakTotalMib - idle.mib),
        lifetimePeak,
        samples: sampled.samples,
        restart,
      },
    };
  } finally {
    await server.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** API and worker in processes of their own (ROLE=api, ROLE=worker); the worker SIGKILLed halfway, a new one started. */
async function killWorker(box: CombinedMailbox, ports: Ports, baseline: Awaited<ReturnType<typeof measure>>) {
  const database = await freshDatabase('bench_first_run_kill');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-first-run-kill-'));
  const server = await startServer(repoRoot, { DATA_DIR: dataDir, DATABASE_URL: database.url, ROLE: 'api' });
  const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
  const workers: WorkerRole[] = [await startWorkerRole(repoRoot, env)];
  const bench = await openDatabase({ url: database.url, poolSize: 1 });
  try {
    const user = await signUp(server, dataDir);
    const api = userApi(server, user.cookie);
    const rss = sampleRss({ api: server.pid, worker: workers[0]!.pid });
    const { t0, folderOf, createdAfter } = await connectAndCreate(api, box, ports, mailbox, range);
    const n = folderOf.size;
    const kill = {
      atMs: null as number | null,
      progress: null as BatchState['batchProgress'],
      newWorkerReadyMs: null as number | null,
    };
    let deadLease: string | null = null;
    let takenOverMs: number | null = null;
    const lease = async () =>
      (await bench.query<{ owner: string | null }>('select lease_owner as owner from mail_account'))[0]?.owner ?? null;
    const onState = async (s: BatchState, elapsedMs: number) => {
      const p = s.batchProgress;
      if (kill.atMs === null && s.batchStatus === 'processing' && p?.total === n && p.done >= Math.ceil(n / 2)) {
        deadLease = await lease();
        process.kill(workers[0]!.pid, 'SIGKILL');
        kill.atMs = elapsedMs;
        kill.progress = p;
        workers.push(await startWorkerRole(repoRoot, env));
        rss.add('worker2', workers[1]!.pid);
        kill.newWorkerReadyMs = Math.round(performance.now() - t0);
      } else if (kill.atMs !== null && takenOverMs === null) {
        const owner = await lease();
        if (owner && owner !== deadLease) takenOverMs = elapsedMs;
      }
    };
    // Until the kill, the overall timeout; after it, the new worker gets `resume-timeout` seconds.
    const timeoutMs = () =>
      kill.atMs === null ? Number(args.timeout) * 1000 : kill.atMs + Number(args['resume-timeout']) * 1000;
    const w = await watchInitialisation(api, { ids: [...folderOf.keys()], createdAfter, t0, timeoutMs, onState });
    if (kill.atMs === null) throw new Error('the initialisation ended before it was halfway: nothing was killed');
    const sampled = rss.stop();
    const count = counted(w.report, box, folderOf);
    const reportS = s1(w.reportMs);
    return {
      baseline: 'the uninterrupted PostgreSQL run above (API and worker in one process)',
      killedAtS: s1(kill.atMs),
      killedAtProgress: kill.progress,
      newWorkerReadyS: s1(kill.newWorkerReadyMs),
      newWorkerTookMailboxS: s1(takenOverMs),
      resumed: w.report !== null,
      stateAtEnd: w.last,
      waitedS: s1(performance.now() - t0),
      reportS,
      baselineReportS: baseline.reportS,
      withinTwentyPercent: reportS !== null && baseline.reportS !== null ? reportS <= baseline.reportS * 1.2 : false,
      ...count,
      judgedAsUninterrupted: count.judged === baseline.judged,
      rssPeakMib: Object.fromEntries(Object.entries(sampled.peakMib).map(([k, v]) => [k, mib(v)])),
    };
  } finally {
    await bench.close();
    for (const w of workers) await w.stop();
    await server.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const loadBefore = os.loadavg().map((l) => Number(l.toFixed(2)));
  console.log(`load average before: ${loadBefore.join(' ')} (${os.cpus().length} cores), node ${process.version}`);
  let t = performance.now();
  const box = await combinedMailbox(args.corpus, {
    messages: Number(args.messages),
    folders: Number(args.folders),
    newest: new Date(now.getTime() - 3 * 3_600_000),
    days: 88,
  });
  const loadS = s1(performance.now() - t);
  console.log(
    `mailbox: ${box.messages.length} messages in ${box.sources.length} folders from ` +
      `${new Set(box.sources.map((s) => s.user)).size} Enron users, ${box.messages[0]!.date.toISOString().slice(0, 10)}…` +
      `${box.messages.at(-1)!.date.toISOString().slice(0, 10)} (originally ${box.originalSpan.from.slice(0, 10)}…${box.originalSpan.to.slice(0, 10)})`,
  );
  console.log(`  ${box.sources.map((s) => `${s.folder} ${s.kept}`).join(', ')}`);
  const [dovecot, smtp] = await Promise.all([startDovecot(), startSmtpServer()]);
  try {
    await dovecot.addUser(mailbox.user, mailbox.pass);
    smtp.addUser(mailbox.user, mailbox.pass);
    t = performance.now();
    await appendMailbox(() => imapSession(dovecot.port, mailbox), box);
    const appendS = s1(performance.now() - t);
    console.log(`loaded in ${loadS} s, APPENDed in ${appendS} s (4 connections; not counted below)`);
    const ports = { imap: dovecot.port, smtp: smtp.port };

    const results: Partial<Record<'postgres' | 'pglite', Awaited<ReturnType<typeof measure>>>> = {};
    for (const db of dbs) {
      console.log(`\n${db}: starting the server (API + worker in one process)…`);
      const r = (results[db] = await measure(db, box, ports));
      const i = r.initialisation;
      console.log(
        `${db}: connect → report ready ${r.reportS} s (batchStatus completed at ${r.completedS} s; connect + ${box.folders.length} categories ${r.connectAndCategoriesS} s)\n` +
          `  mailbox ${box.messages.length} messages; the report judged ${r.judged} (the initialisation reads at most ${READ_PER_FOLDER} per folder: ` +
          `${r.expected} expected; per category as expected: ${r.perCategoryAsExpected ? 'yes' : 'NO'}, filed sums to judged: ${r.sumOfFiledIsJudged ? 'yes' : 'NO'}), agreed ${r.agreed}\n` +
          `  ${r.judgedPerS} judged messages/s (${r.mailboxPerS} mailbox messages/s)\n` +
          `  initialisation: ${i.runs} runs seen (${i.requeued} queued again by the bench); the last, over every category, ` +
          `${i.finalRunS} s: reading the folders ${i.finalReadS} s, then replay + Sent + training ${i.finalReplayAndTrainS} s\n` +
          `  server RSS: start-up peak ${r.rssMib.startupPeak} MiB (started in ${r.startupS} s), idle ${r.rssMib.idle} MiB ` +
          `(${r.rssMib.idleSettled ? 'settled' : 'NOT settled'} after ${r.rssMib.idleAfterS} s), peak during the run ${r.rssMib.runPeak} MiB = idle + ${r.rssMib.runPeakMinusIdle} MiB\n` +
          `  started again on the same database: start-up peak ${r.rssMib.restart.startupPeak} MiB, idle ${r.rssMib.restart.idle} MiB` +
          `${r.rssMib.restart.idleSettled ? '' : ' (NOT settled)'}`,
      );
    }

    let kill: Awaited<ReturnType<typeof killWorker>> | { skipped: string } | null = null;
    if (args['kill-worker'] === 'yes') {
      if (!results.postgres)
        kill = {
          skipped: 'needs PostgreSQL: PGlite lives inside the one server process, a worker process of its own cannot open it',
        };
      else {
        console.log(`\nkill the worker halfway (PostgreSQL, ROLE=api + ROLE=worker)…`);
        const k = (kill = await killWorker(box, ports, results.postgres));
        console.log(
          `  SIGKILL at ${k.killedAtS} s (folders read ${k.killedAtProgress?.done}/${k.killedAtProgress?.total}), new worker running at ${k.newWorkerReadyS} s, ` +
            `it took the mailbox at ${k.newWorkerTookMailboxS ?? '-'} s\n` +
            (k.resumed
              ? `  resumed: report ready at ${k.reportS} s vs ${k.baselineReportS} s uninterrupted: within 20%: ${k.withinTwentyPercent ? 'yes' : 'NO'}; ` +
                `judged ${k.judged} (uninterrupted ${results.postgres.judged}): same: ${k.judgedAsUninterrupted ? 'yes' : 'NO'}, per category as expected: ${k.perCategoryAsExpected ? 'yes' : 'NO'}`
              : `  NOT resumed: no report after ${k.waitedS} s; the mailbox stays at ${JSON.stringify(k.stateAtEnd)}`) +
            `\n  RSS peaks (MiB): ${JSON.stringify(k.rssPeakMib)}`,
        );
      }
    }
    if (kill && 'skipped' in kill) console.log(`\nkill the worker halfway: skipped (${kill.skipped})`);

    const result = {
      date: new Date().toISOString(),
      node: process.version,
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? '',
        loadBefore,
        loadAfter: os.loadavg().map((l) => Number(l.toFixed(2))),
      },
      mailbox: {
        messages: box.messages.length,
        folders: box.sources,
        span: { from: box.messages[0]!.date.toISOString(), to: box.messages.at(-1)!.date.toISOString() },
        originalSpan: box.originalSpan,
        fetchRange: range,
        categories: 'one AI category per folder: name = the folder, instruction = its words',
        loadS,
        appendS,
      },
      readPerFolder: READ_PER_FOLDER,
      target: { reportS: 60, runPeakMinusIdleMib: 200, judged: box.messages.length },
      results,
      killWorker: kill,
    };
    await mkdir(path.dirname(args.out), { recursive: true });
    await writeFile(args.out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nwritten to ${path.relative(process.cwd(), args.out)}`);
  } finally {
    await Promise.all([dovecot.stop(), smtp.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
