/**
 * Cold start: the eight coarse genres of ../shared/corpus/enron-berkeley (1,702 hand-labelled
 * messages) as categories with only a name and an instruction, no filed mail (model null). Accuracy
 * of the local engine next to the majority-class baseline, with per-genre recall, and how well its
 * confidence is calibrated (what the pipeline's threshold lets through, and how much of it is right).
 *
 *   npm run classify-cold -w bench
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EngineCategory } from '../apps/server/src/ai/engine';
import { createLocalEngine } from '../apps/server/src/ai/local/local-engine';
import { MIN_AI_CONFIDENCE } from '../apps/server/src/pipeline/classify';
import { readJsonl, toEngineMessage } from './lib/enron-folders';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/corpus') },
    out: { type: 'string', default: path.join(import.meta.dirname, 'results/classify-cold.json') },
  },
});

/**
 * The genres of categories.txt (1.1–1.8), each with the instruction an owner of this mailbox might
 * write (the mailbox is an energy company's: its business words are those of that trade).
 */
export const GENRES: EngineCategory[] = [
  {
    id: '1',
    name: 'Company business',
    instruction:
      'Company business and strategy: energy trading, gas, power and electricity markets, prices, deals, contracts, customers, regulators (FERC, the California ISO and PUC), legislation, projects, budgets, reports, news and plans.',
  },
  {
    id: '2',
    name: 'Personal',
    instruction:
      'Purely personal mail: family, friends, home, weekend, dinner, party, holidays, birthdays, kids, sports and jokes.',
  },
  {
    id: '3',
    name: 'Personal at work',
    instruction:
      'Personal notes between colleagues: thanks, congratulations, good working with you, farewells, best wishes, good luck, condolences.',
  },
  {
    id: '4',
    name: 'Logistics',
    instruction:
      'Logistic arrangements: scheduling meetings and conference calls, rooms, calendars, travel, flights, hotels, and technical support (computers, phones, passwords).',
  },
  {
    id: '5',
    name: 'Employment',
    instruction:
      'Employment: job seeking, hiring, interviews, candidates, resumes, recommendations, offers, salaries and recruiting.',
  },
  {
    id: '6',
    name: 'Document review',
    instruction:
      'Document editing and checking: drafts to review, comments, changes, revisions and redlines of an attached document or agreement.',
  },
  { id: '7', name: 'Missing attachment', instruction: 'Empty messages with only an attachment, no text.' },
  { id: '8', name: 'Empty', instruction: 'Empty messages: no text at all.' },
];

const engine = createLocalEngine();
const records = await readJsonl(path.join(values.corpus, 'enron-berkeley', 'messages.jsonl.gz'));
const counts = new Map<string, number>();
for (const r of records) counts.set(String(r.label), (counts.get(String(r.label)) ?? 0) + 1);
const [majority, majorityCount] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;

let right = 0;
let none = 0;
// Calibration: how close the confidence is to the accuracy (bins of 0.1), and what the pipeline
// moves (confidence at or above its threshold) and how much of that is right.
const bins = Array.from({ length: 10 }, () => ({ count: 0, right: 0, confidence: 0 }));
let moved = 0;
let movedRight = 0;
const perGenre = new Map(GENRES.map((g) => [g.id, { total: 0, right: 0, predicted: 0 }]));
const t = performance.now();
for (const r of records) {
  const c = await engine.classify(toEngineMessage(r), GENRES, null);
  const truth = String(r.label);
  perGenre.get(truth)!.total++;
  if (c.categoryId === null) none++;
  else perGenre.get(c.categoryId)!.predicted++;
  if (c.categoryId === truth) {
    right++;
    perGenre.get(truth)!.right++;
  }
  if (c.categoryId === null) continue;
  const bin = bins[Math.min(9, Math.floor(c.confidence * 10))]!;
  bin.count++;
  bin.confidence += c.confidence;
  if (c.categoryId === truth) bin.right++;
  if (c.confidence >= MIN_AI_CONFIDENCE) {
    moved++;
    if (c.categoryId === truth) movedRight++;
  }
}
const seconds = (performance.now() - t) / 1000;

const accuracy = right / records.length;
const majorityAccuracy = majorityCount / records.length;
// Mean recall over the genres: what a constant answer cannot fake (the majority class scores 1/8).
const present = GENRES.filter((g) => perGenre.get(g.id)!.total > 0);
const balancedAccuracy = present.reduce((a, g) => a + perGenre.get(g.id)!.right / perGenre.get(g.id)!.total, 0) / present.length;
const majorityBalanced = 1 / present.length;
const calibrationError = bins.reduce((a, b) => a + Math.abs(b.right - b.confidence), 0) / records.length;
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`${records.length} messages, ${GENRES.length} genres, no training mail`);
console.log('genre                  messages  recall   predicted');
for (const g of GENRES) {
  const s = perGenre.get(g.id)!;
  console.log(
    `${`${g.id} ${g.name}`.padEnd(22)} ${String(s.total).padStart(8)}  ${s.total ? `${((s.right / s.total) * 100).toFixed(1)}%`.padStart(6) : '     -'}  ${String(s.predicted).padStart(9)}`,
  );
}
console.log(`left unclassified (null): ${none}`);
console.log(
  `local engine, cold: ${(accuracy * 100).toFixed(1)}%   majority class (${majority}): ${(majorityAccuracy * 100).toFixed(1)}%`,
);
console.log(
  `balanced accuracy (mean recall per genre): ${(balancedAccuracy * 100).toFixed(1)}%   majority class: ${(majorityBalanced * 100).toFixed(1)}%`,
);
console.log(
  `moved by the pipeline (confidence ≥ ${MIN_AI_CONFIDENCE}): ${moved}, ${((movedRight / Math.max(1, moved)) * 100).toFixed(1)}% of them right; ` +
    `calibration error ${calibrationError.toFixed(3)}`,
);
console.log(`classification ${(records.length / seconds).toFixed(0)} messages/s`);

await mkdir(path.dirname(values.out), { recursive: true });
await writeFile(
  values.out,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      messages: records.length,
      accuracy,
      majorityClass: majority,
      majorityAccuracy,
      balancedAccuracy,
      majorityBalancedAccuracy: majorityBalanced,
      unclassified: none,
      movedAtThreshold: { threshold: MIN_AI_CONFIDENCE, moved, right: movedRight },
      calibrationError,
      calibration: bins.map((b, i) => ({
        confidence: `${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}`,
        messages: b.count,
        meanConfidence: b.count ? b.confidence / b.count : null,
        accuracy: b.count ? b.right / b.count : null,
      })),
      messagesPerSecond: Math.round(records.length / seconds),
      genres: GENRES.map((g) => ({ ...g, ...perGenre.get(g.id)! })),
    },
    null,
    2,
  )}\n`,
);
console.log(`written to ${path.relative(process.cwd(), values.out)}`);
