/**
 * Two plain baselines for the classification benchmarks, bag of words over subject and body
 * (lower-cased alphanumeric tokens of 2+ characters, no stemming, no stop words, no sender):
 * - multinomial Naive Bayes with Laplace smoothing;
 * - TF-IDF (L2-normalised) multinomial logistic regression trained by SGD: 8 passes, learning rate 4
 *   decaying as 1 / (1 + pass), every example weighing the same (its best settings on the first ten
 *   splits of each Enron user among 0.5…8 and 4…8 passes).
 */

export type Tokens = string[];

export function bagOfWords(subject: string, body: string): Tokens {
  return `${subject}\n${body}`.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
}

export interface Baseline {
  predict(tokens: Tokens): number;
}

function counts(tokens: Tokens): Map<string, number> {
  const c = new Map<string, number>();
  for (const t of tokens) c.set(t, (c.get(t) ?? 0) + 1);
  return c;
}

export function trainNaiveBayes(docs: Tokens[], labels: number[], K: number): Baseline {
  const vocab = new Map<string, number>();
  const perClass: Map<number, number>[] = Array.from({ length: K }, () => new Map());
  const totals = new Float64Array(K);
  const docsPerClass = new Float64Array(K);
  docs.forEach((doc, i) => {
    const k = labels[i]!;
    docsPerClass[k]! += 1;
    for (const t of doc) {
      let f = vocab.get(t);
      if (f === undefined) vocab.set(t, (f = vocab.size));
      perClass[k]!.set(f, (perClass[k]!.get(f) ?? 0) + 1);
      totals[k]! += 1;
    }
  });
  const V = vocab.size;
  const logPrior = Array.from(docsPerClass, (d) => Math.log((d + 1) / (docs.length + K)));
  const logDenominator = Array.from(totals, (t) => Math.log(t + V));
  return {
    predict(tokens) {
      let best = 0;
      let bestScore = -Infinity;
      const c = counts(tokens);
      for (let k = 0; k < K; k++) {
        if (docsPerClass[k] === 0) continue;
        let s = logPrior[k]!;
        for (const [t, n] of c) {
          const f = vocab.get(t);
          if (f === undefined) continue;
          s += n * (Math.log((perClass[k]!.get(f) ?? 0) + 1) - logDenominator[k]!);
        }
        if (s > bestScore) [best, bestScore] = [k, s];
      }
      return best;
    },
  };
}

interface Sparse {
  idx: number[];
  val: number[];
}

export function trainLogisticRegression(docs: Tokens[], labels: number[], K: number, epochs = 8, learningRate = 4): Baseline {
  const df = new Map<string, number>();
  for (const doc of docs) for (const t of new Set(doc)) df.set(t, (df.get(t) ?? 0) + 1);
  const index = new Map([...df.keys()].map((t, i) => [t, i]));
  const idf = Array.from(df.values(), (d) => Math.log((docs.length + 1) / (d + 1)) + 1);
  const vec = (tokens: Tokens): Sparse => {
    const idx: number[] = [];
    const val: number[] = [];
    for (const [t, n] of counts(tokens)) {
      const f = index.get(t);
      if (f === undefined) continue;
      idx.push(f);
      val.push(n * idf[f]!);
    }
    const norm = Math.hypot(...val) || 1;
    return { idx, val: val.map((v) => v / norm) };
  };
  const xs = docs.map(vec);
  const W = new Float64Array(index.size * K);
  const b = new Float64Array(K);
  const scores = (x: Sparse) => {
    const s = Float64Array.from(b);
    for (let j = 0; j < x.idx.length; j++) {
      const base = x.idx[j]! * K;
      for (let k = 0; k < K; k++) s[k]! += x.val[j]! * W[base + k]!;
    }
    return s;
  };
  const order = docs.map((_, i) => i);
  let seed = 7;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
      const j = seed % (i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const lr = learningRate / (1 + epoch);
    for (const i of order) {
      const x = xs[i]!;
      const s = scores(x);
      const max = Math.max(...s);
      let sum = 0;
      for (let k = 0; k < K; k++) sum += s[k] = Math.exp(s[k]! - max);
      for (let k = 0; k < K; k++) s[k] = s[k]! / sum - (k === labels[i] ? 1 : 0);
      for (let k = 0; k < K; k++) b[k]! -= lr * s[k]!;
      for (let j = 0; j < x.idx.length; j++) {
        const base = x.idx[j]! * K;
        const g = lr * x.val[j]!;
        for (let k = 0; k < K; k++) W[base + k]! -= g * s[k]!;
      }
    }
  }
  return {
    predict(tokens) {
      const s = scores(vec(tokens));
      let best = 0;
      for (let k = 1; k < K; k++) if (s[k]! > s[best]!) best = k;
      return best;
    },
  };
}
