import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema/index';
import { cookieFrom, createTestApp, ORIGIN, type TestApp } from '../../../test/harness';
import { slowdownFor } from './sign-in-limits';

const post = (t: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...ORIGIN, ...headers }, payload });

describe('sign-up, verification and sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates an unverified account with the referral lower-cased and sends the verification mail', async () => {
    const res = await post(t, '/api/auth/sign-up/email', {
      email: 'Owner@Example.com',
      password: 'Secret1!',
      name: 'o',
      referral: 'PartnerX',
    });
    expect(res.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    expect(user).toMatchObject({ referral: 'partnerx', emailVerified: false, referrerId: null });
    expect(t.mailer.lastLinkTo('owner@example.com')).toMatch(/\/api\/auth\/verify-email\?token=/);
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.ownerId, user!.id));
    expect(subscription).toMatchObject({ plan: 'biz', status: 'active' });
  });

  it('refuses a sign-in before verification with the unverified message', async () => {
    const res = await post(t, '/api/auth/sign-in/email', { email: 'owner@example.com', password: 'Secret1!' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('answers an unknown e-mail and a wrong password the same way', async () => {
    const { email } = await t.signUp();
    const wrong = await post(t, '/api/auth/sign-in/email', { email, password: 'Wrong1!x' });
    const unknown = await post(t, '/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'Wrong1!x' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
  });

  it('never puts the session token in a JSON body: sign-in, get-session, list-sessions', async () => {
    const { email, password } = await t.signUp();
    const res = await post(t, '/api/auth/sign-in/email', { email, password });
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res.headers['set-cookie']);
    const token = decodeURIComponent(/session_token=([^;.]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '');
    expect(token.length).toBeGreaterThan(10);
    expect(res.json()).toMatchObject({ user: { email } });
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    const sessions = await t.app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers: { cookie } });
    expect(session.json()).toMatchObject({ session: { userId: expect.any(String) }, user: { email } });
    expect(sessions.json<unknown[]>().length).toBeGreaterThan(0);
    for (const body of [res.body, session.body, sessions.body]) {
      expect(body).not.toContain(token);
      expect(body).not.toContain('"token"');
    }
  });

  it('signs in after verification and assembles the session user', async () => {
    const { email, password } = await t.signUp();
    const res = await post(t, '/api/auth/sign-in/email', { email, password });
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res.headers['set-cookie']);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(res.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      email,
      emailVerified: true,
      billable: false,
      plan: 'biz',
      subscriptionStatus: 'active',
      subscriptionBillingCycle: 'monthly',
      referrerId: null,
      metadata: { hasAiConfig: true },
      profileId: null,
      businessSector: null,
      settings: null,
      providers: ['credential'],
    });
  });

  it('checks the password rules on the server too', async () => {
    for (const password of ['short', 'alllowercase1!', 'NoDigits!!', 'NoSpecial12']) {
      const res = await post(t, '/api/auth/sign-up/email', { email: 'weak@example.com', password, name: 'w' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.stringMatching(/PASSWORD/) });
    }
  });

  it('does not reveal that an address already has an account', async () => {
    const { email } = await t.signUp();
    const again = await post(t, '/api/auth/sign-up/email', { email, password: 'Other1!x', name: 'x' });
    expect(again.statusCode).toBe(200);
  });

  it('answers /api/session with 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'UNAUTHORIZED', message: 'Authentication required', status: 401 });
  });

  it('tells which social providers are configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-config' });
    expect(res.json()).toEqual({
      google: false,
      microsoft: false,
      billing: false,
      mailbox: true,
      tutorialVideos: {},
      addins: { outlook: null, gmail: null },
    });
  });
});

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends a reset link that sets a new password, and answers unknown addresses the same', async () => {
    const { email } = await t.signUp();
    const known = await post(t, '/api/auth/request-password-reset', { email, redirectTo: '/password-reset' });
    const unknown = await post(t, '/api/auth/request-password-reset', {
      email: 'ghost@example.com',
      redirectTo: '/password-reset',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(t.mailer.sent.some((m) => m.to === 'ghost@example.com')).toBe(false);

    const link = new URL(t.mailer.lastLinkTo(email));
    const landing = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(landing.statusCode).toBe(302);
    const token = new URL(landing.headers.location as string, 'http://x').searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await post(t, '/api/auth/reset-password', { token, newPassword: 'Changed2@' });
    expect(reset.statusCode).toBe(200);
    const signIn = await post(t, '/api/auth/sign-in/email', { email, password: 'Changed2@' });
    expect(signIn.statusCode).toBe(200);
    const reused = await post(t, '/api/auth/reset-password', { token, newPassword: 'Again3#x' });
    expect(reused.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' } });
  });
  afterAll(() => t.close());

  it('answers repeated sign-in attempts with 429 in the error shape', async () => {
    const attempt = () => post(t, '/api/auth/sign-in/email', { email: 'x@example.com', password: 'Wrong1!x' });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    await attempt();
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      code: 'RATE_LIMIT',
      message: 'Too many requests, please try again later',
      status: 429,
    });
  });

  it('limits an account per address: another account from the same address, or this one from elsewhere, still signs in', async () => {
    const { email, password } = await t.signUp();
    const from = (remoteAddress: string, pass: string, who = email) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: ORIGIN,
        payload: { email: who, password: pass },
        remoteAddress,
      });
    for (let i = 0; i < 10; i++) expect((await from('198.51.100.20', 'Wrong1!x')).statusCode).toBe(401);
    expect((await from('198.51.100.20', password)).statusCode).toBe(429);
    // A colleague behind the same address is not locked out by it.
    const colleague = await t.signUp();
    expect((await from('198.51.100.20', colleague.password, colleague.email)).statusCode).toBe(200);
    // Nor is the account's owner, from their own address.
    expect((await from('192.0.2.44', password)).statusCode).toBe(200);
  });

  it('only slows an account down when it is tried from many addresses', async () => {
    const { email, password } = await t.signUp();
    // Past the account's 20 attempts in 15 minutes: slower, never refused.
    for (let i = 1; i <= 23; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: ORIGIN,
        payload: { email, password: 'Wrong1!x' },
        remoteAddress: `203.0.113.${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      payload: { email, password },
      remoteAddress: '203.0.113.99',
    });
    expect(owner.statusCode).toBe(200);
    expect(slowdownFor(20, 20, 250)).toBe(0);
    expect(slowdownFor(21, 20, 250)).toBe(250);
    expect(slowdownFor(1000, 20, 250)).toBe(5_000);
  });

  it('keys the limit on the connection address, not on a header the client sends', async () => {
    const res = await post(
      t,
      '/api/auth/sign-in/email',
      { email: 'x@example.com', password: 'Wrong1!x' },
      {
        'x-forwarded-for': '203.0.113.9',
        'x-app-client-ip': '203.0.113.10',
      },
    );
    expect(res.statusCode).toBe(429);
  });
});
