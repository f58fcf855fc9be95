import type { Prompt } from '@app/shared/prompts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';

const sections = {
  section1: 'Tone: friendly',
  section2: 'Context',
  section3: 'Sign as Anna',
  section4: '',
  section5: '',
  section6: 'At most 10 paragraphs',
};

describe('user prompts', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob] = [await t.signUp(), await t.signUp()];
  });
  afterAll(() => t?.close());

  it('creates, lists and patches the caller’s prompt', async () => {
    expect((await t.call(alice, 'GET', '/api/user-prompts')).json()).toEqual([]);
    const created = await t.call(alice, 'POST', '/api/user-prompts', {
      userId: alice.id,
      enabled: true,
      useContext: false,
      ...sections,
    });
    expect(created.statusCode).toBe(201);
    const prompt = created.json<Prompt>();
    expect(prompt).toMatchObject({ userId: alice.id, enabled: true, section2: 'Context', section6: 'At most 10 paragraphs' });
    expect((await t.call(alice, 'POST', '/api/user-prompts', { enabled: true, useContext: false, ...sections })).statusCode).toBe(
      409,
    );

    const off = await t.call(alice, 'PATCH', `/api/user-prompts/${prompt._id}`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, section1: 'Tone: friendly' });
    const context = await t.call(alice, 'PATCH', `/api/user-prompts/${prompt._id}`, { useContext: true, section2: 'ignored' });
    expect(context.json()).toMatchObject({ useContext: true, section2: null });
    expect((await t.call(alice, 'GET', `/api/user-prompts?userId=${alice.id}`)).json()).toMatchObject([
      { _id: prompt._id, useContext: true },
    ]);
  });

  it('validates types and sizes', async () => {
    for (const [payload, message] of [
      [{ enabled: 'yes', useContext: false, ...sections }, 'prompts.validation.boolean'],
      [{ enabled: true, useContext: false, ...sections, section3: 42 }, 'prompts.validation.sectionText'],
      [{ enabled: true, useContext: false, ...sections, section1: 'x'.repeat(10_001) }, 'prompts.validation.sectionTooLong'],
    ] as const) {
      expect((await t.call(bob, 'POST', '/api/user-prompts', payload)).json()).toMatchObject({ status: 400, message });
    }
    const { section2: _omitted, ...withoutSection2 } = sections;
    expect(
      (await t.call(bob, 'POST', '/api/user-prompts', { enabled: false, useContext: false, ...withoutSection2 })).json(),
    ).toMatchObject({
      section2: null,
    });
  });

  it("keeps each user's prompt to themselves", async () => {
    const [alicePrompt] = (await t.call(alice, 'GET', '/api/user-prompts')).json<Prompt[]>();
    expect((await t.call(bob, 'GET', `/api/user-prompts?userId=${alice.id}`)).statusCode).toBe(403);
    expect((await t.call(bob, 'PATCH', `/api/user-prompts/${alicePrompt!._id}`, { enabled: true })).statusCode).toBe(404);
    expect(
      (await t.call(bob, 'POST', '/api/user-prompts', { userId: alice.id, enabled: true, useContext: false, ...sections }))
        .statusCode,
    ).toBe(403);
    expect((await t.call(alice, 'GET', '/api/user-prompts')).json()).toMatchObject([{ enabled: false }]);
    for (const [method, url] of [
      ['GET', '/api/user-prompts'],
      ['POST', '/api/user-prompts'],
      ['PATCH', '/api/user-prompts/x'],
    ] as const) {
      expect((await t.call(null, method, url, method === 'GET' ? undefined : {})).statusCode).toBe(401);
    }
  });
});
