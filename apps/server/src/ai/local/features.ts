/**
 * Features of a message for the local engine, each in a namespace:
 * `s:` subject stems, `h:` the thread (subject without Re:/Fwd:), `x:` the shape of the message, `w:` subject and body stems, `f:` sender address, `d:` sender domain (and its
 * parent domain), `t:` recipient addresses, `u:` hosts of links in the body, `c:` the concepts of
 * concepts.ts (and `c:~…` what the message's structure says: bulk mail, a calendar invitation, an
 * amount of money). A few words describe the message's shape (forward, reply, attachment, empty) so
 * that instructions can speak of them.
 */
import { BODY_MAX, type EngineCategory, type EngineMessage, RECIPIENTS_MAX } from '../engine';
import { ownText } from '../../mail/mime/quoted-text';
import { cleanForEngine } from '../safety';
import { conceptsOf, isWeakConcept, relatedConcepts } from './concepts';
import { contentWords, detectLanguage, type Language, languageOfTokens, stem, tokens, words } from '../text';

export interface MessageFeatures {
  language: Language;
  /** Feature → count. */
  counts: Map<string, number>;
  /** Feature → a word of the message it came from, to explain a decision in words. */
  surface: Map<string, string>;
}

const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL_HOST = /\bhttps?:\/\/([\w-]+(?:\.[\w-]+)+)/gi;
const FORWARDED = /-{3,}\s*(?:forwarded|original message|message d'origine|message transféré)|^\s*(?:fwd?|tr)\s*:/im;
const ATTACHMENT = /\b(?:attach(?:ed|ment)s?|enclosed|pi[eè]ces? jointes?|ci-joint)\b|^\s*-\s+\S+\.(?:doc|xls|pdf|ppt|zip)\b/im;

function add(counts: Map<string, number>, key: string, n = 1) {
  counts.set(key, (counts.get(key) ?? 0) + n);
}

export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1).toLowerCase();
}

function addDomain(counts: Map<string, number>, domain: string) {
  if (!domain) return;
  add(counts, `d:${domain}`);
  const parts = domain.split('.');
  if (parts.length > 2) add(counts, `d:${parts.slice(-2).join('.')}`);
}

/** Adds the stems of content words under each prefix; returns how many there were. */
function addWords(features: MessageFeatures, list: string[], prefixes: string[]): number {
  for (const w of list) {
    const s = stem(w, features.language);
    for (const p of prefixes) {
      const key = p + s;
      add(features.counts, key);
      if (!features.surface.has(key)) features.surface.set(key, w);
    }
  }
  return list.length;
}

/** The shape of a message as words both languages' stemmers agree on (see `shapeWords`). */
function addShape(features: MessageFeatures, subject: string, body: string, n: number) {
  const { counts } = features;
  if (FORWARDED.test(body) || /^\s*(?:fwd?|tr)\s*:/i.test(subject)) add(counts, 'x:~forward');
  if (/^\s*(?:re|aw|réf?)\s*:/i.test(subject)) add(counts, 'x:~reply');
  if (ATTACHMENT.test(body)) add(counts, 'x:~attachment');
  if (n < 4) add(counts, 'x:~empty');
  else if (n < 40) add(counts, 'x:~short');
  else if (n > 400) add(counts, 'x:~long');
}

/** The subject without reply and forward prefixes: messages of one thread share it. */
export function threadKey(subject: string): string {
  return subject
    .toLowerCase()
    .replace(/^(?:\s*(?:re|fw|fwd|tr|aw|réf?)\s*(?:\[\d+\])?\s*:)+/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

const AMOUNT = /(?:[$€£]\s?\d|\d[\d\s.,]*\s?(?:[$€£]|\b(?:eur|euros?|cad|usd|dollars?)\b))/i;

function addConcepts(features: MessageFeatures, text: string, weight: number) {
  const match = conceptsOf(text, features.language);
  for (const [id, n] of match.counts) add(features.counts, `c:${id}`, n * weight);
  for (const [id, word] of match.surface) if (!features.surface.has(`c:${id}`)) features.surface.set(`c:${id}`, word);
}

/** Concepts of the subject (counted twice: it says what the message is about), the sender's own text, attachment names and structure. */
function addMeaning(features: MessageFeatures, message: EngineMessage, subject: string, body: string) {
  addConcepts(features, subject, 2);
  const own = ownText(body);
  addConcepts(features, own, 1);
  const signals = message.signals;
  if (signals) {
    addConcepts(features, signals.attachmentNames.join('\n').replace(/[_.-]+/g, ' '), 1);
    if (signals.bulk) add(features.counts, 'c:~bulk');
    if (signals.calendar) add(features.counts, 'c:~calendar');
  }
  if (AMOUNT.test(subject) || AMOUNT.test(own)) add(features.counts, 'c:~amount');
}

export function messageFeatures(message: EngineMessage): MessageFeatures {
  const subject = cleanForEngine(message.subject);
  const body = cleanForEngine(message.text.slice(0, BODY_MAX));
  const subjectTokens = tokens(subject);
  const bodyTokens = tokens(body);
  const language = languageOfTokens([...subjectTokens, ...bodyTokens.slice(0, 400)]);
  const features: MessageFeatures = { language, counts: new Map(), surface: new Map() };
  addWords(features, contentWords(subjectTokens), ['s:', 'w:']);
  const bodyWords = addWords(features, contentWords(bodyTokens), ['w:']);
  const thread = threadKey(subject);
  if (thread) add(features.counts, `h:${thread}`);
  for (const m of body.matchAll(URL_HOST)) add(features.counts, `u:${m[1]!.toLowerCase().replace(/^www\./, '')}`);
  addShape(features, subject, body, bodyWords);
  addMeaning(features, message, subject, body);
  const from = message.from?.address.toLowerCase();
  if (from) {
    add(features.counts, `f:${from}`);
    addDomain(features.counts, domainOf(from));
  }
  for (const to of message.to.slice(0, RECIPIENTS_MAX)) if (to.address) add(features.counts, `t:${to.address.toLowerCase()}`);
  return features;
}

/**
 * What an instruction says about mail shapes, as the shape features of `addShape`: an instruction
 * such as "empty messages whose attachment is missing" then matches those messages cold.
 */
const SHAPE_WORDS: [RegExp, string][] = [
  [/\b(?:forward(?:ed|s)?|transf[ée]r[ée]s?)\b/i, 'x:~forward'],
  [/\b(?:repl(?:y|ies)|answers?|r[ée]ponses?)\b/i, 'x:~reply'],
  [/\b(?:attach(?:ed|ments?)?|pi[eè]ces? jointes?)\b/i, 'x:~attachment'],
  [/\b(?:empty|blank|vides?)\b/i, 'x:~empty'],
  [/\b(?:short|brief|courts?|brefs?)\b/i, 'x:~short'],
  [/\b(?:long|lengthy|articles?|reports?|rapports?|newsletters?)\b/i, 'x:~long'],
];

/**
 * A category as a pseudo-message: its name (as subject and body) and its instruction, with the
 * addresses and domains the instruction names as senders. This seeds every trained model.
 */
export function categoryFeatures(category: EngineCategory): MessageFeatures {
  const name = cleanForEngine(category.name);
  const instruction = cleanForEngine(category.instruction);
  const language = detectLanguage(`${name}\n${instruction}`);
  const features: MessageFeatures = { language, counts: new Map(), surface: new Map() };
  addWords(features, words(name), ['s:', 'w:']);
  addWords(features, words(name), ['w:']);
  addWords(features, words(instruction), ['w:']);
  for (const [id, n] of conceptsOf(`${name}\n${instruction}`, language, false).counts) add(features.counts, `c:${id}`, n);
  addShapesAndSenders(features, name, instruction);
  return features;
}

/**
 * The terms of a category for the cold-start model: each stem of its name and instruction once (a
 * word of the name says no more than one of the instruction), as a subject and as a body word (in the
 * subject it says more: `s:` weighs more than `w:`), and the shapes, addresses and domains the
 * instruction names.
 */
export function categoryTerms(category: EngineCategory): MessageFeatures {
  const name = cleanForEngine(category.name);
  const instruction = cleanForEngine(category.instruction);
  const language = detectLanguage(`${name}\n${instruction}`);
  const features: MessageFeatures = { language, counts: new Map(), surface: new Map() };
  addWords(
    features,
    [...words(name), ...words(instruction)].filter((w) => !isInstructionFiller(w)),
    ['s:', 'w:'],
  );
  for (const key of features.counts.keys()) features.counts.set(key, 1);
  const named = [...conceptsOf(`${name}\n${instruction}`, language, false).counts.keys()];
  for (const id of named) for (const related of relatedConcepts(id)) features.counts.set(`c:${related}`, RELATED_WEIGHT);
  for (const id of named) features.counts.set(`c:${id}`, isWeakConcept(id) ? RELATED_WEIGHT : 1);
  addShapesAndSenders(features, name, instruction);
  return features;
}

/** What a concept related to one an instruction names weighs (see concepts.ts). */
const RELATED_WEIGHT = 0.4;

/**
 * Words of instructions that say who or what in general, not what a message is about ("customers
 * asking for …", "des gens qui veulent …"): matched cold, they would pull every message.
 */
const INSTRUCTION_FILLER = new Set(
  (
    'customer customers client clients people person someone anyone anybody mail mails email emails e-mail message messages anything something everything thing things ask asks asking asked question questions want wants wanting like about us our we company companies business whether may might also other others related etc kind kinds sort type types ' +
    'gens personne personnes quelqu courriel courriels chose choses quelque tout tous toute toutes demande demandent demander veut veulent vouloir entreprise entreprises autre autres genre'
  ).split(' '),
);

function isInstructionFiller(word: string): boolean {
  return INSTRUCTION_FILLER.has(word);
}

function addShapesAndSenders(features: MessageFeatures, name: string, instruction: string) {
  for (const [re, key] of SHAPE_WORDS) if (re.test(instruction) || re.test(name)) add(features.counts, key);
  for (const m of instruction.matchAll(ADDRESS)) {
    add(features.counts, `f:${m[0].toLowerCase()}`);
    addDomain(features.counts, domainOf(m[0]));
  }
  for (const m of instruction.matchAll(/(?:^|\s)@([\w-]+(?:\.[\w-]+)+)/g)) addDomain(features.counts, m[1]!.toLowerCase());
}
