import { describe, expect, it } from 'vitest';
import type { EngineCategory, TrainingExample } from '../engine';
import { DEFAULT_OPTIONS } from './classifier';
import { createLocalEngine, trainSteps } from './local-engine';
import { runAtOnce, runInSlices, sortInSlices } from './slices';

/** A deterministic generator (32-bit LCG): the same mailbox on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const SYLLABLES =
  'ba be bi bo bu da de di do du ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu ra re ri ro ru sa se si so su ta te ti to tu'.split(
    ' ',
  );

/** A mailbox of `n` messages over `k` folders: each folder has its own words, senders and subjects. */
function mailbox(n: number, k: number): { categories: EngineCategory[]; examples: TrainingExample[] } {
  const next = random(7);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const word = () => Array.from({ length: 3 + Math.floor(next() * 3) }, () => pick(SYLLABLES)).join('');
  const common = Array.from({ length: 3000 }, word);
  const folders = Array.from({ length: k }, (_, i) => ({
    id: `folder-${i}`,
    words: Array.from({ length: 80 }, word),
    senders: Array.from({ length: 5 }, (_, s) => `sender${s}@${word()}.example`),
  }));
  const categories = folders.map((f) => ({ id: f.id, name: f.words[0]!, instruction: '' }));
  const examples = Array.from({ length: n }, (_, i) => {
    const f = pick(folders);
    const body = Array.from({ length: 250 }, () => (next() < 0.3 ? pick(f.words) : pick(common))).join(' ');
    return {
      categoryId: f.id,
      message: {
        subject: `${pick(f.words)} ${pick(common)}`,
        text: body,
        from: { name: '', address: pick(f.senders) },
        to: [{ name: '', address: 'owner@example.com' }],
        date: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000),
      },
    };
  });
  return { categories, examples };
}

/**
 * The longest gap between two ticks of a 5 ms interval while `work` ran, in ms (how long the event
 * loop was held at most), and how long `work` took.
 */
async function measureLoop(work: () => Promise<unknown>): Promise<{ maxDelayMs: number; durationMs: number }> {
  let last = performance.now();
  let maxDelayMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxDelayMs = Math.max(maxDelayMs, now - last);
    last = now;
  }, 5);
  const start = performance.now();
  await work();
  const durationMs = performance.now() - start;
  // One more tick, so that a loop held until the very end is measured too.
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(timer);
  return { maxDelayMs, durationMs };
}

describe('local engine: training off the event loop', () => {
  it('trains a large mailbox in slices, never holding the event loop long, into the same model', async () => {
    const { categories, examples } = mailbox(3000, 40);
    const engine = createLocalEngine();

    let atOnce: unknown;
    const before = await measureLoop(async () => {
      atOnce = runAtOnce(trainSteps(categories, examples, DEFAULT_OPTIONS));
    });
    let sliced: unknown;
    const after = await measureLoop(async () => {
      sliced = (await engine.train(categories, examples))!.data;
    });
    console.log(
      `training 3000 messages, 40 folders: at once ${before.durationMs.toFixed(0)} ms, event loop held up to ${before.maxDelayMs.toFixed(0)} ms; ` +
        `in slices ${after.durationMs.toFixed(0)} ms, event loop held up to ${after.maxDelayMs.toFixed(0)} ms`,
    );
    // The measure sees a blocked loop (the training at once holds it for most of its run) …
    expect(before.maxDelayMs).toBeGreaterThan(before.durationMs * 0.5);
    // … and the engine's training holds it far less: compared with the training at once, measured in
    // the same run, so that a loaded machine (which stretches both) does not fail it.
    expect(after.maxDelayMs).toBeLessThan(before.maxDelayMs / 5);
    expect(sliced).toEqual(atOnce);
  }, 120_000);

  it('keeps timers firing while a training runs', async () => {
    const { categories, examples } = mailbox(1500, 20);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const start = performance.now();
    await createLocalEngine().train(categories, examples);
    const elapsed = performance.now() - start;
    clearInterval(timer);
    // A blocked loop would fire the interval once at the end; a free one roughly every 10 ms.
    expect(ticks).toBeGreaterThan(elapsed / 100);
  }, 120_000);

  it('runs the same steps either way', async () => {
    function* count(n: number) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        sum += i;
        yield;
      }
      return sum;
    }
    expect(runAtOnce(count(1000))).toBe(499_500);
    expect(await runInSlices(count(1000), 0)).toBe(499_500);
  });

  it('sorts in slices as Array.sort does', () => {
    const next = random(3);
    for (const n of [0, 1, 4095, 4096, 4097, 30_000]) {
      const items = Array.from({ length: n }, (_, i) => [`f${Math.floor(next() * 5000)}`, i] as const);
      const compare = (a: readonly [string, number], b: readonly [string, number]) =>
        a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1];
      expect(runAtOnce(sortInSlices(items, compare))).toEqual([...items].sort(compare));
    }
  });
});
