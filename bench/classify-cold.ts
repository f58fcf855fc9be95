/**
 * Cold start: the eight coarse genres of ../shared/corpus/enron-berkeley (1,702 hand-labelled
 * messages) as categories with only a name and an instruction, no filed mail (model null), twice:
 * with instructions an owner of this mailbox might write, and with the genre descriptions of
 * categories.txt word for word ("Company Business, Strategy, etc."). Accuracy of the local engine next
 * to the majority-class baseline, with per-genre recall, and what the pipeline moves (a category
 * chosen) and how much of that is right.
 *
 *   npm run classify-cold -w bench
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EngineCategory } from '../apps/server/src/ai/engine';
import { createLocalEngine } from '../apps/server/src/ai/local/local-engine';
import { aiCategoryId } from '../apps/server/src/pipeline/classify';
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

/** The descriptions of categories.txt (1.1–1.8) word for word as the instructions. */
const BERKELEY_WORDS: Record<string, string> = {
  '1': 'Company Business, Strategy, etc.',
  '2': 'Purely Personal',
  '3': 'Personal but in professional context (e.g., it was good working with you)',
  '4': 'Logistic Arrangements (meeting scheduling, technical support, etc)',
  '5': 'Employment arrangements (job seeking, hiring, recommendations, etc)',
  '6': 'Document editing/checking (collaboration)',
  '7': 'Empty message (due to missing attachment)',
  '8': 'Empty message',
};
const WORD_FOR_WORD = GENRES.map((g) => ({ ...g, instruction: BERKELEY_WORDS[g.id]! }));

const engine = createLocalEngine();
const records = await readJsonl(path.join(values.corpus, 'enron-berkeley', 'messages.jsonl.gz'));
const messages = records.map(toEngineMessage);
const counts = new Map<string, number>();
for (const r of records) counts.set(String(r.label), (counts.get(String(r.label)) ?? 0) + 1);
const [majority, majorityCount] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
const majorityAccuracy = majorityCount / records.length;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function evaluate(genres: EngineCategory[]) {
  const perGenre = new Map(genres.map((g) => [g.id, { total: 0, right: 0, predicted: 0 }]));
  let right = 0;
  let moved = 0;
  let movedRight = 0;
  const t = performance.now();
  for (const [i, r] of records.entries()) {
    const chosen = aiCategoryId(await engine.classify(messages[i]!, genres, null), genres);
    const truth = String(r.label);
    perGenre.get(truth)!.total++;
    if (chosen === null) continue;
    perGenre.get(chosen)!.predicted++;
    moved++;
    if (chosen === truth) {
      right++;
      movedRight++;
      perGenre.get(truth)!.right++;
    }
  }
  const seconds = (performance.now() - t) / 1000;
  const present = genres.filter((g) => perGenre.get(g.id)!.total > 0);
  return {
    accuracy: right / records.length,
    balancedAccuracy: present.reduce((a, g) => a + perGenre.get(g.id)!.right / perGenre.get(g.id)!.total, 0) / present.length,
    unclassified: records.length - moved,
    moved,
    movedRight,
    messagesPerSecond: Math.round(records.length / seconds),
    genres: genres.map((g) => ({ ...g, ...perGenre.get(g.id)! })),
  };
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`${records.length} messages, ${GENRES.length} genres, no training mail`);
const results: Record<string, Awaited<ReturnType<typeof evaluate>>> = {};
for (const [variant, genres] of [
  ['owner instructions', GENRES],
  ['categories.txt word for word', WORD_FOR_WORD],
] as const) {
  const r = (results[variant] = await evaluate(genres));
  console.log(`\n${variant}`);
  console.log('genre                  messages  recall   predicted');
  for (const g of r.genres) {
    console.log(
      `${`${g.id} ${g.name}`.padEnd(22)} ${String(g.total).padStart(8)}  ${(g.total ? pct(g.right / g.total) : '-').padStart(6)}  ${String(g.predicted).padStart(9)}`,
    );
  }
  console.log(`left where it arrived (no category chosen): ${r.unclassified}`);
  console.log(`local engine, cold: ${pct(r.accuracy)}   majority class (${majority}): ${pct(majorityAccuracy)}`);
  console.log(
    `balanced accuracy (mean recall per genre): ${pct(r.balancedAccuracy)}   majority class: ${pct(1 / r.genres.length)}`,
  );
  console.log(
    `moved by the pipeline: ${r.moved}, ${pct(r.movedRight / Math.max(1, r.moved))} of them right; ${r.messagesPerSecond} messages/s`,
  );
}

await mkdir(path.dirname(values.out), { recursive: true });
await writeFile(
  values.out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, messages: records.length, majorityClass: majority, majorityAccuracy, results }, null, 2)}\n`,
);
console.log(`written to ${path.relative(process.cwd(), values.out)}`);
