import { knowledgeItemSchema } from '@app/shared/knowledge';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp, type TestUser } from '../harness';

/**
 * Issue 9, security audit: the public inputs fed with generated values (fast-check) — the auth
 * forms, the knowledge form, category rules, compose, the bulk invitation upload (the CSV is read
 * in the browser and arrives as this JSON), the mailbox and sign-in OAuth callbacks. Whatever comes,
 * the answer is never a 5xx, and what is stored is valid.
 */
describe('fuzzing the public inputs', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signUp();
  });
  afterAll(() => t?.close());

  const RUNS = 40;

  /** Any JSON value, and objects shaped like the expected ones with any values in their fields. */
  const json = fc.jsonValue({ maxDepth: 3 });
  const textish = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: 'grapheme', maxLength: 300 }),
    fc.constantFrom('', ' ', '\u0000', '<script>alert(1)</script>', '\u202e\u200b', 'a'.repeat(200_000), '../../etc/passwd'),
    json,
  );
  const shaped = (keys: string[]) => fc.record(Object.fromEntries(keys.map((k) => [k, textish])), { requiredKeys: [] });

  async function send(user: TestUser | null, method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown) {
    return t.app.inject({
      method,
      url,
      headers: {
        ...ORIGIN,
        ...(user && { cookie: user.cookie }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
  }

  const neverFails = async (method: 'POST' | 'PUT', url: string, user: TestUser | null, bodies: fc.Arbitrary<unknown>) =>
    fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const res = await send(user, method, url, body);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 200)} → ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );

  it('refuses a NUL character (which PostgreSQL text cannot hold) with 400, in a body, a path or a query', async () => {
    // Found by the knowledge property below: `{"title":"\u0000"}` answered 500.
    for (const res of [
      await send(owner, 'POST', '/api/data', { title: 'a\u0000b', text: 'x' }),
      await send(owner, 'POST', '/api/data', { nested: { ['k\u0000']: 1 } }),
      await send(owner, 'GET', '/api/data?search=%00'),
      await send(owner, 'GET', '/api/data/abc%00def'),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'errors.nulCharacter' });
    }
  });

  it('the sign-up and sign-in forms', async () => {
    const fields = shaped(['email', 'password', 'name', 'referrerId', 'callbackURL']);
    await neverFails('POST', '/api/auth/sign-up/email', null, fc.oneof(json, fields));
    await neverFails('POST', '/api/auth/sign-in/email', null, fc.oneof(json, shaped(['email', 'password', 'rememberMe'])));
    await neverFails('POST', '/api/auth/request-password-reset', null, fc.oneof(json, shaped(['email', 'redirectTo'])));
  });

  it('the knowledge form: never a 5xx, and every entry stored reads back valid', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(json, shaped(['title', 'text'])), async (body) => {
        const res = await send(owner, 'POST', '/api/data', body);
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode < 300) {
          const [, { context }] = res.json<[string, { context: string }]>();
          const stored = await send(owner, 'GET', `/api/data/${encodeURIComponent(context)}`);
          expect(knowledgeItemSchema.safeParse(stored.json()).success, stored.body).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
    const rows = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM knowledge_entry WHERE length(title) = 0 OR length(title) > 500 OR length(text) > 100000',
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('category rules, compose, bulk invitations and profiles', async () => {
    const rule = fc.record({
      operator: textish,
      values: fc.oneof(fc.array(textish, { maxLength: 12 }), textish),
    });
    const category = fc.record(
      {
        classifierType: fc.oneof(fc.constantFrom('ai', 'rules'), textish),
        name: textish,
        instruction: textish,
        action: textish,
        forwardingEmails: fc.oneof(fc.array(textish, { maxLength: 60 }), textish),
        rules: fc.oneof(fc.dictionary(fc.string({ maxLength: 12 }), fc.dictionary(fc.string({ maxLength: 8 }), rule)), json),
      },
      { requiredKeys: [] },
    );
    await neverFails('POST', '/api/email-settings/categories', owner, fc.oneof(json, category));
    await neverFails(
      'POST',
      '/api/mailbox/messages/send',
      owner,
      fc.oneof(json, shaped(['to', 'cc', 'bcc', 'bbc', 'subject', 'text', 'html', 'inReplyTo', 'references'])),
    );
    const invitation = shaped(['email', 'firstName', 'lastName', 'connectionMethod', 'metadata']);
    await neverFails(
      'POST',
      '/api/invitations/bulk',
      owner,
      fc.oneof(
        json,
        fc.record({ referrerId: fc.oneof(fc.constant(owner.id), textish), invitations: fc.array(invitation, { maxLength: 30 }) }),
      ),
    );
    await neverFails(
      'POST',
      '/api/user-profiles',
      owner,
      fc.oneof(json, shaped(['businessSector', 'role', 'phoneNumber', 'website'])),
    );
  });

  it('the compose form as multipart: any fields and files, broken framing, never a 5xx', async () => {
    const fieldName = fc.oneof(
      fc.constantFrom(
        'to',
        'cc',
        'bcc',
        'bbc',
        'subject',
        'text',
        'html',
        'inReplyTo',
        'attachments',
        '__proto__',
        'constructor',
      ),
      fc.string({ maxLength: 20 }),
    );
    const part = fc.oneof(
      fc.record({
        name: fieldName,
        value: fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('a@b.example', '\u0000', '')),
      }),
      fc.record({
        name: fieldName,
        filename: fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('../../etc/passwd', 'a\u0000.txt', 'x"; y=".js', '')),
        type: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('text/html', 'image/svg+xml', 'application/pdf')),
        content: fc.uint8Array({ maxLength: 4000 }),
      }),
    );
    const damage = fc.oneof(
      fc.constant({ kind: 'none' as const }),
      fc.constant({ kind: 'no-closing-boundary' as const }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('garbage' as const), bytes: fc.uint8Array({ minLength: 1, maxLength: 200 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 8 }), damage, fc.constantFrom('send', 'draft'), async (parts, harm, route) => {
        const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
        const payload = damaged(multipartBody(boundary, parts), boundary, harm);
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/mailbox/messages/${route}`,
          headers: { ...ORIGIN, cookie: owner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        });
        expect(res.statusCode, `${route}: ${JSON.stringify(parts).slice(0, 300)} ${harm.kind} → ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('the mailbox connection and the sign-in OAuth callbacks', async () => {
    const connect = fc.record(
      {
        provider: fc.oneof(fc.constantFrom('smtp', 'gmail', 'outlook'), textish),
        code: textish,
        state: textish,
        responseType: fc.oneof(fc.integer(), textish),
        // Any JSON but no generated host names: a name that happened to be valid would be looked up in DNS.
        settings: json,
      },
      { requiredKeys: [] },
    );
    await neverFails('POST', '/api/email-settings', owner, fc.oneof(json, connect));
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), async (code, state) => {
        for (const provider of ['google', 'microsoft']) {
          const url = `/api/auth/callback/${provider}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
          const res = await send(null, 'GET', url);
          expect(res.statusCode, `${url} → ${res.body}`).toBeLessThan(500);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

type FormPart = { name: string; value: string } | { name: string; filename: string; type: string; content: Uint8Array };

/** A multipart/form-data body (RFC 7578) as a browser frames it; names are written as they come. */
function multipartBody(boundary: string, parts: FormPart[]): Buffer {
  const pieces = parts.flatMap((part) => {
    const disposition =
      'value' in part
        ? `Content-Disposition: form-data; name="${part.name}"`
        : `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}`;
    const content = 'value' in part ? Buffer.from(part.value) : Buffer.from(part.content);
    return [Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n`), content, Buffer.from('\r\n')];
  });
  return Buffer.concat([...pieces, Buffer.from(`--${boundary}--\r\n`)]);
}

type Damage =
  { kind: 'none' } | { kind: 'no-closing-boundary' } | { kind: 'truncate'; at: number } | { kind: 'garbage'; bytes: Uint8Array };

function damaged(body: Buffer, boundary: string, damage: Damage): Buffer {
  switch (damage.kind) {
    case 'none':
      return body;
    case 'no-closing-boundary':
      return body.subarray(0, body.length - `--${boundary}--\r\n`.length);
    case 'truncate':
      return body.subarray(0, damage.at % (body.length + 1));
    case 'garbage':
      return Buffer.concat([body.subarray(0, body.length >> 1), Buffer.from(damage.bytes), body.subarray(body.length >> 1)]);
  }
}
