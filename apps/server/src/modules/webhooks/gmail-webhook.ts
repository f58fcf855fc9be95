import { verifyProviderIdToken } from 'better-auth/oauth2';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { MAIL_PUSH_CHANNEL, wakeMailbox } from '../../notifications/mailbox-wakeups';
import * as repo from './push.repository';

/**
 * Gmail's push (https://developers.google.com/gmail/api/guides/push): Pub/Sub posts
 * `{ message: { data: base64(JSON { emailAddress, historyId }), messageId, publishTime }, subscription }`
 * with an OIDC token its push subscription's service account signed
 * (https://cloud.google.com/pubsub/docs/authenticate-push-subscriptions).
 */
export const pubSubPushSchema = z.object({
  message: z.object({
    data: z.string().max(4096),
    messageId: z.string().max(200),
    publishTime: z.string().max(100).optional(),
  }),
  subscription: z.string().max(500),
});
const notificationSchema = z.object({
  emailAddress: z.string().email().max(320),
  historyId: z.union([z.string().regex(/^\d+$/), z.number().int()]),
});

export interface PubSubAuth {
  audience: string;
  serviceAccount: string;
  /** Google's signing keys (`https://www.googleapis.com/oauth2/v3/certs`). */
  certsUrl: string;
}

/** How long Google's keys are kept; an unknown key id fetches them again, at most once a minute. */
const KEYS_TTL_MS = 60 * 60 * 1000;
const KEYS_REFETCH_MS = 60 * 1000;

type Jwk = { kid?: string; kty: string };

function googleKeys(certsUrl: string) {
  let cached: { keys: Jwk[]; at: number } | null = null;
  const fetchKeys = async () => {
    const res = await fetch(certsUrl, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`Google's keys answered ${res.status}`);
    const { keys } = (await res.json()) as { keys?: Jwk[] };
    cached = { keys: keys ?? [], at: Date.now() };
    return cached.keys;
  };
  return async (kid: string | undefined) => {
    const age = cached ? Date.now() - cached.at : Infinity;
    let keys = cached && age < KEYS_TTL_MS ? cached.keys : await fetchKeys();
    if (!keys.some((k) => k.kid === kid) && cached && Date.now() - cached.at >= KEYS_REFETCH_MS) keys = await fetchKeys();
    const key = keys.find((k) => k.kid === kid);
    if (!key) throw new Error(`No Google key ${kid ?? ''}`);
    return key;
  };
}

/**
 * Checks a push's bearer token as the sign-in checks Google ID tokens (social-providers.ts): the
 * signature against Google's keys, issuer, audience, age; and that the configured service account signed it.
 */
export function pubSubVerifier(auth: PubSubAuth) {
  const keyFor = googleKeys(auth.certsUrl);
  const provider = {
    id: 'google-pubsub',
    idToken: {
      jwks: (header: { kid?: string }) => keyFor(header.kid),
      issuer: ['https://accounts.google.com', 'accounts.google.com'],
      audience: auth.audience,
      algorithms: ['RS256'],
      verifyClaims: (claims: Record<string, unknown>) => claims.email === auth.serviceAccount && claims.email_verified === true,
    },
  };
  return (token: string) => verifyProviderIdToken(provider, token);
}

/** Wakes every mailbox watching the address; an address nobody watches is acknowledged all the same. */
export async function handleGmailPush(db: Db, body: z.infer<typeof pubSubPushSchema>) {
  const notification = notificationSchema.safeParse(decodeData(body.message.data));
  if (!notification.success) throw badRequest('The message data is not a Gmail notification');
  const channels = await repo.channelsNamed(db, 'gmail', notification.data.emailAddress.toLowerCase());
  await Promise.all(channels.map((c) => wakeMailbox(db, MAIL_PUSH_CHANNEL, c.mailAccountId)));
  return channels.length;
}

function decodeData(data: string): unknown {
  try {
    return JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
