import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { createTestApp, ORIGIN, testConfig, type TestApp, type TestUser } from '../../../test/harness';
import { addMember } from '../../../test/security/access-fixtures';
import type { Auth } from './auth';
import { SESSION_CHANGED_CHANNEL } from './session-cache';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session-lifetime';
import { createKnownSessions, makeSessionResolver } from './session-resolver';

describe('session resolution', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });

  it('refuses a cookie whose signature does not match', async () => {
    const { cookie } = await t.signUp();
    const [name, value] = cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf('.'));
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 1).toString('base64')}`)}`;
    expect((await session(cookie)).statusCode).toBe(200); // the session is kept: a kept one is no shortcut for a forgery
    expect((await session(forged)).statusCode).toBe(401);
    expect((await session(`${name}=${encodeURIComponent(token)}`)).statusCode).toBe(401);
    expect((await session(`${name}=%E0%A4%A`)).statusCode).toBe(401);
    expect((await session(cookie)).statusCode).toBe(200);
  });

  it('refuses an expired session', async () => {
    const { cookie, id } = await t.signUp();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, id));
    // The process hears of the change (NOTIFY) a moment after it is committed.
    await vi.waitFor(async () => expect((await session(cookie)).statusCode).toBe(401), { timeout: 1000 });
  });

  it('extends a session older than a day through Better Auth and refreshes the cookie', async () => {
    const { cookie, id } = await t.signUp();
    const ageMs = (SESSION_UPDATE_AGE_SECONDS + 60) * 1000;
    const oldExpiry = new Date(Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000 - ageMs);
    await t.database.db.update(sessions).set({ expiresAt: oldExpiry }).where(eq(sessions.userId, id));
    await vi.waitFor(
      async () => {
        const res = await session(cookie);
        expect(res.statusCode).toBe(200);
        expect(String(res.headers['set-cookie'])).toMatch(/session_token=/);
      },
      { timeout: 1000 },
    );
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(oldExpiry.getTime());
  });
});

describe('sessions kept in the process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A resolver of its own (as another request handler would have) that counts its queries. */
  async function resolverOn(database: Database) {
    const reads = vi.fn((text: string, params?: unknown[], name?: string) => database.query(text, params, name));
    const sessions = createKnownSessions(database);
    const resolve = makeSessionResolver({
      database: { ...database, query: reads as Database['query'] },
      sessions,
      auth: {} as Auth, // not reached: the sessions here are fresh, none is due for Better Auth's refresh
      secret: testConfig().authSecret,
      production: false,
    });
    await vi.waitFor(async () => {
      // Its listener is connected once a session read is kept.
      const { cookie } = await t.signUp();
      await resolve({ cookie });
      reads.mockClear();
      await resolve({ cookie });
      expect(reads).not.toHaveBeenCalled();
    });
    return { resolve, reads, close: () => sessions.close() };
  }

  it('reads a session once, then again only after it or its user changed', async () => {
    const r = await resolverOn(t.database);
    const { cookie, id } = await t.signUp();
    expect((await r.resolve({ cookie }))?.user).toMatchObject({ id, emailVerified: true });
    expect((await r.resolve({ cookie }))?.user.id).toBe(id);
    expect(r.reads).toHaveBeenCalledTimes(1);

    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, id));
    await vi.waitFor(async () => expect((await r.resolve({ cookie }))?.user.emailVerified).toBe(false));
    await t.database.db.delete(sessions).where(eq(sessions.userId, id));
    await vi.waitFor(async () => expect(await r.resolve({ cookie })).toBeNull());
    await r.close();
  });

  it('a session signed out is refused on the next request', async () => {
    const { cookie } = await t.signUp();
    const session = () => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect((await session()).statusCode).toBe(200);
    expect((await session()).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...ORIGIN, cookie } });
    expect(out.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await session()).statusCode).toBe(401), { timeout: 1000 });
  });

  it.runIf(process.env.DATABASE_URL)('another process hears a sign-out, and hears again after its listener was cut', async () => {
    const other = await openDatabase({ url: t.database.url!, poolSize: 2 });
    const r = await resolverOn(other);
    const { cookie } = await t.signUp();
    await r.resolve({ cookie });
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...ORIGIN, cookie } });
    await vi.waitFor(async () => expect(await r.resolve({ cookie })).toBeNull(), { timeout: 1000 });

    // The database ends the listeners' connections: the resolvers reconnect (after a second) and listen again.
    const listeners = `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "session_changed"'`;
    const before = (await t.database.query<{ pid: number }>(listeners)).map((row) => row.pid);
    expect(before.length).toBeGreaterThanOrEqual(2);
    await t.database.query(`SELECT pg_terminate_backend(pid) FROM (${listeners}) AS l`);
    await vi.waitFor(
      async () => {
        const now = (await t.database.query<{ pid: number }>(listeners)).map((row) => row.pid);
        expect(now.filter((pid) => !before.includes(pid)).length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 5000, interval: 100 },
    );
    const again = await t.signUp();
    await vi.waitFor(async () => {
      r.reads.mockClear();
      await r.resolve({ cookie: again.cookie });
      await r.resolve({ cookie: again.cookie });
      expect(r.reads.mock.calls.length).toBeLessThanOrEqual(1);
    });
    await t.database.db.delete(sessions).where(eq(sessions.userId, again.id));
    await vi.waitFor(async () => expect(await r.resolve({ cookie: again.cookie })).toBeNull(), { timeout: 1000 });
    await r.close();
    await other.close();
  });
});

/**
 * The app here never hears the database's notifications on sessions, so its sessions stay cached
 * until its own code says they changed: what it sees at once, it was told by the code that changed it.
 */
describe("this process's own changes to sessions and users", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deafTo: SESSION_CHANGED_CHANNEL });
  });
  afterAll(() => t.close());

  const session = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: user.cookie } });

  it('serves a session another process deleted: the control that sessions are cached here', async () => {
    const user = await t.signUp();
    expect((await session(user)).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await session(user)).statusCode).toBe(200);
  });

  it('refuses a session on the next request once it signed out', async () => {
    const user = await t.signUp();
    expect((await session(user)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...ORIGIN, cookie: user.cookie } });
    expect(out.statusCode).toBe(200);
    expect((await session(user)).statusCode).toBe(401);
  });

  it('refuses a deleted account on the next request', async () => {
    const user = await t.signUp();
    expect((await session(user)).statusCode).toBe(200);
    expect((await t.call(user, 'DELETE', `/api/accounts/${user.id}`)).statusCode).toBe(200);
    expect((await session(user)).statusCode).toBe(401);
  });

  it("shows the owner's change of a member on the member's next request, and refuses a removed member", async () => {
    const owner = await t.signUp();
    const member = await addMember(t, owner, true);
    expect((await session(member)).json()).toMatchObject({ referrerId: owner.id, metadata: { hasAiConfig: true } });
    const edit = { firstName: 'Team', lastName: 'Member', connectionMethod: 'email/password', metadata: { hasAiConfig: false } };
    expect((await t.call(owner, 'PUT', `/api/invitations/${member.id}`, edit)).statusCode).toBe(200);
    expect((await session(member)).json()).toMatchObject({ metadata: { hasAiConfig: false } });
    expect((await t.call(owner, 'DELETE', '/api/invitations', { memberId: member.id })).statusCode).toBe(200);
    expect((await session(member)).statusCode).toBe(401);
  });
});
