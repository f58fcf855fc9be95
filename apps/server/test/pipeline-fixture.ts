import type { Category } from '@app/shared/categories';
import type { MailSetting } from '@app/shared/mail-settings';
import { ImapFlow } from 'imapflow';
import { expect } from 'vitest';
import { startWorker } from '../src/worker';
import type { PipelineWorker } from '../src/pipeline/worker';
import { startDovecot, type Dovecot } from './dovecot';
import { createTestApp, type TestApp, type TestUser, testConfig } from './harness';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';

const quietLog = { warn: (object: object, message: string) => console.warn(message, object) };

export type Box = { user: TestUser; mailbox: { user: string; pass: string }; setting: MailSetting };
export type MessageState = {
  id: string;
  status: string;
  classified_by: string | null;
  category_id: string | null;
  skip_reason: string | null;
  reason: string | null;
};

/**
 * The pipeline end to end for a test file: the app, a real Dovecot and SMTP server, the worker role
 * with the local engine, and the helpers that connect a mailbox, deliver mail and wait for its end.
 */
export async function startPipelineFixture(options: { env?: Record<string, string> } = {}) {
  const [t, dovecot, smtp]: [TestApp, Dovecot, TestSmtpServer] = await Promise.all([
    createTestApp({ env: options.env }),
    startDovecot(),
    startSmtpServer(),
  ]);
  // Settings changes reach the runners only as announcements here: the fallback check is 10 minutes away.
  const worker: PipelineWorker = startWorker({
    config: { ...testConfig(options.env), autoSendsPerDay: 20 },
    database: t.database,
    log: quietLog,
    polling: { settingsCheckMs: 10 * 60_000, correctionsCheckMs: 0 },
  });
  let counter = 0;
  let mailCounter = 0;

  const row = async <R extends Record<string, unknown>>(sql: string, params: unknown[]) =>
    (await t.database.query<R>(sql, params))[0];

  async function until<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = await read();
      if (value) return value;
      if (Date.now() - started > timeoutMs) {
        const messages = await t.database.query('SELECT message_id, status, attempts, last_error, skip_reason FROM mail_message');
        throw new Error(`timed out waiting for the pipeline; messages: ${JSON.stringify(messages)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** `seed` fills the mailbox before it is connected: mail already there, which the pipeline leaves alone. */
  async function connected(
    responseType: number,
    isClassificationEnabled = true,
    isSyncEnabled = true,
    seed?: (client: ImapFlow) => Promise<void>,
  ): Promise<Box> {
    const user = await t.signUp();
    const mailbox = { user: `guard${++counter}@example.com`, pass: 'Guard-Pass-1' };
    await dovecot.addUser(mailbox.user, mailbox.pass);
    smtp.addUser(mailbox.user, mailbox.pass);
    if (seed) await imap({ mailbox }, seed);
    const res = await t.call(user, 'POST', '/api/email-settings', {
      provider: 'smtp',
      responseType,
      isClassificationEnabled,
      isSyncEnabled,
      settings: {
        host: 'localhost',
        port: smtp.port,
        user: mailbox.user,
        pass: mailbox.pass,
        imapHost: 'localhost',
        imapPort: dovecot.port,
      },
    });
    expect(res.statusCode).toBe(201);
    const setting = res.json<MailSetting>();
    await until(
      async () =>
        (await row<{ c: string }>('SELECT sync_checkpoint::text AS c FROM mail_account WHERE id = $1', [setting._id]))?.c,
    );
    return { user, mailbox, setting };
  }

  async function category(box: Box, payload: object) {
    const res = await t.call(box.user, 'POST', '/api/email-settings/categories', payload);
    expect(res.statusCode).toBe(201);
    return res.json<Category>();
  }

  async function imap<T>(box: Pick<Box, 'mailbox'>, work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: box.mailbox, logger: false });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  }

  /** A message as a sender's server delivers it; `headers` are extra header lines ending in CRLF. */
  function mail(box: Box, fields: { from?: string; subject?: string; body?: string; headers?: string }) {
    const id = `<g${++mailCounter}.${Date.now()}@sender.test>`;
    const raw =
      `From: ${fields.from ?? 'Client <client@client.test>'}\r\nTo: ${box.mailbox.user}\r\nSubject: ${fields.subject ?? 'Hello'}\r\n` +
      `Message-ID: ${id}\r\nDate: ${new Date().toUTCString()}\r\n${fields.headers ?? ''}\r\n${fields.body ?? 'Hello there'}\r\n`;
    return { id, raw };
  }

  const deliver = (box: Box, raw: string, folder = 'INBOX') => imap(box, (client) => client.append(folder, raw));

  const processed = (box: Box, messageId: string) =>
    until(() =>
      row<MessageState>(
        `SELECT id, status, classified_by, category_id, skip_reason, reason FROM mail_message
         WHERE mail_account_id = $1 AND message_id = $2 AND status IN ('done', 'failed', 'gone')`,
        [box.setting._id, messageId],
      ),
    );

  const actions = (messageRowId: string) =>
    t.database.query<{ kind: string; status: string; detail: string | null; outgoing_message_id: string | null }>(
      'SELECT kind, status, detail, outgoing_message_id FROM mail_action WHERE mail_message_id = $1 ORDER BY kind',
      [messageRowId],
    );

  async function stop() {
    await worker.stop();
    await Promise.all([t.close(), dovecot.stop(), smtp.stop()]);
  }

  return { t, dovecot, smtp, connected, category, imap, mail, deliver, processed, actions, until, stop };
}

export type PipelineFixture = Awaited<ReturnType<typeof startPipelineFixture>>;
