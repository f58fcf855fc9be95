import { type Tokens, trainNaiveBayes } from './enron-baselines';

/**
 * The baselines on the replay's protocol (apps/server/src/ai/past-mail-replay.ts): the same messages
 * in the same date order cut into the same runs; each run judged by a baseline trained on the runs
 * before it. Run 0 has nothing before it: a baseline has no answer there, which counts as a miss (the
 * engine judges it from the categories' names and instructions alone).
 */
export interface Labelled {
  label: string;
  tokens: Tokens;
}

/** Per message of the replay's order: whether the method filed it where the owner did. */
export type Hits = boolean[];

/** The same cut as replayPastMail: runs of ceil(n / chunks) messages. */
export function runsOf(n: number, chunks: number): { start: number; end: number }[] {
  const size = Math.ceil(n / chunks);
  const runs: { start: number; end: number }[] = [];
  for (let start = 0; start < n; start += size) runs.push({ start, end: Math.min(start + size, n) });
  return runs;
}

/** The most frequent folder of the runs before (ties: the first of `labels`). */
export function majorityHits(ordered: Labelled[], labels: string[], chunks: number): Hits {
  return runsOf(ordered.length, chunks).flatMap(({ start, end }) => {
    const counts = new Map(labels.map((l) => [l, 0]));
    for (const m of ordered.slice(0, start)) counts.set(m.label, (counts.get(m.label) ?? 0) + 1);
    let best: string | null = null;
    for (const [label, n] of counts) if (n > 0 && (best === null || n > counts.get(best)!)) best = label;
    return ordered.slice(start, end).map((m) => m.label === best);
  });
}

/** Multinomial Naive Bayes (lib/enron-baselines.ts) trained on the runs before. */
export function naiveBayesHits(ordered: Labelled[], labels: string[], chunks: number): Hits {
  const classOf = new Map(labels.map((l, i) => [l, i]));
  return runsOf(ordered.length, chunks).flatMap(({ start, end }) => {
    const run = ordered.slice(start, end);
    if (start === 0) return run.map(() => false);
    const before = ordered.slice(0, start);
    const nb = trainNaiveBayes(
      before.map((m) => m.tokens),
      before.map((m) => classOf.get(m.label)!),
      labels.length,
    );
    return run.map((m) => nb.predict(m.tokens) === classOf.get(m.label));
  });
}

/** Agreement over the messages from index `from` on that `keep` keeps. */
export function accuracy(hits: Hits, from = 0, keep: (i: number) => boolean = () => true) {
  let judged = 0;
  let agreed = 0;
  hits.forEach((hit, i) => {
    if (i < from || !keep(i)) return;
    judged += 1;
    if (hit) agreed += 1;
  });
  return { judged, agreed, accuracy: judged ? agreed / judged : null };
}

/** Agreed / judged per run. */
export function perRun(hits: Hits, chunks: number) {
  return runsOf(hits.length, chunks).map(({ start, end }) => accuracy(hits.slice(start, end)));
}
