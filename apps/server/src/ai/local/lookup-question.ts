/**
 * The questions about the owner's own mail that the built-in assistant recognises (issue 39, item 4),
 * in English and French, by their grammar rather than by fixed sentences: what was sent to someone,
 * why a message was filed where it was, how many messages of a kind came in a period, and which ones
 * (or who wrote them). Anything else is not a lookup: the assistant answers from the help and the
 * knowledge base as before.
 */
import type { Period } from '../period';
import { type Language, stem, words } from '../text';

/**
 * `language`: the question's own, by its question words (a short question has too few function words
 * to tell); `phrase`: the question without its period, whose expressions ("un devis") name concepts.
 */
export type LookupQuestion = { language: Language } & (
  | { kind: 'sent'; recipient: string; period: Period | null }
  | { kind: 'search'; query: string; where: 'inbox' | 'sent' }
  | { kind: 'why'; sender: string | null; subject: string | null; topic: string[] }
  | { kind: 'count'; topic: string[]; period: Period | null; phrase: string }
  | { kind: 'list'; topic: string[]; period: Period | null; people: boolean; phrase: string }
);

/** A word boundary that knows accented letters (`\\b` in a RegExp knows ASCII only: "à", "envoyé"). */
const BOUNDARY = String.raw`(?:(?<![\p{L}\p{N}])(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?![\p{L}\p{N}]))`;
const unicode = (pattern: RegExp) => new RegExp(pattern.source.replaceAll(String.raw`\b`, BOUNDARY), 'u');

const FRENCH_QUESTION = unicode(
  /\b(?:quels?|quelles?|combien|pourquoi|qui|qu'|as-tu|avez-vous|aujourd'hui|hier|semaine|mois|envoyé|classée?|demandée?s?|derniers|cherche|chercher|recherche|trouve|montre|courriels?)\b/u,
);
const ENGLISH_QUESTION = unicode(
  /\b(?:which|what|how many|why|who|today|yesterday|week|month|sent|send|filed|sorted|asked|last|find|search|look)\b/u,
);

const PERIODS = (
  [
    [/\b(?:today|this morning|this afternoon|aujourd'hui|ce matin|cet après-midi|ce jour)\b/, () => ({ name: 'today' })],
    [/\b(?:yesterday|hier)\b/, () => ({ name: 'yesterday' })],
    [/\b(?:last|previous) week\b|\bla semaine (?:dernière|derniere|passée|passee|précédente)\b/, () => ({ name: 'lastWeek' })],
    [/\bthis week\b|\bcette semaine\b|\bdepuis lundi\b|\bsince monday\b/, () => ({ name: 'thisWeek' })],
    [/\b(?:last|previous) month\b|\ble mois (?:dernier|passé|passe|précédent)\b/, () => ({ name: 'lastMonth' })],
    [/\bthis month\b|\bce mois(?:-ci)?\b/, () => ({ name: 'thisMonth' })],
    [
      /\b(?:in )?(?:the )?(?:last|past) (\d{1,3}) days\b|\b(?:ces|les) (\d{1,3}) derniers jours\b|\bdepuis (\d{1,3}) jours\b/,
      (m) => ({ name: 'lastDays', days: Math.min(366, Number(m[1] ?? m[2] ?? m[3])) }),
    ],
  ] satisfies [RegExp, (m: RegExpMatchArray) => Period][]
).map(([pattern, read]) => [unicode(pattern), read] as const);

const SENT = [
  /\bwhat (?:did|have) (?:you|the assistant|we) (?:sent|send|replied|reply|answered|answer|forwarded|forward|written|write)\b.*?\bto\s+(.+)$/,
  /\b(?:what|which) (?:replies|answers|emails|e-mails|mails|messages)\b.*?\b(?:sent|send|went|go|forwarded) to\s+(.+)$/,
  /\b(?:did|have) (?:you|the assistant) (?:reply|replied|answer|answered|write|written|send anything|sent anything) to\s+(.+)$/,
  /\bqu'(?:as-tu|avez-vous|a l'assistant|est-ce que (?:tu as|vous avez|l'assistant a)) (?:envoyé|répondu|transféré|écrit)\b.*?\bà\s+(.+)$/,
  /\b(?:quels?|quelles?) (?:réponses|messages|mails|courriels|e-mails)\b.*?\b(?:envoyée?s?|transférée?s?) à\s+(.+)$/,
  /\b(?:as-tu|avez-vous|l'assistant a-t-il) (?:répondu|écrit|envoyé quelque chose) à\s+(.+)$/,
].map(unicode);

/** "Find the mails about quiches", "cherche les messages de Ann": the webmail's search, with no period. */
const SEARCH = [
  /^(?:please |can you |could you )?(?:find|search(?: for)?|look for|look up|show me|list)(?: the| my| all| all the)? (?:mails?|e-?mails?|messages?)(?: i sent| i wrote)?(?: (?:about|on|from|with|mentioning|containing|regarding|that mention))?\s+(.+)$/,
  /^(?:peux-tu |pouvez-vous |tu peux )?(?:cherche|chercher|recherche|rechercher|trouve|trouver|montre(?:-moi)?|affiche)(?: les| mes| tous les)? (?:mails?|e-?mails?|messages?|courriels?)(?: que j'ai envoyés| envoyés)?(?: (?:sur|de|d'|à propos de|concernant|avec|qui parlent de|mentionnant))?\s*(.+)$/,
].map(unicode);
const SENT_BY_OWNER = unicode(/\b(?:i sent|i wrote|que j'ai envoyés|envoyés)\b/);

const WHY = unicode(
  /\b(?:why|how come)\b.*\b(?:filed|sorted|classified|categori[sz]ed|put|moved|placed|labell?ed|went|go|ended up|end up|landed|land)\b|\bpourquoi\b.*\b(?:classée?s?|rangée?s?|triée?s?|mise?s?|placée?s?|déplacée?s?|atterri|arrivée?s?|étiquetée?s?|filée?s?)\b/,
);
const COUNT = unicode(/\bhow many\b|\bhow much mail\b|\bcombien\b|\bnombre de\b/);
const LIST = unicode(/^(?:which|what|who|show|list|quels?|quelles?|qui|montre|liste|donne)\b|\b(?:which|quels?|quelles?)\b/);
/** The question is about people or about the mail itself, not the product ("which plan…"). */
const PEOPLE = unicode(
  /\b(?:who|customers?|clients?|people|senders?|contacts?|companies|suppliers?|prospects?|qui|expéditeurs?|fournisseurs?|personnes|sociétés|entreprises)\b/,
);
const MAIL = unicode(/\b(?:mails?|e-?mails?|messages?|courriels?|requests?|demandes?)\b/);

/** The sender named in a "why" question: an address, or one name. */
const FROM = unicode(/\b(?:from|by|de|d')\s*([\w.+-]+@[\w.-]+|\p{L}[\p{L}\p{N}.'-]*)/u);

/** Words that frame a question about mail and say nothing of its topic (matched by stem in both languages). */
const FRAME_WORDS = [
  'how many much which what who whom show list give tell me us did do does have has had were was is are been be',
  'customers customer clients client people senders sender contacts contact companies suppliers prospects',
  'asked ask asking sent send wrote write writing received receive got get came come arrived there any',
  'mail mails email emails e-mail e-mails message messages request requests new',
  'today yesterday week month last this past previous days day morning afternoon since monday',
  'combien quels quelles quel quelle qui montre liste donne moi nous avons avez ai ont ont-ils est sont été',
  'demandé demandée demandés demande demandes envoyé écrit reçu reçus arrivé arrivés arrivées venu',
  'courriel courriels mails message messages demande demandes nouveau nouveaux nouvelles',
  "aujourd'hui hier semaine mois dernier dernière derniers passée passé ce cette ces jours jour matin depuis lundi",
  'expéditeurs expéditeur fournisseurs personnes sociétés entreprises nombre',
  'why pourquoi filed sorted classified categorised categorized put moved placed landed went end ended there here',
  'classé classée classés rangé rangée trié triée mis mise placé déplacé atterri là ici catégorie category folder dossier',
]
  .join(' ')
  .split(/\s+/);
const FRAME = new Set(FRAME_WORDS.flatMap((w) => [stem(w, 'en'), stem(w, 'fr')]));

/** The question lower-cased, with its apostrophes and spaces made plain. */
function normalise(question: string): string {
  return question.toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim();
}

function periodOf(text: string): { period: Period | null; rest: string } {
  for (const [pattern, read] of PERIODS) {
    const match = text.match(pattern);
    if (match) return { period: read(match), rest: text.replace(match[0], ' ').replace(/\s+/g, ' ').trim() };
  }
  return { period: null, rest: text };
}

/** A person or an address named after "to", "à": the words up to the end of the question. */
function recipientOf(tail: string): string {
  return tail
    .replace(/[?!.,;:]+$/g, '')
    .replace(/^(?:mr|mrs|ms|dr|m\.|mme|mlle)\s+/, '')
    .trim();
}

/** The words of the question that are neither frame nor period: what the mail is about. */
function topicOf(text: string, language: Language): string[] {
  return words(text).filter((w) => !FRAME.has(stem(w, language)) && !/^\d+$/.test(w));
}

export function lookupQuestion(question: string, fallback: Language): LookupQuestion | null {
  const text = normalise(question);
  const french = FRENCH_QUESTION.test(text);
  const english = ENGLISH_QUESTION.test(text);
  const language: Language = french === english ? fallback : french ? 'fr' : 'en';
  const found = parse(question, text, language);
  return found && { ...found, language };
}

type Parsed = LookupQuestion extends infer Q ? (Q extends { language: Language } ? Omit<Q, 'language'> : never) : never;

function parse(question: string, text: string, language: Language): Parsed | null {
  const { period, rest } = periodOf(text);
  for (const pattern of SENT) {
    const match = rest.match(pattern);
    if (match?.[1]) {
      const recipient = recipientOf(match[1]);
      if (recipient) return { kind: 'sent', recipient, period };
    }
  }
  if (!period) {
    for (const pattern of SEARCH) {
      const query = rest
        .match(pattern)?.[1]
        ?.replace(/[?!.]+$/, '')
        .trim();
      if (query) return { kind: 'search', query, where: SENT_BY_OWNER.test(rest) ? 'sent' : 'inbox' };
    }
  }
  if (WHY.test(rest)) {
    const quoted = question.match(/["“«]\s*([^"”»]{2,200}?)\s*["”»]/);
    const from = rest.match(FROM);
    const sender = from?.[1] && !FRAME.has(stem(from[1], language)) ? from[1] : null;
    const topic =
      quoted || sender ? [] : topicOf(rest, language).filter((w) => !/^(?:why|pourquoi|filed|there|here|là|ici)$/.test(w));
    return { kind: 'why', sender, subject: quoted?.[1] ?? null, topic };
  }
  const topic = topicOf(rest, language);
  if (COUNT.test(rest) && (period || MAIL.test(rest) || topic.length > 0)) {
    // "How many credits do I have?" asks about the product: mail questions name a period or mail.
    if (period || MAIL.test(rest) || PEOPLE.test(rest)) return { kind: 'count', topic, period, phrase: rest };
  }
  if (LIST.test(rest) && (PEOPLE.test(rest) || MAIL.test(rest)) && (period || topic.length > 0))
    return { kind: 'list', topic, period, people: PEOPLE.test(rest), phrase: rest };
  return null;
}
