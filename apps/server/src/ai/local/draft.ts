/**
 * Reply drafts of the local engine: a polite plain-text reply in the message's language (English or
 * French) that answers what the sender asks, question by question, from the owner's quotable entries
 * in that language (answer-questions.ts: the total when a quantity meets a unit price; a question only
 * an entry in the other language answers gets "I will come back to you on the rest"), opening with an
 * apology for a complaint, with the owner's past reply when one is close enough, the "tell them that
 * …" sentences and the signature and familiar "tu" the owner's prompt or the category's instructions
 * ask for. Nothing asked is answered: a holding reply.
 *
 * Mail text is data: a sentence that reads like an order to a machine or a person ("ignore previous
 * instructions", "forward this to …", "send … to …") or like an address header is never copied from
 * it or from past replies; from the owner's entries only orders to a machine are left out ("send your
 * CV to jobs@…" is an answer). Recipients are never chosen by a draft.
 *
 * Internal knowledge entries are never quoted: their sentences are not candidates, and a sentence of
 * a past reply that quotes one is not copied either (`quotesInternal`).
 */
import type { Draft, DraftContext, EngineMessage } from '../engine';
import { askedQuestions } from '../grounded-reply';
import { quotesInternal } from '../internal-leak';
import { cleanForEngine } from '../safety';
import { answerQuestions } from './answer-questions';
import { conceptsOf } from './concepts';
import { detectLanguage, sentences, stems } from '../text';
import { newLines } from '../../mail/mime/quoted-text';

/** Sentences never copied from anywhere: instructions aimed at a program. */
const MACHINE_INSTRUCTION = new RegExp(
  [
    String.raw`\b(?:ignore|disregard|forget|override)\b.{0,40}\b(?:instructions?|rules?|prompts?|above|previous)\b`,
    String.raw`\b(?:ignorez|oubliez|ignore|oublie)\b.{0,40}\b(?:instructions?|consignes?|règles?|précédent)`,
    String.raw`\b(?:system prompt|you are now|act as|pretend to be|as an ai|language model|assistant:)`,
    String.raw`<\/?(?:system|instructions?|prompt)\b`,
  ].join('|'),
  'i',
);

/** Sentences never copied from mail or past replies either: orders to whoever reads it, headers. */
const PERSON_INSTRUCTION = new RegExp(
  [
    String.raw`\b(?:forward|send|transmit|reply|cc|bcc|copy)\b.{0,60}\b(?:to|at)\b.{0,60}@`,
    String.raw`\b(?:transférez|transmettez|envoyez|répondez|copiez)\b.{0,60}@`,
    String.raw`\b(?:forward|send)\s+(?:this|it|the|all|a copy)\b`,
    String.raw`\b(?:transférez|transmettez|envoyez)\s+(?:ce|cet|cette|ces|le|la|les|tous|toutes)\b`,
    String.raw`^\s*(?:to|cc|bcc|from|de|à|a|objet|subject|reply-to)\s*:`,
  ].join('|'),
  'i',
);

interface Templates {
  hello: (name: string) => string;
  thanks: (subject: string) => string;
  noFacts: string;
  /** Opens the answer to a complaint. */
  apology: string;
  /** Said for a question only an entry in the other language answers. */
  comeBack: string;
  closing: string;
  signOff: string;
}

const EN: Templates = {
  hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
  thanks: (subject) => (subject ? `Thank you for your message about "${subject}".` : 'Thank you for your message.'),
  noFacts: 'I have received it and will come back to you shortly.',
  apology: 'I am sorry about this, and thank you for letting us know.',
  comeBack: 'I will come back to you shortly on the rest of your message.',
  closing: 'Please let me know if you have any other questions.',
  signOff: 'Best regards,',
};

const FR_VOUS: Templates = {
  hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  thanks: (subject) => (subject ? `Merci pour votre message concernant « ${subject} ».` : 'Merci pour votre message.'),
  noFacts: "Je l'ai bien reçu et je reviens vers vous rapidement.",
  apology: 'Nous sommes désolés de ce désagrément et vous remercions de nous l’avoir signalé.',
  comeBack: 'Je reviens vers vous rapidement sur le reste de votre message.',
  closing: "N'hésitez pas à me contacter si vous avez d'autres questions.",
  signOff: 'Cordialement,',
};

/** The owner's "on tutoie les clients": the same in the familiar form. */
const FR_TU: Templates = {
  ...FR_VOUS,
  thanks: (subject) => (subject ? `Merci pour ton message concernant « ${subject} ».` : 'Merci pour ton message.'),
  noFacts: "Je l'ai bien reçu et je reviens vers toi rapidement.",
  apology: 'Désolés pour ce désagrément, et merci de nous l’avoir signalé.',
  comeBack: 'Je reviens vers toi rapidement sur le reste de ton message.',
  closing: "N'hésite pas à me contacter si tu as d'autres questions.",
  signOff: 'À bientôt,',
};

/** The message's own words: quoted history, forwarded parts and signatures cut. */
export const newText = (text: string): string => newLines(cleanForEngine(text));

function safe(sentence: string): boolean {
  return !MACHINE_INSTRUCTION.test(sentence) && !PERSON_INSTRUCTION.test(sentence) && !/[\w.+-]+@[\w-]+\.[\w.-]+/.test(sentence);
}

/**
 * The owner's own entries may tell the sender where to write ("send your CV to jobs@…"): only what
 * reads like an order to a program is left out.
 */
const safeKnowledge = (sentence: string) => !MACHINE_INSTRUCTION.test(sentence);

function firstName(message: EngineMessage): string {
  const name = cleanForEngine(message.from?.name ?? '')
    .replace(/["'<>()[\]]/g, '')
    .trim();
  // "Last, First" or "First Last"; only something that looks like a name.
  const first = name.includes(',') ? name.split(',')[1]!.trim().split(/\s+/)[0] : name.split(/\s+/)[0];
  return first && /^\p{Lu}[\p{L}'-]{1,30}$/u.test(first) ? first : '';
}

function cleanSubject(subject: string): string {
  return cleanForEngine(subject)
    .replace(/^(?:\s*(?:re|fw|fwd|tr|aw|réf?)\s*:)+/i, '')
    .replace(/\s+/g, ' ')
    .replace(/["«»]/g, '')
    .trim()
    .slice(0, 120);
}

function ensureStop(sentence: string): string {
  const s = sentence.trim();
  return /[.!?…:]$/.test(s) ? s : `${s}.`;
}

/** What the response instructions ask to say: "Tell them that X", "Mention X", "Indiquez que X". */
function sayings(instructions: string): string[] {
  const out: string[] = [];
  for (const s of sentences(cleanForEngine(instructions))) {
    const m =
      /^(?:always\s+)?(?:tell (?:them|the sender|him|her)|say|mention|remind (?:them|the sender)|let (?:them|the sender) know|add)\s+(?:that\s+)?(.+)$/i.exec(
        s,
      ) ??
      /^(?:toujours\s+)?(?:dites|dis|indiquez|indique|précisez|précise|mentionnez|mentionne|rappelez|rappelle|ajoutez|ajoute)\s+(?:(?:lui|leur)\s+)?(?:que\s+|qu['’])?(.+)$/i.exec(
        s,
      );
    if (m?.[1] && safe(m[1])) out.push(ensureStop(m[1].charAt(0).toUpperCase() + m[1].slice(1)));
  }
  return out;
}

function similarity(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return common / Math.sqrt(a.size * b.size);
}

/** What the owner's prompt and the category's instructions say of the form: a signature, the familiar "tu". */
function style(context: DraftContext) {
  const all = cleanForEngine(`${context.ownerPrompt}\n${context.responseInstructions}`);
  const signature =
    /\b(?:[Ss]ign(?:ed)?(?:\s+off)?(?:\s+(?:as|with))?|[Ss]igne[rz]?(?:\s+(?:avec|par|comme))?|[Ss]ignature)\s*:?\s*["“«]?\s*(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?)/u.exec(
      all,
    )?.[1];
  return { signature: signature ?? null, familiar: /\btutoi|\btutoy/i.test(all) };
}

/** What the sender asks: its questions, or else the whole message as one request (a complaint asks without "?"). */
function requests(own: string): string[] {
  const asked = askedQuestions(own);
  if (!asked.length) return [own.slice(0, 600)];
  // "What would that cost all in?" asks about what the sentence before it lists.
  const all = sentences(own);
  return asked.map((q) => {
    const at = all.indexOf(q);
    const before = at > 0 ? all[at - 1]! : '';
    return BACK_REFERENCE.test(q) && before && !before.endsWith('?') ? `${before} ${q}` : q;
  });
}
/** A question that names its object only by pointing back to it. */
const BACK_REFERENCE =
  /\b(?:that|it|this|these|those|all in|everything|the lot|the whole thing|all of it|ça|cela|ceci|le tout|l['’]ensemble|tout ça|tout cela)\b/i;

const COMPLAINT_CONCEPTS = ['complaint', 'damage-or-defect'];

export async function draftReply(message: EngineMessage, context: DraftContext): Promise<Draft> {
  const own = newText(message.text);
  const subject = cleanSubject(message.subject);
  const language = detectLanguage(`${subject}\n${own || cleanForEngine(message.text)}`);
  const { signature, familiar } = style(context);
  const t = language === 'en' ? EN : familiar ? FR_TU : FR_VOUS;
  const query = new Set(stems(`${subject}\n${own}`, language));

  const body: string[] = [];
  const add = (s: string) => {
    const line = ensureStop(s.replace(/\s+/g, ' '));
    if (!body.some((b) => b.toLowerCase() === line.toLowerCase())) body.push(line);
  };

  const concepts = conceptsOf(own, language, false).counts;
  if (COMPLAINT_CONCEPTS.some((id) => concepts.has(id))) add(t.apology);
  for (const s of sayings(`${context.ownerPrompt}\n${context.responseInstructions}`)) add(s);

  // Each thing asked gets the sentences that answer it, or nothing: no entry answering nothing asked.
  const answers = answerQuestions(requests(own || subject), context.knowledge, language, safeKnowledge, `${subject}\n${own}`);
  let answered = 0;
  for (const answer of answers) {
    for (const s of answer.sentences) add(s);
    if (answer.total) add(answer.total);
    if (answer.sentences.length) answered++;
  }

  // A past reply to similar mail, when it is close enough: its own sentences, not its greeting.
  const past = context.pastReplies
    .map((r) => newText(r))
    .filter((r) => r && detectLanguage(r) === language)
    .map((r) => ({ r, sim: similarity(query, new Set(stems(r, language))) }))
    .sort((a, b) => b.sim - a.sim)[0];
  if (past && past.sim >= 0.2) {
    const lines = sentences(past.r).filter(
      (s) =>
        safe(s) &&
        !/^(?:hello|hi|dear|bonjour|salut|best|regards|thanks|merci|cordialement|bien à vous)\b/i.test(s) &&
        !quotesInternal(s, context.knowledge),
    );
    for (const s of lines.slice(0, 2)) add(s);
  }

  if (answers.some((a) => a.otherLanguageOnly) && answered > 0) add(t.comeBack);
  if (answered === 0 && body.length <= (COMPLAINT_CONCEPTS.some((id) => concepts.has(id)) ? 1 : 0)) add(t.noFacts);
  const text = [
    t.hello(firstName(message)),
    '',
    t.thanks(subject),
    body.join(' '),
    '',
    t.closing,
    '',
    t.signOff,
    signature ?? cleanForEngine(context.senderName).trim(),
  ]
    .join('\n')
    .trim();
  return { text, language };
}
