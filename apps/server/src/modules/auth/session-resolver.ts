import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromNodeHeaders } from 'better-auth/node';
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../db/client';
import type { Actor, ResolvedSession } from '../../access/actor';
import type { Auth } from './auth';
import { createSessionCache, type SessionCache } from './session-cache';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session-lifetime';

export const sessionCookieName = (production: boolean) => `${production ? '__Secure-' : ''}better-auth.session_token`;

type Row = {
  session_id: string;
  expires_at: Date | string;
  id: string;
  email: string;
  email_verified: boolean;
  referrer_id: string | null;
  has_ai_config: boolean;
  created_at: Date | string;
};

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The token of a `token.signature` cookie signed with HMAC-SHA256 (Better Auth's format), or null. */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export interface KnownSession {
  user: Actor;
  expiresAt: number;
}

/** The sessions this process keeps; the app closes it, and tells it what its own code changes. */
export function createKnownSessions(database: Database): SessionCache<KnownSession> {
  return createSessionCache<KnownSession>(database, {
    onError: (error) => console.warn(`sessions: not cached, no listener (${String(error)})`),
  });
}

/**
 * Resolves the session of a request. Better Auth's own getSession costs several milliseconds a call
 * (measured 3.5 ms against 0.4 ms for one indexed query), which dominated every API request; the
 * query's answer is then kept in this process while the database reports no change to the session
 * or its user (`session-cache.ts`), so most requests make no query for their session. Once a day per
 * session, when Better Auth would extend the session, the call goes through Better Auth so that the
 * database row and the cookie are refreshed together.
 */
export function makeSessionResolver(deps: {
  database: Database;
  sessions: SessionCache<KnownSession>;
  auth: Auth;
  secret: string;
  production: boolean;
}) {
  const name = sessionCookieName(deps.production);
  const cache = deps.sessions;

  /**
   * The session of a signed cookie value. Sessions are kept under the whole signed value, so a kept
   * one was verified when it was read and its signature is not computed again.
   */
  async function readSession(signed: string): Promise<KnownSession | null> {
    const known = cache.get(signed);
    if (known) return known;
    const token = verifiedToken(signed, deps.secret);
    if (!token) return null;
    const mark = cache.mark();
    const [row] = await deps.database.query<Row>(
      `SELECT s.id AS session_id, s.expires_at, u.id, u.email, u.email_verified, u.referrer_id, u.has_ai_config, u.created_at
         FROM session s JOIN "user" u ON u.id = s.user_id
        WHERE s.token = $1`,
      [token],
      'session_user',
    );
    if (!row) return null;
    const session: KnownSession = {
      expiresAt: new Date(row.expires_at).getTime(),
      // Frozen: every request of the session shares it while it is kept.
      user: Object.freeze({
        id: row.id,
        email: row.email,
        emailVerified: row.email_verified,
        referrerId: row.referrer_id,
        hasAiConfig: row.has_ai_config,
        createdAt: new Date(row.created_at),
      }),
    };
    cache.keep(mark, signed, { sessionId: row.session_id, userId: row.id, value: session });
    return session;
  }

  const resolveSession = async (headers: IncomingHttpHeaders): Promise<ResolvedSession | null> => {
    const signed = cookieValue(headers.cookie, name);
    const session = signed ? await readSession(signed) : null;
    if (!session || session.expiresAt <= Date.now()) return null;
    if (session.expiresAt - (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000 <= Date.now()) {
      return refreshThroughBetterAuth(deps.auth, headers);
    }
    return { user: session.user, setCookie: [] };
  };
  return resolveSession;
}

async function refreshThroughBetterAuth(auth: Auth, headers: IncomingHttpHeaders): Promise<ResolvedSession | null> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(headers), returnHeaders: true });
  if (!result.response) return null;
  const user = result.response.user as typeof result.response.user & { referrerId?: string | null; hasAiConfig?: boolean };
  return {
    user: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      referrerId: user.referrerId ?? null,
      hasAiConfig: user.hasAiConfig ?? true,
      createdAt: new Date(user.createdAt),
    },
    setCookie: result.headers.getSetCookie(),
  };
}
