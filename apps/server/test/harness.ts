import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { buildApp } from '../src/api';
import { createKnownSessions } from '../src/modules/auth/session-resolver';
import type { Mailer, SystemMail } from '../src/notifications/mailer';
import { adminUrl, databaseUrlFor } from './db-urls';

export const APP_URL = 'http://localhost:3000';
export const ORIGIN = { origin: APP_URL };

/** A database of its own for one test file: a clone of the migrated template. */
export async function openTestDatabase(): Promise<Database & { url?: string; dispose(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const pgTemplate = inject('pgTemplate');
  if (url && pgTemplate) {
    const name = `app_test_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ url: adminUrl(url), poolSize: 1 });
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const database = await openDatabase({ url: databaseUrlFor(url, name), poolSize: 5 });
    return Object.assign(database, {
      url: databaseUrlFor(url, name),
      async dispose() {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      },
    });
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'app-pglite-'));
  await cp(inject('pgliteTemplate')!, dir, { recursive: true });
  const database = await openDatabase({ pgliteDir: dir });
  return Object.assign(database, {
    async dispose() {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  });
}

/** A mailer that keeps what it sends, for reading links like a user would. */
export function memoryMailer(): Mailer & { sent: SystemMail[]; lastLinkTo(to: string): string } {
  const sent: SystemMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
    lastLinkTo(to) {
      const mail = sent.filter((m) => m.to === to).at(-1);
      const link = mail?.links?.[0];
      if (!link) throw new Error(`no mail with a link was sent to ${to}`);
      return link;
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_URL,
    DATA_DIR: os.tmpdir(),
    AUTH_SECRET: 'test-secret-test-secret-test-secret-42',
    ENCRYPTION_KEY: '0'.repeat(64),
    RATE_LIMIT_MULTIPLIER: '100',
    ...overrides,
  });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type TestUser = { email: string; password: string; cookie: string; id: string };

/** The HTTP app in-process against a real database of its own. */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    logger?: FastifyBaseLogger;
    webDist?: string;
    /** A channel whose notifications the app never hears (it is told it listens), as if they were lost. */
    deafTo?: string;
  } = {},
) {
  const database = await openTestDatabase();
  const served = opts.deafTo ? deafTo(database, opts.deafTo) : database;
  const mailer = memoryMailer();
  const sessions = createKnownSessions(served);
  const app = await buildApp({
    config: testConfig(opts.env),
    database: served,
    sessions,
    mailer,
    webDist: opts.webDist,
    ...(opts.logger && { logger: opts.logger }),
  });
  await app.ready();
  let counter = 0;

  /** Signs up through the API, follows the verification link and returns the session cookie. */
  async function signUp(email = `user${++counter}-${randomBytes(3).toString('hex')}@example.com`, password = 'Secret1!') {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      payload: { email, password, name: email },
    });
    if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    const link = new URL(mailer.lastLinkTo(email));
    const verified = await app.inject({ method: 'GET', url: link.pathname + link.search });
    const cookie = cookieFrom(verified.headers['set-cookie']);
    if (!cookie) throw new Error(`verification gave no session: ${verified.statusCode}`);
    const session = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    return { email, password, cookie, id: session.json<{ uid: string }>().uid };
  }

  /** A request as `user` (signed out when null) from our own origin. */
  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...ORIGIN, ...(user && { cookie: user.cookie }) }, ...(payload && { payload }) });

  /**
   * Changes a user in SQL, as another process would, and tells the app's session cache at once, as
   * the database's notification does a moment later (a test asking before it arrives would race it).
   */
  async function changeUser(userId: string, sql: string, params: unknown[]) {
    await database.query(sql, params);
    sessions.forgetUser(userId);
  }

  /** Makes `member` a member of `owner`'s team. */
  const makeMember = (owner: TestUser, member: TestUser) =>
    changeUser(member.id, 'UPDATE "user" SET referrer_id = $1 WHERE id = $2', [owner.id, member.id]);

  return {
    app,
    database,
    mailer,
    signUp,
    call,
    changeUser,
    makeMember,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

function deafTo(database: Database, deafChannel: string): Database {
  return {
    ...database,
    listen: (channel, onPayload, onConnection) =>
      database.listen(channel, channel === deafChannel ? () => undefined : onPayload, onConnection),
  };
}

/** The `name=value` pairs of Set-Cookie headers, ready for a Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((c) => c.split(';', 1)[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}
