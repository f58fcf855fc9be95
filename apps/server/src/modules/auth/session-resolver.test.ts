import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/harness';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session-resolver';

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
    expect((await session(forged)).statusCode).toBe(401);
    expect((await session(`${name}=${encodeURIComponent(token)}`)).statusCode).toBe(401);
    expect((await session(`${name}=%E0%A4%A`)).statusCode).toBe(401);
    expect((await session(cookie)).statusCode).toBe(200);
  });

  it('refuses an expired session', async () => {
    const { cookie, id } = await t.signUp();
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, id));
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('extends a session older than a day through Better Auth and refreshes the cookie', async () => {
    const { cookie, id } = await t.signUp();
    const ageMs = (SESSION_UPDATE_AGE_SECONDS + 60) * 1000;
    const oldExpiry = new Date(Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000 - ageMs);
    await t.database.db.update(sessions).set({ expiresAt: oldExpiry }).where(eq(sessions.userId, id));
    const res = await session(cookie);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=/);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(oldExpiry.getTime());
  });
});
