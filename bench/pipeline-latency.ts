/**
 * Pipeline latency and throughput of one busy mailbox: Dovecot + the real server (API and worker in
 * one process, the local engine), on PGlite and on PostgreSQL. The busy mailbox is on "save draft"
 * with a rules category (Clients/Acme) and three AI categories; beside it, quiet mailboxes (other users,
 * classification on, a rules and an AI category) each receive a message every few seconds. For each
 * database and each offered rate, with a fresh server, database and Dovecot users: after warm-up
 * messages, corpus mail with fresh Message-IDs is APPENDed into the busy INBOX at `rate` messages/s for
 * `seconds` seconds, then the bench waits for the backlog. Per message it measures APPEND → classified
 * and filed (the 'move' action done, or the message done when it stays in the INBOX) and APPEND →
 * draft stored (the 'draft' action done), read from the database once the server has stopped (PGlite
 * is opened from this process then). Per run: offered and processed messages/s, the backlog when the
 * offering stopped, the drain after it, p50/p95/p99/max of both latencies, the server's CPU in cores,
 * the quiet mailboxes' APPEND → filed, and the problems (every message done, exactly one draft per
 * message in Drafts threaded by In-Reply-To, none for mail held back on purpose: likely spam, or a
 * draft the guard skipped; Clients/Acme holding exactly the Acme mail). Per database: the lowest rate
 * whose p99 APPEND → filed passes 1 s.
 *
 *   npm run pipeline-latency -w bench -- [--rates=5,20,50,100 --seconds=30 --db=both|postgres|pglite --quiet=20
 *     --quiet-interval=5 --drain-timeout=120 --acme=0.25 --warmup=3 --profile]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readRawMessages } from './lib/mail-servers';
import { BUSY_CATEGORIES, QUIET_CATEGORIES } from './lib/pipeline-mailboxes';
import { type Db, type RunResult, runOnce } from './lib/pipeline-run';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    rates: { type: 'string', default: '5,20,50,100' },
    /** Seconds of offering per rate: rate × seconds messages. */
    seconds: { type: 'string', default: '30' },
    db: { type: 'string', default: 'both' },
    quiet: { type: 'string', default: '20' },
    /** Seconds between two messages to one quiet mailbox (the mailboxes staggered over it). */
    'quiet-interval': { type: 'string', default: '5' },
    'drain-timeout': { type: 'string', default: '120' },
    acme: { type: 'string', default: '0.25' },
    warmup: { type: 'string', default: '3' },
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus/enron-folders7/inbox_unlabeled.jsonl.gz') },
    /** PostgreSQL runs only: the server with ROLE=api and the worker in this process, every IMAP and engine call timed. */
    profile: { type: 'boolean', default: false },
  },
});
const RATES = args.rates
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const DBS: Db[] = args.db === 'both' ? ['postgres', 'pglite'] : [args.db as Db];
if (!DBS.every((d) => d === 'postgres' || d === 'pglite')) throw new Error('--db must be postgres, pglite or both');
if (!RATES.every((r) => r > 0)) throw new Error('--rates must be positive numbers, e.g. 5,20,50,100');
const SECONDS = Number(args.seconds);
const QUIET = Number(args.quiet);
const QUIET_INTERVAL = Number(args['quiet-interval']);
const P99_LIMIT_MS = 1000;
const targets = { p99PassesOneSecondAbovePerSecond: 50, quietP99Ms: 1000 };

async function main() {
  const loadBefore = os.loadavg().map((l) => Number(l.toFixed(2)));
  console.log(`load average before: ${loadBefore.join(' ')} (${os.cpus().length} cores), node ${process.version}`);
  const raws = await readRawMessages(args.corpus, Infinity);
  if (raws.length === 0) throw new Error(`no messages in ${args.corpus}`);
  const runs: RunResult[] = [];
  for (const db of DBS) {
    for (const rate of RATES) {
      console.log(`\n${db}, ${rate}/s for ${SECONDS} s; ${QUIET} quiet mailboxes, one message each every ${QUIET_INTERVAL} s…`);
      const r = await runOnce({
        repoRoot,
        db,
        rate,
        seconds: SECONDS,
        quiet: QUIET,
        quietInterval: QUIET_INTERVAL,
        drainTimeout: Number(args['drain-timeout']),
        acmeShare: Number(args.acme),
        warmup: Number(args.warmup),
        raws,
        profile: args.profile,
      });
      runs.push(r);
      printRun(r);
    }
  }
  const summary = Object.fromEntries(DBS.map((db) => [db, knee(runs.filter((r) => r.db === db))]));
  console.log(`\n${table(runs)}\n`);
  for (const db of DBS) {
    const k = summary[db]!;
    console.log(
      `${db}: the rate where p99 APPEND → filed passes ${P99_LIMIT_MS} ms: ${k.label} (target above ${targets.p99PassesOneSecondAbovePerSecond}/s: ` +
        `${verdict(k.met)}); quiet mailboxes' worst p99 ${k.quietWorstP99Ms ?? '-'} ms (target < ${targets.quietP99Ms} ms: ` +
        `${verdict(k.quietMet)}); problems ${k.problems}`,
    );
  }
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? '',
      loadBefore,
      loadAfter: os.loadavg().map((l) => Number(l.toFixed(2))),
    },
    setup: {
      rates: RATES,
      secondsPerRate: SECONDS,
      databases: DBS,
      warmup: Number(args.warmup),
      acmeShare: Number(args.acme),
      corpus: path.relative(repoRoot, args.corpus),
      corpusMessages: raws.length,
      busy: { responseType: 'save draft (2)', categories: BUSY_CATEGORIES },
      quiet: { mailboxes: QUIET, intervalSeconds: QUIET_INTERVAL, responseType: 'none (0)', categories: QUIET_CATEGORIES },
      drainTimeoutSeconds: Number(args['drain-timeout']),
      profile: args.profile,
    },
    targets,
    runs,
    summary,
  };
  await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
  const file = path.join(import.meta.dirname, 'results', 'pipeline-latency.json');
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}

/**
 * Over one database's runs (rates ascending): the lowest rate whose busy p99 APPEND → filed passes the
 * limit, the highest rate below it that stayed under (the target: at least 50/s; null when no rate of
 * 50/s or more was run), and the quiet mailboxes' worst p99.
 */
function knee(runs: RunResult[]) {
  const passIndex = runs.findIndex((r) => !(r.latencyMs.filed.p99 <= P99_LIMIT_MS));
  const under = passIndex < 0 ? runs : runs.slice(0, passIndex);
  const highestUnder = under.at(-1)?.rate ?? null;
  const quietP99s = runs.map((r) => r.quietFiledMs.p99).filter((p) => !Number.isNaN(p));
  const quietWorstP99Ms = quietP99s.length ? Math.max(...quietP99s) : null;
  const target = targets.p99PassesOneSecondAbovePerSecond;
  return {
    p99PassesOneSecondAt: passIndex < 0 ? null : runs[passIndex]!.rate,
    highestRateUnderOneSecond: highestUnder,
    label: passIndex < 0 ? `above ${runs.at(-1)!.rate}/s` : `${runs[passIndex]!.rate}/s`,
    met: highestUnder !== null && highestUnder >= target ? true : passIndex >= 0 ? false : null,
    quietWorstP99Ms,
    quietMet: quietWorstP99Ms === null ? null : quietWorstP99Ms < targets.quietP99Ms,
    problems: runs.reduce((n, r) => n + r.problems.length, 0),
  };
}

function verdict(met: boolean | null) {
  return met === null ? 'not measured' : met ? 'met' : 'MISSED';
}

function printRun(r: RunResult) {
  const t = r.throughput;
  const line = (name: string, p: RunResult['quietFiledMs']) =>
    `  ${name.padEnd(26)} n=${String(p.count).padStart(5)}  p50 ${p.p50} ms  p95 ${p.p95} ms  p99 ${p.p99} ms  max ${p.max} ms`;
  console.log(
    `  offered ${t.offeredPerSecond}/s, processed ${t.processedPerSecond}/s (${t.done}/${r.messages} done); backlog at the last APPEND ` +
      `${t.backlogAtLastAppend}, drained ${t.drainMs} ms after it; server CPU ${r.serverCpuCores} cores (${r.serverRole})`,
  );
  console.log(line('APPEND → filed', r.latencyMs.filed));
  console.log(line('APPEND → draft stored', r.latencyMs.draft));
  console.log(line('APPEND → ingested', r.latencyMs.appendToIngested));
  console.log(line(`quiet APPEND → filed`, r.quietFiledMs));
  console.log(
    `  categories: ${JSON.stringify(r.categories)}; drafts in Drafts: ${r.draftsInDrafts}; ` +
      `no draft on purpose: ${JSON.stringify(r.noDraftByDesign)}`,
  );
  if (r.profile) console.log(`  profile (worker in the bench process): ${JSON.stringify(r.profile)}`);
  console.log(
    r.problems.length
      ? `  problems (${r.problems.length}):\n    ${r.problems.slice(0, 20).join('\n    ')}`
      : '  no problems: every message done, one draft each where one is due',
  );
}

function table(runs: RunResult[]) {
  const head = ['db', 'rate', 'offered/s', 'processed/s', 'backlog', 'drain ms', 'filed p50', 'p99', 'draft p50', 'p99'];
  const rows = [
    [...head, 'quiet p50', 'p99', 'CPU cores', 'problems'],
    ...runs.map((r) => [
      r.db,
      `${r.rate}/s`,
      String(r.throughput.offeredPerSecond),
      String(r.throughput.processedPerSecond),
      String(r.throughput.backlogAtLastAppend),
      String(r.throughput.drainMs),
      String(r.latencyMs.filed.p50),
      String(r.latencyMs.filed.p99),
      String(r.latencyMs.draft.p50),
      String(r.latencyMs.draft.p99),
      String(r.quietFiledMs.p50),
      String(r.quietFiledMs.p99),
      String(r.serverCpuCores),
      String(r.problems.length),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
