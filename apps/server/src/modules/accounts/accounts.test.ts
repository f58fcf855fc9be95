import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeEntries, sessions, subscriptions, userProfiles, users } from '../../db/schema/index';
import { createTestApp, ORIGIN, type TestApp } from '../../../test/harness';

describe('account deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const del = (cookie: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/accounts/${id}`, headers: { cookie, ...ORIGIN } });

  it('deletes the account and every row the user owns', async () => {
    const user = await t.signUp();
    const headers = { cookie: user.cookie, ...ORIGIN };
    await t.app.inject({
      method: 'POST',
      url: '/api/user-profiles',
      headers,
      payload: { businessSector: 'retail', role: 'Owner' },
    });
    await t.app.inject({ method: 'POST', url: '/api/data', headers, payload: { title: 'a', text: 'b' } });

    const res = await del(user.cookie, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(userProfiles).where(eq(userProfiles.userId, user.id))).toEqual([]);
    expect(await db.select().from(knowledgeEntries).where(eq(knowledgeEntries.userId, user.id))).toEqual([]);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.ownerId, user.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: user.cookie } })).statusCode).toBe(401);
  });

  it("refuses to delete someone else's account", async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    expect((await del(bob.cookie, alice.id)).statusCode).toBe(403);
    expect(await t.database.db.select().from(users).where(eq(users.id, alice.id))).toHaveLength(1);
  });

  it('asks an owner with team members to remove them first', async () => {
    const owner = await t.signUp();
    const member = await t.signUp();
    await t.makeMember(owner, member);
    const res = await del(owner.cookie, owner.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'HAS_TEAM_MEMBERS', status: 409 });
  });
});
