import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

describe('health and fallbacks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers status, database kind and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Resource not found', status: 404 });
  });

  it('refuses invalid JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', status: 400 });
  });
});

describe('OpenAPI', () => {
  it('describes the API at /api/docs', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/data', '/api/data/{context}', '/api/user-profiles', '/api/health']));
    } finally {
      await t.close();
    }
  });
});
