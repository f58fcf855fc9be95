/**
 * The open-set decision of the local engine: whether a message fits any of the owner's categories at
 * all, the same way whatever their number. A cold model of the categories' names and instructions has
 * one more class, the mail no category asks for (personal mail, spam, bulk mail, notifications: the
 * concepts no instruction names); a message fits none when that class outweighs every category, or
 * when too little of it is evidence for any.
 */
import { type EngineCategory, NO_CATEGORY } from '../engine';
import {
  COLD_SHARPNESS,
  coldLinear,
  type LinearModel,
  type LinearModelData,
  scoreVector,
  softmax,
  type TrainOptions,
} from './classifier';
import { broaderConcepts } from './concepts';
import { explain, messageVector } from './explain';
import { categoryTerms, type MessageFeatures } from './features';

/** The class of cold models that no category is: mail an owner leaves where it arrived. */
export const NONE_CLASS = NO_CATEGORY;

/**
 * What mail that fits no category shows (concepts of concepts.ts and structural signals): personal
 * mail, spam, bulk mail, notifications. A concept a category's instruction names belongs to it instead
 * ("Newsletters" makes bulk mail a category's).
 */
const NONE_CONCEPTS = [
  'personal',
  'spam',
  'newsletter-and-marketing',
  'account-and-security',
  'notification',
  'parcel-tracking',
  '~bulk',
];
const CONCEPT_OF_SIGNAL: Record<string, string> = { '~bulk': 'newsletter-and-marketing' };

function noneTerms(terms: MessageFeatures[]): MessageFeatures {
  // Named by an instruction, not merely related to what it names.
  const claimed = new Set(terms.flatMap((t) => [...t.counts].filter(([, weight]) => weight >= 1).map(([key]) => key)));
  const counts = new Map<string, number>();
  for (const id of NONE_CONCEPTS) {
    const concept = CONCEPT_OF_SIGNAL[id] ?? id;
    // A category that names a concept claims the narrower ones too ("deliveries" claims parcel notices).
    if (![concept, ...broaderConcepts(concept)].some((c) => claimed.has(`c:${c}`))) counts.set(`c:${id}`, 1);
  }
  return { language: 'en', counts, surface: new Map() };
}

/** A category's cold terms, with the structural signals of the concepts it names. */
function coldTerms(category: EngineCategory): MessageFeatures {
  const terms = categoryTerms(category);
  for (const [signal, concept] of Object.entries(CONCEPT_OF_SIGNAL))
    if (terms.counts.has(`c:${concept}`)) terms.counts.set(`c:${signal}`, 1);
  return terms;
}

/** The concept of an instruction that speaks of a company's business in general ("Company business, strategy"). */
const GENERAL_BUSINESS = 'c:business-and-strategy';

/** The model of names and instructions alone, for a cold start, with the class of mail that fits none. */
export interface ColdModel {
  model: LinearModel;
  /** How many terms each class has (ties go to the category the message fits more completely). */
  terms: number[];
  /** The one category that speaks of the business in general: it takes the work mail no other fits. */
  general: number | null;
}

export function coldModel(categories: EngineCategory[], options: TrainOptions): ColdModel {
  const terms = categories.map(coldTerms);
  const model = coldLinear([...categories.map((c) => c.id), NONE_CLASS], [...terms, noneTerms(terms)], {
    ...options.namespaceWeights,
    'c:': 1,
  });
  const general = terms.flatMap((t, k) => (t.counts.has(GENERAL_BUSINESS) ? [k] : []));
  return { model, terms: terms.map((t) => t.counts.size), general: general.length === 1 ? general[0]! : null };
}

/** A message whose best category has less than this share of its weight as evidence fits none (cold). */
export const MIN_COLD_EVIDENCE = 0.05;
/**
 * The evidence a category about the company's business in general starts with: work mail goes there
 * unless another category shows more.
 */
const GENERAL_FLOOR = 0.15;
/**
 * Mail that looks like personal mail, spam, bulk or a notification goes only to a category where the
 * owner files such mail: at least this share of its filed mail looks the same…
 */
const UNRELATED_FILED_MIN = 0.1;
/** …or at least this many filed messages look the same. */
const UNRELATED_FILED_COUNT = 3;

export interface OpenSetVerdict {
  /** Index of the category the message fits in the cold model, or null when it fits none. */
  fits: number | null;
  confidence: number;
  /** Why it fits none (when it does). */
  reason: string;
  /** It fits none because it looks like mail that fits no category (not merely for lack of evidence). */
  looksUnrelated: boolean;
  /** Per category, the share of the message that is evidence for it. */
  evidence: Float64Array;
}

/**
 * The open-set decision, the same whatever the number of categories: a message fits none when too
 * little of it is evidence for its best category, or when what it shows of mail that fits no category
 * (personal mail, spam, bulk mail, notifications) outweighs that evidence.
 */
export function openSetVerdict(cold: ColdModel, features: MessageFeatures): OpenSetVerdict {
  const { model } = cold;
  const K = model.classes.length - 1;
  const x = messageVector(model, features);
  if (x.idx.length === 0) {
    return {
      fits: null,
      confidence: 0,
      reason: "Nothing in this message matches a category's name or instruction.",
      looksUnrelated: false,
      evidence: new Float64Array(K),
    };
  }
  const scores = scoreVector(model, x);
  const p = softmax(scores);
  if (cold.general !== null && scores[K]! === 0)
    scores[cold.general] = Math.max(scores[cold.general]!, GENERAL_FLOOR * COLD_SHARPNESS);
  let best = 0;
  for (let k = 1; k < K; k++) {
    if (scores[k]! > scores[best]! || (scores[k] === scores[best] && cold.terms[k]! < cold.terms[best]!)) best = k;
  }
  const evidence = Float64Array.from(scores.subarray(0, K), (v) => v / COLD_SHARPNESS);
  const confidence = Math.round(p[best]! * 1000) / 1000;
  if (scores[K]! > scores[best]!) {
    const why = explain(model, features, K);
    return {
      fits: null,
      confidence: Math.round(p[K]! * 1000) / 1000,
      reason: `Looks like personal mail, bulk mail, spam or a notification${why ? ` (${why})` : ''}, which no category asks for.`,
      looksUnrelated: true,
      evidence,
    };
  }
  if (evidence[best]! < MIN_COLD_EVIDENCE) {
    return {
      fits: null,
      confidence,
      reason: "Too little in this message matches any category's name or instruction.",
      looksUnrelated: false,
      evidence,
    };
  }
  return { fits: best, confidence, reason: '', looksUnrelated: false, evidence };
}

/** The stored model: the linear model and, per category, how much of its filed mail looks unrelated. */
export type LocalModelData = LinearModelData & { filedUnrelated?: number[]; filedTotal?: number[] };

/** Whether the owner files mail that looks unrelated (see openSetVerdict) into class k of a trained model. */
export function filesUnrelated(data: LocalModelData, k: number): boolean {
  const unrelated = data.filedUnrelated?.[k];
  if (unrelated === undefined) return true; // a model from before this was counted
  return unrelated >= UNRELATED_FILED_COUNT || (unrelated >= 2 && unrelated / (data.filedTotal?.[k] || 1) >= UNRELATED_FILED_MIN);
}
