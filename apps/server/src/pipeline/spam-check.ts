import { spamVerdict } from '../ai/spam/spam-model';
import type { MessageHeaders, ParsedMessage } from '../mail/mime/message';

export const LIKELY_SPAM = 'LIKELY_SPAM';

/**
 * Whether a message is likely spam, and why in one sentence: the receiving server's verdict
 * (`X-Spam-Flag: YES`, `X-Spam-Status: Yes`) or the built-in model (ai/spam). Spam is never filed
 * into a business category, drafted, answered or forwarded; it is only marked.
 */
export function likelySpam(message: ParsedMessage): string | null {
  if (serverSaysSpam(message.headers)) return 'Likely spam: the receiving mail server marked it as spam.';
  const verdict = spamVerdict(message);
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
 * More likely spam than not (the model's calibrated probability), though under the threshold that
 * marks it: it is still sorted and shown, but nothing is written for it (no draft, reply or forward).
 */
export const SUSPECTED_SPAM = 0.5;

export function suspectedSpam(message: ParsedMessage): boolean {
  return spamVerdict(message).probability >= SUSPECTED_SPAM;
}
