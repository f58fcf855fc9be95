/**
 * "Accuracy on your past mail" end to end (issue 36): an Enron user's folders loaded into Dovecot
 * (each folder's newest messages, dates moved into the last 90 days), the mailbox connected through
 * the API of the real server (API + worker, PostgreSQL) with one AI category per folder; the report
 * the initialisation computes (GET /api/email-settings/accuracy) is compared figure by figure with
 * the same replay run offline in this process on the same raw messages, and printed next to two
 * baselines on the same time-split protocol (majority class, multinomial Naive Bayes). The user's
 * unfiled inbox mail, placed on the same timeline in INBOX, is judged too: what the assistant would
 * have moved, compared the same way.
 *
 *   npm run accuracy-report -w bench [-- --user=lokay-m --max-per-folder=200 --min-per-folder=10]
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DISAGREEMENTS_KEPT } from '@app/shared/accuracy';
import type { EngineCategory } from '../apps/server/src/ai/engine';
import { BODY_MAX } from '../apps/server/src/ai/engine';
import { createLocalEngine } from '../apps/server/src/ai/local/local-engine';
import { type PastMessage, REPLAY_CHUNKS, replayPastMail } from '../apps/server/src/ai/past-mail-replay';
import { startDovecot } from '../apps/server/test/dovecot';
import { startSmtpServer } from '../apps/server/test/smtp-server';
import { freshDatabase } from './lib/database';
import { bagOfWords } from './lib/enron-baselines';
import { loadUser, readJsonl } from './lib/enron-folders';
import { compareInbox, readAsServer } from './lib/inbox-replay';
import { selectMailbox } from './lib/enron-mailbox';
import { imapSession } from './lib/mail-servers';
import { accuracy, majorityHits, naiveBayesHits, perRun, runsOf } from './lib/replay-baselines';
import { signUp, startServer } from './lib/server';
import { initialised, userApi } from './lib/user-api';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    user: { type: 'string', default: 'lokay-m' },
    'max-per-folder': { type: 'string', default: '200' },
    'min-per-folder': { type: 'string', default: '10' },
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus') },
    timeout: { type: 'string', default: '900' },
    out: { type: 'string', default: path.join(import.meta.dirname, 'results/accuracy-report.json') },
  },
});
const DAY_MS = 86_400_000;
const FIELDS = ['filed', 'chosen', 'agreed', 'precision', 'recall'] as const;
const pct = (x: number | null) => (x === null ? '   -  ' : `${(x * 100).toFixed(1).padStart(5)}%`);
const since = (t: number) => Math.round(performance.now() - t);

async function main() {
  const loadBefore = os.loadavg();
  console.log(`load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
  const now = new Date();
  let t = performance.now();
  const inboxRecords = (await readJsonl(path.join(args.corpus, 'enron-folders7', 'inbox_unlabeled.jsonl.gz'))).filter((r) =>
    r.id.startsWith(`${args.user}/`),
  );
  const box = selectMailbox(await loadUser(args.corpus, args.user), {
    maxPerFolder: Number(args['max-per-folder']),
    minPerFolder: Number(args['min-per-folder']),
    newest: new Date(now.getTime() - 3 * 3_600_000),
    days: 88,
    inbox: inboxRecords,
  });
  const timings: Record<string, number> = { loadMs: since(t) };
  console.log(
    `${args.user}: ${box.messages.length} messages in ${box.folders.length} folders ` +
      `(${box.folders.map((f) => `${f.folder} ${f.kept}/${f.total}`).join(', ')}); ` +
      `skipped ${box.skipped.length} folders under ${args['min-per-folder']} messages, ${box.undated} undated; ` +
      `${box.originalSpan.from.slice(0, 10)}…${box.originalSpan.to.slice(0, 10)} moved to ` +
      `${box.messages[0]!.date.toISOString().slice(0, 16)}…${box.messages.at(-1)!.date.toISOString().slice(0, 16)}`,
  );

  const database = await freshDatabase('bench_accuracy_report');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-accuracy-'));
  const [dovecot, smtp] = await Promise.all([startDovecot(), startSmtpServer()]);
  const mailbox = { user: 'owner@enron.example', pass: 'Bench-Mail-1' };
  await dovecot.addUser(mailbox.user, mailbox.pass);
  smtp.addUser(mailbox.user, mailbox.pass);
  const server = await startServer(repoRoot, { DATA_DIR: dataDir, DATABASE_URL: database.url });
  let exitCode = 0;
  try {
    // The owner's mailbox: one folder per Enron folder, each message APPENDed with its new date.
    t = performance.now();
    const imap = await imapSession(dovecot.port, mailbox);
    for (const f of box.folders) await imap.mailboxCreate(f.folder);
    for (const m of [...box.messages, ...box.inbox]) await imap.append(m.folder, m.raw, ['\\Seen'], m.date);
    await imap.logout();
    timings.appendMs = since(t);

    const user = await signUp(server, dataDir);
    const api = userApi(server, user.cookie);
    t = performance.now();
    const range = { start: new Date(now.getTime() - 90 * DAY_MS).toISOString(), end: now.toISOString() };
    await api('POST', '/api/email-settings', {
      provider: 'smtp',
      responseType: 0,
      isClassificationEnabled: true,
      isSyncEnabled: true,
      fetchRangeDates: range,
      settings: {
        host: 'localhost',
        port: smtp.port,
        user: mailbox.user,
        pass: mailbox.pass,
        imapHost: 'localhost',
        imapPort: dovecot.port,
      },
    });
    // The owners gave their folders no description: the instruction is the folder's name in words.
    const folderOf = new Map<string, string>();
    for (const f of box.folders) {
      const instruction = f.folder.replace(/[_/]+/g, ' ').trim();
      const c = await api('POST', '/api/email-settings/categories', { classifierType: 'ai', name: f.folder, instruction });
      folderOf.set(String(c.id), f.folder);
    }
    timings.connectAndCategoriesMs = since(t);
    const { report, waitMs, runMs } = await initialised(api, [...folderOf.keys()], Number(args.timeout) * 1000);
    timings.initialisationWaitMs = waitMs;
    if (runMs !== null) timings.initialisationRunMs = runMs;
    const listed = await api<{ id: string; name: string; instruction: string; classifierType: string }[]>(
      'GET',
      '/api/email-settings/categories',
    );
    // As the server passes them: its order (creation), its stored names and instructions.
    const categories: EngineCategory[] = listed
      .filter((c) => c.classifierType === 'ai')
      .map(({ id, name, instruction }) => ({ id, name, instruction }));

    // Offline: the same raw messages, in the order the initialisation reads them (category by
    // category, each folder newest first), parsed and judged as the server does.
    t = performance.now();
    const past: PastMessage<number>[] = [];
    for (const c of categories) {
      const folder = box.messages.filter((m) => m.folder === folderOf.get(c.id)).reverse();
      for (const m of folder) {
        past.push({ categoryId: c.id, ...(await readAsServer(m.raw)), ref: -1 });
      }
    }
    // The replay's order (date, then reading order): each message's rank in it is its ref.
    const ordered = past
      .map((p, i) => ({ p, i, t: p.message.date?.getTime() ?? -Infinity }))
      .sort((a, b) => a.t - b.t || a.i - b.i)
      .map(({ p }) => p);
    ordered.forEach((p, rank) => (p.ref = rank));
    const left = await Promise.all(box.inbox.map(async (m, i) => ({ ...(await readAsServer(m.raw)), ref: i })));
    const offline = await replayPastMail(createLocalEngine(), categories, past, left);
    timings.offlineReplayMs = since(t);

    // The table: API next to offline, per category.
    const rows = categories.map((c) => {
      const a = report.categories.find((x) => x.categoryId === c.id);
      const o = offline.categories.find((x) => x.categoryId === c.id)!;
      const figures = { ...o, precision: o.chosen ? o.agreed / o.chosen : null, recall: o.filed ? o.agreed / o.filed : null };
      const equal = !!a && FIELDS.every((k) => a[k] === figures[k]);
      return { name: c.name, api: a ?? null, offline: figures, equal };
    });
    const kept = offline.disagreements.slice(0, report.disagreements.length);
    const sameDisagreements =
      report.disagreements.length === Math.min(DISAGREEMENTS_KEPT, offline.disagreements.length) &&
      kept.every((d, i) => {
        const r = report.disagreements[i]!;
        return r.owner.id === d.owner && (r.assistant?.id ?? null) === d.assistant && r.date === (d.date?.toISOString() ?? null);
      });
    const inbox = compareInbox(report.inbox, offline.inbox, categories, DISAGREEMENTS_KEPT);
    const allEqual =
      inbox.equal &&
      rows.every((r) => r.equal) &&
      report.categories.length === categories.length &&
      report.judged === offline.judged &&
      report.agreed === offline.agreed &&
      sameDisagreements;
    type Figures = { filed: number; chosen: number; agreed: number; precision: number | null; recall: number | null };
    const fig = (x: Figures | null) =>
      x
        ? [...[x.filed, x.chosen, x.agreed].map((n) => String(n).padStart(6)), pct(x.precision), pct(x.recall)].join(' ').slice(1)
        : '(missing)'.padEnd(33);
    const width = Math.max(8, ...categories.map((c) => c.name.length));
    console.log(`\ncategories: name = the Enron folder, instruction = the same words (the owners wrote no description)`);
    const columns = ['filed', 'chosen', 'agreed', 'prec.', 'recall']
      .map((h) => h.padStart(6))
      .join(' ')
      .slice(1);
    console.log(`${''.padEnd(width)} | ${'API (GET …/accuracy)'.padEnd(33)} | ${'offline (same replay)'.padEnd(33)} |`);
    console.log(`${'category'.padEnd(width)} | ${columns} | ${columns} | equal`);
    for (const r of rows) console.log(`${r.name.padEnd(width)} | ${fig(r.api)} | ${fig(r.offline)} | ${r.equal ? 'yes' : 'NO'}`);
    console.log(
      `${'all'.padEnd(width)} | ${`agreed ${report.agreed}/${report.judged} ${pct(report.agreed / report.judged)}`.padEnd(33)} | ` +
        `${`agreed ${offline.agreed}/${offline.judged} ${pct(offline.agreed / offline.judged)}`.padEnd(33)} |`,
    );
    console.log(
      `disagreements listed: API ${report.disagreements.length}, offline ${offline.disagreements.length} ` +
        `(the API keeps the newest ${DISAGREEMENTS_KEPT}): ${sameDisagreements ? 'same' : 'DIFFERENT'}`,
    );
    for (const line of inbox.lines) console.log(line);
    console.log(allEqual ? 'every figure equal: yes' : 'every figure equal: NO');
    if (!allEqual) exitCode = 1;

    // Baselines on the same protocol: same messages, same order, same runs.
    const runs = runsOf(ordered.length, REPLAY_CHUNKS);
    const missed = new Set(offline.disagreements.map((d) => d.ref));
    const labelled = ordered.map((p) => ({
      label: p.categoryId,
      tokens: bagOfWords(p.message.subject, p.message.text.slice(0, BODY_MAX)),
    }));
    const labels = categories.map((c) => c.id);
    const methods = {
      engine: ordered.map((p) => !missed.has(p.ref)),
      majorityClass: majorityHits(labelled, labels, REPLAY_CHUNKS),
      naiveBayes: naiveBayesHits(labelled, labels, REPLAY_CHUNKS),
    };
    const held = past.filter((p) => p.heldAsSpam).length;
    const notHeld = (i: number) => !ordered[i]!.heldAsSpam;
    const warm = runs[1]?.start ?? ordered.length;
    console.log(
      `\ntime-split protocol: ${ordered.length} messages by date, ${runs.length} runs of ${runs[0]?.end ?? 0}; run 0 judged cold ` +
        `(baselines have no answer there: a miss), each later run by a model trained on the runs before; ` +
        `${held} held as spam (the engine files them nowhere: a miss; the baselines judge them)`,
    );
    const warmRuns = `runs 1-${runs.length - 1}`;
    const header = ['all runs', warmRuns, `${warmRuns} not spam`];
    console.log(`${'method'.padEnd(14)} ${header.map((h) => h.padStart(19)).join('')}  per run`);
    for (const [name, hits] of Object.entries(methods)) {
      const figures = [accuracy(hits), accuracy(hits, warm), accuracy(hits, warm, notHeld)];
      const runsText = perRun(hits, REPLAY_CHUNKS).map((r) => `${r.agreed}/${r.judged}`);
      console.log(`${name.padEnd(14)} ${figures.map((f) => pct(f.accuracy).padStart(19)).join('')}  ${runsText.join('  ')}`);
    }

    const peakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
    const serverPeakRssMiB = Math.round(
      Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    );
    console.log(
      `\ntimings: load ${timings.loadMs} ms, APPEND ${timings.appendMs} ms, connect + categories ${timings.connectAndCategoriesMs} ms, ` +
        `initialisation ${timings.initialisationWaitMs} ms from the last category to the report` +
        `${runMs !== null ? ` (its final run ~${runMs} ms)` : ''}, offline parse + replay ${timings.offlineReplayMs} ms; ` +
        `peak RSS: bench ${peakRssMiB} MiB, server ${serverPeakRssMiB} MiB`,
    );

    const result = {
      date: new Date().toISOString(),
      node: process.version,
      machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', loadBefore },
      setup: {
        user: args.user,
        corpus: 'enron-folders7',
        maxPerFolder: Number(args['max-per-folder']),
        minPerFolder: Number(args['min-per-folder']),
        folders: box.folders,
        skippedFolders: box.skipped,
        undated: box.undated,
        messages: box.messages.length,
        originalSpan: box.originalSpan,
        movedTo: { from: box.messages[0]!.date.toISOString(), to: box.messages.at(-1)!.date.toISOString() },
        fetchRange: range,
        categories: 'one AI category per folder: name = the folder, instruction = the same words (no owner description)',
        protocol: `replayPastMail: by date, ${REPLAY_CHUNKS} runs, run 0 cold, each later run trained on the runs before`,
        database: 'PostgreSQL',
      },
      equal: allEqual,
      api: {
        judged: report.judged,
        agreed: report.agreed,
        categories: report.categories,
        disagreements: report.disagreements.length,
      },
      offline: {
        judged: offline.judged,
        agreed: offline.agreed,
        categories: rows.map((r) => ({ name: r.name, ...r.offline })),
        disagreements: offline.disagreements.length,
      },
      heldAsSpam: held,
      inbox: { ...inbox.result, available: inboxRecords.length, placed: box.inbox.length, equal: inbox.equal },
      accuracy: Object.fromEntries(
        Object.entries(methods).map(([name, hits]) => [
          name,
          {
            all: accuracy(hits),
            afterRun0: accuracy(hits, warm),
            afterRun0NotHeldAsSpam: accuracy(hits, warm, notHeld),
            perRun: perRun(hits, REPLAY_CHUNKS),
          },
        ]),
      ),
      timings,
      peakRssMiB: { bench: peakRssMiB, server: serverPeakRssMiB },
    };
    await mkdir(path.dirname(args.out), { recursive: true });
    await writeFile(args.out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written to ${path.relative(process.cwd(), args.out)}`);
  } finally {
    await server.stop();
    await Promise.all([dovecot.stop(), smtp.stop()]);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  process.exitCode = exitCode;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
