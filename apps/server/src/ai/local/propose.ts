/**
 * Category proposals of the local engine: the sample is clustered (spherical k-means, k-means++
 * start with a fixed seed, over TF-IDF vectors of subject and body stems and the sender domain), and
 * each cluster is named from its most distinctive words (and its dominant sender domain) with an
 * instruction in the requested language.
 */
import type { EngineMessage, ProposedCategory } from '../engine';
import { domainOf, messageFeatures } from './features';

const ITERATIONS = 20;

/** Common words that make poor category names (the classifier's stop list is shorter). */
const NOT_A_NAME = new Set(
  (
    'will would could should shall may might must can cannot need needs let know knew think thought get got make made take ' +
    'go going come see look want like just also still even well much many more most less very really one two three new old ' +
    "good great best last next first time day days week today tomorrow yesterday year month now here there its it's " +
    'please thanks thank hello hi dear regards best sent received discuss discussed during since until without within ' +
    "around following attached attach file files message mail email e-mail note call let's yes ok okay " +
    'merci bonjour cordialement bien très plus aussi faire fait peut pouvez voir jour jours semaine mois année ' +
    'message courriel fichier pièce jointe suite cette être avoir'
  ).split(' '),
);
const TOP_TERMS = 4;

interface Vec {
  idx: number[];
  val: number[];
}

function dot(a: Vec, centroid: Float64Array): number {
  let s = 0;
  for (let j = 0; j < a.idx.length; j++) s += a.val[j]! * centroid[a.idx[j]!]!;
  return s;
}

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 4_294_967_296;
  };
}

/** Spherical k-means: cluster index of each vector. */
function kmeans(vectors: Vec[], dims: number, k: number): number[] {
  const random = lcg(2024);
  const centroids: Float64Array[] = [];
  const toCentroid = (v: Vec) => {
    const c = new Float64Array(dims);
    for (let j = 0; j < v.idx.length; j++) c[v.idx[j]!] = v.val[j]!;
    return c;
  };
  // k-means++: each next centre far from those chosen (distance 1 - cosine).
  centroids.push(toCentroid(vectors[Math.floor(random() * vectors.length)]!));
  while (centroids.length < k) {
    const d = vectors.map((v) => Math.max(0, 1 - Math.max(...centroids.map((c) => dot(v, c)))) ** 2);
    const total = d.reduce((a, b) => a + b, 0);
    let r = random() * total;
    let pick = d.findIndex((x) => (r -= x) <= 0);
    if (total === 0 || pick < 0) pick = Math.floor(random() * vectors.length);
    centroids.push(toCentroid(vectors[pick]!));
  }
  let assign = vectors.map(() => -1);
  for (let it = 0; it < ITERATIONS; it++) {
    const next = vectors.map((v) => {
      let best = 0;
      let bestSim = -Infinity;
      centroids.forEach((c, i) => {
        const s = dot(v, c);
        if (s > bestSim) [best, bestSim] = [i, s];
      });
      return best;
    });
    const changed = next.some((a, i) => a !== assign[i]);
    assign = next;
    if (!changed) break;
    for (let i = 0; i < k; i++) {
      const c = new Float64Array(dims);
      let members = 0;
      vectors.forEach((v, n) => {
        if (assign[n] !== i) return;
        members++;
        for (let j = 0; j < v.idx.length; j++) c[v.idx[j]!]! += v.val[j]!;
      });
      // An empty cluster takes the message furthest from its centre.
      if (members === 0) {
        let far = 0;
        let farSim = Infinity;
        vectors.forEach((v, n) => {
          const s = dot(v, centroids[assign[n]!]!);
          if (s < farSim) [far, farSim] = [n, s];
        });
        centroids[i] = toCentroid(vectors[far]!);
        assign[far] = i;
        continue;
      }
      let norm = 0;
      for (let j = 0; j < dims; j++) norm += c[j]! * c[j]!;
      norm = Math.sqrt(norm) || 1;
      for (let j = 0; j < dims; j++) c[j]! /= norm;
      centroids[i] = c;
    }
  }
  return assign;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function list(items: string[], language: 'en' | 'fr'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${language === 'fr' ? 'et' : 'and'} ${items.at(-1)}`;
}

export async function proposeCategories(
  sample: EngineMessage[],
  count: number,
  language: 'en' | 'fr',
): Promise<ProposedCategory[]> {
  if (sample.length === 0 || count <= 0) return [];
  const feats = sample.map((m) => messageFeatures(m));
  // Words and the sender's domain; words in a single message or in most of them say nothing of a group.
  const df = new Map<string, number>();
  for (const f of feats)
    for (const key of f.counts.keys()) if (key.startsWith('w:') || key.startsWith('d:')) df.set(key, (df.get(key) ?? 0) + 1);
  const n = sample.length;
  const vocab = [...df.entries()].filter(([, d]) => (n < 20 || d >= 2) && d <= Math.max(2, n * 0.5)).map(([key]) => key);
  const index = new Map(vocab.map((key, i) => [key, i]));
  const vectors: Vec[] = feats.map((f) => {
    const v: Vec = { idx: [], val: [] };
    for (const [key, c] of f.counts) {
      const i = index.get(key);
      if (i === undefined) continue;
      v.idx.push(i);
      v.val.push((1 + Math.log(c)) * Math.log((n + 1) / (df.get(key)! + 1)) + (key.startsWith('d:') ? 0.5 : 0));
    }
    const norm = Math.hypot(...v.val) || 1;
    v.val = v.val.map((x) => x / norm);
    return v;
  });
  const k = Math.min(count, n);
  const assign = k === 1 ? vectors.map(() => 0) : kmeans(vectors, vocab.length, k);

  // Most common surface form of each stem over the sample, for readable names.
  const surfaces = new Map<string, Map<string, number>>();
  for (const f of feats)
    for (const [key, word] of f.surface) {
      if (!key.startsWith('w:')) continue;
      const m = surfaces.get(key) ?? new Map<string, number>();
      m.set(word, (m.get(word) ?? 0) + 1);
      surfaces.set(key, m);
    }
  const surface = (key: string) => [...(surfaces.get(key)?.entries() ?? [])].sort((a, b) => b[1] - a[1])[0]?.[0] ?? key.slice(2);

  // Distinctive words of a cluster: share of its messages with the word, minus that share elsewhere.
  const proposals: ProposedCategory[] = [];
  const usedNames = new Set<string>();
  const clusters = [...Array(k).keys()]
    .map((c) => assign.map((a, i) => (a === c ? i : -1)).filter((i) => i >= 0))
    .sort((a, b) => b.length - a.length);
  for (const members of clusters) {
    const inside = new Map<string, number>();
    for (const i of members)
      for (const key of feats[i]!.counts.keys()) if (key.startsWith('w:')) inside.set(key, (inside.get(key) ?? 0) + 1);
    const terms = [...inside.entries()]
      .map(([key, c]) => {
        const outside = (df.get(key) ?? c) - c;
        return { key, score: c / Math.max(1, members.length) - outside / Math.max(1, n - members.length) };
      })
      .filter((t) => t.score > 0 && !NOT_A_NAME.has(surface(t.key)) && surface(t.key).length > 2)
      .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
      .map((t) => surface(t.key));
    const top = [...new Set(terms)].slice(0, TOP_TERMS);

    const domains = new Map<string, number>();
    for (const i of members) {
      const d = domainOf(sample[i]!.from?.address ?? '');
      if (d) domains.set(d, (domains.get(d) ?? 0) + 1);
    }
    const [domain, domainCount] = [...domains.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const dominant = domain && members.length >= 2 && domainCount / members.length >= 0.5 ? domain : '';

    let name = top.length ? capitalise(top.slice(0, 2).join(language === 'fr' ? ' et ' : ' and ')) : dominant || '';
    if (!name) name = language === 'fr' ? 'Divers' : 'Other';
    for (let extra = 2; usedNames.has(name.toLowerCase()); extra++) {
      name = top[extra] ? `${name}, ${top[extra]}` : `${name} ${extra}`;
    }
    usedNames.add(name.toLowerCase());

    const about = top.length ? list(top, language) : language === 'fr' ? 'des sujets variés' : 'various subjects';
    const instruction =
      language === 'fr'
        ? `Messages sur ${about}${dominant ? `, envoyés le plus souvent depuis ${dominant}` : ''}.`
        : `Mail about ${about}${dominant ? `, usually from ${dominant}` : ''}.`;
    proposals.push({ name, instruction });
  }
  return proposals;
}
