import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, ORIGIN, type TestApp } from '../harness';

/**
 * Issue 9, security audit: the headers every answer carries (a CSP that allows no inline script,
 * no framing, nosniff, a referrer policy), the session cookie's flags in production, and sessions
 * that cannot be fixed in advance or outlive a sign-out.
 */
describe('security headers, cookie flags and session handling', () => {
  let t: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    [t, production] = await Promise.all([createTestApp(), createTestApp({ env: { NODE_ENV: 'production' } })]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), production?.close()]);
  });

  const directives = (csp: string) =>
    new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name!, values]),
    );

  it('sends a CSP without inline script, no framing, nosniff and a referrer policy on API answers and errors', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('adds HSTS in production only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const hsts = (await production.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security'];
    expect(String(hsts)).toMatch(/max-age=\d{7,}/);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Secure and __Secure- prefixed in production', async () => {
    const user = await production.signUp();
    const res = await production.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    const setCookies = [res.headers['set-cookie']].flat().map(String);
    const session = setCookies.find((c) => c.startsWith('__Secure-better-auth.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
  });

  it('issues a new session at sign-in whatever cookie came with it, and a signed-out session is dead', async () => {
    const user = await t.signUp();
    // A session token planted in the browser beforehand (fixation) is not adopted.
    const planted = 'better-auth.session_token=planted-token.c2lnbmF0dXJl';
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...ORIGIN, cookie: planted },
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieFrom(signIn.headers['set-cookie']);
    expect(cookie).toMatch(/^better-auth\.session_token=/);
    expect(cookie).not.toContain('planted-token');
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: planted } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    // The session from the sign-up is another one: two sessions, two tokens.
    expect(cookie).not.toBe(user.cookie);

    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...ORIGIN, cookie } });
    expect(signOut.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it('refuses a state change from another origin, and one in a form encoding, before it reaches the route', async () => {
    const user = await t.signUp();
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/data',
      headers: { origin: 'https://evil.example', cookie: user.cookie },
      payload: { title: 'Planted', text: 'by another site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/data',
      headers: { ...ORIGIN, cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=Planted&text=by+a+form',
    });
    expect(form.statusCode).toBe(415);
    const listed = await t.call(user, 'GET', '/api/data');
    expect(listed.body).not.toContain('Planted');
  });
});
