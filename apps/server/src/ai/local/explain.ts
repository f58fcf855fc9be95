/** The local engine's decisions in words: the features of a message that pushed most towards a class. */
import { type LinearModel, vectorise } from './classifier';
import type { MessageFeatures } from './features';

export function messageVector(model: LinearModel, features: MessageFeatures) {
  return vectorise(features.counts, model.index, model.idf, model.namespaceWeights, model.maxFeaturesPerMessage, model.cold);
}

const SIGNAL_WORDS: Record<string, string> = {
  'c:~bulk': 'sent in bulk',
  'c:~calendar': 'a calendar invitation',
  'c:~amount': 'an amount of money',
};
const HUMAN_NAMESPACES: Record<string, string> = { 'f:': 'sender', 'd:': 'sender domain', 't:': 'recipient', 'u:': 'link to' };

/** The features of `x` that pushed most towards class k, in words. */
export function explain(model: LinearModel, features: MessageFeatures, k: number): string {
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
    if (feature.startsWith('c:~')) {
      const signal = SIGNAL_WORDS[feature];
      if (signal && others.length < 2) others.push(signal);
    } else if (ns === 's:' || ns === 'w:' || ns === 'c:') {
      const word = features.surface.get(feature) ?? (ns === 'c:' ? '' : feature.slice(2));
      if (!word) continue;
      if (!seen.has(word) && words.length < 4) words.push(word);
      seen.add(word);
    } else if (others.length < 2) {
      others.push(`${HUMAN_NAMESPACES[ns] ?? 'feature'} ${feature.slice(2)}`);
    }
  }
  const bits = [words.length ? `words ${words.map((w) => `"${w}"`).join(', ')}` : '', ...others].filter(Boolean);
  return bits.join('; ');
}
