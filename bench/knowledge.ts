/**
 * GET /api/data under load at 100,000 entries, next to the same repository calls made directly
 * through the database driver, on PostgreSQL and on PGlite.
 *
 *   npm run knowledge -w bench -- [--db=postgres|pglite] [--entries=100000] [--duration=5]
 *
 * Per backend: a fresh database (PostgreSQL: `bench_knowledge` on DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/postgres; PGlite: a temporary DATA_DIR), migrated by the real
 * server, where the bench user signs up and follows the verification link from the outbox. The server
 * is then stopped — PGlite's directory can only be open in one process — and this process seeds the
 * entries and measures the direct calls; then the server is started again and autocannon measures the API.
 * Both sides are 20 concurrent callers (a pool of 20 on PostgreSQL; PGlite queues them on its one connection).
 *
 * Search totals, and the order of a search paged deep (page 11 on), are cached by the server while the
 * user's entries are unchanged, and every measure repeats one search: each search scenario is therefore
 * measured a second time with the caches off
 * (`KNOWLEDGE_COUNT_CACHE=off` for the server, `cache: false` for the direct calls), the cost of a
 * search the first time it is made.
 *
 * Between the two, the same scenarios are measured on the HTTP floor (`lib/knowledge-floor-server.ts`): a
 * bare node:http server calling the route's service, without framework, session or validation. On a
 * machine where the load generator, the server and the database share the cores, it shows how much of
 * the direct throughput any HTTP answer leaves, and so how much of the gap is the API's own.
 *
 * Each measure also counts CPU per request (`cpuMs`): the whole machine's, this process's (the direct
 * caller, or autocannon) and the server's, so that the API's share of the direct throughput can be
 * read against what each side spends.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { KNOWLEDGE_PAGE_SIZE, KNOWLEDGE_SEARCH_COUNT_CAP } from '@app/shared/constants';
import { type Database, type DbKind, openDatabase } from '../apps/server/src/db/client';
import { listEntries } from '../apps/server/src/modules/knowledge/knowledge-list';
import { parseSearch } from '../apps/server/src/modules/knowledge/search-query';
import { entries, loadEnron, type Mail } from './lib/corpus';
import { closedLoop, httpLoad, type LoadOptions, type Stats } from './lib/load';
import { type ServerProcess, signUp, startKnowledgeFloor, startServer } from './lib/server';

const repoRoot = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 20;
const TARGET_P99_MS = 50;
const TARGET_RATIO = 0.6;

const { values: flags } = parseArgs({
  options: {
    db: { type: 'string' },
    entries: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '5' },
  },
});
const backends: DbKind[] = flags.db === 'postgres' || flags.db === 'pglite' ? [flags.db] : ['postgres', 'pglite'];
if (flags.db && backends.length !== 1) throw new Error('--db must be postgres or pglite');
const entryCount = Number(flags.entries);
const load: LoadOptions = { connections: CONNECTIONS, duration: Number(flags.duration), warmup: 1, cpu: {} };
if (!(entryCount >= 1 && load.duration > 0)) throw new Error('--entries and --duration must be positive numbers');

interface Scenario {
  name: string;
  search: string;
  page: number;
}

/** The page `fraction` of the way through `entries` entries (deep pages scale with --entries). */
const pageAt = (fraction: number, entries: number) => Math.max(1, Math.floor((entries * fraction) / KNOWLEDGE_PAGE_SIZE));

/** At 100,000 entries: listing pages 5,000 and 9,000; 'sushi' matches 11 entries, 'contract' (a prefix, like every last word) 9,469. */
const scenarios: Scenario[] = [
  { name: 'no search', search: '', page: 1 },
  { name: 'no search, middle', search: '', page: pageAt(0.5, entryCount) },
  { name: 'no search, deep', search: '', page: pageAt(0.9, entryCount) },
  { name: 'rare word', search: 'sushi', page: 1 },
  { name: 'frequent word', search: 'contract', page: 1 },
  // The last page a search shows: results are paged up to KNOWLEDGE_SEARCH_COUNT_CAP.
  { name: 'frequent word, deep', search: 'contract', page: KNOWLEDGE_SEARCH_COUNT_CAP / KNOWLEDGE_PAGE_SIZE },
  { name: 'very common word', search: 'gas', page: 1 },
  { name: 'very common word', search: 'enron', page: 1 },
  { name: 'phrase', search: 'meeting tomorrow', page: 1 },
  { name: 'prefix', search: 'contr', page: 1 },
];

interface Measure {
  api: Stats;
  direct: Stats;
  ratio: number;
}

interface Result extends Scenario, Measure {
  /** totalCount of the answer, with "+" when capped. */
  matches: string;
  /** The HTTP floor (cached searches), and its throughput over the direct one. */
  floor: Stats;
  floorRatio: number;
  /** Searches only: the same with the search caches off. */
  uncached?: Measure;
}

/** What GET /api/data runs: the page and the (capped) count. */
function listDirect(database: Database, userId: string, s: Scenario, cache = true) {
  const offset = (s.page - 1) * KNOWLEDGE_PAGE_SIZE;
  return listEntries(database, userId, parseSearch(s.search), offset, KNOWLEDGE_PAGE_SIZE, KNOWLEDGE_SEARCH_COUNT_CAP, { cache });
}

async function seed(database: Database, userId: string, mails: Mail[]) {
  const BATCH = 1_000;
  const started = Date.now();
  // One entry every 10 minutes up to now, inserted oldest first as a real user would have added them.
  const first = started - entryCount * 600_000;
  let batch: Mail[] = [];
  let done = 0;
  const flush = async () => {
    await database.query(
      `INSERT INTO knowledge_entry (user_id, title, text, created_at, updated_at)
       SELECT $1, t, x, c, c FROM unnest($2::text[], $3::text[], $4::timestamptz[]) AS u(t, x, c)`,
      [
        userId,
        batch.map((m) => m.title),
        batch.map((m) => m.text),
        batch.map((_, i) => new Date(first + (done + i) * 600_000).toISOString()),
      ],
    );
    done += batch.length;
    batch = [];
    progress(`seeding ${done.toLocaleString('en')}/${entryCount.toLocaleString('en')}`);
  };
  for (const entry of entries(mails, entryCount)) {
    batch.push(entry);
    if (batch.length === BATCH) await flush();
  }
  if (batch.length) await flush();
  await database.query('VACUUM ANALYZE knowledge_entry, knowledge_count, knowledge_day');
  progress(
    `seeded ${entryCount.toLocaleString('en')} entries in ${((Date.now() - started) / 1000).toFixed(1)} s (with VACUUM ANALYZE)\n`,
  );
}

async function freshPostgres(): Promise<string> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = await openDatabase({ url: adminUrl, poolSize: 1 });
  await admin.query('DROP DATABASE IF EXISTS bench_knowledge WITH (FORCE)');
  await admin.query('CREATE DATABASE bench_knowledge');
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = '/bench_knowledge';
  return url.toString();
}

/** Progress on one terminal line (the last call's text stays when it ends with a newline). */
function progress(text: string) {
  if (process.stdout.isTTY) process.stdout.write(`\r\x1b[K  ${text}`);
  else if (text.endsWith('\n')) process.stdout.write(`  ${text}`);
}

async function run(kind: DbKind, mails: Mail[]): Promise<Result[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-knowledge-${kind}-`));
  const databaseUrl = kind === 'postgres' ? await freshPostgres() : undefined;
  const env = { DATA_DIR: dataDir, ...(databaseUrl && { DATABASE_URL: databaseUrl }) };
  try {
    let server = await startServer(repoRoot, env);
    const { cookie, userId } = await signUp(server, dataDir);
    await server.stop();

    const database = await openDatabase({ url: databaseUrl, pgliteDir: path.join(dataDir, 'db'), poolSize: CONNECTIONS });
    const expected: { contexts: string[]; count: number }[] = [];
    const direct: Stats[] = [];
    const directUncached = new Map<number, Stats>();
    try {
      await seed(database, userId, mails);
      for (const [i, s] of scenarios.entries()) {
        const { entries: page, count } = await listDirect(database, userId, s, false);
        expected.push({ contexts: page.map((e) => e.context), count });
        direct.push(await closedLoop(() => listDirect(database, userId, s), load));
        if (s.search) directUncached.set(i, await closedLoop(() => listDirect(database, userId, s, false), load));
        progress(`direct ${direct.length}/${scenarios.length}`);
      }
    } finally {
      await database.close();
    }

    /** Checks an HTTP answer (the API's, or the floor's) against the repository's, then measures it. */
    const measureHttp = async (server: ServerProcess, i: number, headers: Record<string, string>, route = '/api/data') => {
      const s = scenarios[i]!;
      const url = `${server.url}${route}?${new URLSearchParams({ page: String(s.page), search: s.search }).toString()}`;
      const answer = (await (await fetch(url, { headers })).json()) as {
        data: { context: string }[];
        totalCount: number;
        totalCapped: boolean;
      };
      const want = expected[i]!;
      const wantCount = s.search ? Math.min(want.count, KNOWLEDGE_SEARCH_COUNT_CAP) : want.count;
      if (answer.data.map((e) => e.context).join() !== want.contexts.join() || answer.totalCount !== wantCount) {
        throw new Error(
          `${s.name} (${s.search || 'no search'}, page ${s.page}): ${server.url}${route} does not answer what the repository returns`,
        );
      }
      const api = await httpLoad(url, headers, { ...load, cpu: { server: server.pid } });
      // autocannon drops the requests still in flight when it stops; let the server finish them first.
      await sleep(1_000 + api.p99);
      return { api, matches: `${answer.totalCount.toLocaleString('en')}${answer.totalCapped ? '+' : ''}` };
    };

    const measureApi = (server: ServerProcess, i: number) => measureHttp(server, i, { cookie });

    const floor: Stats[] = [];
    const floorServer = await startKnowledgeFloor({ databaseUrl, pgliteDir: path.join(dataDir, 'db') }, userId);
    try {
      for (const i of scenarios.keys()) {
        floor.push((await measureHttp(floorServer, i, {}, '/')).api);
        progress(`HTTP floor ${floor.length}/${scenarios.length}`);
      }
    } finally {
      await floorServer.stop();
    }

    const results: Result[] = [];
    server = await startServer(repoRoot, env);
    try {
      for (const [i, s] of scenarios.entries()) {
        const { api, matches } = await measureApi(server, i);
        const d = direct[i]!;
        results.push({
          ...s,
          matches,
          api,
          direct: d,
          ratio: api.rps / d.rps,
          floor: floor[i]!,
          floorRatio: floor[i]!.rps / d.rps,
        });
        progress(`API ${results.length}/${scenarios.length}`);
      }
    } finally {
      await server.stop();
    }
    server = await startServer(repoRoot, { ...env, KNOWLEDGE_COUNT_CACHE: 'off' });
    try {
      for (const [i, d] of directUncached) {
        const { api } = await measureApi(server, i);
        results[i]!.uncached = { api, direct: d, ratio: api.rps / d.rps };
        progress(`API, search caches off ${i + 1}/${scenarios.length}`);
      }
    } finally {
      await server.stop();
    }
    progress('done\n');
    return results;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(kind: DbKind, results: Result[]) {
  const ms = (v: number) => v.toFixed(1);
  const pct = (v: number) => `${(v * 100).toFixed(0)}%`;
  const rows = [
    [
      'scenario',
      'search',
      'page',
      'matches',
      'API req/s',
      'API p50',
      'API p99',
      'direct req/s',
      'direct p50',
      'direct p99',
      'API/direct',
      'floor req/s',
      'floor/direct',
      'uncached: API req/s',
      'API p99',
      'direct req/s',
      'API/direct',
    ],
    ...results.map((r) => [
      r.name,
      r.search ? `'${r.search}'` : '',
      r.page.toLocaleString('en'),
      r.matches,
      r.api.rps.toFixed(0),
      ms(r.api.p50),
      ms(r.api.p99),
      r.direct.rps.toFixed(0),
      ms(r.direct.p50),
      ms(r.direct.p99),
      pct(r.ratio),
      r.floor.rps.toFixed(0),
      pct(r.floorRatio),
      ...(r.uncached
        ? [r.uncached.api.rps.toFixed(0), ms(r.uncached.api.p99), r.uncached.direct.rps.toFixed(0), pct(r.uncached.ratio)]
        : ['', '', '', '']),
    ]),
  ];
  console.log(`\n${kind} — ${entryCount.toLocaleString('en')} entries, latencies in ms`);
  printTable(rows, 2);

  printCpu(results);

  const label = (r: Result) => `${r.name}${r.search ? ` '${r.search}'` : ''}, page ${r.page.toLocaleString('en')}`;
  const judge = (title: string, measures: [Result, Measure][]) => {
    const failures = measures.reduce((n, [, m]) => n + m.api.failures, 0);
    const slowest = measures.reduce((a, b) => (b[1].api.p99 > a[1].api.p99 ? b : a));
    const weakest = measures.reduce((a, b) => (b[1].ratio < a[1].ratio ? b : a));
    const p99Met = slowest[1].api.p99 < TARGET_P99_MS && failures === 0;
    const ratioMet = weakest[1].ratio >= TARGET_RATIO;
    console.log(
      `${title}: API p99 < ${TARGET_P99_MS} ms ${p99Met ? 'MET' : 'NOT MET'} (worst ${ms(slowest[1].api.p99)} ms: ${label(slowest[0])}${failures ? `; ${failures} failed requests` : ''}); ` +
        `API ≥ ${TARGET_RATIO * 100}% of direct ${ratioMet ? 'MET' : 'NOT MET'} (lowest ${pct(weakest[1].ratio)}: ${label(weakest[0])})`,
    );
    return { p99Met, ratioMet };
  };
  const targets = judge(
    kind,
    results.map((r) => [r, r]),
  );
  const weakestFloor = results.reduce((a, b) => (b.floorRatio < a.floorRatio ? b : a));
  console.log(
    `${kind}, HTTP floor (bare node:http, the same service): lowest ${pct(weakestFloor.floorRatio)} of direct (${label(weakestFloor)}), ` +
      `where the API makes ${pct(weakestFloor.ratio)}`,
  );
  const uncached = results.flatMap((r): [Result, Measure][] => (r.uncached ? [[r, r.uncached]] : []));
  return { ...targets, searchesUncached: judge(`${kind}, searches with the caches off`, uncached) };
}

/**
 * Where each request's CPU goes, in ms per request: the whole machine for the API, the direct call and
 * the HTTP floor, then the API's and the floor's server, the API's load generator (autocannon) and the
 * direct caller; what is left of the machine's share is mostly the database (PostgreSQL's processes;
 * PGlite runs inside the caller).
 */
function printCpu(results: Result[]) {
  const cpu = (s: Stats, key: string) => (s.cpuMs?.[key] ?? NaN).toFixed(2);
  const rows = [
    ['scenario', 'page', 'machine: API', 'direct', 'floor', 'API: server', 'floor: server', 'autocannon', 'direct: caller'],
    ...results.map((r) => [
      `${r.name}${r.search ? ` '${r.search}'` : ''}`,
      r.page.toLocaleString('en'),
      cpu(r.api, 'machine'),
      cpu(r.direct, 'machine'),
      cpu(r.floor, 'machine'),
      cpu(r.api, 'server'),
      cpu(r.floor, 'server'),
      cpu(r.api, 'self'),
      cpu(r.direct, 'self'),
    ]),
  ];
  console.log('\nCPU per request, ms');
  printTable(rows, 1);
}

/** A header row, a rule, then the rows: the first `textColumns` aligned left, the numbers right. */
function printTable(rows: string[][], textColumns: number) {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    row.map((cell, c) => (c < textColumns ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

const mails = await loadEnron(path.resolve(repoRoot, '../shared/corpus'));
console.log(`corpus: ${mails.length.toLocaleString('en')} Enron messages`);
for (const kind of backends) {
  // The machine is small: anything else running (tests, linters) shows in the numbers.
  const loadAverage = os.loadavg()[0]!;
  console.log(
    `\n${kind}: ${entryCount.toLocaleString('en')} entries, ${CONNECTIONS} connections, ${load.duration} s per measure after ${load.warmup} s warm-up; load average ${loadAverage.toFixed(1)} before`,
  );
  const results = await run(kind, mails);
  const targets = report(kind, results);
  const file = path.join(repoRoot, 'bench/results', `knowledge-${kind}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  const meta = {
    db: kind,
    entries: entryCount,
    connections: CONNECTIONS,
    duration: load.duration,
    warmup: load.warmup,
    loadAverage,
    date: new Date().toISOString(),
  };
  await writeFile(file, `${JSON.stringify({ ...meta, targets, results }, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}
