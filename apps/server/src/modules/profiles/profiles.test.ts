import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser as User } from '../../../test/harness';

const valid = { businessSector: 'consulting', role: 'Founder', phoneNumber: '+33 6 12 34 56', website: 'example.com' };

describe('user profiles', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(() => t.close());

  it('answers 404 before the profile exists, then creates it with the website normalised', async () => {
    expect((await t.call(alice, 'GET', '/api/user-profiles')).statusCode).toBe(404);
    const res = await t.call(alice, 'POST', '/api/user-profiles', {
      ...valid,
      userId: alice.id,
      email: alice.email,
      createdAt: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: alice.id,
      email: alice.email,
      role: 'Founder',
      website: 'https://www.example.com',
    });
    expect((await t.call(alice, 'GET', `/api/user-profiles?userId=${alice.id}`)).json()).toMatchObject({
      businessSector: 'consulting',
    });
    expect((await t.call(alice, 'POST', '/api/user-profiles', valid)).statusCode).toBe(409);
  });

  it('shows the profile in the session user', async () => {
    const session = (await t.call(alice, 'GET', '/api/session')).json();
    expect(session).toMatchObject({
      businessSector: 'consulting',
      role: 'Founder',
      website: 'https://www.example.com',
      profileId: expect.any(String),
    });
  });

  it('updates changed fields only', async () => {
    const { _id } = (await t.call(alice, 'GET', '/api/user-profiles')).json();
    const res = await t.call(alice, 'PUT', `/api/user-profiles/${_id}`, { website: 'shop.example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'Founder', website: 'https://shop.example.com' });
    const phone = await t.call(alice, 'PUT', `/api/user-profiles/${_id}`, { phoneNumber: '+33 6 12 34 56 78' });
    expect(phone.json()).toMatchObject({ website: 'https://shop.example.com', phoneNumber: '+33 6 12 34 56 78' });
    // A flag alone leaves every field as it was (the website and phone have defaults on creation only).
    const flag = await t.call(alice, 'PUT', `/api/user-profiles/${_id}`, { showGuide: true });
    expect(flag.json()).toMatchObject({ website: 'https://shop.example.com', phoneNumber: '+33 6 12 34 56 78' });
  });

  it('sets the help guide flag of the session user', async () => {
    const { _id } = (await t.call(alice, 'GET', '/api/user-profiles')).json();
    await t.call(alice, 'PUT', `/api/user-profiles/${_id}`, { showGuide: false });
    expect((await t.call(alice, 'GET', '/api/session')).json()).toMatchObject({ showGuide: false });
    const res = await t.call(alice, 'PUT', `/api/user-profiles/${_id}`, { showGuide: true });
    expect(res.json()).toMatchObject({ role: 'Founder' });
    expect((await t.call(alice, 'GET', '/api/session')).json()).toMatchObject({ showGuide: true });
    expect((await t.call(bob, 'PUT', `/api/user-profiles/${_id}`, { showGuide: false })).statusCode).toBe(404);
    expect((await t.call(alice, 'GET', '/api/session')).json()).toMatchObject({ showGuide: true });
  });

  it('records once and for all that the help guide was seen and the Getting started button closed, whatever the browser', async () => {
    const { _id } = (await t.call(alice, 'GET', '/api/user-profiles')).json();
    expect((await t.call(alice, 'GET', '/api/session')).json()).toMatchObject({ helpGuideSeen: false });
    expect((await t.call(alice, 'PUT', `/api/user-profiles/${_id}`, { helpGuideSeen: true })).statusCode).toBe(200);
    expect((await t.call(alice, 'GET', '/api/session')).json()).toMatchObject({ helpGuideSeen: true });
    // Seen cannot be taken back, and is a 400 with a message, not a 500.
    const back = await t.call(alice, 'PUT', `/api/user-profiles/${_id}`, { helpGuideSeen: false });
    expect(back.statusCode).toBe(400);
    expect((await t.call(alice, 'GET', '/api/session')).json()).toMatchObject({ helpGuideSeen: true });
    expect((await t.call(bob, 'GET', '/api/session')).json()).toMatchObject({ helpGuideSeen: false });

    expect((await t.call(alice, 'GET', '/api/session')).json()).toMatchObject({ gettingStartedClosed: false });
    expect((await t.call(alice, 'PUT', `/api/user-profiles/${_id}`, { gettingStartedClosed: true })).statusCode).toBe(200);
    expect((await t.call(alice, 'GET', '/api/session')).json()).toMatchObject({
      gettingStartedClosed: true,
      helpGuideSeen: true,
    });
  });

  it('keeps the language, time zone and daily digest switch of the digest (issue 36, item 4)', async () => {
    const { _id, ...before } = (await t.call(alice, 'GET', '/api/user-profiles')).json();
    // Never captured from a browser yet; the digest is on by default.
    expect(before).toMatchObject({ language: null, timeZone: null, dailyDigest: true });
    expect((await t.call(alice, 'GET', '/api/session')).json()).toMatchObject({ language: null, timeZone: null });
    const res = await t.call(alice, 'PUT', `/api/user-profiles/${_id}`, { language: 'fr', timeZone: 'europe/paris' });
    expect(res.json()).toMatchObject({ language: 'fr', timeZone: 'Europe/Paris', dailyDigest: true, role: 'Founder' });
    expect((await t.call(alice, 'GET', '/api/session')).json()).toMatchObject({ language: 'fr', timeZone: 'Europe/Paris' });
    expect((await t.call(alice, 'PUT', `/api/user-profiles/${_id}`, { dailyDigest: false })).json()).toMatchObject({
      dailyDigest: false,
      language: 'fr',
    });
    for (const [payload, message] of [
      [{ timeZone: 'Mars/Olympus_Mons' }, 'profile.timeZone.invalid'],
      [{ timeZone: '' }, 'profile.timeZone.invalid'],
      [{ language: 'de' }, 'profile.language.invalid'],
    ] as const) {
      const bad = await t.call(alice, 'PUT', `/api/user-profiles/${_id}`, payload);
      expect(bad.statusCode, message).toBe(400);
      expect(bad.json()).toMatchObject({ message });
    }
    expect((await t.call(alice, 'GET', '/api/user-profiles')).json()).toMatchObject({ timeZone: 'Europe/Paris', language: 'fr' });
  });

  it('takes the language and time zone the browser reports with a new profile', async () => {
    const carol = await t.signUp();
    const res = await t.call(carol, 'POST', '/api/user-profiles', { ...valid, language: 'en', timeZone: 'America/New_York' });
    expect(res.json()).toMatchObject({ language: 'en', timeZone: 'America/New_York', dailyDigest: true });
  });

  it("never shows or changes another user's profile", async () => {
    const { _id } = (await t.call(alice, 'GET', '/api/user-profiles')).json();
    expect((await t.call(bob, 'GET', `/api/user-profiles?userId=${alice.id}`)).statusCode).toBe(403);
    expect((await t.call(bob, 'PUT', `/api/user-profiles/${_id}`, { role: 'Hacker' })).statusCode).toBe(404);
    expect((await t.call(bob, 'POST', '/api/user-profiles', { ...valid, userId: alice.id })).statusCode).toBe(403);
    expect((await t.call(alice, 'GET', '/api/user-profiles')).json()).toMatchObject({ role: 'Founder' });
  });

  it('reads an empty userId as the caller, like every other route that takes one (ADR 0156)', async () => {
    const res = await t.call(alice, 'GET', '/api/user-profiles?userId=');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userId: alice.id, role: 'Founder' });
  });

  it('validates every field with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ ...valid, businessSector: '' }, 'profile.fieldRequired'],
      [{ ...valid, role: 'ab' }, 'profile.role.tooShort'],
      [{ ...valid, phoneNumber: '12345' }, 'profile.phone.tooShort'],
      [{ ...valid, phoneNumber: '1234567890123456' }, 'profile.phone.tooLong'],
      [{ ...valid, phoneNumber: '12ab5678' }, 'profile.phone.invalid'],
      [{ ...valid, website: 'ftp://example.com' }, 'profile.url.error'],
      [{ ...valid, website: 'not a url' }, 'profile.url.error'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.call(bob, 'POST', '/api/user-profiles', payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
    }
    expect((await t.call(bob, 'POST', '/api/user-profiles', { ...valid, role: 7 })).statusCode).toBe(400);
    expect((await t.call(bob, 'PUT', '/api/user-profiles/not-an-id', { role: 'Owner' })).statusCode).toBe(404);
  });

  it('lists business sectors in the asked language', async () => {
    const en = (await t.call(null, 'GET', '/api/enterprise-categories?lang=en')).json();
    const fr = (await t.call(null, 'GET', '/api/enterprise-categories?lang=fr')).json();
    expect(en[0]).toMatchObject({
      group: 'Services',
      options: expect.arrayContaining([{ value: 'legal', label: 'Legal services' }]),
    });
    expect(fr[0]).toMatchObject({
      group: 'Services',
      options: expect.arrayContaining([{ value: 'legal', label: 'Services juridiques' }]),
    });
    expect((await t.call(null, 'GET', '/api/enterprise-categories?lang=xx')).statusCode).toBe(200);
  });
});
