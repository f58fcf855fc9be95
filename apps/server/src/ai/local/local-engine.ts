/**
 * The local engine (DESIGN §6): no network, the embedded default. Before any mail is filed, a message
 * is sorted by the meaning of the categories' names and instructions (the bilingual concepts of
 * concepts.ts, open-set.ts); once mail is filed, by a learned linear text classifier (classifier.ts)
 * over the features of features.ts, seeded by each category's name and instruction. Whether a message
 * fits any category at all is open-set.ts's decision. Drafts and category proposals are in draft.ts
 * and propose.ts.
 */
import {
  type AiEngine,
  type Classification,
  type ClassifierModel,
  type EngineCategory,
  type EngineMessage,
  NO_CATEGORY,
  type TrainingExample,
} from '../engine';
import {
  COLD_SHARPNESS,
  DEFAULT_OPTIONS,
  deserialiseLinear,
  type LabelledFeatures,
  type LinearModel,
  type LinearModelData,
  MODEL_VERSION,
  serialiseLinearSteps,
  scoreVector,
  softmax,
  trainLinearSteps,
  type TrainOptions,
} from './classifier';
import { explain, messageVector } from './explain';
import { categoryFeatures, categoryTerms, type MessageFeatures, messageFeatures } from './features';
import { draftReply } from './draft';
import { coldModel, type ColdModel, filesUnrelated, type LocalModelData, openSetVerdict } from './open-set';
import { proposeCategories } from './propose';
import { runInSlices, type Steps } from './slices';

export const LOCAL_ENGINE_NAME = 'local';
/** Cold-start models kept per engine (by categories), oldest dropped first. */
const COLD_MODELS_MAX = 64;

export interface LocalEngineOptions {
  /** Training settings (tests and benchmarks). */
  train?: Partial<TrainOptions>;
}

function seeds(categories: EngineCategory[], weight: number): LabelledFeatures[] {
  return categories.map((c, classIndex) => ({ features: categoryFeatures(c), classIndex, weight, timeRank: null }));
}

const NO_SURFACE = new Map<string, string>();

/**
 * Each message's features without the words behind them (training never reads those, and thousands
 * of messages' worth weigh on a first run's memory), kept as long as the message object lives: a first
 * run's replay classifies every past message once and trains on it in up to four later runs and the
 * final training, so they are computed once instead of up to six times (bench/first-run.ts).
 */
const knownFeatures = new WeakMap<EngineMessage, MessageFeatures>();

function keepFeatures(message: EngineMessage, features: MessageFeatures): MessageFeatures {
  const kept = { language: features.language, counts: features.counts, surface: NO_SURFACE };
  knownFeatures.set(message, kept);
  return kept;
}

const trainingFeatures = (message: EngineMessage) =>
  knownFeatures.get(message) ?? keepFeatures(message, messageFeatures(message));

/** Training examples in time order (undated ones where they stand), as labelled features. */
function* examplesInTime(classes: string[], examples: TrainingExample[]): Steps<LabelledFeatures[]> {
  const classOf = new Map(classes.map((id, i) => [id, i]));
  const kept = examples
    .map((e, i) => ({ e, i, t: e.message.date?.getTime() ?? NaN }))
    .filter(({ e }) => classOf.has(e.categoryId));
  // Undated messages take the time of the message before them, so they keep their place.
  let last = -Infinity;
  for (const k of kept) {
    if (Number.isNaN(k.t)) k.t = last;
    else last = k.t;
  }
  kept.sort((a, b) => a.t - b.t || a.i - b.i);
  const docs: LabelledFeatures[] = [];
  for (const [rank, { e }] of kept.entries()) {
    docs.push({
      features: trainingFeatures(e.message),
      classIndex: classOf.get(e.categoryId)!,
      weight: e.weight ?? 1,
      timeRank: rank,
    });
    yield;
  }
  return docs;
}

/**
 * How much the concepts of a message weigh in a trained model: fully when the owner described the
 * categories in words that name concepts (they tie the instructions to the filed mail, in either
 * language), a quarter when the categories are bare folder names (the filed mail's own words then say
 * more: measured on the Enron folders).
 */
function conceptWeight(categories: EngineCategory[], options: TrainOptions): number {
  const described = categories.filter((c) => [...categoryTerms(c).counts.keys()].some((k) => k.startsWith('c:'))).length;
  const full = options.namespaceWeights['c:'] ?? 1;
  return full * (0.25 + (0.75 * described) / Math.max(1, categories.length));
}

/** The training of `train` up to the stored model, as steps (see slices.ts); no filed mail: the cold model. */
export function* trainSteps(
  categories: EngineCategory[],
  examples: TrainingExample[],
  options: TrainOptions,
): Steps<LocalModelData> {
  // Mail the owner took out of the categories is a class of its own: the assistant leaves such mail.
  const classes = [...categories.map((c) => c.id), ...(examples.some((e) => e.categoryId === NO_CATEGORY) ? [NO_CATEGORY] : [])];
  const filed = yield* examplesInTime(classes, examples);
  if (filed.length === 0) return yield* serialiseLinearSteps(coldModel(categories, options).model);
  const model = yield* trainLinearSteps(classes, [...seeds(categories, options.seedWeight), ...filed], {
    ...options,
    namespaceWeights: { ...options.namespaceWeights, 'c:': conceptWeight(categories, options) },
  });
  const cold = coldModel(categories, options);
  const unrelated = new Array<number>(classes.length).fill(0);
  const total = new Array<number>(classes.length).fill(0);
  for (const doc of filed) {
    total[doc.classIndex]! += 1;
    if (openSetVerdict(cold, doc.features).looksUnrelated) unrelated[doc.classIndex]! += 1;
    yield;
  }
  const data = yield* serialiseLinearSteps(model);
  return { ...data, filedUnrelated: unrelated, filedTotal: total };
}

// Deserialised models, by the stored object: the pipeline classifies many messages with one model.
const prepared = new WeakMap<object, LinearModel>();

function modelFor(data: LinearModelData): LinearModel {
  let m = prepared.get(data);
  if (!m) {
    m = deserialiseLinear(data);
    prepared.set(data, m);
  }
  return m;
}

/** See classify: the weight of the cold evidence next to a trained model, by filed messages per category. */
function coldPrior(data: LocalModelData): number {
  const total = data.filedTotal;
  if (!total || total.length === 0) return 0;
  const perCategory = total.reduce((a, b) => a + b, 0) / total.length;
  return COLD_PRIOR * (COLD_PRIOR_HALF / (COLD_PRIOR_HALF + perCategory));
}
/** The cold evidence's weight next to a trained model (in cold scores)… */
const COLD_PRIOR = 1;
/** …halved when this many messages per category are filed (chosen on the development part of bench/data/smallbiz). */
const COLD_PRIOR_HALF = 10;

export function createLocalEngine(options: LocalEngineOptions = {}): AiEngine {
  const trainOptions: TrainOptions = { ...DEFAULT_OPTIONS, ...options.train };
  const coldModels = new Map<string, ColdModel>();

  function coldFor(categories: EngineCategory[]): ColdModel {
    const key = JSON.stringify(categories.map((c) => [c.id, c.name, c.instruction]));
    let cold = coldModels.get(key);
    if (!cold) {
      cold = coldModel(categories, trainOptions);
      if (coldModels.size >= COLD_MODELS_MAX) coldModels.delete(coldModels.keys().next().value!);
      coldModels.set(key, cold);
    }
    return cold;
  }

  /** The trained model when it knows exactly these categories; otherwise null (cold start). */
  function trainedFor(categories: EngineCategory[], model: ClassifierModel | null): LinearModel | null {
    if (!model || model.engine !== LOCAL_ENGINE_NAME || model.version !== MODEL_VERSION) return null;
    const m = modelFor(model.data as LinearModelData);
    const ids = new Set(categories.map((c) => c.id));
    const known = m.classes.filter((c) => c !== NO_CATEGORY);
    return !m.cold && known.length === categories.length && known.every((c) => ids.has(c)) ? m : null;
  }

  return {
    name: LOCAL_ENGINE_NAME,
    // It picks the answering entry per question itself (answer-questions.ts), at a few milliseconds
    // for a hundred entries; a top few by full-text rank missed the one that answers a third of the time.
    knowledgeLimit: 100,

    // In slices (slices.ts): a training over thousands of filed messages takes seconds of CPU.
    async train(categories: EngineCategory[], examples: TrainingExample[]): Promise<ClassifierModel> {
      const data = await runInSlices(trainSteps(categories, examples, trainOptions));
      return { engine: LOCAL_ENGINE_NAME, version: MODEL_VERSION, data };
    },

    async classify(message: EngineMessage, categories: EngineCategory[], model: ClassifierModel | null): Promise<Classification> {
      if (categories.length === 0) return { categoryId: null, confidence: 0, reason: 'There are no AI categories.' };
      const features = messageFeatures(message);
      if (!knownFeatures.has(message)) keepFeatures(message, features);
      const cold = coldFor(categories);
      const open = openSetVerdict(cold, features);
      const trained = trainedFor(categories, model);
      if (!trained) {
        const fits = open.fits;
        if (fits === null) return { categoryId: null, confidence: open.confidence, reason: open.reason };
        const category = categories[fits]!;
        const why = explain(cold.model, features, fits);
        return {
          categoryId: category.id,
          confidence: open.confidence,
          reason: `Matches the name or instruction of "${category.name}"${why ? `: ${why}` : ''}.`,
        };
      }
      const x = messageVector(trained, features);
      const data = model!.data as LocalModelData;
      const scores = scoreVector(trained, x);
      // With few filed messages per category, the instructions still say much: their evidence is added
      // to the trained scores, less and less as the owner files more.
      const prior = coldPrior(data);
      if (prior > 0) {
        trained.classes.forEach((id, k) => {
          scores[k]! += prior * (open.evidence[categories.findIndex((c) => c.id === id)] ?? 0) * COLD_SHARPNESS;
        });
      }
      const p = trained.classes.length === 1 ? Float64Array.of(1) : softmax(scores);
      let best = 0;
      for (let k = 1; k < p.length; k++) if (p[k]! > p[best]!) best = k;
      const confidence = Math.round(p[best]! * 1000) / 1000;
      // What the owner filed outweighs the instructions, except for mail that looks like personal mail,
      // spam, bulk or a notification: it goes only to a category where the owner files such mail.
      if (open.looksUnrelated && !filesUnrelated(data, best)) {
        return { categoryId: null, confidence: open.confidence, reason: open.reason };
      }
      const why = explain(trained, features, best);
      if (trained.classes[best] === NO_CATEGORY) {
        return {
          categoryId: null,
          confidence,
          reason: `Similar to mail you took out of the categories${why ? `: ${why}` : ''}.`,
        };
      }
      const category = categories.find((c) => c.id === trained.classes[best])!;
      return {
        categoryId: category.id,
        confidence,
        reason: `Similar to mail filed in "${category.name}"${why ? `: ${why}` : ''}.`,
      };
    },

    draftReply,
    proposeCategories,
  };
}
