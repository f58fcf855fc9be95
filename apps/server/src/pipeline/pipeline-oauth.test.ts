import type { Category } from '@app/shared/categories';
import type { MailSetting } from '@app/shared/mail-settings';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, testConfig } from '../../test/harness';
import { startGoogleServer, type GoogleServer } from '../../test/vendors/google-server';
import { startMicrosoftServer, type MicrosoftServer } from '../../test/vendors/microsoft-server';
import { connectOAuthMailbox, oauthVendorEnv, TEST_OAUTH_CLIENT } from '../../test/vendors/oauth-vendors';
import { startWorker } from '../worker';
import type { PipelineWorker } from './worker';

const quietLog = { warn: (object: object, message: string) => console.warn(message, object) };
const credentials = TEST_OAUTH_CLIENT;

/**
 * The pipeline on Gmail and Outlook mailboxes: the worker role polls Gmail's history and Graph's
 * message delta, files, drafts and replies through their APIs — here local servers in the Gmail
 * API's and Microsoft Graph's wire formats (the real ones cannot be reached from here).
 */
describe('mail pipeline on Gmail and Outlook (vendor-shaped servers)', () => {
  let t: TestApp;
  let google: GoogleServer;
  let microsoft: MicrosoftServer;
  let worker: PipelineWorker;

  beforeAll(async () => {
    [google, microsoft] = await Promise.all([
      startGoogleServer({ ...credentials, emailAddress: 'owner@gmail.test' }),
      startMicrosoftServer({ ...credentials, mail: 'owner@outlook.test' }),
    ]);
    const env = oauthVendorEnv(google, microsoft);
    t = await createTestApp({ env });
    worker = startWorker({ config: testConfig(env), database: t.database, log: quietLog, polling: { correctionsCheckMs: 0 } });
  });
  afterAll(async () => {
    await worker?.stop();
    await Promise.all([t?.close(), google?.close(), microsoft?.close()]);
  });

  async function connect(provider: 'gmail' | 'outlook', responseType: number) {
    const user = await t.signUp();
    const res = await connectOAuthMailbox(t, user, provider, {
      responseType,
      isSyncEnabled: true,
      isClassificationEnabled: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const setting = res.json<MailSetting>();
    // Ingest has started: mail from now on is new mail.
    await until(() => row('SELECT id FROM mail_account WHERE id = $1 AND sync_checkpoint IS NOT NULL', [setting._id]));
    return { user, setting };
  }

  async function acmeCategory(user: TestUser, action: '1' | '2') {
    const res = await t.call(user, 'POST', '/api/email-settings/categories', {
      classifierType: 'rules',
      name: 'Clients/Acme',
      action,
      rules: { from: { email: { operator: 'endsWith', values: ['@acme.com'] } } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Category>();
  }

  const row = async (sql: string, params: unknown[]) => (await t.database.query<Record<string, unknown>>(sql, params))[0];

  async function until<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = await read();
      if (value) return value;
      if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the pipeline');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const processed = (setting: MailSetting, messageId: string) =>
    until(() =>
      row(
        `SELECT id, status, classified_by, category_id FROM mail_message
         WHERE mail_account_id = $1 AND message_id = $2 AND status IN ('done', 'failed', 'gone')`,
        [setting._id, messageId],
      ),
    );

  const mail = (to: string, messageId: string, from = 'Ann <ann@acme.com>') =>
    Buffer.from(
      `From: ${from}\r\nTo: ${to}\r\nSubject: Order status\r\nMessage-ID: ${messageId}\r\n` +
        `Date: ${new Date().toUTCString()}\r\n\r\nWhere is my order 42?\r\n`,
    );

  it('Gmail: new mail found through history is labelled into its category and gets one threaded draft', async () => {
    const { user, setting } = await connect('gmail', 2);
    const acme = await acmeCategory(user, '2');
    const arrived = google.deliver(mail('owner@gmail.test', '<g-order@acme.com>'));

    const done = await processed(setting, '<g-order@acme.com>');
    expect(done).toMatchObject({ status: 'done', classified_by: 'rules', category_id: acme.id });
    const label = google.labels.find((l) => l.name === 'Clients/Acme');
    expect(label).toBeDefined();
    expect(arrived.labelIds).toContain(label!.id);
    expect(arrived.labelIds).not.toContain('INBOX');
    const drafts = google.drafts.filter((d) => d.raw.toString().includes('In-Reply-To: <g-order@acme.com>'));
    expect(drafts).toHaveLength(1);
    const draft = await simpleParser(drafts[0]!.raw);
    expect(draft.subject).toBe('Re: Order status');
    expect(draft.to).toMatchObject({ value: [{ address: 'ann@acme.com' }] });
    expect(google.sent).toHaveLength(0);
  });

  it('marks mail the receiving server flags as spam: the "Likely spam" label on Gmail, the category on Outlook', async () => {
    const spam = (to: string, messageId: string) =>
      Buffer.from(
        `From: Winner <promo@lottery.test>\r\nTo: ${to}\r\nSubject: You won!\r\nMessage-ID: ${messageId}\r\n` +
          `X-Spam-Flag: YES\r\nDate: ${new Date().toUTCString()}\r\n\r\nClaim your prize now.\r\n`,
      );
    const gmail = await connect('gmail', 2);
    const onGmail = google.deliver(spam('owner@gmail.test', '<g-spam@lottery.test>'));
    await processed(gmail.setting, '<g-spam@lottery.test>');
    const label = google.labels.find((l) => l.name === 'Likely spam');
    expect(onGmail.labelIds).toEqual(expect.arrayContaining(['INBOX', label!.id]));

    const outlook = await connect('outlook', 2);
    const onOutlook = microsoft.deliver('inbox', spam('owner@outlook.test', '<o-spam@lottery.test>'));
    await processed(outlook.setting, '<o-spam@lottery.test>');
    expect(onOutlook.categories).toEqual(['Likely spam']);
    expect(google.drafts.some((d) => d.raw.toString().includes('<g-spam@lottery.test>'))).toBe(false);
  });

  it('Outlook: new mail found through message delta is moved into its folder and answered once', async () => {
    const { user, setting } = await connect('outlook', 3);
    await acmeCategory(user, '1');
    // An instant reply is sent only when the owner's knowledge answers the question.
    const knowledge = {
      title: 'Order status',
      text: 'Every order ships within 2 days, and its status is on the tracking page of your account.',
    };
    expect((await t.call(user, 'POST', '/api/data', knowledge)).statusCode).toBeLessThan(300);
    const arrived = microsoft.deliver('inbox', mail('owner@outlook.test', '<o-order@acme.com>'));

    const done = await processed(setting, '<o-order@acme.com>');
    expect(done).toMatchObject({ status: 'done', classified_by: 'rules' });
    const folder = microsoft.folders.find((f) => f.displayName === 'Acme');
    expect(folder).toBeDefined();
    expect(arrived.folderId).toBe(folder!.id);
    const replies = microsoft.sent.filter((m) => m.raw.toString().includes('In-Reply-To: <o-order@acme.com>'));
    expect(replies).toHaveLength(1);
    const reply = await simpleParser(replies[0]!.raw);
    expect(reply.headers.get('auto-submitted')).toBe('auto-replied');
    expect(reply.to).toMatchObject({ value: [{ address: 'ann@acme.com' }] });
    // The reply in Sent Items is not new mail of the tracked folder: nothing else was processed.
    await new Promise((r) => setTimeout(r, 6000));
    const rows = await t.database.query('SELECT id FROM mail_message WHERE mail_account_id = $1', [setting._id]);
    expect(rows).toHaveLength(1);
  });

  /** Two AI categories, once the initialisation has run again for them. */
  async function quotesAndBilling(user: TestUser) {
    const create = async (name: string, instruction: string) => {
      const res = await t.call(user, 'POST', '/api/email-settings/categories', { classifierType: 'ai', name, instruction });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Category>();
    };
    const quotes = await create('Quotes', 'Customers asking how much something costs or asking for a quote.');
    const billing = await create('Billing', 'Invoices, payments and receipts.');
    await until(async () => {
      const s = (await t.call(user, 'GET', '/api/email-settings')).json<MailSetting>();
      return s.batchStatus === 'completed' && s.batchProgress?.total === 2;
    });
    return { quotes, billing };
  }

  const corrected = (setting: MailSetting) =>
    until(() => row('SELECT 1 AS found FROM mail_correction WHERE mail_account_id = $1', [setting._id]));

  const question = (to: string, messageId: string, from: string) =>
    Buffer.from(
      `From: ${from}\r\nTo: ${to}\r\nSubject: Tennis club membership\r\nMessage-ID: ${messageId}\r\n` +
        `Date: ${new Date().toUTCString()}\r\n\r\nHow much is the yearly membership of the tennis club? Your prices please.\r\n`,
    );

  it('Gmail: a label changed by the owner is a correction, learned before the next message', async () => {
    const { user, setting } = await connect('gmail', 0);
    const { quotes, billing } = await quotesAndBilling(user);
    const first = google.deliver(question('owner@gmail.test', '<g-tennis-1@client.test>', 'Ann <ann@client.test>'));
    expect(await processed(setting, '<g-tennis-1@client.test>')).toMatchObject({ category_id: quotes.id });
    const label = (name: string) => google.labels.find((l) => l.name === name)!.id;
    // In Gmail, the owner takes the Quotes label off and puts Billing on.
    first.labelIds.splice(first.labelIds.indexOf(label('Quotes')), 1, label('Billing'));
    // The next message is one that arrives once the correction was seen (a message already on its
    // way in the same moment may be classified first).
    await corrected(setting);
    google.deliver(question('owner@gmail.test', '<g-tennis-2@client.test>', 'Bob <bob@client.test>'));
    expect(await processed(setting, '<g-tennis-2@client.test>')).toMatchObject({
      category_id: billing.id,
      classified_by: 'local',
    });
    expect(await row('SELECT category_id FROM mail_correction WHERE mail_account_id = $1', [setting._id])).toEqual({
      category_id: billing.id,
    });
  }, 60_000); // two initialisations through a vendor's polling: 7–18 s alone, more on busy cores

  it('Outlook: a message moved by the owner to another category folder is a correction, learned before the next one', async () => {
    const { user, setting } = await connect('outlook', 0);
    const { quotes, billing } = await quotesAndBilling(user);
    const first = microsoft.deliver('inbox', question('owner@outlook.test', '<o-tennis-1@client.test>', 'Ann <ann@client.test>'));
    expect(await processed(setting, '<o-tennis-1@client.test>')).toMatchObject({ category_id: quotes.id });
    // In Outlook, the owner drags it to the Billing folder.
    first.folderId = microsoft.folders.find((f) => f.displayName === 'Billing')!.id;
    await corrected(setting);
    microsoft.deliver('inbox', question('owner@outlook.test', '<o-tennis-2@client.test>', 'Bob <bob@client.test>'));
    expect(await processed(setting, '<o-tennis-2@client.test>')).toMatchObject({
      category_id: billing.id,
      classified_by: 'local',
    });
    expect(await row('SELECT category_id FROM mail_correction WHERE mail_account_id = $1', [setting._id])).toEqual({
      category_id: billing.id,
    });
  }, 60_000); // two initialisations through a vendor's polling: 7–18 s alone, more on busy cores
});
