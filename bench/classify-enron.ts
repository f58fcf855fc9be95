/**
 * Folder classification on the Enron mailboxes of ../shared/corpus/enron-folders7 (README protocol):
 * per user, messages sorted by date, incremental timeline splits (train on the first 100·i, test on
 * the next 100), mean accuracy over the splits. The local engine is measured next to two plain
 * bag-of-words baselines on the same splits: multinomial Naive Bayes and TF-IDF logistic regression.
 *
 *   npm run classify-enron -w bench [-- --users=beck-s,lokay-m --max-splits=5 --no-baselines]
 *
 * Categories are the folders seen in the training part (name: the folder label, no instruction); a
 * test message of a folder not seen yet counts as an error for every method.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EngineCategory, TrainingExample } from '../apps/server/src/ai/engine';
import type { TrainOptions } from '../apps/server/src/ai/local/classifier';
import { BODY_MAX } from '../apps/server/src/ai/engine';
import { createLocalEngine } from '../apps/server/src/ai/local/local-engine';
import { bagOfWords, trainLogisticRegression, trainNaiveBayes } from './lib/enron-baselines';
import { ENRON_USERS, loadUser, timelineSplits, toEngineMessage } from './lib/enron-folders';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/corpus') },
    users: { type: 'string' },
    'max-splits': { type: 'string' },
    /** Only every n-th split (quick comparisons over the whole timeline; results are then not written). */
    every: { type: 'string', default: '1' },
    'no-baselines': { type: 'boolean', default: false },
    /** Training settings of the local engine as JSON, to compare variants (results are then not written). */
    train: { type: 'string' },
    out: { type: 'string', default: path.join(import.meta.dirname, 'results/classify-enron.json') },
  },
});
const users = values.users ? values.users.split(',') : ENRON_USERS;
const maxSplits = values['max-splits'] ? Number(values['max-splits']) : Infinity;
const baselines = !values['no-baselines'];
const every = Number(values.every);

const engine = createLocalEngine(values.train ? { train: JSON.parse(values.train) as Partial<TrainOptions> } : {});
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const mib = (bytes: number) => Math.round(bytes / 1048576);

let peakRss = 0;
let peakHeap = 0;
function sampleMemory() {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}

interface UserResult {
  user: string;
  messages: number;
  folders: number;
  splits: number;
  engine: number;
  naiveBayes: number | null;
  logisticRegression: number | null;
  engineTrainedMessages: number;
  engineTrainSeconds: number;
  engineClassified: number;
  engineClassifySeconds: number;
  lastModelBytes: number;
  lastTrainMs: number;
  lastTrainSize: number;
}

const results: UserResult[] = [];
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; bodies cut at ${BODY_MAX} characters for every method`,
);
console.log('user          msgs folders splits   engine    NB        LR');
for (const user of users) {
  const records = await loadUser(values.corpus, user);
  const messages = records.map(toEngineMessage);
  const tokens = baselines ? records.map((r) => bagOfWords(r.subject, r.body.slice(0, BODY_MAX))) : [];
  const acc = { engine: [] as number[], nb: [] as number[], lr: [] as number[] };
  let trainedMessages = 0;
  let trainMs = 0;
  let classified = 0;
  let classifyMs = 0;
  let lastModelBytes = 0;
  let lastTrainMs = 0;
  let lastTrainSize = 0;
  let splitCount = 0;
  for (const { trainEnd, testEnd } of timelineSplits(records.length)) {
    if (splitCount++ >= maxSplits) break;
    if ((splitCount - 1) % every !== 0) continue;
    const folders = [...new Set(records.slice(0, trainEnd).map((r) => r.folder!))].sort();
    const classOf = new Map(folders.map((f, i) => [f, i]));
    const categories: EngineCategory[] = folders.map((f) => ({ id: f, name: f.replace(/[_/]+/g, ' '), instruction: '' }));
    const examples: TrainingExample[] = records
      .slice(0, trainEnd)
      .map((r, i) => ({ categoryId: r.folder!, message: messages[i]! }));

    let t = performance.now();
    const model = await engine.train(categories, examples);
    lastTrainMs = performance.now() - t;
    trainMs += lastTrainMs;
    trainedMessages += trainEnd;
    lastTrainSize = trainEnd;
    lastModelBytes = JSON.stringify(model).length;
    sampleMemory();

    let right = 0;
    t = performance.now();
    for (let i = trainEnd; i < testEnd; i++) {
      const c = await engine.classify(messages[i]!, categories, model);
      if (c.categoryId === records[i]!.folder) right++;
    }
    classifyMs += performance.now() - t;
    classified += testEnd - trainEnd;
    acc.engine.push(right / (testEnd - trainEnd));

    if (baselines) {
      const labels = records.slice(0, trainEnd).map((r) => classOf.get(r.folder!)!);
      const nb = trainNaiveBayes(tokens.slice(0, trainEnd), labels, folders.length);
      const lr = trainLogisticRegression(tokens.slice(0, trainEnd), labels, folders.length);
      let nbRight = 0;
      let lrRight = 0;
      for (let i = trainEnd; i < testEnd; i++) {
        const truth = classOf.get(records[i]!.folder!);
        if (nb.predict(tokens[i]!) === truth) nbRight++;
        if (lr.predict(tokens[i]!) === truth) lrRight++;
      }
      acc.nb.push(nbRight / (testEnd - trainEnd));
      acc.lr.push(lrRight / (testEnd - trainEnd));
    }
    sampleMemory();
  }
  const r: UserResult = {
    user,
    messages: records.length,
    folders: new Set(records.map((x) => x.folder)).size,
    splits: acc.engine.length,
    engine: mean(acc.engine),
    naiveBayes: baselines ? mean(acc.nb) : null,
    logisticRegression: baselines ? mean(acc.lr) : null,
    engineTrainedMessages: trainedMessages,
    engineTrainSeconds: trainMs / 1000,
    engineClassified: classified,
    engineClassifySeconds: classifyMs / 1000,
    lastModelBytes,
    lastTrainMs,
    lastTrainSize,
  };
  results.push(r);
  console.log(
    `${user.padEnd(13)} ${String(r.messages).padStart(4)} ${String(r.folders).padStart(7)} ${String(r.splits).padStart(6)}   ${pct(r.engine).padEnd(9)} ${r.naiveBayes === null ? '-' : pct(r.naiveBayes).padEnd(9)} ${r.logisticRegression === null ? '-' : pct(r.logisticRegression)}` +
      `   (last training: ${r.lastTrainMs.toFixed(0)} ms on ${r.lastTrainSize} messages, model ${(r.lastModelBytes / 1024).toFixed(0)} KiB)`,
  );
}

const avg = {
  engine: mean(results.map((r) => r.engine)),
  naiveBayes: baselines ? mean(results.map((r) => r.naiveBayes!)) : null,
  logisticRegression: baselines ? mean(results.map((r) => r.logisticRegression!)) : null,
};
const wins = results.filter((r) => r.engine > (r.naiveBayes ?? -1) && r.engine > (r.logisticRegression ?? -1)).length;
const trainRate =
  results.reduce((a, r) => a + r.engineTrainedMessages, 0) / results.reduce((a, r) => a + r.engineTrainSeconds, 0);
const classifyRate =
  results.reduce((a, r) => a + r.engineClassified, 0) / results.reduce((a, r) => a + r.engineClassifySeconds, 0);
console.log(
  `${'mean'.padEnd(13)} ${''.padStart(4)} ${''.padStart(7)} ${''.padStart(6)}   ${pct(avg.engine).padEnd(9)} ${avg.naiveBayes === null ? '-' : pct(avg.naiveBayes).padEnd(9)} ${avg.logisticRegression === null ? '-' : pct(avg.logisticRegression)}`,
);
if (baselines) console.log(`engine beats both baselines on ${wins} of ${results.length} users (target: 5 of 7, mean ≥ 70%)`);
console.log(`engine training ${trainRate.toFixed(0)} messages/s, classification ${classifyRate.toFixed(0)} messages/s`);
console.log(`peak RSS ${mib(peakRss)} MiB, peak heap ${mib(peakHeap)} MiB`);

if (users.length === ENRON_USERS.length && baselines && maxSplits === Infinity && every === 1 && !values.train) {
  await mkdir(path.dirname(values.out), { recursive: true });
  await writeFile(
    values.out,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        loadAverage: os.loadavg(),
        protocol: 'per user: sorted by date_utc; train on first 100·i, test on next 100; mean accuracy over splits',
        bodyMaxChars: BODY_MAX,
        users: results,
        mean: avg,
        engineBeatsBothBaselines: wins,
        engineTrainMessagesPerSecond: Math.round(trainRate),
        engineClassifyMessagesPerSecond: Math.round(classifyRate),
        peakRssMiB: mib(peakRss),
        peakHeapMiB: mib(peakHeap),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`written to ${path.relative(process.cwd(), values.out)}`);
}
