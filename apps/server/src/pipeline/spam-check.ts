import { type SpamVerdict, spamVerdict } from '../ai/spam/spam-model';
import type { MessageHeaders, ParsedMessage } from '../mail/mime/message';

export const LIKELY_SPAM = 'LIKELY_SPAM';

// The model's verdict, once per parsed message: classification and every action of it ask for it.
const verdicts = new WeakMap<ParsedMessage, SpamVerdict>();
function verdictOf(message: ParsedMessage): SpamVerdict {
  let verdict = verdicts.get(message);
  if (!verdict) {
    verdict = spamVerdict(message);
    verdicts.set(message, verdict);
  }
  return verdict;
}

// Messages whose sender the owner said is not spam (not-spam.repository): no verdict counts for them.
const vouched = new WeakSet<ParsedMessage>();
export function vouchedByOwner(message: ParsedMessage): void {
  vouched.add(message);
}

/**
 * Whether a message is likely spam, and why in one sentence: the receiving server's verdict
 * (`X-Spam-Flag: YES`, `X-Spam-Status: Yes`) or the built-in model (ai/spam). Spam is never filed
 * into a business category, drafted, answered or forwarded; it is only marked. Mail from a sender the
 * owner said is not spam is never taken for spam, whatever either verdict says.
 */
export function likelySpam(message: ParsedMessage): string | null {
  if (vouched.has(message)) return null;
  if (serverSaysSpam(message.headers)) return 'Likely spam: the receiving mail server marked it as spam.';
  const verdict = verdictOf(message);
  if (!verdict.spam) return null;
  const words = verdict.signals.map((s) => `"${s}"`).join(', ');
  return `Likely spam (${Math.round(verdict.probability * 100)}% by the built-in spam filter${words ? `: ${words}` : ''}).`;
}

/** The receiving server's verdict (SpamAssassin's `X-Spam-Flag: YES`, `X-Spam-Status: Yes, …`); a forged "no" gains nothing. */
export function serverSaysSpam(headers: MessageHeaders): boolean {
  const values = (name: string) => Object.entries(headers).flatMap(([key, v]) => (key.toLowerCase() === name ? v : []));
  return (
    values('x-spam-flag').some((v) => v.trim().toLowerCase() === 'yes') ||
    values('x-spam-status').some((v) => /^yes\b/i.test(v.trim()))
  );
}

/**
 * Suspected by the model (a cut that holds back at most 2% of its training ham), though under the
 * threshold that marks it: the engine does not file it and no draft or reply is written for it (a
 * forward still goes: an invoice from a robot must reach the accountant).
 */
export function suspectedSpam(message: ParsedMessage): boolean {
  if (vouched.has(message)) return false;
  return verdictOf(message).suspected;
}
