import { FEEDBACK_PER_HOUR, type Feedback } from '@app/shared/feedback';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';

const SUPPORT = 'support@company.test';
const form = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'The inbox is great.\nThanks!' };

type Row = { user_id: string; name: string; email: string; message: string; mailed_at: Date | null };

describe('feedback', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
    alice = await t.signUp();
  });
  afterAll(() => t?.close());

  const rowsOf = (user: TestUser) =>
    t.database.query<Row>('SELECT user_id, name, email, message, mailed_at FROM feedback WHERE user_id = $1', [user.id]);

  it('stores the message under the signed-in user and mails it to the support address, escaped', async () => {
    const hostile = { ...form, name: '<b>Ada</b>\r\nBcc: x@evil.test', message: '<script>alert(1)</script>\nbye' };
    const res = await t.call(alice, 'POST', '/api/feedback', { ...hostile, userId: 'someone-else' });
    expect(res.statusCode).toBe(201);
    expect(res.json<Feedback>()).toMatchObject({ name: hostile.name, email: form.email, message: hostile.message });

    const [row] = await rowsOf(alice);
    expect(row).toMatchObject({ user_id: alice.id, name: hostile.name, message: hostile.message });
    expect(row!.mailed_at).not.toBeNull();

    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe(SUPPORT);
    expect(mail.subject).toBe('Feedback from <b>Ada</b> Bcc: x@evil.test');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>bye');
    expect(mail.html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(mail.html).not.toMatch(/<script>|<b>Ada/);
    expect(mail.html).toContain(alice.email);
    expect(mail.text).toContain('<script>alert(1)</script>');
  });

  it('answers 400 with the field message for missing, blank or malformed fields', async () => {
    const before = t.mailer.sent.length;
    for (const [payload, message] of [
      [{}, 'feedback.validation.required'],
      [{ ...form, name: '   ' }, 'feedback.validation.required'],
      [{ ...form, message: '' }, 'feedback.validation.required'],
      [{ ...form, email: '' }, 'feedback.validation.required'],
      [{ ...form, email: 'not-an-address' }, 'feedback.validation.invalidEmail'],
      [{ ...form, message: 'x'.repeat(5_001) }, 'feedback.validation.tooLong'],
      [{ ...form, name: 42 }, 'feedback.validation.required'],
    ] as const) {
      const res = await t.call(alice, 'POST', '/api/feedback', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 400, message });
    }
    expect(t.mailer.sent.length).toBe(before);
  });

  it('allows a few messages per user per hour, then answers 429 without storing or mailing', async () => {
    const bob = await t.signUp();
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++) {
      expect((await t.call(bob, 'POST', '/api/feedback', { ...form, message: `n°${i}` })).statusCode).toBe(201);
    }
    const sent = t.mailer.sent.length;
    const refused = await t.call(bob, 'POST', '/api/feedback', form);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, status: 429, code: 'FEEDBACK_RATE_LIMIT', limit: FEEDBACK_PER_HOUR });
    expect(await rowsOf(bob)).toHaveLength(FEEDBACK_PER_HOUR);
    expect(t.mailer.sent.length).toBe(sent);
    // The cap is per user: someone else still gets through.
    expect((await t.call(alice, 'POST', '/api/feedback', form)).statusCode).toBe(201);
  });

  it('answers 401 when signed out', async () => {
    const res = await t.call(null, 'POST', '/api/feedback', form);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, status: 401 });
  });
});

describe('feedback without a support address', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('stores the message and mails nothing', async () => {
    t = await createTestApp();
    const user = await t.signUp();
    const sent = t.mailer.sent.length;
    expect((await t.call(user, 'POST', '/api/feedback', form)).statusCode).toBe(201);
    expect(t.mailer.sent.length).toBe(sent);
    const rows = await t.database.query<Row>('SELECT mailed_at, message FROM feedback WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([expect.objectContaining({ mailed_at: null, message: form.message })]);
  });
});
