/**
 * Words of a message, for the engines, the knowledge search and the pipeline's language checks:
 * language detection (English or French), tokens, stop words and Snowball stems. Everything here is
 * pure and fast: it runs on every message of every training.
 */
// The declarations of the two untyped libraries, for every project that compiles this file (bench too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./modules.d.ts" />
import snowball from 'snowball-stemmers';
import { eng, fra } from 'stopword';

export type Language = 'en' | 'fr';

const stemmers = { en: snowball.newStemmer('english'), fr: snowball.newStemmer('french') };

// Function words that only one of the two languages uses often: a count of each decides.
const EN_MARKERS = new Set(
  'the and of to is you for with this that are have will your please thanks thank be it we not can would from at our was were been has had which there their they what when should could'.split(
    ' ',
  ),
);
const FR_MARKERS = new Set(
  'le la les des est et vous pour avec une dans sur pas nous merci que qui du au aux ce cette sont bonjour votre vos je ne êtes être avons avez mais très été sera elle il ils leur nos notre'.split(
    ' ',
  ),
);

/**
 * Function words of the languages a small business's mail most often comes in besides English and
 * French (German, Spanish, Italian, Dutch, Portuguese, Turkish, Serbo-Croatian), three letters or
 * more and none that English or French also writes ("per", "non", "come", "van", "met" are left out).
 */
const OTHER_LANGUAGE_MARKERS = new Set(
  [
    'der die das und ist nicht ich sie wir mit für auf ein eine dem den sich auch wenn oder bei noch',
    'los las para por una del como pero muy este esta',
    'che sono gli della delle alla questo anche',
    'het een niet dat zijn voor maar wij ook deze',
    'não uma você muito também mas pelo pela',
    'bir için ile daha çok kako',
  ]
    .join(' ')
    .split(' '),
);
/** Short words of English and French too common to be markers of either, counted as known. */
const COMMON_SHORT = new Set('i a in on my me if as an or by do all un de en à mon ma mes si'.split(' '));
const LATIN = /\p{Script=Latin}/gu;
const LETTER = /\p{L}/gu;

/**
 * Written in a language other than English and French: mostly in another script (Chinese, Cyrillic,
 * Arabic…), or with the function words of another language at least twice as often as English and
 * French ones (three different at least). English lists of names and numbers, which have few
 * function words of any language, are not taken for another language.
 */
export function writtenInAnotherLanguage(text: string): boolean {
  const sample = text.slice(0, 3_000);
  const letters = sample.match(LETTER)?.length ?? 0;
  if (letters >= 20 && (sample.match(LATIN)?.length ?? 0) / letters < 0.5) return true;
  let [known, foreign] = [0, 0];
  const seen = new Set<string>();
  for (const w of tokens(sample, 400)) {
    if (EN_MARKERS.has(w) || FR_MARKERS.has(w) || COMMON_SHORT.has(w)) known += 1;
    else if (OTHER_LANGUAGE_MARKERS.has(w)) {
      foreign += 1;
      seen.add(w);
    }
  }
  return seen.size >= 3 && foreign > 2 * known;
}
const STOP = new Set<string>([
  ...eng,
  ...fra,
  // Mail furniture in both languages, and elided French forms once the apostrophe is gone.
  ...'re fw fwd cc bcc subject sent mailto http https www com org net html htm pm am original message objet envoyé'.split(' '),
  ...'qu aujourd jusqu lorsqu puisqu quoiqu'.split(' '),
]);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const NUMBER = /^[\d\p{P}]*$|^\d+(?:st|nd|rd|th|am|pm|k|m)?$/u;
const ELISION = /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)['’]/;

/** 'fr' when French function words outnumber English ones (ties and silence: English). */
export function detectLanguage(text: string): Language {
  return languageOfTokens(tokens(text, 400));
}

/** The language of lower-cased tokens (see `tokens`), from their function words. */
export function languageOfTokens(list: string[]): Language {
  const { en, fr } = markerCounts(list);
  return fr > en ? 'fr' : 'en';
}

/** The language a text shows by its function words, or `fallback` when it shows neither more. */
export function languageOr(text: string, fallback: Language): Language {
  const { en, fr } = markerCounts(tokens(text, 400));
  return en === fr ? fallback : fr > en ? 'fr' : 'en';
}

function markerCounts(list: string[]): { en: number; fr: number } {
  let en = 0;
  let fr = 0;
  for (const w of list) {
    if (EN_MARKERS.has(w)) en += 1;
    else if (FR_MARKERS.has(w)) fr += 1;
    else if (w.length > 2 && ELISION.test(w)) fr += 1; // l', d', qu' … are French.
  }
  return { en, fr };
}

// Stems are memoised: mail repeats its words, and Snowball is the costly part of tokenising.
const memo = { en: new Map<string, string>(), fr: new Map<string, string>() };
const MEMO_MAX = 200_000;

export function stem(word: string, language: Language): string {
  const cache = memo[language];
  const known = cache.get(word);
  if (known !== undefined) return known;
  const s = stemmers[language].stem(word);
  if (cache.size >= MEMO_MAX) cache.clear();
  cache.set(word, s);
  return s;
}

export function isStopWord(word: string): boolean {
  return STOP.has(word);
}

/** Lower-cased word tokens as written (elisions kept), at most `max`. */
export function tokens(text: string, max = Infinity): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    out.push(m[0]);
    if (out.length >= max) break;
  }
  return out;
}

/** Content words of tokens: elisions and possessives cut, no numbers, no stop words, 2–30 letters. */
export function contentWords(list: string[]): string[] {
  const out: string[] = [];
  for (let w of list) {
    if (w.length < 2 || w.length > 40) continue;
    if (w.includes("'") || w.includes('’'))
      w = w
        .replace(ELISION, '')
        .replace(/['’]s$/, '')
        .replace(/['’]/g, '');
    if (w.length < 2 || w.length > 30 || STOP.has(w)) continue;
    const c = w.charCodeAt(0);
    if (c >= 48 && c <= 57 && NUMBER.test(w)) continue;
    out.push(w);
  }
  return out;
}

/** Content words of a text (see `contentWords`). */
export function words(text: string): string[] {
  return contentWords(tokens(text));
}

/** Stemmed content words of a text in the given language. */
export function stems(text: string, language: Language): string[] {
  return words(text).map((w) => stem(w, language));
}

/** Sentences of a text (for drafts): split on ., !, ? and line breaks, trimmed, non-empty. */
export function sentences(text: string): string[] {
  return text
    .split(SENTENCE_END)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0);
}

/** A sentence ends at ., ! or ? and a space, but not after an abbreviation ("7 a.m. to", "approx. 3", "M. Morel"). */
const SENTENCE_END =
  /(?<!\b(?:[a-z]\.[a-z]|approx|env|etc|e\.g|i\.e|vs|no|nos|st|ste|dr|mr|mrs|ms|m|mme|p|pp|ex|cf|min|max|tél|tel|ext)\.)(?<=[.!?])\s+|\n+/i;

/** A text on one line, cut to `max` characters with an ellipsis (a quotation in a list). */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
