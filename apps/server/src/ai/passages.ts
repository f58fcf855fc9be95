/**
 * Passage retrieval for the chat assistant's local engine: passages (help sections, knowledge
 * entries) ranked by the rarity-weighted stems they share with a question, and the sentences of a
 * passage that answer it. Pure and small: the passages come already narrowed down.
 */
import { cleanForEngine } from './safety';
import { type Language, sentences, stems } from './text';

/** A help section or a knowledge entry (which keeps its `internal` mark through `bestPassages`). */
export interface Passage {
  title: string;
  content: string;
  /** Words that describe the passage without being shown (a help section's keywords). */
  keywords?: string;
}

/** Stems with accents folded: people often type French without them ("credits", "boite"). */
export function stemSet(text: string, language: Language): Set<string> {
  return new Set(stems(cleanForEngine(text), language).map((s) => s.normalize('NFD').replace(/\p{M}/gu, '')));
}

/** Indexes and scores of the passages sharing at least one stem with the query, best first. */
export function rankPassages(passages: Passage[], query: Set<string>, language: Language): { index: number; score: number }[] {
  const bodies = passages.map((p) => stemSet(p.content, language));
  const heads = passages.map((p) => stemSet(`${p.title} ${p.keywords ?? ''}`, language));
  const df = new Map<string, number>();
  passages.forEach((_, i) => {
    for (const w of new Set([...bodies[i]!, ...heads[i]!])) df.set(w, (df.get(w) ?? 0) + 1);
  });
  const idf = (w: string) => Math.log(1 + passages.length / (df.get(w) ?? 1));
  return passages
    .map((_, index) => {
      let score = 0;
      for (const w of query) {
        if (heads[index]!.has(w)) score += 2 * idf(w);
        else if (bodies[index]!.has(w)) score += idf(w);
      }
      return { index, score };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
}

/** The passages nearly as relevant as the best one (a shared common word is not an answer). */
export function bestPassages<T extends Passage>(passages: T[], query: Set<string>, language: Language, max: number): T[] {
  const ranked = rankPassages(passages, query, language);
  const top = ranked[0]?.score ?? 0;
  return ranked
    .filter((r) => r.score >= 0.5 * top)
    .slice(0, max)
    .map((r) => passages[r.index]!);
}

/**
 * The sentences of a passage that share most with the query, in the passage's order; its first
 * sentences when none does (the passage matched by its title or keywords).
 */
export function answeringSentences(content: string, query: Set<string>, language: Language, max = 3): string[] {
  const list = sentences(cleanForEngine(content)).filter((s) => s.length <= 600);
  const scored = list.map((text, order) => {
    let score = 0;
    for (const w of stemSet(text, language)) if (query.has(w)) score += 1;
    return { text, order, score };
  });
  const matching = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.order - b.order);
  const picked = (matching.length ? matching : scored).slice(0, max).sort((a, b) => a.order - b.order);
  return picked.map((s) => s.text);
}
