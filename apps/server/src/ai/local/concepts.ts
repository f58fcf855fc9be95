/**
 * The concepts of business mail (lexicon/concepts.json, a reviewed bilingual data file): what lets an
 * owner's plain instruction ("customers asking for a price") catch mail that shares none of its words
 * ("combien pour 40 quiches ?"), in either language. Words are matched without accents and by their
 * Snowball stems, phrases as runs of stems; a concept found also counts, at half weight, for each
 * broader concept ("invoice" is also "money"). An instruction that names a concept also asks, at half
 * weight, for its related ones ("appointments" for dates and times).
 */
import lexicon from './lexicon/concepts.json';
import { type Language, stem, tokens } from '../text';

interface ConceptEntry {
  gloss: string;
  broader?: string[];
  /** Shown by mail of every kind (a date, a question): an instruction naming it asks for it only weakly. */
  weak?: boolean;
  /** Concepts that mail about this one usually also shows (an appointment has a date). */
  related?: string[];
  en: string[];
  fr: string[];
}

const CONCEPTS = (lexicon as { concepts: Record<string, ConceptEntry> }).concepts;

/** What a broader concept gets of a match of a narrower one, per level. */
const BROADER_SHARE = 0.5;

export function plain(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '');
}

const stemPlain = (word: string, language: Language) => stem(plain(word), language);

interface Phrase {
  rest: string[];
  concepts: string[];
}

interface LanguageIndex {
  words: Map<string, string[]>;
  /** First stem → the phrases starting with it. */
  phrases: Map<string, Phrase[]>;
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Terms are indexed as written, by their stem as written and by their stem without accents: a word written with
 * its accents is looked up as written ("arrière", back, is not "arriéré", arrears), a word written
 * without any (as many people type) is looked up without them ("recu" is "reçu").
 */
function buildIndex(language: Language): LanguageIndex {
  const index: LanguageIndex = { words: new Map(), phrases: new Map() };
  const addWord = (key: string, id: string) => {
    if (!index.words.get(key)?.includes(id)) push(index.words, key, id);
  };
  for (const [id, entry] of Object.entries(CONCEPTS)) {
    for (const term of entry[language]) {
      const words = tokens(term.replace(/['’]/g, ' '));
      if (words.length === 0) continue;
      if (words.length === 1) {
        addWord(EXACT + plain(words[0]!), id);
        addWord(stem(words[0]!, language), id);
        addWord(PLAIN + stemPlain(words[0]!, language), id);
      } else
        push(index.phrases, stemPlain(words[0]!, language), {
          rest: words.slice(1).map((w) => stemPlain(w, language)),
          concepts: [id],
        });
    }
  }
  return index;
}

/** Prefix of the keys of unaccented stems. */
const PLAIN = '~';
/** Prefix of the keys of terms as written (unaccented): a word written as a term is that term ("accountant" is not "account"). */
const EXACT = '=';

function lookUp(index: LanguageIndex, word: string, language: Language): string[] | undefined {
  const bare = plain(word);
  const exact = index.words.get(EXACT + bare);
  if (exact) return exact;
  return bare === word ? index.words.get(PLAIN + stem(bare, language)) : index.words.get(stem(word, language));
}

let indexes: Record<Language, LanguageIndex> | null = null;

function indexFor(language: Language): LanguageIndex {
  indexes ??= { en: buildIndex('en'), fr: buildIndex('fr') };
  return indexes[language];
}

/** Every concept above `id`, each with its share (BROADER_SHARE per level). */
function ancestors(id: string, share = BROADER_SHARE, out = new Map<string, number>()): Map<string, number> {
  for (const parent of CONCEPTS[id]?.broader ?? []) {
    if ((out.get(parent) ?? 0) >= share) continue;
    out.set(parent, share);
    ancestors(parent, share * BROADER_SHARE, out);
  }
  return out;
}

export interface ConceptMatch {
  /** Concept → weight (1 per direct match; broader concepts get a share). */
  counts: Map<string, number>;
  /** Concept → the words of the text that matched it first. */
  surface: Map<string, string>;
}

/**
 * The concepts a text speaks of. Words are looked up in the text's language, then in the other one
 * (mail mixes them: "le deal", "a devis"); phrases only in the text's language. `broader`: count the
 * broader concepts too (messages: yes; instructions: no, "invoices" does not ask for all "money").
 */
export function conceptsOf(text: string, language: Language, broader = true): ConceptMatch {
  const match: ConceptMatch = { counts: new Map(), surface: new Map() };
  const raw = tokens(text.replace(/['’]/g, ' '));
  const own = indexFor(language);
  const other = indexFor(language === 'en' ? 'fr' : 'en');
  const stems = raw.map((t) => stemPlain(t, language));
  const add = (id: string, surface: string) => {
    match.counts.set(id, (match.counts.get(id) ?? 0) + 1);
    if (!match.surface.has(id)) match.surface.set(id, surface);
    if (!broader) return;
    for (const [parent, share] of ancestors(id)) {
      match.counts.set(parent, (match.counts.get(parent) ?? 0) + share);
      if (!match.surface.has(parent)) match.surface.set(parent, surface);
    }
  };
  for (let i = 0; i < stems.length; i++) {
    let consumed = 0;
    for (const phrase of own.phrases.get(stems[i]!) ?? []) {
      if (phrase.rest.every((s, j) => stems[i + 1 + j] === s)) {
        for (const id of phrase.concepts) add(id, raw.slice(i, i + 1 + phrase.rest.length).join(' '));
        consumed = Math.max(consumed, phrase.rest.length);
      }
    }
    if (consumed > 0) {
      i += consumed;
      continue;
    }
    const word = raw[i]!;
    if (word.length < 3) continue;
    const ids =
      lookUp(own, word, language) ?? (word.length >= 5 ? lookUp(other, word, language === 'en' ? 'fr' : 'en') : undefined);
    for (const id of ids ?? []) add(id, word);
  }
  return match;
}

export function isWeakConcept(id: string): boolean {
  return CONCEPTS[id]?.weak === true;
}

/** The concepts mail about `id` usually also shows. */
export function relatedConcepts(id: string): string[] {
  return CONCEPTS[id]?.related ?? [];
}

/** The concepts above `id` (its broader concepts, theirs, and so on). */
export function broaderConcepts(id: string): string[] {
  return [...ancestors(id).keys()];
}

export function conceptGloss(id: string): string {
  return CONCEPTS[id]?.gloss ?? id;
}

export function conceptIds(): string[] {
  return Object.keys(CONCEPTS);
}
