/**
 * The local engine's learned classifier: TF-IDF vectors over the namespaced features of
 * `features.ts` (sublinear counts, per-namespace weights, L2-normalised) and a multinomial logistic
 * regression trained by SGD, each example weighted by how recent it is (mail drifts: a folder's
 * latest mail says more about the next message than last year's). Every category is also seeded by
 * its name and instruction as a pseudo-message.
 *
 * The trained model is plain JSON: the vocabulary, its IDF, the class ids and the weights (pruned,
 * stored as base64 float32 pairs).
 */
import type { MessageFeatures } from './features';

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
  namespaceWeights: { 's:': 1.4, 'w:': 0.5, 'h:': 1, 'f:': 1.6, 'd:': 1, 't:': 1, 'u:': 0.6, 'x:': 0.5 },
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
}

function namespaceOf(feature: string): string {
  return feature.slice(0, 2);
}

export function vectorise(
  counts: Map<string, number>,
  index: Map<string, number>,
  idf: ArrayLike<number>,
  namespaceWeights: Record<string, number>,
  maxFeatures = 0,
): Sparse {
  let entries: [number, number][] = [];
  for (const [feature, count] of counts) {
    const f = index.get(feature);
    if (f === undefined) continue;
    entries.push([f, (1 + Math.log(count)) * idf[f]! * (namespaceWeights[namespaceOf(feature)] ?? 1)]);
  }
  if (maxFeatures > 0 && entries.length > maxFeatures) entries = entries.sort((x, y) => y[1] - x[1]).slice(0, maxFeatures);
  let norm = 0;
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

export function trainLinear(classes: string[], docs: LabelledFeatures[], options: TrainOptions): LinearModel {
  const K = classes.length;
  // Vocabulary: document frequency over every document, the most frequent kept.
  const df = new Map<string, number>();
  for (const d of docs) for (const f of d.features.counts.keys()) df.set(f, (df.get(f) ?? 0) + 1);
  const vocab = [...df.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, options.maxFeatures)
    .map(([f]) => f);
  const index = new Map(vocab.map((f, i) => [f, i]));
  const n = docs.length;
  const idf = Float64Array.from(vocab, (f) => Math.log((n + 1) / (df.get(f)! + 1)) + 1);
  const xs = docs.map((d) => vectorise(d.features.counts, index, idf, options.namespaceWeights, options.maxFeaturesPerMessage));

  const ranks = docs.map((d) => d.timeRank).filter((r): r is number => r !== null);
  const newest = ranks.length ? Math.max(...ranks) : 0;
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
    }
    const decay = 1 - lr * options.l2 * n;
    if (decay < 1) for (let i = 0; i < weights.length; i++) weights[i]! *= decay;
  }
  return model;
}

/** Weights smaller than this share of the largest are dropped when the model is stored. */
const PRUNE = 1e-2;

export function serialiseLinear(model: LinearModel): LinearModelData {
  let max = 0;
  for (const w of model.weights) max = Math.max(max, Math.abs(w));
  const keep: number[] = [];
  for (let i = 0; i < model.weights.length; i++) if (Math.abs(model.weights[i]!) > max * PRUNE) keep.push(i);
  const weightIndex = Uint32Array.from(keep);
  const weightValue = Float32Array.from(keep, (i) => model.weights[i]!);
  return {
    classes: model.classes,
    vocab: model.vocab,
    idf: Array.from(model.idf, (v) => Math.round(v * 1e4) / 1e4),
    bias: Array.from(model.bias, (v) => Math.round(v * 1e5) / 1e5),
    weightIndex: Buffer.from(weightIndex.buffer).toString('base64'),
    weightValue: Buffer.from(weightValue.buffer).toString('base64'),
    namespaceWeights: model.namespaceWeights,
    maxFeaturesPerMessage: model.maxFeaturesPerMessage,
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
  };
}
