/**
 * Whether a reply may be sent without review, checked by the product on the texts themselves and
 * never on an engine's word (a crafted mail can make a model claim anything): the sender asked at
 * least one question; every sentence of the reply that says something (not a greeting, a thanks or a
 * closing) is supported by one of the owner's quotable entries retrieved for this message, numbers
 * included; and every question shares its subject with a supported sentence's entry. Otherwise the
 * reply is saved as a draft and the activity says why.
 */
import type { KnowledgeSnippet } from './engine';
import { detectLanguage, type Language, sentences, stem, words } from './text';

export type GroundingFailure = 'no_question' | 'not_grounded' | 'question_unanswered';

/** Share of a sentence's content words that must be in one entry for the entry to support it. */
const SUPPORT = 0.7;
const MAX_QUESTIONS = 8;

/**
 * Words of greetings, thanks, closings and sums (stemmed in both languages at load): they frame a
 * fact ("the total is …") but state none of their own.
 */
const COURTESY_WORDS = [
  'total',
  'makes',
  'amount',
  'would',
  'montant',
  'soit',
  'fait',
  'hello',
  'dear',
  'thank',
  'thanks',
  'message',
  'email',
  'mail',
  'regards',
  'best',
  'kind',
  'sincerely',
  'please',
  'let',
  'know',
  'question',
  'questions',
  'other',
  'any',
  'happy',
  'help',
  'received',
  'come',
  'back',
  'shortly',
  'soon',
  'glad',
  'hesitate',
  'contact',
  'reach',
  'wishes',
  'cheers',
  'writing',
  'about',
  'regarding',
  'reply',
  'bonjour',
  'merci',
  'cordialement',
  'salutations',
  'bien',
  'hésitez',
  'contacter',
  'autres',
  'reçu',
  'reviens',
  'rapidement',
  'concernant',
  'madame',
  'monsieur',
  'sincères',
  'belle',
  'journée',
  'bonne',
  'réponse',
  'courriel',
];
const COURTESY = new Set(COURTESY_WORDS.flatMap((w) => [stem(w, 'en'), stem(w, 'fr')]));

const GREETING = String.raw`^(?:(?:hi|hello|bonjour|salut)\b[^\p{L}]*)?`;
/** A request phrased without a question mark ("please send me your prices", "combien pour 40 quiches"). */
const REQUEST_OPENING = new RegExp(
  GREETING +
    String.raw`(?:how much|how many|do you|does|is there|are there|are you|can you|could you|would you|will you|may i|please (?:send|tell|let|confirm|quote|advise)|i would like to know|i'd like to know|combien|est-ce|pouvez-vous|pourriez-vous|auriez-vous|avez-vous|êtes-vous|merci de (?:me|nous)|je voudrais savoir|j'aimerais savoir)\b`,
  'iu',
);
/**
 * A question word opens a question only when the verb comes before the subject ("when can you come",
 * "quand passez-vous"); without a question mark, "When the system came on, …" is a statement.
 */
const WH_QUESTION = new RegExp(
  GREETING +
    String.raw`(?:(?:what|when|where|which|who|how|why)(?:\s+\p{L}+)?\s+(?:is|are|was|were|am|do|does|did|can|could|will|would|should|shall|may|might|must|has|have|had)\b|(?:quand|où|quel|quelle|quels|quelles|comment|pourquoi)(?:\s+\p{L}+)?\s+(?:est-ce|\p{L}+-(?:t-)?(?:vous|tu|il|elle|ils|elles|on|je|nous)\b|est|sont|serait|seraient))`,
  'iu',
);

const isQuestion = (s: string) => s.endsWith('?') || REQUEST_OPENING.test(s) || WH_QUESTION.test(s);

export function askedQuestions(text: string): string[] {
  const all = sentences(text);
  // "Please send us:" asks for the lines that follow it.
  return all
    .flatMap((s, i) => (isQuestion(s) ? [s.endsWith(':') ? all.slice(i, i + 4).join(' ') : s] : []))
    .slice(0, MAX_QUESTIONS);
}

const NUMBER = /\d+(?:[.,]\d+)?/g;
const numbersOf = (text: string) => [...text.matchAll(NUMBER)].map((m) => Number(m[0].replace(',', '.')));

/** Content stems of a text, quoted passages ("about «Opening hours»") left out of the reply's own words. */
function stemsOf(text: string, language: Language): string[] {
  return words(text).map((w) => stem(w, language));
}

interface Supported {
  entry: KnowledgeSnippet;
}

/** The entry that supports a reply sentence, null when none does; undefined when the sentence states nothing. */
function supportOf(
  sentence: string,
  entries: KnowledgeSnippet[],
  incomingNumbers: number[],
  language: Language,
): Supported | null | undefined {
  const own = sentence.replace(/[«"“][^»"”]*[»"”]/g, ' ');
  const content = stemsOf(own, language).filter((s) => !COURTESY.has(s));
  const numbers = numbersOf(own);
  if (content.length === 0 && numbers.length === 0) return undefined;
  for (const entry of entries) {
    const entryText = `${entry.title}\n${entry.content}`;
    const entryStems = new Set(stemsOf(entryText, language));
    const covered = content.filter((s) => entryStems.has(s)).length;
    if (content.length > 0 && covered / content.length < SUPPORT) continue;
    const entryNumbers = numbersOf(entryText);
    const known = (n: number) =>
      entryNumbers.some((e) => Math.abs(e - n) < 0.005) ||
      incomingNumbers.some((q) => Math.abs(q - n) < 0.005) ||
      // A total: a quantity of the mail times a unit price of the entry.
      incomingNumbers.some((q) => entryNumbers.some((e) => Math.abs(q * e - n) < 0.005)) ||
      // An area's total: two dimensions of the mail ("3 x 40 ft") times a price per square unit.
      incomingNumbers.some((a, i) =>
        incomingNumbers.some((b, j) => i < j && entryNumbers.some((e) => Math.abs(a * b * e - n) < 0.005)),
      );
    if (numbers.every(known)) return { entry };
  }
  return null;
}

/** A closing ("Best regards," "Cordialement,") and the signature under it are no facts. */
const CLOSING =
  /^\s*(?:(?:best|kind|warm)?\s*regards|sincerely|cheers|thanks again|cordialement|bien (?:à|a) vous|salutations|bien cordialement|sinc(?:è|e)rement)\b.{0,20}$/im;

function withoutSignature(reply: string): string {
  const closing = CLOSING.exec(reply);
  if (!closing) return reply;
  // A signature is a few short lines (a name, an address, a number); anything longer is checked.
  const signature = reply
    .slice(closing.index + closing[0].length)
    .split('\n')
    .filter((l) => l.trim());
  const short = signature.length <= 3 && signature.every((l) => l.trim().split(/\s+/).length <= 6);
  return short ? reply.slice(0, closing.index) : reply;
}

/**
 * What the texts say of a reply: the sender's questions, the entry supporting each sentence that
 * states something (null: none does), and the questions no supporting entry shares a subject with.
 */
export function groundingReport(input: {
  /** The sender's own words (subject and text, quoted history cut). */
  incoming: string;
  reply: string;
  /** The entries retrieved for this message; internal ones never support a reply. */
  knowledge: KnowledgeSnippet[];
}) {
  // Quoted history ("> …") is not what the sender asks now.
  const questions = askedQuestions(input.incoming.replace(/^\s*>.*$/gm, ''));
  const language = detectLanguage(input.reply);
  const quotable = input.knowledge.filter((k) => !k.internal);
  const incomingNumbers = numbersOf(input.incoming);
  const statements: { sentence: string; entry: KnowledgeSnippet | null }[] = [];
  for (const sentence of sentences(withoutSignature(input.reply))) {
    // A signature or a name on its own line.
    if (sentence.split(/\s+/).length <= 3 && !/\d/.test(sentence)) continue;
    const support = supportOf(sentence, quotable, incomingNumbers, language);
    if (support !== undefined) statements.push({ sentence, entry: support?.entry ?? null });
  }
  const used = [...new Set(statements.flatMap((s) => (s.entry ? [s.entry] : [])))];
  const usedStems = used.map((e) => new Set(stemsOf(`${e.title}\n${e.content}`, language)));
  const answered = (question: string) => {
    const asked = stemsOf(question, detectLanguage(question)).filter((s) => !COURTESY.has(s));
    return asked.length === 0 || usedStems.some((entry) => asked.some((s) => entry.has(s)));
  };
  return { questions, statements, used, unanswered: questions.filter((q) => !answered(q)) };
}

/** Null when the reply may be sent; otherwise why it must be a draft. */
export function groundingFailure(input: Parameters<typeof groundingReport>[0]): GroundingFailure | null {
  const report = groundingReport(input);
  if (report.questions.length === 0) return 'no_question';
  if (report.used.length === 0 || report.statements.some((s) => s.entry === null)) return 'not_grounded';
  return report.unanswered.length === 0 ? null : 'question_unanswered';
}
