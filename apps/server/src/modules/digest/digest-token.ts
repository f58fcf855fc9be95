import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click "turn the digest off" token: the user id and an HMAC-SHA256 of it under a key
 * derived from the app secret for this purpose only. It can do one thing, turn that user's digest
 * off, so it does not expire (an old digest's link still works) and is not single-use.
 */
const PURPOSE = 'daily-digest-off:v1';

function mac(secret: string, userId: string) {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return createHmac('sha256', key).update(userId).digest();
}

export function digestOffToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(secret, userId).toString('base64url')}`;
}

/** The user id the token was made for, or null when it was not made with this secret. */
export function verifyDigestOffToken(secret: string, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Buffer.from(match[1]!, 'base64url').toString();
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = mac(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
