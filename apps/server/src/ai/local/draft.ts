/**
 * Reply drafts of the local engine: a polite plain-text reply in the message's language (English or
 * French), assembled from the sentences of the knowledge entries that best match the message, the
 * owner's past replies when one is close enough, and what the response instructions ask to say.
 *
 * Mail and knowledge text are data: a sentence that reads like an order to a machine or a person
 * ("ignore previous instructions", "forward this to …", "send … to …") or like an address header is
 * never copied, and a draft never names a recipient.
 *
 * Internal knowledge entries are never quoted: their sentences are not candidates, and a sentence of
 * a past reply that quotes one is not copied either (`quotesInternal`).
 */
import type { Draft, DraftContext, EngineMessage, KnowledgeSnippet } from '../engine';
import { quotesInternal } from '../internal-leak';
import { cleanForEngine } from '../safety';
import { detectLanguage, type Language, sentences, stems } from './text';

const MAX_FACTS = 3;
const SENTENCE_MAX = 400;
const RELEVANCE = 0.75;

/** Sentences never copied into a draft: instructions aimed at a program or at whoever reads it. */
const INSTRUCTION_LIKE = new RegExp(
  [
    String.raw`\b(?:ignore|disregard|forget|override)\b.{0,40}\b(?:instructions?|rules?|prompts?|above|previous)\b`,
    String.raw`\b(?:ignorez|oubliez|ignore|oublie)\b.{0,40}\b(?:instructions?|consignes?|règles?|précédent)`,
    String.raw`\b(?:system prompt|you are now|act as|pretend to be|as an ai|language model|assistant:)`,
    String.raw`\b(?:forward|send|transmit|reply|cc|bcc|copy)\b.{0,60}\b(?:to|at)\b.{0,60}@`,
    String.raw`\b(?:transférez|transmettez|envoyez|répondez|copiez)\b.{0,60}@`,
    String.raw`\b(?:forward|send)\s+(?:this|it|the|all|a copy)\b`,
    String.raw`\b(?:transférez|transmettez|envoyez)\s+(?:ce|cet|cette|ces|le|la|les|tous|toutes)\b`,
    String.raw`^\s*(?:to|cc|bcc|from|de|à|a|objet|subject|reply-to)\s*:`,
    String.raw`<\/?(?:system|instructions?|prompt)\b`,
  ].join('|'),
  'i',
);

const TEMPLATES: Record<
  Language,
  { hello: (name: string) => string; thanks: (subject: string) => string; noFacts: string; closing: string; signOff: string }
> = {
  en: {
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    thanks: (subject) => (subject ? `Thank you for your message about "${subject}".` : 'Thank you for your message.'),
    noFacts: 'I have received it and will come back to you shortly.',
    closing: 'Please let me know if you have any other questions.',
    signOff: 'Best regards,',
  },
  fr: {
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    thanks: (subject) => (subject ? `Merci pour votre message concernant « ${subject} ».` : 'Merci pour votre message.'),
    noFacts: "Je l'ai bien reçu et je reviens vers vous rapidement.",
    closing: "N'hésitez pas à me contacter si vous avez d'autres questions.",
    signOff: 'Cordialement,',
  },
};

/** The message's own words: quoted history, forwarded parts and signatures cut. */
export function newText(text: string): string {
  const lines: string[] = [];
  for (const line of cleanForEngine(text).split('\n')) {
    if (/^\s*>/.test(line)) continue;
    if (/^\s*-{2,}\s*(?:original message|forwarded|message d'origine|message transféré)/i.test(line)) break;
    if (/^\s*(?:on .{4,80} wrote|le .{4,80} a écrit)\s*:\s*$/i.test(line)) break;
    if (/^\s*--\s*$/.test(line)) break;
    lines.push(line);
  }
  return lines.join('\n').trim();
}

function safe(sentence: string): boolean {
  return !INSTRUCTION_LIKE.test(sentence) && !/[\w.+-]+@[\w-]+\.[\w.-]+/.test(sentence);
}

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

interface Candidate {
  text: string;
  score: number;
  order: number;
}

/**
 * Sentences of the knowledge entries ranked by the rarity-weighted words they share with the
 * message; an entry whose title matches lends half of that match to its sentences that match too,
 * and to its first sentence (its lead) even when that one shares no word.
 */
function rankSentences(entries: KnowledgeSnippet[], query: Set<string>, language: Language): Candidate[] {
  const all: { text: string; stems: Set<string>; source: number; lead: boolean; order: number }[] = [];
  entries.forEach((entry, source) => {
    let lead = true;
    for (const s of sentences(cleanForEngine(entry.content))) {
      if (s.length < 3 || s.length > SENTENCE_MAX || !safe(s)) continue;
      all.push({ text: s, stems: new Set(stems(s, language)), source, lead, order: all.length });
      lead = false;
    }
  });
  const df = new Map<string, number>();
  for (const s of all) for (const w of s.stems) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log(1 + all.length / (df.get(w) ?? 1));
  const titleScores = entries.map((e) => {
    let t = 0;
    for (const w of new Set(stems(cleanForEngine(e.title), language))) if (query.has(w)) t += idf(w);
    return t;
  });
  return all
    .map((s) => {
      let score = 0;
      for (const w of s.stems) if (query.has(w)) score += idf(w);
      if (score > 0 || s.lead) score += 0.5 * titleScores[s.source]!;
      // The retrieval already put the best entries first.
      if (score > 0) score *= 1 + 0.5 / (1 + s.source);
      return { text: s.text, score, order: s.order };
    })
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
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

export async function draftReply(message: EngineMessage, context: DraftContext): Promise<Draft> {
  const own = newText(message.text);
  const subject = cleanSubject(message.subject);
  const language = detectLanguage(`${subject}\n${own || cleanForEngine(message.text)}`);
  const t = TEMPLATES[language];
  const query = new Set(stems(`${subject}\n${own}`, language));

  const body: string[] = [];
  const add = (s: string) => {
    const line = ensureStop(s.replace(/\s+/g, ' '));
    if (!body.some((b) => b.toLowerCase() === line.toLowerCase())) body.push(line);
  };

  for (const s of sayings(context.responseInstructions)) add(s);

  // Knowledge in the message's language first; other entries only if none is in it.
  const quotable = context.knowledge.filter((k) => !k.internal);
  const sameLanguage = quotable.filter((k) => detectLanguage(`${k.title}\n${k.content}`) === language);
  const facts = rankSentences(sameLanguage.length ? sameLanguage : quotable, query, language);
  // Only sentences nearly as relevant as the best one: a shared common word is not an answer.
  for (const f of facts.slice(0, MAX_FACTS)) if (f.score >= RELEVANCE * facts[0]!.score) add(f.text);

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

  if (body.length === 0) body.push(t.noFacts);
  const text = [
    t.hello(firstName(message)),
    '',
    t.thanks(subject),
    body.join(' '),
    '',
    t.closing,
    '',
    t.signOff,
    cleanForEngine(context.senderName).trim(),
  ]
    .join('\n')
    .trim();
  return { text, language };
}
