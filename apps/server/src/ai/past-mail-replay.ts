/**
 * How the assistant would have filed the owner's past mail (issue 36): each message filed in an AI
 * category's folder is judged by a model that never saw it. The messages are put in date order and
 * cut into REPLAY_CHUNKS runs; the first is judged from the categories' names and instructions alone
 * (the first minute), each later one by a model trained on every run before it (learn from what came
 * before, judge what came after). Without that split the figures would be the model's memory of its
 * own training mail. The same function serves the settings screen's report and the benchmark.
 */
import type { AiEngine, EngineCategory, EngineMessage } from './engine';

export const REPLAY_CHUNKS = 5;

export interface PastMessage<Ref> {
  /** Where the owner filed it. */
  categoryId: string;
  message: EngineMessage;
  /** Taken for spam (likely or suspected): the assistant files it nowhere. */
  heldAsSpam?: boolean;
  /** The caller's handle on the message (to list the disagreements). */
  ref: Ref;
}

export interface CategoryFigures {
  categoryId: string;
  /** Messages the owner filed here, judged. */
  filed: number;
  /** Messages the assistant would have filed here. */
  chosen: number;
  agreed: number;
}

export interface Replay<Ref> {
  judged: number;
  agreed: number;
  categories: CategoryFigures[];
  /** Every message where the assistant would not have done what the owner did, newest first. */
  disagreements: { ref: Ref; owner: string; assistant: string | null; date: Date | null }[];
}

export async function replayPastMail<Ref>(
  engine: AiEngine,
  categories: EngineCategory[],
  past: PastMessage<Ref>[],
): Promise<Replay<Ref>> {
  const known = new Set(categories.map((c) => c.id));
  const ordered = past
    .filter((p) => known.has(p.categoryId))
    .map((p, i) => ({ p, i, t: p.message.date?.getTime() ?? -Infinity }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map(({ p }) => p);
  const figures = new Map(categories.map((c) => [c.id, { categoryId: c.id, filed: 0, chosen: 0, agreed: 0 }]));
  const disagreements: Replay<Ref>['disagreements'] = [];
  let agreed = 0;
  const size = Math.ceil(ordered.length / REPLAY_CHUNKS);
  for (let start = 0; start < ordered.length; start += size) {
    const before = ordered.slice(0, start).map((p) => ({ categoryId: p.categoryId, message: p.message }));
    const model = await engine.train(categories, before);
    for (const p of ordered.slice(start, start + size)) {
      const answer = p.heldAsSpam ? null : (await engine.classify(p.message, categories, model)).categoryId;
      // As the pipeline: an id the engine was not asked about files nothing.
      const chosen = answer !== null && known.has(answer) ? answer : null;
      figures.get(p.categoryId)!.filed += 1;
      if (chosen) figures.get(chosen)!.chosen += 1;
      if (chosen === p.categoryId) {
        figures.get(chosen)!.agreed += 1;
        agreed += 1;
      } else disagreements.push({ ref: p.ref, owner: p.categoryId, assistant: chosen, date: p.message.date });
    }
  }
  disagreements.reverse();
  return { judged: ordered.length, agreed, categories: [...figures.values()], disagreements };
}
