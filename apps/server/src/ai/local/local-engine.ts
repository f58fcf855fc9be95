/**
 * The local engine (DESIGN §6): no network, the embedded default. Classification is a learned linear
 * text classifier (classifier.ts) over the features of features.ts, seeded by each category's name
 * and instruction so that it works before any mail is filed; drafts and category proposals are in
 * draft.ts and propose.ts.
 */
import type { AiEngine, Classification, ClassifierModel, EngineCategory, EngineMessage, TrainingExample } from '../engine';
import {
  coldLinear,
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
  vectorise,
} from './classifier';
import { categoryFeatures, categoryTerms, type MessageFeatures, messageFeatures } from './features';
import { draftReply } from './draft';
import { proposeCategories } from './propose';
import { runInSlices, type Steps } from './slices';

export const LOCAL_ENGINE_NAME = 'local';
/** Cold-start models kept per engine (by categories), oldest dropped first. */
const COLD_MODELS_MAX = 64;

export interface LocalEngineOptions {
  /** Below this confidence the message stays where it is (categoryId null). Default 0. */
  minConfidence?: number;
  /** Training settings (tests and benchmarks). */
  train?: Partial<TrainOptions>;
}

function seeds(categories: EngineCategory[], weight: number): LabelledFeatures[] {
  return categories.map((c, classIndex) => ({ features: categoryFeatures(c), classIndex, weight, timeRank: null }));
}

/** Training examples in time order (undated ones where they stand), as labelled features. */
function* examplesInTime(categories: EngineCategory[], examples: TrainingExample[]): Steps<LabelledFeatures[]> {
  const classOf = new Map(categories.map((c, i) => [c.id, i]));
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
    docs.push({ features: messageFeatures(e.message), classIndex: classOf.get(e.categoryId)!, weight: 1, timeRank: rank });
    yield;
  }
  return docs;
}

/** The model of names and instructions alone, for a cold start. */
function coldModel(categories: EngineCategory[], options: TrainOptions): LinearModel {
  return coldLinear(
    categories.map((c) => c.id),
    categories.map(categoryTerms),
    options.namespaceWeights,
  );
}

/** The training of `train` up to the stored model, as steps (see slices.ts); no filed mail: the cold model. */
export function* trainSteps(
  categories: EngineCategory[],
  examples: TrainingExample[],
  options: TrainOptions,
): Steps<LinearModelData> {
  const filed = yield* examplesInTime(categories, examples);
  const model =
    filed.length === 0
      ? coldModel(categories, options)
      : yield* trainLinearSteps(
          categories.map((c) => c.id),
          [...seeds(categories, options.seedWeight), ...filed],
          options,
        );
  return yield* serialiseLinearSteps(model);
}

function messageVector(model: LinearModel, features: MessageFeatures) {
  return vectorise(features.counts, model.index, model.idf, model.namespaceWeights, model.maxFeaturesPerMessage, model.cold);
}

const HUMAN_NAMESPACES: Record<string, string> = { 'f:': 'sender', 'd:': 'sender domain', 't:': 'recipient', 'u:': 'link to' };

/** The features of `x` that pushed most towards class k, in words. */
function explain(model: LinearModel, features: MessageFeatures, k: number): string {
  const K = model.classes.length;
  const x = messageVector(model, features);
  const parts: { feature: string; push: number }[] = [];
  for (let j = 0; j < x.idx.length; j++) {
    const f = x.idx[j]!;
    let mean = 0;
    for (let c = 0; c < K; c++) mean += model.weights[f * K + c]!;
    mean /= K;
    const push = x.val[j]! * (model.weights[f * K + k]! - mean);
    if (push > 0) parts.push({ feature: model.vocab[f]!, push });
  }
  parts.sort((a, b) => b.push - a.push);
  const words: string[] = [];
  const others: string[] = [];
  const seen = new Set<string>();
  for (const { feature } of parts.slice(0, 12)) {
    const ns = feature.slice(0, 2);
    if (ns === 'x:') continue;
    if (ns === 's:' || ns === 'w:') {
      const word = features.surface.get(feature) ?? feature.slice(2);
      if (!seen.has(word) && words.length < 4) words.push(word);
      seen.add(word);
    } else if (others.length < 2) {
      others.push(`${HUMAN_NAMESPACES[ns] ?? 'feature'} ${feature.slice(2)}`);
    }
  }
  const bits = [words.length ? `words ${words.map((w) => `"${w}"`).join(', ')}` : '', ...others].filter(Boolean);
  return bits.join('; ');
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

export function createLocalEngine(options: LocalEngineOptions = {}): AiEngine {
  const trainOptions: TrainOptions = { ...DEFAULT_OPTIONS, ...options.train };
  const minConfidence = options.minConfidence ?? 0;
  const coldModels = new Map<string, LinearModel>();

  function prepare(categories: EngineCategory[], model: ClassifierModel | null): LinearModel {
    if (model && model.engine === LOCAL_ENGINE_NAME && model.version === MODEL_VERSION) {
      const m = modelFor(model.data as LinearModelData);
      const ids = new Set(categories.map((c) => c.id));
      // A model only serves while it knows every category it is asked about.
      if (m.classes.length === categories.length && m.classes.every((c) => ids.has(c))) return m;
    }
    // Cold start: the model of the names and instructions alone, kept for the next message.
    const key = JSON.stringify(categories.map((c) => [c.id, c.name, c.instruction]));
    let cold = coldModels.get(key);
    if (!cold) {
      cold = coldModel(categories, trainOptions);
      if (coldModels.size >= COLD_MODELS_MAX) coldModels.delete(coldModels.keys().next().value!);
      coldModels.set(key, cold);
    }
    return cold;
  }

  return {
    name: LOCAL_ENGINE_NAME,

    // In slices (slices.ts): a training over thousands of filed messages takes seconds of CPU.
    async train(categories: EngineCategory[], examples: TrainingExample[]): Promise<ClassifierModel> {
      const data = await runInSlices(trainSteps(categories, examples, trainOptions));
      return { engine: LOCAL_ENGINE_NAME, version: MODEL_VERSION, data };
    },

    async classify(message: EngineMessage, categories: EngineCategory[], model: ClassifierModel | null): Promise<Classification> {
      if (categories.length === 0) return { categoryId: null, confidence: 0, reason: 'There are no AI categories.' };
      const m = prepare(categories, model);
      const trained = !m.cold;
      const features = messageFeatures(message);
      const x = messageVector(m, features);
      if (x.idx.length === 0) {
        return {
          categoryId: null,
          confidence: 0,
          reason: trained
            ? 'Nothing in this message resembles the mail filed in any category.'
            : "Nothing in this message matches a category's name or instruction.",
        };
      }
      const p = categories.length === 1 ? Float64Array.of(1) : softmax(scoreVector(m, x));
      let best = 0;
      for (let k = 1; k < p.length; k++) if (p[k]! > p[best]!) best = k;
      const confidence = Math.round(p[best]! * 1000) / 1000;
      const category = categories.find((c) => c.id === m.classes[best])!;
      const why = explain(m, features, best);
      if (confidence < minConfidence) {
        return { categoryId: null, confidence, reason: `No category fits well enough (closest: "${category.name}").` };
      }
      const reason = trained
        ? `Similar to mail filed in "${category.name}"${why ? `: ${why}` : ''}.`
        : `Matches the name or instruction of "${category.name}"${why ? `: ${why}` : ''}.`;
      return { categoryId: category.id, confidence, reason };
    },

    draftReply,
    proposeCategories,
  };
}
