/**
 * The features of the built-in spam model, read from our parsed message only (the model is trained
 * on messages parsed by the same parser): word tokens of the subject (`s:`) and body (`w:`), the
 * sender's top-level domain (`f:`), and structural signals (`x:`).
 *
 * Deliberately ignored: the words of the senders' and recipients' own names and addresses ("Louise",
 * "enron" of louise.kitchen@enron.com: they name a corpus's people and company, and would teach that
 * mail naming them is ham), every header but the addresses and the reply references (`X-Spam-Flag` is
 * the receiving server's verdict, `Received` and Message-ID hosts name a corpus's servers, dates
 * its era), whether the message has an HTML part (nearly all of today's mail has one; spam
 * training corpora date from when little ham did), the host names of links and addresses, and
 * amounts of money or percentages in the text (the daily matter of business mail; an amount in the
 * subject is still a trait).
 */
import { type ParsedMessage, readableText } from '../../mail/mime/message';
import { isStopWord } from '../text';

/** Characters of body text read; spam says what it wants early. */
const BODY_CHARS = 20_000;
const BODY_TOKENS = 3_000;
const SUBJECT_TOKENS = 50;
const TOKEN_MIN = 2;
const TOKEN_MAX = 20;

const WORD = /[\p{L}\p{N}]+/gu;
const DIGIT = /\p{N}/gu;
const NUMBER = /^\p{N}+$/u;
/**
 * The words of any letter, a customer's as much as a spammer's: learnt from a corpus whose ham is
 * discussion among engineers, they would teach that a polite request is spam.
 */
const LETTER_WORDS = new Set([
  ...'will shall us please thank thanks hello hi dear regards sincerely kind let may need send receive'.split(' '),
  ...'merci svp bonjour cordialement'.split(' '),
]);
const ANY_WORD = /\p{L}{2,}/u;
const LINK = /\bhttps?:\/\/|\bwww\./gi;
const LINK_OR_ADDRESS = /\b(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;
const IP_LINK = /https?:\/\/\d{1,3}(?:\.\d{1,3}){3}/i;
const MONEY = /[$€£]\s?\d|\d\s?[$€£]/;
/** Everyone's top-level domains: in a corpus they tell its era and its mailing lists, not spam. */
const GENERIC_TLDS = new Set(['com', 'net', 'org', 'edu', 'gov', 'mil', 'int']);
const EXECUTABLE = /\.(?:exe|scr|pif|bat|cmd|com|vbs|vbe|js|jse|jar|msi|lnk|hta|wsf|ps1|reg|cpl)$/i;
const EXECUTABLE_TYPE = /msdownload|x-msdos-program|x-executable|x-ms-installer|java-archive/i;

/** What the structural signals say, for the reason shown to the owner. */
export const SIGNAL_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'x:images': 'embedded images',
  'x:no-text': 'no text',
  'x:short': 'very short text',
  'x:subject-caps': 'subject in capitals',
  'x:subject-exclaim': 'exclamation mark in the subject',
  'x:subject-money': 'amount of money in the subject',
  'x:no-subject': 'no subject',
  'x:body-caps': 'text in capitals',
  'x:exclaim-many': 'many exclamation marks',
  'x:links-1': 'a link',
  'x:links-2': 'several links',
  'x:links-5': 'many links',
  'x:links-10': 'many links',
  'x:link-ip': 'link to a bare IP address',
  'x:attachment': 'an attachment',
  'x:executable': 'executable attachment',
  'x:garbled': 'garbled text',
  'x:name-is-address': 'sender name is an address',
  'x:name-other-address': 'sender name shows another address',
  'x:no-from': 'no sender',
  'x:from-digits': 'sender address full of digits',
  'x:no-recipient': 'undisclosed recipients',
  'x:many-recipients': 'many recipients',
  'x:reply-to-elsewhere': 'replies asked to another domain',
};

/**
 * The message's features, present or absent. Each present one has the value 1/√(their count), so
 * that a long message does not outweigh a short one by its length alone.
 */
export function spamFeatures(parsed: ParsedMessage): Map<string, number> {
  const features = new Map<string, number>();
  const add = (key: string) => features.set(key, 1);
  const subject = parsed.subject;
  const html = parsed.html ?? '';
  const text = readableText(parsed).slice(0, BODY_CHARS);
  const identity = identityWords(parsed);
  const bodyWords = words(text.replace(LINK_OR_ADDRESS, ' '), BODY_TOKENS, identity);
  for (const w of words(subject, SUBJECT_TOKENS, identity)) add(`s:${w}`);
  for (const w of bodyWords) add(`w:${w}`);

  if (!subject.trim()) add('x:no-subject');
  const subjectCaps = capitals(subject);
  if (subjectCaps.letters >= 6 && subjectCaps.share >= 0.5) add('x:subject-caps');
  if (subject.includes('!')) add('x:subject-exclaim');
  if (MONEY.test(subject)) add('x:subject-money');

  const bodyCaps = capitals(text);
  if (bodyCaps.letters >= 40 && bodyCaps.share >= 0.3) add('x:body-caps');
  if ((text.match(/!/g)?.length ?? 0) >= 3 || /!!/.test(text) || /!!/.test(subject)) add('x:exclaim-many');
  const garbled = text.match(/\uFFFD/g)?.length ?? 0;
  if (garbled >= 5 && garbled >= bodyCaps.letters * 0.02) add('x:garbled');

  const attached = parsed.attachments.filter((a) => !a.inline);
  // A document sent without a word is ordinary; no words and nothing attached is an image or a lure.
  // Any word counts here: "Thanks!" or "Hello there" is a short letter, not an empty one.
  if (!ANY_WORD.test(text.replace(LINK_OR_ADDRESS, ' ')) && attached.length === 0) add('x:no-text');
  else if (bodyWords.length < 15) add('x:short');
  if (attached.length > 0) add('x:attachment');
  if (attached.some((a) => EXECUTABLE.test(a.filename ?? '') || EXECUTABLE_TYPE.test(a.contentType))) add('x:executable');
  if (/<img\b/i.test(html) || parsed.attachments.some((a) => a.inline && a.contentType.startsWith('image/'))) add('x:images');

  const links = Math.max(text.match(LINK)?.length ?? 0, html.match(/\bhref\s*=/gi)?.length ?? 0);
  if (links >= 10) add('x:links-10');
  else if (links >= 5) add('x:links-5');
  else if (links >= 2) add('x:links-2');
  else if (links === 1) add('x:links-1');
  if (IP_LINK.test(text) || IP_LINK.test(html)) add('x:link-ip');

  if (parsed.inReplyTo || parsed.references.length > 0) add('x:in-reply');
  if (/^>/m.test(text)) add('x:quoted');
  for (const key of addressFeatures(parsed)) add(key);
  const value = 1 / Math.sqrt(Math.max(features.size, 1));
  for (const key of features.keys()) features.set(key, value);
  return features;
}

/** Lower-cased words, stop words, plain numbers and the correspondents' own words left out, other digits read as 0. */
function words(text: string, max: number, identity: Set<string>): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const word = m[0];
    if (word.length < TOKEN_MIN || word.length > TOKEN_MAX || NUMBER.test(word)) continue;
    if (isStopWord(word) || LETTER_WORDS.has(word) || identity.has(word)) continue;
    out.push(word.replace(DIGIT, '0'));
    if (out.length >= max) break;
  }
  return out;
}

/** The words of the sender's and recipients' names and addresses, top-level domains aside. */
function identityWords(parsed: ParsedMessage): Set<string> {
  const out = new Set<string>();
  for (const person of [parsed.from, ...parsed.to, ...parsed.cc, ...parsed.replyTo]) {
    if (!person) continue;
    const address = (person.address ?? '').toLowerCase();
    const domain = domainOf(address);
    const labels = domain.split('.').slice(0, -1).join(' ');
    for (const m of `${person.name ?? ''} ${address.slice(0, address.lastIndexOf('@'))} ${labels}`.toLowerCase().matchAll(WORD))
      out.add(m[0]);
  }
  return out;
}

function capitals(text: string): { letters: number; share: number } {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const upper = text.match(/\p{Lu}/gu)?.length ?? 0;
  return { letters, share: letters ? upper / letters : 0 };
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

function addressFeatures(parsed: ParsedMessage): string[] {
  const keys: string[] = [];
  const recipients = parsed.to.length + parsed.cc.length;
  if (recipients === 0) keys.push('x:no-recipient');
  if (recipients > 10) keys.push('x:many-recipients');
  const from = parsed.from;
  if (!from?.address) return [...keys, 'x:no-from'];
  const domain = domainOf(from.address);
  const tld = /\.([a-z]{2,})$/.exec(domain)?.[1] ?? '?';
  if (!GENERIC_TLDS.has(tld)) keys.push(`f:${tld}`);
  const nameAddress = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(from.name)?.[0].toLowerCase();
  if (nameAddress) keys.push(nameAddress === from.address ? 'x:name-is-address' : 'x:name-other-address');
  const local = from.address.slice(0, from.address.lastIndexOf('@'));
  if ((local.match(/\d/g)?.length ?? 0) >= 5) keys.push('x:from-digits');
  if (parsed.replyTo.some((r) => r.address && domainOf(r.address) !== domain)) keys.push('x:reply-to-elsewhere');
  return keys;
}
