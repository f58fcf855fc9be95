/**
 * How the assistant would have filed the owner's past mail (issue 36): each message filed in an AI
 * category's folder is judged by a model that never saw it. The messages are put in date order and
 * cut into REPLAY_CHUNKS runs; the first is judged from the categories' names and instructions alone
 * (the first minute), each later one by a model trained on every run before it (learn from what came
 * before, judge what came after). Without that split the figures would be the model's memory of its
 * own training mail. The same function serves the settings screen's report and the benchmark.
 *
 * The mail the owner left in the inbox is judged too, each message by the model of the run its date
 * falls in (trained on the filed mail before that run), and never learned from: left in the inbox
 * may mean not sorted yet, so what the assistant would have moved is reported apart, not as errors.
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

/** A message the owner left where it arrived: no category of theirs to compare with. */
export type LeftMessage<Ref> = Omit<PastMessage<Ref>, 'categoryId'>;

export interface InboxReplay<Ref> {
  judged: number;
  /** Taken for spam: the pipeline would have held them. */
  heldAsSpam: number;
  /** Per category, how many the assistant would have moved there. */
  moved: Map<string, number>;
  /** Every message it would have moved, newest first. */
  movedList: { ref: Ref; assistant: string; date: Date | null }[];
}

export interface Replay<Ref> {
  judged: number;
  agreed: number;
  categories: CategoryFigures[];
  /** Every message where the assistant would not have done what the owner did, newest first. */
  disagreements: { ref: Ref; owner: string; assistant: string | null; date: Date | null }[];
  inbox: InboxReplay<Ref>;
}

const timeOf = (m: { message: EngineMessage }) => m.message.date?.getTime() ?? -Infinity;

export async function replayPastMail<Ref>(
  engine: AiEngine,
  categories: EngineCategory[],
  past: PastMessage<Ref>[],
  left: LeftMessage<Ref>[] = [],
): Promise<Replay<Ref>> {
  const known = new Set(categories.map((c) => c.id));
  const ordered = past
    .filter((p) => known.has(p.categoryId))
    .map((p, i) => ({ p, i, t: timeOf(p) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map(({ p }) => p);
  const figures = new Map(categories.map((c) => [c.id, { categoryId: c.id, filed: 0, chosen: 0, agreed: 0 }]));
  const disagreements: Replay<Ref>['disagreements'] = [];
  const inbox: InboxReplay<Ref> = { judged: 0, heldAsSpam: 0, moved: new Map(), movedList: [] };
  const leftInOrder = left.map((m) => ({ m, t: timeOf(m) })).sort((a, b) => a.t - b.t);
  let agreed = 0;
  const size = Math.max(1, Math.ceil(ordered.length / REPLAY_CHUNKS));
  for (let start = 0; start < ordered.length || (start === 0 && left.length > 0); start += size) {
    const before = ordered.slice(0, start).map((p) => ({ categoryId: p.categoryId, message: p.message }));
    const model = await engine.train(categories, before);
    // As the pipeline: spam files nothing, and nor does an id the engine was not asked about.
    const choice = async (m: LeftMessage<Ref>) => {
      const answer = m.heldAsSpam ? null : (await engine.classify(m.message, categories, model)).categoryId;
      return answer !== null && known.has(answer) ? answer : null;
    };
    // The inbox mail dated before the next run starts: after it, a later model judges.
    const next = ordered[start + size];
    while (leftInOrder.length > 0 && (next === undefined || leftInOrder[0]!.t < timeOf(next))) {
      const { m } = leftInOrder.shift()!;
      const chosen = await choice(m);
      inbox.judged += 1;
      if (m.heldAsSpam) inbox.heldAsSpam += 1;
      if (chosen) {
        inbox.moved.set(chosen, (inbox.moved.get(chosen) ?? 0) + 1);
        inbox.movedList.push({ ref: m.ref, assistant: chosen, date: m.message.date });
      }
    }
    for (const p of ordered.slice(start, start + size)) {
      const chosen = await choice(p);
      figures.get(p.categoryId)!.filed += 1;
      if (chosen) figures.get(chosen)!.chosen += 1;
      if (chosen === p.categoryId) {
        figures.get(chosen)!.agreed += 1;
        agreed += 1;
      } else disagreements.push({ ref: p.ref, owner: p.categoryId, assistant: chosen, date: p.message.date });
    }
  }
  disagreements.reverse();
  inbox.movedList.reverse();
  return { judged: ordered.length, agreed, categories: [...figures.values()], disagreements, inbox };
}
