import { ImapFlow } from 'imapflow';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../dovecot';
import { createTestApp, type TestApp, type TestUser } from '../harness';
import { startSmtpServer, type TestSmtpServer } from '../smtp-server';
import { startGoogleServer, type GoogleServer } from '../vendors/google-server';
import { startMicrosoftServer, type MicrosoftServer } from '../vendors/microsoft-server';
import { connectOAuthMailbox, oauthVendorEnv, TEST_OAUTH_CLIENT } from '../vendors/oauth-vendors';
import { startOpenAiServer } from '../vendors/openai-server';

const skip = dovecotMissing();
if (skip) console.warn(skip);

/** What must never leave the server: the test configuration's secrets and the mailbox password. */
const AUTH_SECRET = 'test-secret-test-secret-test-secret-42';
const ENCRYPTION_KEY = '0'.repeat(64);
const PASS = 'Imap-S3cret-pass-91';

/**
 * Issue 9, security audit: a mailbox is connected with a password, used, refused and read back
 * through the API while every log line is kept (level trace); no answer and no log line contains
 * the password, its sealed form in the database, the session token or a server secret.
 */
describe.skipIf(skip)('no secret in any answer or log line', () => {
  const lines: string[] = [];
  const answers: string[] = [];
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let owner: TestUser;

  beforeAll(async () => {
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    [t, dovecot, smtp] = await Promise.all([createTestApp({ logger }), startDovecot(), startSmtpServer()]);
    await dovecot.addUser('owner@example.com', PASS);
    smtp.addUser('owner@example.com', PASS);
    owner = await t.signUp();
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.stop()]);
  });

  const settings = (pass: string) => ({
    host: 'localhost',
    port: smtp.port,
    user: 'owner@example.com',
    pass,
    imapHost: 'localhost',
    imapPort: dovecot.port,
  });

  async function record(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
    answers.push(`${res.statusCode} ${JSON.stringify(res.headers)} ${res.body}`);
    return res;
  }

  it('connects, uses and reads back a mailbox, and a wrong password is refused', async () => {
    const stranger = await t.signUp();
    const wrong = await record(
      await t.call(stranger, 'POST', '/api/email-settings', {
        provider: 'smtp',
        responseType: 0,
        settings: settings(`${PASS}-wrong`),
      }),
    );
    expect(wrong.statusCode).toBe(400);

    const connected = await record(
      await t.call(owner, 'POST', '/api/email-settings', {
        provider: 'smtp',
        responseType: 0,
        isSyncEnabled: false,
        settings: settings(PASS),
      }),
    );
    expect(connected.statusCode).toBe(201);
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port: dovecot.port,
      secure: false,
      auth: { user: 'owner@example.com', pass: PASS },
      logger: false,
    });
    await imap.connect();
    await imap.append('INBOX', Buffer.from('From: a@client.example\r\nSubject: Hello\r\n\r\nHi\r\n'));
    await imap.logout();

    for (const url of [
      '/api/session',
      '/api/email-settings',
      '/api/email-settings/verify',
      '/api/email-settings/activity',
      '/api/mailbox/folders',
      '/api/mailbox?folder=INBOX',
      '/api/docs',
    ]) {
      const res = await record(await t.call(owner, 'GET', url));
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
    const changed = await record(await t.call(owner, 'PUT', '/api/email-settings', { settings: settings(`${PASS}-changed`) }));
    expect(changed.statusCode).toBeLessThan(500);
  });

  it('finds none of the secrets in what it recorded', async () => {
    const [row] = await t.database.query<{ secret: string }>('SELECT secret FROM mail_account LIMIT 1');
    expect(row?.secret).toBeTruthy();
    const token = owner.cookie.split('=')[1]!.split('.')[0]!;
    const secrets = { PASS, sealed: row!.secret, token, AUTH_SECRET, ENCRYPTION_KEY };
    expect(lines.length).toBeGreaterThan(10);
    expect(answers.length).toBeGreaterThan(8);
    expectNoneOf(secrets, { answers, lines });
  });
});

/**
 * The same for the other secrets: Gmail and Outlook access and refresh tokens (issued, refreshed
 * after expiry, rotated by Microsoft), the OAuth client secret and the AI vendor's API key, while
 * the mailboxes are read and the chat assistant is asked.
 */
describe('no OAuth token or AI key in any answer or log line', () => {
  const AI_API_KEY = 'sk-test-Ai-vendor-key-7730';
  const lines: string[] = [];
  const answers: string[] = [];
  let t: TestApp;
  let google: GoogleServer;
  let microsoft: MicrosoftServer;
  let ai: Awaited<ReturnType<typeof startOpenAiServer>>;

  beforeAll(async () => {
    [google, microsoft, ai] = await Promise.all([
      startGoogleServer({ ...TEST_OAUTH_CLIENT, emailAddress: 'owner@gmail.test' }),
      startMicrosoftServer({ ...TEST_OAUTH_CLIENT, mail: 'owner@outlook.test' }),
      startOpenAiServer({ apiKey: AI_API_KEY }),
    ]);
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const env = {
      ...oauthVendorEnv(google, microsoft),
      ...ai.env,
    };
    t = await createTestApp({ env, logger });
    google.messages.push({
      id: 'm1',
      threadId: 'm1',
      labelIds: ['INBOX', 'UNREAD'],
      raw: Buffer.from('From: a@client.example\r\nTo: owner@gmail.test\r\nSubject: Hello\r\n\r\nHi\r\n'),
      internalDate: 1,
    });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t?.close(), google?.close(), microsoft?.close(), ai?.close()]);
  });

  it('connects Gmail and Outlook, reads them across a token refresh, and asks the assistant', async () => {
    const settings = { responseType: 0, isSyncEnabled: false, isClassificationEnabled: false };
    const record = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
      answers.push(`${res.statusCode} ${JSON.stringify(res.headers)} ${res.body}`);
      return res;
    };
    for (const provider of ['gmail', 'outlook'] as const) {
      const user = await t.signUp();
      expect(record(await connectOAuthMailbox(t, user, provider, settings)).statusCode).toBe(201);
      for (const round of [1, 2]) {
        // The second round starts with every access token expired: the app refreshes first.
        if (round === 2) [google, microsoft].forEach((vendor) => vendor.expireAccessTokens());
        for (const url of ['/api/email-settings', '/api/mailbox/folders', '/api/mailbox?folder=INBOX', '/api/session'])
          expect(record(await t.call(user, 'GET', url)).statusCode, url).toBeLessThan(500);
      }
      ai.answers.push({ content: 'Hello.' });
      const asked = record(await t.call(user, 'POST', '/api/ai/ask', { question: 'Hi?', promptType: 'ai' }));
      expect(asked.statusCode, asked.body).toBe(200);
    }
    expect(record(await t.call(null, 'GET', '/api/docs')).statusCode).toBe(200);
  });

  it('finds none of them in what it recorded', async () => {
    const tokens = [...google.issuedTokens(), ...microsoft.issuedTokens()];
    // Each vendor: the first pair at consent, then at least one refresh (Microsoft also rotates).
    expect(google.issuedTokens().length).toBeGreaterThanOrEqual(3);
    expect(microsoft.issuedTokens().length).toBeGreaterThanOrEqual(4);
    const sealed = await t.database.query<{ secret: string }>('SELECT secret FROM mail_account');
    expect(sealed).toHaveLength(2);
    const secrets = {
      AI_API_KEY,
      clientSecret: TEST_OAUTH_CLIENT.clientSecret,
      ...Object.fromEntries(tokens.map((token, i) => [`token ${i}`, token])),
      ...Object.fromEntries(sealed.map((row, i) => [`sealed ${i}`, row.secret])),
    };
    expect(lines.length).toBeGreaterThan(10);
    expectNoneOf(secrets, { answers, lines });
  });
});

function expectNoneOf(secrets: Record<string, string>, recorded: { answers: string[]; lines: string[] }) {
  for (const [name, secret] of Object.entries(secrets)) {
    expect(
      recorded.answers.filter((a) => a.includes(secret)),
      `${name} in an answer`,
    ).toEqual([]);
    expect(
      recorded.lines.filter((l) => l.includes(secret)),
      `${name} in a log line`,
    ).toEqual([]);
  }
}
