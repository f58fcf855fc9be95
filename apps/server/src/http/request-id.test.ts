import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memoryMailer, testConfig, type TestApp } from '../../test/harness';
import { buildApp } from '../api';

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('gives every answer an id, keeps a sane incoming one and replaces a malformed one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.trace_01' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.trace_01');

    for (const malformed of ['has space', 'quote"', 'new\\nline', 'x'.repeat(129), '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': malformed } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id'], malformed).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is on error answers too, which keep their shape', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'req-404' } });
    expect(notFound.headers['x-request-id']).toBe('req-404');
    expect(notFound.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Resource not found', status: 404 });

    const unauthorized = await t.call(null, 'GET', '/api/mailbox/messages/42');
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(unauthorized.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', status: 401 });

    // Refused by the CSRF guard, the first onRequest hook after the id's.
    const csrf = await t.app.inject({
      method: 'POST',
      url: '/api/data',
      headers: { origin: 'https://evil.test', 'x-request-id': 'req-csrf' },
    });
    expect(csrf.statusCode).toBe(403);
    expect(csrf.headers['x-request-id']).toBe('req-csrf');
  });

  it('is in every log line of the request', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = await buildApp({
      config: testConfig(),
      database: t.database,
      mailer: memoryMailer(),
      logger: pino({ level: 'info' }, sink),
    });
    try {
      await app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'log-me-1' } });
      const ofRequest = lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
      expect(ofRequest).toHaveLength(2);
      for (const line of ofRequest) expect(line.reqId).toBe('log-me-1');
    } finally {
      await app.close();
    }
  });
});
