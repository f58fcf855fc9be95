/**
 * Mail written by a machine that says so only in its words: out-of-office and other automatic replies
 * sent without `Auto-Submitted` (many servers and phones send none), and delivery reports. Read in
 * English, French, German, Spanish, Italian, Dutch and Portuguese, on the subject and the opening
 * lines only, and with phrases a person writing to a business hardly uses for anything else.
 */
import type { ParsedMessage } from '../mail/mime/message';

/** Lower case, accents and apostrophe variants folded, spaces folded: "Réponse automatique" → "reponse automatique". */
export function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
}

/** Words naming an automatic reply (folded). */
const AUTOMATIC_WORDS = [
  'automatic reply',
  'auto reply',
  'auto-reply',
  'autoreply',
  'auto response',
  'auto-response',
  'automated response',
  'automatic response',
  'vacation reply',
  'away message',
  'reponse automatique',
  'message automatique',
  "message d'absence",
  'abwesenheitsnotiz',
  'abwesenheitsmeldung',
  'automatische antwort',
  'respuesta automatica',
  'mensaje de ausencia',
  'risposta automatica',
  'messaggio di assenza',
  'afwezigheidsbericht',
  'afwezigheidsmelding',
  'automatisch antwoord',
  'resposta automatica',
  'mensagem de ausencia',
];

/** Words saying someone is away from work (folded). */
const AWAY_WORDS = [
  'out of office',
  'out of the office',
  'away from the office',
  'away from my desk',
  'absence du bureau',
  'absent du bureau',
  'absente du bureau',
  'hors du bureau',
  'nicht im buro',
  'ausser haus',
  'fuera de la oficina',
  'fuera de oficina',
  'fuori ufficio',
  "fuori dall'ufficio",
  'niet op kantoor',
  'buiten kantoor',
  'fora do escritorio',
  'ausencia do escritorio',
];

/** An automatic reply names itself in its subject: an owner's customers do not title mail so. */
const AUTO_REPLY_SUBJECT = [...AUTOMATIC_WORDS, ...AWAY_WORDS];

/** The sentences only auto-responders open with (folded); a person may mention "an auto reply" in passing. */
const AUTO_REPLY_OPENING = [
  'this is an automated',
  'this is an automatic',
  'with limited access to email',
  'with limited access to my email',
  'without access to email',
  'ceci est une reponse automatique',
  'ceci est un message automatique',
  "je n'aurai pas acces a mes courriels",
  "je n'aurai pas acces a mes e-mails",
  "je n'aurai pas acces a ma messagerie",
  'dies ist eine automatische',
  'esta es una respuesta automatica',
  'questa e una risposta automatica',
  'dit is een automatisch',
  'esta e uma resposta automatica',
];

/**
 * Opening sentences of a person away, in the first person (a colleague's absence is news, not an
 * automatic reply). A customer may open with them too ("I'm on holiday until the
 * 20th, could you mow the lawn?"), so they count only when the opening asks nothing.
 */
const AWAY_OPENING = [
  'i am out of the office',
  "i'm out of the office",
  'i am out of office',
  "i'm out of office",
  'i am currently out of the office',
  "i'm currently out of the office",
  'i will be out of office',
  "i'll be out of office",
  'i am away from the office',
  'i will be away from the office',
  'je suis hors du bureau',
  'je serai hors du bureau',
  'ich bin nicht im buro',
  'ich bin ausser haus',
  'estoy fuera de la oficina',
  'estare fuera de la oficina',
  'sono fuori ufficio',
  'saro fuori ufficio',
  'ik ben niet op kantoor',
  'ik ben buiten kantoor',
  'estou fora do escritorio',
  'estarei fora do escritorio',
  'i am on vacation',
  "i'm on vacation",
  'i am on holiday',
  "i'm on holiday",
  'i am on leave',
  "i'm on leave",
  'i am currently on leave',
  'i am currently away',
  "i'm currently away",
  'i will be out of the office',
  "i'll be out of the office",
  'je suis absent',
  'je suis absente',
  'je suis actuellement absent',
  'je suis actuellement absente',
  'je suis en conge',
  'je suis en vacances',
  'je serai absent',
  'je serai absente',
  'ich bin derzeit nicht',
  'ich bin zurzeit nicht',
  'ich bin abwesend',
  'ich bin im urlaub',
  'estoy de vacaciones',
  'estoy ausente',
  'sono in ferie',
  'sono assente',
  'ik ben afwezig',
  'ik ben met vakantie',
  'ik ben niet aanwezig',
  'estou de ferias',
  'estou ausente',
];

/** Subjects that open a delivery report (folded): a bounce never names them mid-sentence. */
const DELIVERY_REPORT_SUBJECT = [
  'undeliverable',
  'undelivered mail',
  'delivery status notification',
  'delivery failure',
  'delivery has failed',
  'mail delivery failed',
  'mail delivery failure',
  'mail delivery system',
  'returned mail',
  'failure notice',
  'message not delivered',
  'non remis',
  'non distribuable',
  'echec de la remise',
  'echec de remise',
  'unzustellbar',
  'nicht zustellbar',
  'zustellung fehlgeschlagen',
  'no se puede entregar',
  'no se pudo entregar',
  'mensaje no entregado',
  'non recapitabile',
  'mancato recapito',
  'onbestelbaar',
  'niet bezorgd',
  'nao entregue',
  'falha na entrega',
];

const DELIVERY_REPORT_TYPES = new Set([
  'message/delivery-status',
  'message/global-delivery-status',
  'message/disposition-notification',
]);

/** How much of the text is the opening: an auto-responder says what it is in its first lines. */
const OPENING_CHARS = 300;

type AutomaticMessage = Pick<ParsedMessage, 'subject' | 'text' | 'headers' | 'attachments'>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Any of the phrases as whole words. */
const anyOf = (phrases: readonly string[]) =>
  new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${phrases.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'u');
const AUTO_REPLY_SUBJECT_PATTERN = anyOf(AUTO_REPLY_SUBJECT);
const AUTO_REPLY_OPENING_PATTERN = anyOf(AUTO_REPLY_OPENING);
const AWAY_OPENING_PATTERN = anyOf(AWAY_OPENING);

/** A request for something to be done ("please send the details…"), which an auto-responder does not make. */
const REQUEST =
  /\b(?:please (?:send|forward|reply|confirm|let me know|call me)|could you|can you|would you|pourriez|pouvez|merci de (?:m'|me |nous )?(?:envoyer|confirmer|rappeler)|konnten sie|konnen sie|podria|puede|potrebbe|puo|kunt u|zou u|poderia|pode)\b/;

/**
 * The first sentence, or the first two when the first is a greeting ("Hello,"): an auto-responder
 * says it is one at once, where a person mentions an absence in passing.
 */
function firstSentence(text: string): string {
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const [first = '', second = ''] = sentences;
  return first.split(/\s+/).length <= 3 ? `${first} ${second}` : first;
}

const REPLY_PREFIX = /(?:^|\s)(?:re|aw|sv|antw|rif|r|tr|wg|fw|fwd|rv|enc)\s*:/;

/** Whether the subject or the opening lines say the message is an automatic reply. */
export function looksLikeAutoReply(message: AutomaticMessage): boolean {
  // An auto-responder puts its words before the subject it answers ("Out of Office: Re: quote"); after
  // a reply prefix they belong to a person answering an automatic reply ("RE: Out of Office: quote").
  const subject = folded(message.subject).split(REPLY_PREFIX)[0] ?? '';
  if (AUTO_REPLY_SUBJECT_PATTERN.test(subject)) return true;
  const opening = message.text.slice(0, OPENING_CHARS);
  const first = folded(firstSentence(opening));
  if (AUTO_REPLY_OPENING_PATTERN.test(first)) return true;
  return AWAY_OPENING_PATTERN.test(first) && !/[?¿]/.test(opening) && !REQUEST.test(folded(opening));
}

/** Whether the message is a delivery report or a bounce (RFC 3464 `multipart/report`, or by its subject). */
export function looksLikeDeliveryReport(message: AutomaticMessage): boolean {
  const type = (message.headers['content-type'] ?? []).join(' ').toLowerCase();
  if (/^\s*multipart\/report\b/.test(type)) return true;
  if (message.attachments.some((a) => DELIVERY_REPORT_TYPES.has(a.contentType.toLowerCase()))) return true;
  const subject = folded(message.subject);
  return DELIVERY_REPORT_SUBJECT.some((p) => subject.startsWith(p));
}
