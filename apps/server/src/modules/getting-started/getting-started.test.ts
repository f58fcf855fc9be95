import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('GET /api/getting-started', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says what the caller has set up, from the database, and only for the caller', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const progress = async (user: typeof owner) => (await t.call(user, 'GET', '/api/getting-started')).json<unknown>();
    expect(await progress(owner)).toEqual({ mailbox: false, categories: false, knowledge: false, firstDraft: false });

    expect((await t.call(owner, 'POST', '/api/data', { title: 'Opening hours', text: 'We open at 9.' })).statusCode).toBeLessThan(
      300,
    );
    expect(await progress(owner)).toMatchObject({ knowledge: true, mailbox: false });
    expect(await progress(other)).toEqual({ mailbox: false, categories: false, knowledge: false, firstDraft: false });
  });

  it('is for signed-in users only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/getting-started' })).statusCode).toBe(401);
  });
});
