import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieFrom, createTestApp, ORIGIN, type TestApp } from '../../../test/harness';

describe('the sessionId hand-off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const mint = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/users/handoff', headers: { cookie, ...ORIGIN } });
  const exchange = (uid: string) => t.app.inject({ method: 'POST', url: '/api/users/verify', headers: ORIGIN, payload: { uid } });

  it('exchanges a minted token once for a session', async () => {
    const { cookie, email } = await t.signUp();
    const minted = await mint(cookie);
    expect(minted.statusCode).toBe(200);
    const { token, expiresInSeconds } = minted.json<{ token: string; expiresInSeconds: number }>();
    expect(expiresInSeconds).toBe(60);

    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: cookieFrom(first.headers['set-cookie']) },
    });
    expect(session.json()).toMatchObject({ email });

    const second = await exchange(token);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'INVALID_LINK' });
  });

  it('refuses a bare user id and unknown tokens', async () => {
    const { id } = await t.signUp();
    expect((await exchange(id)).json()).toMatchObject({ status: 400, code: 'INVALID_LINK' });
    expect((await exchange('x'.repeat(32))).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/verify', headers: ORIGIN, payload: { uid: 42 } })).statusCode,
    ).toBe(400);
  });

  it('refuses a token older than 60 seconds', async () => {
    const { cookie } = await t.signUp();
    const { token } = (await mint(cookie)).json<{ token: string }>();
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      expect((await exchange(token)).statusCode).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });

  it('mints only for a signed-in session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users/handoff', headers: ORIGIN })).statusCode).toBe(401);
  });
});
