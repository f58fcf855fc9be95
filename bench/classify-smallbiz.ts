/**
 * Sorting a small business's mail by categories described in plain words, in English and in French,
 * with the local engine: cold (names and instructions only) and few-shot (5 and 20 filed examples
 * per category, three random draws from the development part), next to the majority class and a
 * multinomial naive Bayes trained on the same draws. Figures are on the test part only.
 *
 *   npm run classify-smallbiz -w bench [-- --set DIR] [--split test|dev] [--draws 3] [--verbose]
 *     [--engine local|configured] [--out FILE]
 *
 * `--engine configured` measures the engine the server would use (an AI provider when AI_PROVIDER is
 * set: `npm run eval`); an engine that learns no model from examples (the LLM engine) has no few-shot rows.
 *
 * A set (bench/data/README.md): DIR/categories.json (each category's name and instruction in en and
 * fr), DIR/labels.json (per message: category or null, language, split) and DIR/messages/<id>.eml.
 */
import { readdir, readFile, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EngineCategory, EngineMessage } from '../apps/server/src/ai/engine';
import { parseMessage } from '../apps/server/src/mail/mime/parse-message';
import { aiCategoryId, toEngineMessage } from '../apps/server/src/pipeline/classify';
import { bagOfWords, trainNaiveBayes } from './lib/enron-baselines';
import { engineUnderTest, meterLine } from './lib/engine-under-test';

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: path.join(import.meta.dirname, 'data/smallbiz') },
    split: { type: 'string', default: 'test' },
    draws: { type: 'string', default: '3' },
    verbose: { type: 'boolean', default: false },
    out: { type: 'string' },
    engine: { type: 'string', default: 'local' },
  },
});

type Lang = 'en' | 'fr';
interface SetCategory {
  id: string;
  name: Record<Lang, string>;
  instruction: Record<Lang, string>;
}
interface Label {
  category: string | null;
  language: Lang;
  split: 'dev' | 'test';
  kind?: string;
}
interface Item {
  id: string;
  label: Label;
  message: EngineMessage;
}

const setDir = path.resolve(values.set);
const { categories: setCategories } = JSON.parse(await readFile(path.join(setDir, 'categories.json'), 'utf8')) as {
  categories: SetCategory[];
};
const labels = JSON.parse(await readFile(path.join(setDir, 'labels.json'), 'utf8')) as Record<string, Label>;
const files = (await readdir(path.join(setDir, 'messages'))).filter((f) => f.endsWith('.eml')).sort();
const items: Item[] = [];
for (const file of files) {
  const id = file.slice(0, -4);
  const label = labels[id];
  if (!label) throw new Error(`${file} has no label in labels.json`);
  const parsed = await parseMessage(await readFile(path.join(setDir, 'messages', file)), { maxBodyChars: 20_000 });
  items.push({ id, label, message: toEngineMessage(parsed) });
}
const evaluated = items.filter((i) => i.label.split === values.split);
const development = items.filter((i) => i.label.split === 'dev');
const ids = setCategories.map((c) => c.id);
const NONE = '(none)';
const truthOf = (i: Item) => i.label.category ?? NONE;

const { engine, label: engineLabel, meter } = engineUnderTest(values.engine === 'configured' ? 'configured' : 'local');
let learnsFromExamples = true;
const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '   -  ');
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

interface Scores {
  accuracy: number;
  accuracyEn: number;
  accuracyFr: number;
  /** Right among what the pipeline moves (a category chosen). */
  movedPrecision: number;
  /** Share of all mail moved. */
  movedShare: number;
  /** Share of "none" mail left where it arrived. */
  noneLeft: number;
  recall: Record<string, number>;
}

/** Scores over the evaluated messages, except those a few-shot draw trained on (`--split dev`). */
function score(predictions: (string | null)[], trainedOn: ReadonlySet<string> = new Set()): Scores {
  const right = (i: number) => (predictions[i] ?? NONE) === truthOf(evaluated[i]!);
  const share = (pick: (it: Item, i: number) => boolean, ok: (i: number) => boolean) => {
    const chosen = evaluated.map((it, i) => i).filter((i) => !trainedOn.has(evaluated[i]!.id) && pick(evaluated[i]!, i));
    return chosen.filter(ok).length / chosen.length;
  };
  const recall: Record<string, number> = {};
  for (const id of ids) recall[id] = share((it) => it.label.category === id, right);
  return {
    accuracy: share(() => true, right),
    accuracyEn: share((it) => it.label.language === 'en', right),
    accuracyFr: share((it) => it.label.language === 'fr', right),
    movedPrecision: share((_, i) => predictions[i] !== null, right),
    movedShare: share(
      () => true,
      (i) => predictions[i] !== null,
    ),
    noneLeft: share(
      (it) => it.label.category === null,
      (i) => predictions[i] === null,
    ),
    recall,
  };
}

function averaged(runs: Scores[]): Scores {
  const recall: Record<string, number> = {};
  for (const id of ids) recall[id] = mean(runs.map((r) => r.recall[id]!));
  return {
    accuracy: mean(runs.map((r) => r.accuracy)),
    accuracyEn: mean(runs.map((r) => r.accuracyEn)),
    accuracyFr: mean(runs.map((r) => r.accuracyFr)),
    movedPrecision: mean(runs.map((r) => r.movedPrecision)),
    movedShare: mean(runs.map((r) => r.movedShare)),
    noneLeft: mean(runs.map((r) => r.noneLeft)),
    recall,
  };
}

/** A draw of n development messages per category (a seeded shuffle). */
function draw(n: number, seed: number): Item[] {
  let s = seed >>> 0;
  const random = () => (s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
  const out: Item[] = [];
  for (const id of ids) {
    const pool = development.filter((i) => i.label.category === id);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    out.push(...pool.slice(0, n));
  }
  return out;
}

const rows: { method: string; instructions: Lang; shots: number; scores: Scores }[] = [];
const majorityLabel = (() => {
  const counts = new Map<string, number>();
  for (const i of development) counts.set(truthOf(i), (counts.get(truthOf(i)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
})();
const majority = score(evaluated.map(() => (majorityLabel === NONE ? null : majorityLabel)));
const draws = Number(values.draws);
const started = performance.now();

for (const language of ['en', 'fr'] as const) {
  const categories: EngineCategory[] = setCategories.map((c) => ({
    id: c.id,
    name: c.name[language],
    instruction: c.instruction[language],
  }));
  const classifyAll = async (model: Awaited<ReturnType<typeof engine.train>>, show: boolean) => {
    const out: (string | null)[] = [];
    for (const item of evaluated) {
      const result = await engine.classify(item.message, categories, model);
      const chosen = aiCategoryId(result, categories);
      out.push(chosen);
      if (show && chosen !== item.label.category) {
        console.log(
          `  ${item.id} [${item.label.language}] truth ${truthOf(item)} → ${chosen ?? NONE} (${result.confidence}): ${item.message.subject.slice(0, 60)} | ${result.reason.slice(0, 140)}`,
        );
      }
    }
    return out;
  };
  rows.push({ method: 'engine', instructions: language, shots: 0, scores: score(await classifyAll(null, values.verbose)) });
  for (const shots of [5, 20]) {
    const engineRuns: Scores[] = [];
    const bayesRuns: Scores[] = [];
    for (let d = 0; d < draws; d++) {
      const training = draw(shots, 1000 * shots + d);
      const model = await engine.train(
        categories,
        training.map((i) => ({ categoryId: i.label.category!, message: i.message })),
      );
      const trainedOn = new Set(training.map((i) => i.id));
      learnsFromExamples &&= model !== null;
      if (model) engineRuns.push(score(await classifyAll(model, values.verbose && d === 0 && shots === 20), trainedOn));
      const bayes = trainNaiveBayes(
        training.map((i) => bagOfWords(i.message.subject, i.message.text)),
        training.map((i) => ids.indexOf(i.label.category!)),
        ids.length,
      );
      bayesRuns.push(
        score(
          evaluated.map((i) => ids[bayes.predict(bagOfWords(i.message.subject, i.message.text))]!),
          trainedOn,
        ),
      );
    }
    if (engineRuns.length) rows.push({ method: 'engine', instructions: language, shots, scores: averaged(engineRuns) });
    if (language === 'en') rows.push({ method: 'naive Bayes', instructions: language, shots, scores: averaged(bayesRuns) });
  }
}
const seconds = (performance.now() - started) / 1000;

const count = (pick: (i: Item) => boolean) => evaluated.filter(pick).length;
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `set ${path.relative(process.cwd(), setDir) || '.'}: ${items.length} messages; ${values.split} part: ${evaluated.length} ` +
    `(${count((i) => i.label.language === 'en')} en, ${count((i) => i.label.language === 'fr')} fr, ${count((i) => i.label.category === null)} fit no category); ` +
    `${ids.length} categories; few-shot draws from the ${development.length} development messages, ${draws} per size`,
);
const header = [
  'method',
  'instr',
  'shots',
  'all',
  'en mail',
  'fr mail',
  'moved right',
  'moved',
  'none left',
  ...ids.map((id) => id.slice(0, 11)),
];
console.log(header.map((h, i) => (i < 3 ? h.padEnd(i === 0 ? 14 : 6) : h.padStart(12))).join(''));
const line = (method: string, instructions: string, shots: string, s: Scores) =>
  console.log(
    [
      method.padEnd(14),
      instructions.padEnd(6),
      shots.padEnd(6),
      ...[
        s.accuracy,
        s.accuracyEn,
        s.accuracyFr,
        s.movedPrecision,
        s.movedShare,
        s.noneLeft,
        ...ids.map((id) => s.recall[id]!),
      ].map((x) => pct(x).padStart(12)),
    ].join(''),
  );
line(`majority (${majorityLabel.slice(0, 8)})`, '-', '-', majority);
for (const r of rows) line(r.method, r.instructions, String(r.shots), r.scores);
console.log(`(per-category columns: recall; few-shot rows: mean of ${draws} draws; ${seconds.toFixed(1)} s)`);
console.log(`engine: ${engineLabel}${learnsFromExamples ? '' : ' (learns no model from examples: no few-shot rows)'}`);
console.log(meterLine('classification', meter.classify));

const out =
  values.out ??
  (setDir === path.join(import.meta.dirname, 'data/smallbiz') && values.engine === 'local'
    ? path.join(import.meta.dirname, 'results/classify-smallbiz.json')
    : null);
if (out && values.split === 'test') {
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, engineName: engineLabel, meter: meter.classify, set: path.basename(setDir), split: values.split, majority: { label: majorityLabel, ...majority }, rows }, null, 2)}\n`,
  );
}
