import type { Database } from '../../apps/server/src/db/client';
import type { Server } from './server';

export interface BenchUser {
  email: string;
  /** The session cookie set by sign-in. */
  cookie: string;
}

export const BENCH_PASSWORD = 'Bench-Passw0rd!';

/** Runs `work` over `items` with at most `limit` calls under way. */
export async function forEachLimit<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Accounts through the real auth API: each email signs up; the addresses are then marked verified in
 * the database (following hundreds of verification links from the outbox would only measure the
 * outbox); then each signs in through the API, timed, and keeps its session cookie.
 * The auth routes are rate-limited per IP: the server must be started with RATE_LIMIT_MULTIPLIER raised.
 */
export async function createUsers(server: Server, database: Database, emails: string[], concurrency: number) {
  await forEachLimit(emails, concurrency, (email) => signUp(server, email));
  await database.query('UPDATE "user" SET email_verified = true WHERE email = ANY($1)', [emails]);
  /** In the order of `emails`. */
  const users: BenchUser[] = [];
  const signInMs: number[] = [];
  const started = performance.now();
  await forEachLimit(emails, concurrency, async (email, index) => {
    const start = performance.now();
    users[index] = { email, cookie: await signIn(server, email) };
    signInMs.push(performance.now() - start);
  });
  return { users, signInMs, signInSeconds: (performance.now() - started) / 1000 };
}

async function signUp(server: Server, email: string) {
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, name: email.split('@')[0] }),
  });
  if (!res.ok) throw new Error(`sign-up of ${email}: ${res.status} ${await res.text()}`);
}

async function signIn(server: Server, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
  if (!cookie) throw new Error(`sign-in of ${email} set no session cookie`);
  return cookie;
}

/** A JSON call as the signed-in user; throws on any answer but `expected`. */
export async function callAs(server: Server, user: BenchUser, method: string, url: string, body: unknown, expected = 200) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { cookie: user.cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== expected) throw new Error(`${method} ${url} as ${user.email}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Connects the user's Dovecot mailbox (SMTP on the test server) through the settings API. */
export async function connectMailbox(
  server: Server,
  user: BenchUser,
  ports: { imap: number; smtp: number },
  mailbox: { user: string; pass: string },
  sync: boolean,
): Promise<string> {
  const setting = await callAs(
    server,
    user,
    'POST',
    '/api/email-settings',
    {
      provider: 'smtp',
      responseType: 0,
      isSyncEnabled: sync,
      // The worker holds only mailboxes the assistant works on (pipeline.repository.ts accountsToHold):
      // with sync on, classification is on too (no categories: nothing is filed).
      isClassificationEnabled: sync,
      settings: {
        host: 'localhost',
        port: ports.smtp,
        user: mailbox.user,
        pass: mailbox.pass,
        imapHost: 'localhost',
        imapPort: ports.imap,
      },
    },
    201,
  );
  return String(setting._id);
}
