import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('cross-site request protection', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.signUp());
  });
  afterAll(() => t.close());

  it('refuses a mutation from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { title: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('refuses form-encoded bodies that a foreign page could post', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: '{"title":"x"}',
    });
    expect(res.statusCode).toBe(415);
  });

  it('lets same-origin JSON through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { title: 'x' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a foreign origin on the auth routes too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', cookie },
      payload: { email: 'a@example.com', password: 'Secret1!' },
    });
    expect(res.statusCode).toBe(403);
  });
});
