import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from '../../../test/harness';
import { notifyMail } from '../../notifications/live-events';

/** Live events: NOTIFY from any process reaches the user's open stream, and only theirs. */
describe('GET /api/email-settings/events (Server-Sent Events over LISTEN/NOTIFY)', () => {
  let t: TestApp;
  let base = '';

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  async function open(cookie: string) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/email-settings/events`, { headers: { cookie, ...ORIGIN }, signal: controller.signal });
    const reader = res.body!.getReader();
    let buffer = '';
    const next = async (wanted: string) => {
      while (!buffer.includes(wanted)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += new TextDecoder().decode(value);
      }
      const found = buffer;
      buffer = '';
      return found;
    };
    return { res, next, close: () => controller.abort() };
  }

  it('streams the signed-in user\u2019s events and nobody else\u2019s', async () => {
    const [ann, bob] = [await t.signUp(), await t.signUp()];
    const stream = await open(ann.cookie);
    try {
      expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
      expect(await stream.next('retry:')).toContain('retry: 5000');
      await notifyMail(t.database.db, { userId: bob.id, kind: 'activity' });
      await notifyMail(t.database.db, { userId: ann.id, kind: 'setting' });
      const received = await stream.next('event: setting');
      expect(received).not.toContain('activity');
    } finally {
      stream.close();
    }
  });

  it('leaves a stream open: closing the server ends it instead of waiting (checked by afterAll)', async () => {
    const stream = await open((await t.signUp()).cookie);
    expect(await stream.next('retry:')).toContain('retry: 5000');
  });

  it('refuses a signed-out caller', async () => {
    const res = await fetch(`${base}/api/email-settings/events`, { headers: ORIGIN });
    expect(res.status).toBe(401);
  });
});
