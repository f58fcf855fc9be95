import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The OAuth `state` parameter: signed, short-lived and bound to the signed-in user, so a callback
 * cannot be forged or carried into another user's session (RFC 6749 §10.12).
 */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

type StatePayload = { p: string; u: string; n: string; e: number };

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(`oauth-state.${data}`).digest('base64url');

export function createOAuthState(secret: string, provider: string, userId: string, now = Date.now()) {
  const payload: StatePayload = { p: provider, u: userId, n: randomBytes(12).toString('base64url'), e: now + OAUTH_STATE_TTL_MS };
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${sign(secret, data)}`;
}

/** True when the state was minted by us, for this provider and user, and has not expired. */
export function verifyOAuthState(secret: string, state: string | undefined, provider: string, userId: string, now = Date.now()) {
  const [data, signature] = (state ?? '').split('.');
  if (!data || !signature) return false;
  const expected = Buffer.from(sign(secret, data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as StatePayload;
    return payload.p === provider && payload.u === userId && payload.e > now;
  } catch {
    return false;
  }
}
