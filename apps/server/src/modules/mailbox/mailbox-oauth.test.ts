import { createHash, randomBytes } from 'node:crypto';
import type { MailboxFolder, MailboxPage, MessageDetail } from '@app/shared/mailbox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as OutlookMessages from '../../mail/outlook/outlook-messages';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';
import { startGoogleServer, type GoogleServer } from '../../../test/vendors/google-server';
import { startMicrosoftServer, type MicrosoftServer } from '../../../test/vendors/microsoft-server';
import { connectOAuthMailbox, oauthVendorEnv, TEST_OAUTH_CLIENT } from '../../../test/vendors/oauth-vendors';

/** How often the Outlook adapter read a whole message: a streamed download reads none. */
const wholeReads = vi.hoisted(() => ({ outlook: 0 }));
vi.mock('../../mail/outlook/outlook-messages', async (importOriginal) => {
  const actual = await importOriginal<typeof OutlookMessages>();
  return {
    ...actual,
    outlookMessageOperations: (...args: Parameters<typeof actual.outlookMessageOperations>) => {
      const ops = actual.outlookMessageOperations(...args);
      const fetchRaw = ops.fetchRaw.bind(ops);
      return {
        ...ops,
        fetchRaw: (folderId: string, id: string) => {
          wholeReads.outlook++;
          return fetchRaw(folderId, id);
        },
      };
    },
  };
});

/**
 * The webmail on Gmail and Outlook mailboxes, against local servers in the Gmail API's and
 * Microsoft Graph's wire formats (the real ones cannot be reached from here).
 */
describe('webmail on Gmail and Outlook (vendor-shaped servers)', () => {
  let t: TestApp;
  let google: GoogleServer;
  let microsoft: MicrosoftServer;
  let gmailUser: TestUser;

  const credentials = TEST_OAUTH_CLIENT;

  async function connect(user: TestUser, provider: 'gmail' | 'outlook') {
    const settings = { responseType: 0, isSyncEnabled: false, isClassificationEnabled: false };
    const res = await connectOAuthMailbox(t, user, provider, settings);
    expect(res.statusCode, res.body).toBe(201);
  }

  beforeAll(async () => {
    [google, microsoft] = await Promise.all([
      startGoogleServer({ ...credentials, emailAddress: 'owner@gmail.test' }),
      startMicrosoftServer({ ...credentials, mail: 'owner@outlook.test' }),
    ]);
    t = await createTestApp({
      env: oauthVendorEnv(google, microsoft),
    });
    gmailUser = await t.signUp();
    await connect(gmailUser, 'gmail');
    const raw = (n: number) =>
      Buffer.from(
        `From: Client ${n} <client${n}@client.example>\r\nTo: owner@gmail.test\r\nSubject: Gmail question ${n}\r\n` +
          `Message-ID: <g${n}@client.example>\r\nDate: Mon, 2 Nov 2026 10:0${n}:00 +0000\r\nContent-Type: text/html\r\n\r\n` +
          `<p>Hello ${n}</p><img src="https://tracker.example/p.gif"><script>alert(1)</script>\r\n`,
      );
    for (const n of [1, 2, 3])
      google.messages.push({ id: `m${n}`, threadId: `m${n}`, labelIds: ['INBOX', 'UNREAD'], raw: raw(n), internalDate: n });
  });
  afterAll(async () => {
    await Promise.all([t?.close(), google?.close(), microsoft?.close()]);
  });

  it('lists labels as folders with unread counts, and a page of the inbox', async () => {
    const folders = (await t.call(gmailUser, 'GET', '/api/mailbox/folders')).json<MailboxFolder[]>();
    expect(folders[0]).toMatchObject({ path: 'INBOX', specialUse: '\\Inbox', status: { messages: 3, unseen: 3 } });
    expect(folders.map((f) => f.path)).toEqual(expect.arrayContaining(['SENT', 'DRAFT', 'SPAM', 'TRASH', 'Label_1']));
    const page = (await t.call(gmailUser, 'GET', '/api/mailbox?folder=INBOX')).json<MailboxPage>();
    expect(page).toMatchObject({ total: 3, from: 1, to: 3 });
    expect(page.messages.map((m) => m.subject)).toEqual(['Gmail question 3', 'Gmail question 2', 'Gmail question 1']);
  });

  it('opens (marking read), serves the body inert, stars, marks spam and deletes to Trash', async () => {
    const opened = await t.call(gmailUser, 'GET', '/api/mailbox/messages/m3?folder=INBOX');
    expect(opened.json<MessageDetail>()).toMatchObject({ subject: 'Gmail question 3', isUnread: false, hasRemoteImages: true });
    expect(google.messages.find((m) => m.id === 'm3')!.labelIds).not.toContain('UNREAD');
    const body = await t.call(gmailUser, 'GET', '/api/mailbox/messages/m3/body?folder=INBOX');
    expect(body.body).toContain('<p>Hello 3</p>');
    expect(body.body).not.toMatch(/<script|tracker\.example/);

    await t.call(gmailUser, 'POST', '/api/mailbox/messages/flags', { uids: ['m3'], folder: 'INBOX', flag: '\\Flagged' });
    expect(google.messages.find((m) => m.id === 'm3')!.labelIds).toContain('STARRED');
    const spam = await t.call(gmailUser, 'POST', '/api/mailbox/messages/move/INBOX/SPAM', {
      uids: ['m2'],
      flags: ['\\Seen', '$Junk', 'Junk'],
    });
    expect(spam.statusCode).toBe(200);
    expect(google.messages.find((m) => m.id === 'm2')!.labelIds.sort()).toEqual(['SPAM']);
    await t.call(gmailUser, 'POST', '/api/mailbox/messages/flags', { uids: ['m1'], folder: 'INBOX', flag: '\\Deleted' });
    expect(google.messages.find((m) => m.id === 'm1')!.labelIds).toEqual(['TRASH']);
    // Gmail's mail-modify scope cannot delete for good: a clear refusal, not a 500.
    const forGood = await t.call(gmailUser, 'POST', '/api/mailbox/messages/move/TRASH/TRASH', { uids: ['m1'] });
    expect(forGood.statusCode).toBe(400);
    expect(forGood.json()).toMatchObject({ code: 'MAILBOX_NOT_SUPPORTED' });
  });

  it('sends through messages.send with Bcc and saves drafts through drafts.create', async () => {
    const res = await t.call(gmailUser, 'POST', '/api/mailbox/messages/send', {
      to: ['a@x.example'],
      bcc: ['hidden@x.example'],
      subject: 'From the webmail',
      body: 'Hello',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = google.sent.at(-1)!.raw.toString();
    expect(sent).toMatch(/^Bcc: hidden@x\.example/);
    expect(sent).toContain('Subject: From the webmail');
    const draft = await t.call(gmailUser, 'POST', '/api/mailbox/messages/draft', { subject: 'Later', body: '' });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(google.drafts.at(-1)!.raw.toString()).toContain('Subject: Later');
  });

  it('works on an Outlook mailbox too: list, open, delete to Deleted Items, send', async () => {
    const user = await t.signUp();
    await connect(user, 'outlook');
    microsoft.messages.push({
      id: 'AAMkMsg-1',
      folderId: 'AAMk-inbox',
      raw: Buffer.from(
        'From: Ann <ann@client.example>\r\nTo: owner@outlook.test\r\nSubject: Outlook question\r\nMessage-ID: <o1@client.example>\r\n\r\nHi\r\n',
      ),
      isRead: false,
      flagged: false,
      received: Date.now(),
      arrivedAt: 0,
      changedAt: 0,
    });
    const folders = (await t.call(user, 'GET', '/api/mailbox/folders')).json<MailboxFolder[]>();
    expect(folders[0]).toMatchObject({ path: 'AAMk-inbox', specialUse: '\\Inbox', status: { messages: 1, unseen: 1 } });
    const page = (await t.call(user, 'GET', '/api/mailbox?folder=AAMk-inbox')).json<MailboxPage>();
    expect(page.messages.map((m) => m.subject)).toEqual(['Outlook question']);
    const opened = await t.call(user, 'GET', '/api/mailbox/messages/AAMkMsg-1?folder=AAMk-inbox');
    expect(opened.json<MessageDetail>()).toMatchObject({ subject: 'Outlook question', text: 'Hi\n', isUnread: false });
    await t.call(user, 'POST', '/api/mailbox/messages/flags', { uids: ['AAMkMsg-1'], folder: 'AAMk-inbox', flag: '\\Deleted' });
    expect(microsoft.messages.find((m) => m.id === 'AAMkMsg-1')).toMatchObject({ folderId: 'AAMk-deleteditems', isRead: true });
    const sent = await t.call(user, 'POST', '/api/mailbox/messages/send', {
      to: ['a@x.example'],
      subject: 'From Outlook',
      body: 'Hello',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(microsoft.sent.at(-1)!.raw.toString()).toContain('Subject: From Outlook');
  });

  it('streams an Outlook attachment from `$value` byte for byte, never reading the message whole', async () => {
    const user = await t.signUp();
    await connect(user, 'outlook');
    const big = randomBytes(6 * 1024 * 1024);
    const stored = microsoft.deliver(
      'AAMk-inbox',
      Buffer.from(
        'From: Supplier <sales@supplier.example>\r\nTo: owner@outlook.test\r\nSubject: Catalogue attached\r\n' +
          'Message-ID: <catalogue@supplier.example>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="cut"\r\n\r\n' +
          '--cut\r\nContent-Type: text/plain\r\n\r\nThe catalogue and the price list.\r\n' +
          '--cut\r\nContent-Type: application/pdf; name="catalogue.pdf"\r\nContent-Disposition: attachment; filename="catalogue.pdf"\r\n' +
          `Content-Transfer-Encoding: base64\r\n\r\n${big.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n` +
          '--cut\r\nContent-Type: text/csv; name="prices.csv"\r\nContent-Disposition: attachment; filename="prices.csv"\r\n\r\n' +
          'sku,price\r\nA1,10\r\n--cut--\r\n',
      ),
    );
    const url = (index: number) =>
      `/api/mailbox/messages/${encodeURIComponent(stored.id)}/attachments/${index}?folder=AAMk-inbox`;
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const wholeBefore = wholeReads.outlook;

    const pdf = await t.call(user, 'GET', url(0));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('filename="catalogue.pdf"');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(sha256(pdf.rawPayload)).toBe(sha256(big));
    const csv = await t.call(user, 'GET', url(1));
    expect(csv.headers['content-disposition']).toContain('filename="prices.csv"');
    expect(csv.body).toBe('sku,price\r\nA1,10');
    expect((await t.call(user, 'GET', url(2))).statusCode).toBe(404);

    // Each download was its own `$value` stream; none went through the whole-message read.
    expect(wholeReads.outlook).toBe(wholeBefore);
    expect(microsoft.valueReads.filter((r) => r.id === stored.id)).toHaveLength(3);
    expect(stored.isRead).toBe(false);
  });
});
