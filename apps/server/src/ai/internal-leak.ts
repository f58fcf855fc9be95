/**
 * The leak check for internal knowledge entries (docs/decisions.md, "Knowledge visibility"): an
 * engine may read an internal entry to understand a message, and a reply must still not carry it
 * out. Pure, so the pipeline can run it on any engine's text before a reply leaves automatically.
 */
import type { KnowledgeSnippet } from './engine';
import { cleanForEngine } from './safety';

/** A verbatim run of this many words of an internal entry is a quotation. */
const RUN = 6;
/** Secret-looking tokens have at least this many letters and digits. */
const SECRET_MIN = 4;

/** Words of a text: letters and digits only, lower-cased, accents and compatibility forms folded. */
function words(text: string): string[] {
  return (
    cleanForEngine(text)
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Clock times and ordinals mix digits and letters without being anyone's secret ("9h30", "10am",
 * "21st", "2ème"), and a paraphrase repeats them.
 */
const NOT_SECRET = /^(?:\d{1,2}h\d{0,2}|\d{1,2}(?:am|pm)|\d+(?:st|nd|rd|th|er|re|e|eme|ieme))$/;

function secretLike(core: string): boolean {
  if (core.length < SECRET_MIN || NOT_SECRET.test(core)) return false;
  return /^\p{N}+$/u.test(core) || (/\p{N}/u.test(core) && /\p{L}/u.test(core));
}

/**
 * Secret-looking tokens of a text, as their letters and digits ("AX-77Q" → "ax77q"): a code, a
 * number of 4 digits or more, a token mixing letters and digits; the parts of a joined token
 * ("PIN-4821", "code:4821") count on their own as well.
 */
function secrets(text: string): Set<string> {
  const out = new Set<string>();
  for (const token of text.split(/[\s,;:!?()[\]{}"'«»“”‘’<>]+/)) {
    const parts = words(token);
    for (const candidate of [parts.join(''), ...parts]) if (secretLike(candidate)) out.add(candidate);
  }
  return out;
}

function runs(list: string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + RUN <= list.length; i++) out.add(list.slice(i, i + RUN).join(' '));
  return out;
}

/**
 * Whether the reply writes `secret` out, its letters and digits in consecutive words of the reply
 * however they are separated ("AX-77Q", "ax 77q", "4 8 2 1"); a secret inside a longer word
 * ("14821") is not one.
 */
function writesOut(reply: string[], secret: string): boolean {
  for (let start = 0; start < reply.length; start++) {
    let joined = '';
    for (let end = start; end < reply.length && joined.length < secret.length; end++) {
      joined += reply[end];
      if (!secret.startsWith(joined)) break;
      if (joined === secret) return true;
    }
  }
  return false;
}

/**
 * True when `text` quotes an internal entry of `knowledge`: it holds a run of 6 consecutive words of
 * the entry's content, or a secret-looking token of it (see `secrets`), ignoring case, accents,
 * punctuation and spacing. A passage that a quotable entry of `knowledge` holds too is not a leak:
 * that entry may be quoted.
 */
export function quotesInternal(text: string, knowledge: KnowledgeSnippet[]): boolean {
  const internal = knowledge.filter((k) => k.internal);
  if (!internal.length) return false;
  const quotable = knowledge.filter((k) => !k.internal);
  const shared = (collect: (content: string) => Set<string>) => new Set(quotable.flatMap((k) => [...collect(k.content)]));
  const quotableRuns = shared((content) => runs(words(content)));
  const quotableSecrets = shared(secrets);

  const reply = words(text);
  const replyRuns = runs(reply);
  return internal.some(
    (entry) =>
      [...runs(words(entry.content))].some((run) => replyRuns.has(run) && !quotableRuns.has(run)) ||
      [...secrets(entry.content)].some((secret) => !quotableSecrets.has(secret) && writesOut(reply, secret)),
  );
}
