import { describe, expect, it } from 'vitest';
import type { AiEngine, ClassifierModel, EngineCategory, EngineMessage, TrainingExample } from './engine';
import { replayPastMail, REPLAY_CHUNKS } from './past-mail-replay';

const categories: EngineCategory[] = [
  { id: 'a', name: 'Alpha', instruction: '' },
  { id: 'b', name: 'Beta', instruction: '' },
];
const message = (day: number, subject: string): EngineMessage => ({
  subject,
  from: null,
  to: [],
  text: '',
  date: new Date(Date.UTC(2026, 0, day)),
});

/** An engine that remembers what it was trained on and answers "a" for anything it never saw. */
function memoryEngine(trainedOn: number[]): AiEngine {
  return {
    name: 'memory',
    async train(_categories: EngineCategory[], examples: TrainingExample[]) {
      trainedOn.push(examples.length);
      return { engine: 'memory', version: 1, data: Object.fromEntries(examples.map((e) => [e.message.subject, e.categoryId])) };
    },
    async classify(m: EngineMessage, _c: EngineCategory[], model: ClassifierModel | null) {
      const seen = (model?.data as Record<string, string>)[m.subject];
      return { categoryId: seen ?? 'a', confidence: 1, reason: '' };
    },
  } as unknown as AiEngine;
}

describe('replayPastMail', () => {
  it('judges every message by a model trained only on the mail dated before its run', async () => {
    const trainedOn: number[] = [];
    // Ten messages of Beta, each subject seen once: a model that only remembers can never be right.
    const past = Array.from({ length: 10 }, (_, i) => ({ categoryId: 'b', message: message(10 - i, `s${i}`), ref: i }));
    const replay = await replayPastMail(memoryEngine(trainedOn), categories, past);
    expect(trainedOn).toEqual([0, 2, 4, 6, 8].slice(0, REPLAY_CHUNKS));
    expect(replay).toMatchObject({ judged: 10, agreed: 0 });
    expect(replay.categories).toEqual([
      { categoryId: 'a', filed: 0, chosen: 10, agreed: 0 },
      { categoryId: 'b', filed: 10, chosen: 0, agreed: 0 },
    ]);
    // Newest first, with both choices.
    expect(replay.disagreements[0]).toMatchObject({ ref: 0, owner: 'b', assistant: 'a' });
    expect(replay.disagreements.at(-1)).toMatchObject({ ref: 9 });
  });

  it('counts what it learned from earlier mail, leaves spam unfiled and ignores folders of no AI category', async () => {
    const past = [
      { categoryId: 'b', message: message(1, 'same'), ref: 'old' },
      { categoryId: 'b', message: message(2, 'x1'), ref: 'x1' },
      { categoryId: 'b', message: message(3, 'x2'), ref: 'x2' },
      { categoryId: 'b', message: message(4, 'x3'), ref: 'x3' },
      { categoryId: 'b', message: message(5, 'x4'), ref: 'x4' },
      { categoryId: 'b', message: message(6, 'same'), ref: 'new' },
      { categoryId: 'a', message: message(7, 'spam'), ref: 'spam', heldAsSpam: true },
      { categoryId: 'gone', message: message(8, 'z'), ref: 'z' },
    ];
    const replay = await replayPastMail(memoryEngine([]), categories, past);
    expect(replay.judged).toBe(7);
    expect(replay.disagreements.map((d) => d.ref)).not.toContain('new');
    expect(replay.disagreements.find((d) => d.ref === 'spam')).toMatchObject({ owner: 'a', assistant: null });
    expect(replay.categories.find((c) => c.categoryId === 'b')).toEqual({ categoryId: 'b', filed: 6, chosen: 1, agreed: 1 });
  });

  it('judges the mail left in the inbox by the model of its date, never learns from it, and reports it apart', async () => {
    const trainedOn: number[] = [];
    // Beta's subjects s0…s9 on days 1…10, in runs of two days; the inbox holds s3 again on day 11,
    // s2 again on day 3 (the day it was filed), and spam.
    const past = Array.from({ length: 10 }, (_, i) => ({ categoryId: 'b', message: message(i + 1, `s${i}`), ref: `f${i}` }));
    const left = [
      { message: message(11, 's3'), ref: 'late' },
      { message: message(3, 's2'), ref: 'early' },
      { message: message(12, 'spam'), ref: 'spam', heldAsSpam: true },
    ];
    const replay = await replayPastMail(memoryEngine(trainedOn), categories, past, left);
    // Same runs as without the inbox: it is not learned from.
    expect(trainedOn).toEqual([0, 2, 4, 6, 8]);
    expect(replay).toMatchObject({ judged: 10, agreed: 0 });
    // Day 11 is judged by the last run's model, which saw s3: Beta. Day 3 by the second run's, which
    // saw days 1 and 2 only, not s2 filed that same day: the untrained guess, Alpha.
    expect(replay.inbox).toEqual({
      judged: 3,
      heldAsSpam: 1,
      moved: new Map([
        ['b', 1],
        ['a', 1],
      ]),
      movedList: [
        { ref: 'late', assistant: 'b', date: message(11, '').date },
        { ref: 'early', assistant: 'a', date: message(3, '').date },
      ],
    });
  });

  it('judges the inbox from the names and instructions alone when nothing was filed', async () => {
    const replay = await replayPastMail(memoryEngine([]), categories, [], [{ message: message(1, 'x'), ref: 1 }]);
    expect(replay.judged).toBe(0);
    expect(replay.inbox).toMatchObject({ judged: 1, movedList: [{ ref: 1, assistant: 'a' }] });
  });
});
