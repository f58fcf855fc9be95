/**
 * The local engine's learned classifier: TF-IDF vectors over the namespaced features of
 * `features.ts` (sublinear counts, per-namespace weights, L2-normalised) and a multinomial logistic
 * regression trained by SGD, each example weighted by how recent it is (mail drifts: a folder's
 * latest mail says more about the next message than last year's). Every category is also seeded by
 * its name and instruction as a pseudo-message. Before any mail is filed, a cold model matches the
 * terms of the names and instructions instead (coldLinear).
 *
 * The trained model is plain JSON: the vocabulary, its IDF, the class ids and the weights (pruned,
 * stored as base64 float32 pairs).
 */
import type { MessageFeatures } from './features';
import { runAtOnce, sortInSlices, type Steps } from './slices';

export const MODEL_VERSION = 1;

export interface TrainOptions {
  /** The vocabulary keeps the features found in the most training messages, up to this many. */
  maxFeatures: number;
  /** SGD passes over the training set. */
  epochs: number;
  /** Initial learning rate (decays as 1 / (1 + epoch)). */
  learningRate: number;
  /** L2 penalty per epoch. */
  l2: number;
  /** Example weights halve every this many messages back in time (0: all weigh the same). */
  recencyHalfLife: number;
  /** Lowest weight of an old example. */
  recencyFloor: number;
  /** Weight of each category's name-and-instruction pseudo-message. */
  seedWeight: number;
  /** A message keeps at most this many features, its heaviest (long mail says no more, slower). */
  maxFeaturesPerMessage: number;
  /** Weight of each feature namespace in the vectors. */
  namespaceWeights: Record<string, number>;
}

export const DEFAULT_OPTIONS: TrainOptions = {
  maxFeatures: 20_000,
  epochs: 4,
  learningRate: 8,
  l2: 1e-5,
  recencyHalfLife: 400,
  recencyFloor: 0.25,
  seedWeight: 1,
  maxFeaturesPerMessage: 100,
  namespaceWeights: { 's:': 1.4, 'w:': 0.5, 'h:': 1, 'f:': 1.6, 'd:': 1, 't:': 1, 'u:': 0.6, 'x:': 0.5, 'c:': 1 },
};

/** A document for training: its features, its class index and its rank in time (0: oldest). */
export interface LabelledFeatures {
  features: MessageFeatures;
  classIndex: number;
  /** Weight before the recency factor (pseudo-messages: seedWeight). */
  weight: number;
  /** Position in time among the real messages; null for pseudo-messages (no recency factor). */
  timeRank: number | null;
}

export interface LinearModelData {
  classes: string[];
  vocab: string[];
  idf: number[];
  bias: number[];
  /** base64 of a Uint32Array of (feature * classes + class) indexes of the kept weights. */
  weightIndex: string;
  /** base64 of a Float32Array of the kept weights, same order. */
  weightValue: string;
  namespaceWeights: Record<string, number>;
  maxFeaturesPerMessage?: number;
  /** A cold-start model (see coldLinear); absent: trained. */
  cold?: boolean;
}

interface Sparse {
  idx: Int32Array;
  val: Float64Array;
}

/** A model ready to score: the vocabulary as a map and the weights dense. */
export interface LinearModel {
  classes: string[];
  index: Map<string, number>;
  vocab: string[];
  idf: Float64Array;
  bias: Float64Array;
  /** weights[feature * K + class] */
  weights: Float64Array;
  namespaceWeights: Record<string, number>;
  maxFeaturesPerMessage: number;
  /** Built from names and instructions alone (coldLinear): vectors are normalised over the whole message. */
  cold: boolean;
}

function namespaceOf(feature: string): string {
  return feature.slice(0, 2);
}

const MEANING_NAMESPACES = new Set(['s:', 'w:', 'c:', 'x:']);

/**
 * The L2-normalised vector of a message over a model's vocabulary. `wholeMessage`: the norm counts
 * the features outside the vocabulary too, those that say what a message is about (its words, concepts
 * and shape, not its addresses), so that the vector says how much of the message matches.
 */
export function vectorise(
  counts: Map<string, number>,
  index: Map<string, number>,
  idf: ArrayLike<number>,
  namespaceWeights: Record<string, number>,
  maxFeatures = 0,
  wholeMessage = false,
): Sparse {
  let entries: [number, number][] = [];
  let outside = 0;
  for (const [feature, count] of counts) {
    const f = index.get(feature);
    const namespaceWeight = namespaceWeights[namespaceOf(feature)] ?? 1;
    const tf = count >= 1 ? 1 + Math.log(count) : count; // concepts count fractions (concepts.ts)
    if (f !== undefined) entries.push([f, tf * idf[f]! * namespaceWeight]);
    else if (wholeMessage && MEANING_NAMESPACES.has(namespaceOf(feature))) outside += (tf * namespaceWeight) ** 2;
  }
  if (maxFeatures > 0 && entries.length > maxFeatures) entries = entries.sort((x, y) => y[1] - x[1]).slice(0, maxFeatures);
  let norm = wholeMessage ? outside : 0;
  for (const [, v] of entries) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  return { idx: Int32Array.from(entries, (e) => e[0]), val: Float64Array.from(entries, (e) => e[1] / norm) };
}

/** A deterministic order for SGD (Fisher–Yates on a 32-bit LCG). */
function shuffle(order: number[], seed: number) {
  let s = seed >>> 0;
  for (let i = order.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    const j = s % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
}

export function softmax(scores: Float64Array): Float64Array {
  let max = -Infinity;
  for (const s of scores) if (s > max) max = s;
  let sum = 0;
  const p = new Float64Array(scores.length);
  for (let k = 0; k < scores.length; k++) {
    p[k] = Math.exp(scores[k]! - max);
    sum += p[k]!;
  }
  for (let k = 0; k < p.length; k++) p[k]! /= sum;
  return p;
}

export function scoreVector(model: Pick<LinearModel, 'bias' | 'weights' | 'classes'>, x: Sparse): Float64Array {
  const K = model.classes.length;
  const s = Float64Array.from(model.bias);
  for (let j = 0; j < x.idx.length; j++) {
    const base = x.idx[j]! * K;
    const v = x.val[j]!;
    for (let k = 0; k < K; k++) s[k]! += v * model.weights[base + k]!;
  }
  return s;
}

/** Gradients smaller than this are skipped (see trainLinear). */
const GRADIENT_MIN = 1e-3;

/** Weights visited between two pauses of a pass over all of them (weight decay, serialisation). */
const WEIGHT_STEP = 1 << 16;

export function trainLinear(classes: string[], docs: LabelledFeatures[], options: TrainOptions): LinearModel {
  return runAtOnce(trainLinearSteps(classes, docs, options));
}

/** `trainLinear` as steps that may pause between documents (see slices.ts). */
export function* trainLinearSteps(classes: string[], docs: LabelledFeatures[], options: TrainOptions): Steps<LinearModel> {
  const K = classes.length;
  // Vocabulary: document frequency over every document, the most frequent kept.
  const df = new Map<string, number>();
  for (const d of docs) {
    for (const f of d.features.counts.keys()) df.set(f, (df.get(f) ?? 0) + 1);
    yield;
  }
  const byFrequency = yield* sortInSlices([...df.entries()], (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const vocab = byFrequency.slice(0, options.maxFeatures).map(([f]) => f);
  const index = new Map(vocab.map((f, i) => [f, i]));
  const n = docs.length;
  const idf = Float64Array.from(vocab, (f) => Math.log((n + 1) / (df.get(f)! + 1)) + 1);
  yield;
  const xs: Sparse[] = [];
  for (const d of docs) {
    xs.push(vectorise(d.features.counts, index, idf, options.namespaceWeights, options.maxFeaturesPerMessage));
    yield;
  }

  const ranks = docs.map((d) => d.timeRank).filter((r): r is number => r !== null);
  const newest = ranks.reduce((a, r) => Math.max(a, r), 0);
  const sampleWeight = docs.map((d) => {
    if (d.timeRank === null || options.recencyHalfLife <= 0) return d.weight;
    const age = newest - d.timeRank;
    return d.weight * Math.max(options.recencyFloor, Math.pow(0.5, age / options.recencyHalfLife));
  });

  const weights = new Float64Array(vocab.length * K);
  const bias = new Float64Array(K);
  const model: LinearModel = {
    classes,
    index,
    vocab,
    idf,
    bias,
    weights,
    namespaceWeights: options.namespaceWeights,
    maxFeaturesPerMessage: options.maxFeaturesPerMessage,
    cold: false,
  };
  if (K < 2 || n === 0) return model;

  const order = docs.map((_, i) => i);
  const active = new Int32Array(K);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffle(order, 42 + epoch);
    const lr = options.learningRate / (1 + epoch);
    for (const i of order) {
      const x = xs[i]!;
      const p = softmax(scoreVector(model, x));
      p[docs[i]!.classIndex]! -= 1;
      const g = lr * sampleWeight[i]!;
      // Only the classes with a gradient worth the name move: training stays fast with many
      // categories and the weights stay sparse (and the stored model small).
      let m = 0;
      for (let k = 0; k < K; k++) if (Math.abs(p[k]!) > GRADIENT_MIN) active[m++] = k;
      for (let a = 0; a < m; a++) bias[active[a]!]! -= g * p[active[a]!]! * 0.1;
      for (let j = 0; j < x.idx.length; j++) {
        const base = x.idx[j]! * K;
        const gv = g * x.val[j]!;
        for (let a = 0; a < m; a++) {
          const k = active[a]!;
          weights[base + k]! -= gv * p[k]!;
        }
      }
      yield;
    }
    const decay = 1 - lr * options.l2 * n;
    if (decay < 1) {
      for (let start = 0; start < weights.length; start += WEIGHT_STEP) {
        const end = Math.min(weights.length, start + WEIGHT_STEP);
        for (let i = start; i < end; i++) weights[i]! *= decay;
        yield;
      }
    }
  }
  return model;
}

/**
 * How sharply the cold model's similarities become confidences (a softmax temperature). One number
 * for every mailbox, set once so that the confidence of a cold classification is close to its
 * accuracy on the Berkeley genres (bench/classify-cold.ts); it does not change which category wins.
 */
export const COLD_SHARPNESS = 6;

/**
 * A model from the categories' terms alone (categoryTerms), for a cold start: each term is evidence
 * for the categories that name it (as much as its weight in `terms`), split evenly among them, and a message's score is the share of
 * its (weighted) features that are such evidence. No training: an SGD fit of one pseudo-message per
 * category learns the length of each instruction (the more terms, the weaker each), not what the
 * terms say, when an instruction's terms are alternatives ("invoices, bills, receipts").
 */
export function coldLinear(classes: string[], terms: MessageFeatures[], namespaceWeights: Record<string, number>): LinearModel {
  const K = classes.length;
  const sharedBy = new Map<string, number>();
  for (const t of terms) for (const f of t.counts.keys()) sharedBy.set(f, (sharedBy.get(f) ?? 0) + 1);
  const vocab = [...sharedBy.keys()].sort();
  const index = new Map(vocab.map((f, i) => [f, i]));
  const weights = new Float64Array(vocab.length * K);
  terms.forEach((t, k) => {
    for (const [f, weight] of t.counts) weights[index.get(f)! * K + k] = (COLD_SHARPNESS * weight) / sharedBy.get(f)!;
  });
  return {
    classes,
    index,
    vocab,
    idf: new Float64Array(vocab.length).fill(1),
    bias: new Float64Array(K),
    weights,
    namespaceWeights,
    maxFeaturesPerMessage: 0,
    cold: true,
  };
}

/** Weights smaller than this share of the largest are dropped when the model is stored. */
const PRUNE = 1e-2;

export function serialiseLinear(model: LinearModel): LinearModelData {
  return runAtOnce(serialiseLinearSteps(model));
}

/** `serialiseLinear` as steps (see slices.ts): a model of many categories has millions of weights. */
export function* serialiseLinearSteps(model: LinearModel): Steps<LinearModelData> {
  const { weights } = model;
  let max = 0;
  for (let start = 0; start < weights.length; start += WEIGHT_STEP) {
    const end = Math.min(weights.length, start + WEIGHT_STEP);
    for (let i = start; i < end; i++) max = Math.max(max, Math.abs(weights[i]!));
    yield;
  }
  const keep: number[] = [];
  const kept: number[] = [];
  for (let start = 0; start < weights.length; start += WEIGHT_STEP) {
    const end = Math.min(weights.length, start + WEIGHT_STEP);
    for (let i = start; i < end; i++) {
      if (Math.abs(weights[i]!) <= max * PRUNE) continue;
      keep.push(i);
      kept.push(weights[i]!);
    }
    yield;
  }
  const weightIndex = Uint32Array.from(keep);
  const weightValue = Float32Array.from(kept);
  return {
    classes: model.classes,
    vocab: model.vocab,
    idf: Array.from(model.idf, (v) => Math.round(v * 1e4) / 1e4),
    bias: Array.from(model.bias, (v) => Math.round(v * 1e5) / 1e5),
    weightIndex: Buffer.from(weightIndex.buffer).toString('base64'),
    weightValue: Buffer.from(weightValue.buffer).toString('base64'),
    namespaceWeights: model.namespaceWeights,
    maxFeaturesPerMessage: model.maxFeaturesPerMessage,
    ...(model.cold ? { cold: true } : {}),
  };
}

export function deserialiseLinear(data: LinearModelData): LinearModel {
  const K = data.classes.length;
  const weights = new Float64Array(data.vocab.length * K);
  const ib = Buffer.from(data.weightIndex, 'base64');
  const vb = Buffer.from(data.weightValue, 'base64');
  const wi = new Uint32Array(ib.buffer.slice(ib.byteOffset, ib.byteOffset + ib.byteLength));
  const wv = new Float32Array(vb.buffer.slice(vb.byteOffset, vb.byteOffset + vb.byteLength));
  for (let i = 0; i < wi.length; i++) weights[wi[i]!] = wv[i]!;
  return {
    classes: data.classes,
    vocab: data.vocab,
    index: new Map(data.vocab.map((f, i) => [f, i])),
    idf: Float64Array.from(data.idf),
    bias: Float64Array.from(data.bias),
    weights,
    namespaceWeights: data.namespaceWeights,
    maxFeaturesPerMessage: data.maxFeaturesPerMessage ?? 0,
    cold: data.cold ?? false,
  };
}
