/**
 * What the built-in engine answers, question by question: for each thing the sender asks, the one or
 * two sentences of the owner's quotable entries in the sender's language that answer it (shared
 * rarity-weighted words, shared concepts of concepts.ts in either wording, an amount for a price
 * question, a day or time for a "when"), the total when the question gives a quantity and the answer
 * a unit price, or nothing. An entry that answers nothing asked is never used; an answer found only in
 * an entry of the other language is not pasted: the draft says the owner will come back to it.
 */
import type { KnowledgeSnippet } from '../engine';
import { cleanForEngine } from '../safety';
import { conceptsOf, isWeakConcept } from './concepts';
import { detectLanguage, type Language, sentences, stem, stems } from '../text';
import { totalSentence } from './totals';

export interface Answer {
  /** Sentences of the entries that answer the question, in the sender's language. */
  sentences: string[];
  /** The total of a quantity in the question times a unit price in the answer, as a sentence. */
  total: string | null;
  /** No entry in the sender's language answers, but one in the other language seems to. */
  otherLanguageOnly: boolean;
}

const SENTENCE_MAX = 400;
/**
 * The least score an entry needs to answer a question, in words found in one entry only: a rare word
 * in its title and text, or one with the concept asked (chosen on the development part of
 * bench/data/smallbiz, between pasting more facts and pasting fewer unrelated entries).
 */
const MIN_RARE_WORDS = 2;
/** Another entry answers a price question alongside the best when it scores this share of it. */
const ALONGSIDE_SHARE = 0.9;
/** A second sentence of the same entry is added when it scores this share of the best. */
const SECOND_SHARE = 0.3;

/** Words of asking, not of the thing asked ("could you tell me", "j'aimerais savoir"). */
const ASKING = new Set(
  [
    'know',
    'like',
    'want',
    'wonder',
    'wondering',
    'please',
    'send',
    'tell',
    'could',
    'would',
    'question',
    'hello',
    'thank',
    'thanks',
    'savoir',
    'aimerais',
    'voudrais',
    'pourriez',
    'pouvez',
    'merci',
    'bonjour',
    'envoyer',
    'question',
    'dire',
  ].flatMap((w) => [stem(w, 'en'), stem(w, 'fr')]),
);

const AMOUNT = /(?:[$€£]\s?\d|\d[\d\s\u00a0.,]*\s?(?:\$|€|£|cad|eur|usd|dollars?|euros?)\b)/i;
const PRICE_QUESTION =
  /\b(?:how much(?! time)|price|prices|pricing|cost|costs|rate|rates|charge|quote|estimate|combien(?!\s+(?:de|d['’])\s*(?:temps|jours?|semaines?|heures?|mois|fois|minutes?|personnes?))|prix|tarif|tarifs|coût|coûte|coûtent|devis|estimation|soumission)\b/i;
/** A price by the hour ("55 CAD per hour", "55 $ l'heure", "60 $/h"), and the words of a rate, not a wage. */
const HOURLY_RATE =
  /(?:[$€£]\s?\d|\d[\d\s\u00a0.,]*\s?(?:\$|€|£|cad|eur|usd|dollars?|euros?))\s*(?:per hour|an hour|a hour|\/\s?h(?:ou)?r?\b|l['’]heure|de l['’]heure|par heure|\/\s?heure)/i;
const RATE_WORD = /\b(?:rate|rates|hourly|taux|horaire|tarif|tarifs)\b/i;
const TIME_QUESTION =
  /\b(?:when|what time|hours|open|available|availability|quand|quelle heure|horaires?|ouvert|disponible|disponibilités?)\b/i;
const TIME_OR_DAY =
  /\b(?:\d{1,2}\s?(?:h|am|pm|:\d{2})|monday|tuesday|wednesday|thursday|friday|saturday|sunday|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|week|semaine|days?|jours?|may|june|april|mai|juin|avril)\b/i;
/** What a sender may ask for, as concepts of concepts.ts: an entry about it answers whatever the topic. */
const INTENTS = new Set([
  'payment',
  'invoice',
  'receipt',
  'refund',
  'complaint',
  'damage-or-defect',
  'appointment',
  'delivery-and-shipping',
  'job-application',
  'employment',
]);
/** An intent shared counts as this many words found in one entry only. */
const INTENT_WEIGHT = 5;
const PRONOUN_START = /^(?:it|they|this|these|that|il|elle|ils|elles|ce|cela|ça|celui|celle)\b/i;

interface Indexed {
  entry: KnowledgeSnippet;
  title: Set<string>;
  stems: Set<string>;
  concepts: Set<string>;
  /** How often each concept occurs: an entry about payment names it more than one mentioning a payment. */
  conceptCounts: Map<string, number>;
  sentences: { text: string; stems: Set<string>; concepts: Set<string> }[];
}

function strongConcepts(text: string, language: Language): Set<string> {
  return new Set([...conceptsOf(text, language, false).counts.keys()].filter((id) => !isWeakConcept(id)));
}

/**
 * The concepts a request asks about; of the intents, only those it names about as often as the first
 * (a long complaint mentions a payment in passing without asking about payment).
 */
function askedOf(request: string, language: Language): Set<string> {
  const counts = [...conceptsOf(request, language, false).counts].filter(([id]) => !isWeakConcept(id));
  const top = Math.max(0, ...counts.filter(([id]) => INTENTS.has(id)).map(([, n]) => n));
  return new Set(counts.filter(([id, n]) => !INTENTS.has(id) || n * 2 >= top).map(([id]) => id));
}

function indexed(entry: KnowledgeSnippet, language: Language, keep: (s: string) => boolean): Indexed {
  const content = cleanForEngine(entry.content);
  const title = cleanForEngine(entry.title);
  return {
    entry,
    title: new Set(stems(title, language)),
    stems: new Set(stems(`${title}\n${content}`, language)),
    concepts: strongConcepts(`${title}. ${content}`, language),
    conceptCounts: conceptsOf(`${title}. ${content}`, language, false).counts,
    sentences: sentences(content)
      .filter((s) => s.length >= 3 && s.length <= SENTENCE_MAX && keep(s))
      .map((text) => ({ text, stems: new Set(stems(text, language)), concepts: strongConcepts(text, language) })),
  };
}

/**
 * The answers to `questions` (in the sender's language) from the quotable entries; `keep` filters the
 * sentences that may be copied at all. First the entry that answers (the rarity-weighted words and
 * the concepts it shares with the question, its title counting twice), then its sentences that do:
 * those with an amount for a price question, a day or time for a "when", else the closest ones.
 */
export function answerQuestions(
  questions: string[],
  knowledge: KnowledgeSnippet[],
  language: Language,
  keep: (sentence: string) => boolean = () => true,
  /** The whole message: a quantity may be given in another sentence than the question. */
  message = '',
): Answer[] {
  const quotable = knowledge.filter((k) => !k.internal);
  const otherLanguage: Language = language === 'en' ? 'fr' : 'en';
  const same = quotable
    .filter((k) => detectLanguage(`${k.title}\n${k.content}`) === language)
    .map((k) => indexed(k, language, keep));
  const otherConcepts = quotable
    .filter((k) => detectLanguage(`${k.title}\n${k.content}`) !== language)
    .map((k) => strongConcepts(`${k.title}. ${k.content}`, otherLanguage));
  const df = new Map<string, number>();
  for (const e of same) for (const w of e.stems) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log(1 + (same.length + 1) / (df.get(w) ?? 1));
  // A complaint is about the complaint in every sentence, not only in the one with a "?".
  const mostOf = new Map<string, number>();
  for (const e of same) for (const [id, n] of e.conceptCounts) mostOf.set(id, Math.max(mostOf.get(id) ?? 0, n));
  // What the whole message asks about weighs on each of its questions ("how many hours a week?" in a
  // job application).
  const messageIntents = [...askedOf(message, language)].filter((id) => INTENTS.has(id));

  return questions.map((question) => {
    const asked = [...new Set(stems(question, language))].filter((w) => !ASKING.has(w));
    const askedConcepts = new Set([...askedOf(question, language), ...messageIntents]);
    // What is asked ("pay … by credit card") outweighs what it is about ("the sod"), except for a
    // price, which the entry of the thing itself states.
    // An intent weighs in proportion to how much an entry is about it: fully in the entry that names
    // it most, little in one that mentions it in passing.
    const scoreOf = (stemSet: Set<string>, concepts: Set<string>, share: (id: string) => number = () => 1) =>
      asked.reduce((sum, w) => sum + (stemSet.has(w) ? idf(w) : 0), 0) +
      [...askedConcepts].reduce(
        (sum, id) => sum + (concepts.has(id) ? (INTENTS.has(id) ? Math.max(1, INTENT_WEIGHT * idf('') * share(id)) : 1) : 0),
        0,
      );
    const ranked = same
      .map((e) => ({
        e,
        score:
          scoreOf(e.stems, e.concepts, (id) => (e.conceptCounts.get(id) ?? 0) / (mostOf.get(id) ?? 1)) +
          asked.reduce((sum, w) => sum + (e.title.has(w) ? idf(w) : 0), 0),
      }))
      .filter((r) => r.score >= MIN_RARE_WORDS * idf(''))
      .sort((a, b) => b.score - a.score);
    const best = ranked[0]?.e;
    // A price question is answered by a price, a "when" by a day or a time, when the entry has one.
    // Not in a whole message taken as one request: "When the system came on, …" asks no time.
    const asking = sentences(question).length <= 2;
    const wanted = !asking ? null : PRICE_QUESTION.test(question) ? AMOUNT : TIME_QUESTION.test(question) ? TIME_OR_DAY : null;
    // Work no entry prices is priced at the hourly rate, when the owner states one.
    const hourly =
      wanted === AMOUNT && !best?.sentences.some((x) => AMOUNT.test(x.text))
        ? same.flatMap((e) =>
            e.sentences.filter((x) => HOURLY_RATE.test(x.text) && RATE_WORD.test(`${e.entry.title} ${x.text}`)),
          )[0]?.text
        : undefined;
    if (!best || best.sentences.length === 0) {
      const elsewhere = [...askedConcepts].some((id) => otherConcepts.some((set) => set.has(id)));
      if (hourly && !elsewhere)
        return { sentences: [hourly], total: totalSentence(question, [hourly], language), otherLanguageOnly: false };
      return { sentences: [], total: null, otherLanguageOnly: elsewhere };
    }
    const answering = (entry: Indexed): string[] => {
      const fitting = wanted && entry.sentences.some((x) => wanted.test(x.text)) ? wanted : null;
      const scored = entry.sentences
        .map((s, order) => ({ s, order, score: scoreOf(s.stems, s.concepts) + (fitting?.test(s.text) ? 2 : 0) }))
        .filter((x) => !fitting || fitting.test(x.s.text))
        .sort((a, b) => b.score - a.score || a.order - b.order);
      const top = scored[0]!;
      const chosen = scored.filter((x) => x === top || (x.score > 0 && x.score >= SECOND_SHARE * top.score)).slice(0, 3);
      const lead = entry.sentences[0]!.text;
      const texts = chosen
        .sort((a, b) => a.order - b.order)
        .flatMap((x) => (top.score === 0 || (PRONOUN_START.test(x.s.text) && x.s.text !== lead) ? [lead, x.s.text] : [x.s.text]));
      return top.score === 0 ? [lead] : texts;
    };
    // A price asked for several things ("mow, trim the hedge …: what would that cost?") is answered by
    // each entry that names one of them in its title and answers about as well as the best.
    const alongside =
      wanted === AMOUNT
        ? ranked
            .slice(1)
            .filter((r) => r.score >= ALONGSIDE_SHARE * ranked[0]!.score && asked.some((w) => r.e.title.has(w)))
            .slice(0, 2)
        : [];
    const ordered = [...new Set([best, ...alongside.map((r) => r.e)].flatMap((e) => answering(e)))];
    const total = totalSentence(question, ordered, language) ?? totalSentence(message, ordered, language);
    return { sentences: ordered, total, otherLanguageOnly: false };
  });
}
