/**
 * The built-in spam model: a logistic regression over `spamFeatures`, trained by
 * bench/train-spam-model.ts on the SpamAssassin public corpus (with business mail of Enron users as
 * more ham) and committed as spam-model.json. Its probability is calibrated on messages the model
 * had not seen; its threshold keeps ham taken for spam at 1% or less of the training part's ham,
 * measured the same way, and its lower "suspected" cut at 2% or less.
 */
import type { ParsedMessage } from '../../mail/mime/message';
import { SIGNAL_DESCRIPTIONS, spamFeatures } from './spam-features';
import model from './spam-model.json';

export interface SpamVerdict {
  /** The calibrated probability that the message is spam. */
  probability: number;
  spam: boolean;
  /** Likely enough to keep out of business folders and drafts, though not marked (at most 2% of ham). */
  suspected: boolean;
  /** Up to 3 words or traits that weighed most toward spam, most first, for the reason shown to the owner. */
  signals: string[];
}

/** What spam-model.json holds (bench/train-spam-model.ts writes it). */
export interface SpamModelFile {
  version: number;
  threshold: number;
  suspectedThreshold: number;
  bias: number;
  features: string[];
  weights: number[];
}

const MODEL: SpamModelFile = model;
const WEIGHTS = new Map(MODEL.features.map((feature, i) => [feature, MODEL.weights[i] ?? 0]));
const MAX_SIGNALS = 3;

export const SPAM_THRESHOLD = MODEL.threshold;
export const SUSPECTED_THRESHOLD = MODEL.suspectedThreshold;

export function spamVerdict(parsed: ParsedMessage): SpamVerdict {
  let logit = MODEL.bias;
  const towardSpam: [string, number][] = [];
  for (const [feature, value] of spamFeatures(parsed)) {
    const weight = WEIGHTS.get(feature);
    if (weight === undefined) continue;
    logit += weight * value;
    if (weight > 0) towardSpam.push([feature, weight]);
  }
  const probability = 1 / (1 + Math.exp(-logit));
  return {
    probability,
    spam: probability >= SPAM_THRESHOLD,
    suspected: probability >= SUSPECTED_THRESHOLD,
    signals: describe(towardSpam),
  };
}

function describe(towardSpam: [string, number][]): string[] {
  const signals: string[] = [];
  for (const [feature] of towardSpam.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    const signal = readable(feature);
    if (!signals.includes(signal)) signals.push(signal);
    if (signals.length === MAX_SIGNALS) break;
  }
  return signals;
}

/** Words as written (`s:` subject, `w:` body), the sender's domain ending, or the trait in words. */
function readable(feature: string): string {
  const value = feature.slice(2);
  if (feature.startsWith('s:') || feature.startsWith('w:')) return value;
  if (feature.startsWith('f:')) return `sender domain .${value}`;
  return SIGNAL_DESCRIPTIONS[feature] ?? value;
}
