import type { DraftSaved, MailboxPage, MessageDetail } from '@app/shared/mailbox';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../../credits/ledger';
import { parseMessage } from '../../mail/mime/parse-message';
import { buildReply, outgoingMessageId } from '../../pipeline/outgoing';
import { dovecotMissing, startDovecot, type Dovecot } from '../../../test/dovecot';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';
import { AI_DRAFTS_PER_MINUTE } from './ai-draft';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';

const skip = dovecotMissing();
if (skip) console.warn(skip);

const PASS = 'Draft-Pass-1';
const BOX = 'drafts-owner@example.com';

const question = (n: number, text: string) =>
  Buffer.from(
    `From: Ann Client <ann${n}@client.example>\r\nTo: ${BOX}\r\nSubject: Question ${n}\r\n` +
      `Message-ID: <question${n}@client.example>\r\nReferences: <earlier${n}@client.example>\r\n` +
      `Date: Mon, 2 Nov 2026 10:00:00 +0000\r\n\r\n${text}\r\n`,
  );

/**
 * Webmail drafts against Dovecot and an SMTP server: an assistant draft (written as the pipeline
 * writes it) opens with what compose needs, is saved back (the new version replaces the old), sent
 * threaded (the draft goes) or discarded; only drafts are ever deleted; "Draft with AI" writes a
 * grounded reply with the local engine and costs two credits, refused when none are left. Billing is
 * on (a FREE owner, 500 credits a month).
 */
describe.skipIf(skip)('webmail drafts and "Draft with AI" on Dovecot', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let owner: TestUser;
  let imap: ImapFlow;

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([
      createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_drafts' } }),
      startDovecot(),
      startSmtpServer(),
    ]);
    owner = await t.signUp();
    await dovecot.addUser(BOX, PASS);
    smtp.addUser(BOX, PASS);
    const res = await t.call(owner, 'POST', '/api/email-settings', {
      provider: 'smtp',
      responseType: 0,
      isSyncEnabled: false,
      isClassificationEnabled: false,
      settings: {
        name: 'Owner Shop',
        host: 'localhost',
        port: smtp.port,
        user: BOX,
        pass: PASS,
        imapHost: 'localhost',
        imapPort: dovecot.port,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    imap = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: { user: BOX, pass: PASS }, logger: false });
    await imap.connect();
    await imap.append('INBOX', question(1, 'Can I come by on Saturday?'), []);
    await imap.append('INBOX', question(2, 'What are your opening hours?'), []);
  }, 60_000);
  afterAll(async () => {
    await imap?.logout().catch(() => undefined);
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.stop()]);
  });

  const rows = async (folder: string) =>
    (await t.call(owner, 'GET', `/api/mailbox?folder=${encodeURIComponent(folder)}`)).json<MailboxPage>().messages;
  const uidOf = async (folder: string, subject: string) => (await rows(folder)).find((m) => m.subject === subject)?.uid;
  const open = async (folder: string, uid: string) =>
    (
      await t.call(owner, 'GET', `/api/mailbox/messages/${encodeURIComponent(uid)}?folder=${encodeURIComponent(folder)}`)
    ).json<MessageDetail>();
  const flagsOf = async (folder: string, subject: string) => {
    const lock = await imap.getMailboxLock(folder);
    try {
      const [uid] = (await imap.search({ subject }, { uid: true })) || [];
      const found = uid === undefined ? false : await imap.fetchOne(String(uid), { flags: true }, { uid: true });
      return found ? [...(found.flags ?? [])] : null;
    } finally {
      lock.release();
    }
  };

  /** A draft as the pipeline writes it: its deterministic Message-ID, threaded, `\Draft \Seen`. */
  async function assistantDraft(folder: string, n: number) {
    const original = await parseMessage(question(n, 'Can I come by on Saturday?'));
    const raw = await buildReply({
      original,
      from: { name: 'Owner Shop', address: BOX },
      text: 'Thank you for your message. We will come back to you shortly.',
      messageId: outgoingMessageId('draft', `action-${n}`, 'app.example'),
    });
    await imap.append(folder, raw, ['\\Draft', '\\Seen']);
    return (await uidOf(folder, `Re: Question ${n}`))!;
  }

  it('opens an assistant draft with what compose needs, saves it back in place of the old one, sends it threaded and deletes it', async () => {
    const uid = await assistantDraft('Drafts', 1);
    const draft = await open('Drafts', uid);
    expect(draft).toMatchObject({
      isDraft: true,
      subject: 'Re: Question 1',
      to: { value: [{ address: 'ann1@client.example' }] },
      inReplyTo: '<question1@client.example>',
      references: ['<earlier1@client.example>', '<question1@client.example>'],
    });
    expect(draft.text).toContain('We will come back to you shortly.');
    expect((await open('INBOX', (await uidOf('INBOX', 'Question 1'))!)).isDraft).toBe(false);

    // Saved while editing: the new version replaces the old one, Bcc and threading kept.
    const edited = {
      to: ['ann1@client.example'],
      bcc: ['boss@shop.example'],
      subject: 'Re: Question 1',
      body: 'Yes, Saturday from 9 am works. See you then.',
      inReplyTo: draft.inReplyTo,
      references: draft.references.join(' '),
      draftUid: uid,
      draftFolder: 'Drafts',
    };
    const saved = await t.call(owner, 'POST', '/api/mailbox/messages/draft', edited);
    expect(saved.statusCode, saved.body).toBe(200);
    const first = saved.json<DraftSaved>();
    expect(first).toMatchObject({ folder: 'Drafts', uid: expect.stringMatching(/^\d+:\d+$/) });
    expect(first.uid).not.toBe(uid);
    const again = (
      await t.call(owner, 'POST', '/api/mailbox/messages/draft', { ...edited, draftUid: first.uid })
    ).json<DraftSaved>();
    const versions = (await rows('Drafts')).filter((m) => m.subject === 'Re: Question 1');
    expect(versions.map((m) => m.uid)).toEqual([again.uid]);
    expect(await open('Drafts', again.uid!)).toMatchObject({
      isDraft: true,
      bcc: { value: [{ address: 'boss@shop.example' }] },
      inReplyTo: '<question1@client.example>',
      references: ['<earlier1@client.example>', '<question1@client.example>'],
      text: 'Yes, Saturday from 9 am works. See you then.\n',
    });
    expect(await flagsOf('Drafts', 'Re: Question 1')).toEqual(expect.arrayContaining(['\\Draft', '\\Seen']));

    // Sent: the recipient's copy is threaded, the draft is gone, the question is marked answered.
    const before = smtp.received.length;
    const sent = await t.call(owner, 'POST', '/api/mailbox/messages/send', { ...edited, draftUid: again.uid });
    expect(sent.statusCode, sent.body).toBe(200);
    const copy = smtp.received.slice(before).find((m) => m.to.includes('ann1@client.example'))!;
    expect(copy.to.sort()).toEqual(['ann1@client.example', 'boss@shop.example']);
    expect(copy.raw).toContain('In-Reply-To: <question1@client.example>');
    expect(copy.raw).toContain('References: <earlier1@client.example> <question1@client.example>');
    expect(copy.raw).not.toMatch(/^Bcc:/m);
    expect(await uidOf('Drafts', 'Re: Question 1')).toBeUndefined();
    expect(await flagsOf('INBOX', 'Question 1')).toContain('\\Answered');
  });

  it('keeps a draft the assistant filed elsewhere (flagged \\Draft) in its folder, and discards drafts for good', async () => {
    await imap.mailboxCreate('Quotes');
    const uid = await assistantDraft('Quotes', 2);
    expect((await open('Quotes', uid)).isDraft).toBe(true);
    const saved = (
      await t.call(owner, 'POST', '/api/mailbox/messages/draft', {
        to: ['ann2@client.example'],
        subject: 'Re: Question 2',
        body: 'Edited',
        draftUid: uid,
        draftFolder: 'Quotes',
      })
    ).json<DraftSaved>();
    expect(saved.folder).toBe('Quotes');
    expect((await rows('Quotes')).map((m) => m.uid)).toEqual([saved.uid]);

    const gone = await t.call(owner, 'DELETE', `/api/mailbox/messages/${encodeURIComponent(saved.uid!)}/draft?folder=Quotes`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await rows('Quotes')).toEqual([]);
    expect(await flagsOf('Trash', 'Re: Question 2')).toBeNull();
    // Gone already: nothing to do, not an error.
    expect(
      (await t.call(owner, 'DELETE', `/api/mailbox/messages/${encodeURIComponent(saved.uid!)}/draft?folder=Quotes`)).statusCode,
    ).toBe(200);
  });

  it('never deletes a message that is not a draft, and sends nothing when told to', async () => {
    const inboxUid = (await uidOf('INBOX', 'Question 2'))!;
    const discard = await t.call(owner, 'DELETE', `/api/mailbox/messages/${encodeURIComponent(inboxUid)}/draft?folder=INBOX`);
    expect(discard.statusCode).toBe(400);
    expect(discard.json()).toMatchObject({ code: 'NOT_A_DRAFT', message: 'inbox.errors.notADraft' });
    const before = smtp.received.length;
    const send = await t.call(owner, 'POST', '/api/mailbox/messages/send', {
      to: ['ann2@client.example'],
      subject: 'Re: Question 2',
      body: 'Hello',
      draftUid: inboxUid,
      draftFolder: 'INBOX',
    });
    expect(send.statusCode).toBe(400);
    expect(smtp.received.length).toBe(before);
    const save = await t.call(owner, 'POST', '/api/mailbox/messages/draft', {
      subject: 'x',
      draftUid: inboxUid,
      draftFolder: 'INBOX',
    });
    expect(save.statusCode).toBe(400);
    expect(await uidOf('INBOX', 'Question 2')).toBe(inboxUid);
    expect(await uidOf('Drafts', 'x')).toBeUndefined();
    // A missing folder is a 400 from the schema, never a 500.
    expect((await t.call(owner, 'DELETE', `/api/mailbox/messages/${encodeURIComponent(inboxUid)}/draft`)).statusCode).toBe(400);
  });

  it('"Draft with AI": the local engine answers from the knowledge base, for two credits', async () => {
    const facts = {
      title: 'Opening hours',
      text: 'We are open Monday to Friday from 8 am to 6 pm. Parking is free behind the shop.',
    };
    expect((await t.call(owner, 'POST', '/api/data', facts)).statusCode).toBeLessThan(300);
    const uid = (await uidOf('INBOX', 'Question 2'))!;
    const res = await t.call(owner, 'POST', `/api/mailbox/messages/${encodeURIComponent(uid)}/ai-draft`, { folder: 'INBOX' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ text: string; engine: string }>();
    expect(body.engine).toBe('local');
    expect(body.text).toContain('8 am to 6 pm');
    const debits = await t.database.query<{ amount: number; reason: string }>(
      `SELECT amount, reason FROM credit_entry WHERE owner_id = $1 AND kind = 'debit' AND key LIKE 'webmail-draft:%'`,
      [owner.id],
    );
    expect(debits).toEqual([{ amount: -2, reason: 'AI draft (webmail)' }]);

    const missing = await t.call(owner, 'POST', '/api/mailbox/messages/1%3A999999/ai-draft', { folder: 'INBOX' });
    expect(missing.statusCode).toBe(404);
    expect(
      (await t.call(null, 'POST', `/api/mailbox/messages/${encodeURIComponent(uid)}/ai-draft`, { folder: 'INBOX' })).statusCode,
    ).toBe(401);
  });

  it('"Draft with AI" is refused with 429 past 20 a minute, before the engine is asked or a credit spent', async () => {
    const uid = (await uidOf('INBOX', 'Question 2'))!;
    const ask = () => t.call(owner, 'POST', `/api/mailbox/messages/${encodeURIComponent(uid)}/ai-draft`, { folder: 'INBOX' });
    const debits = async () =>
      (
        await t.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM credit_entry WHERE owner_id = $1 AND key LIKE 'webmail-draft:%'`,
          [owner.id],
        )
      )[0]!.n;
    // The test before asked once (or twice, for the missing message) within this minute.
    let status = 200;
    for (let i = 0; i < AI_DRAFTS_PER_MINUTE && status === 200; i++) status = (await ask()).statusCode;
    const before = await debits();
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMIT', message: 'inbox.errors.aiDraftRateLimit' });
    expect(await debits()).toBe(before);
  });

  it('"Draft with AI" is refused with 409 when the FREE plan has no credits left, and nothing is debited', async () => {
    await t.database.query(
      `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key) VALUES ($1, $2, 'debit', -500, 'spent', $3)`,
      [owner.id, periodOf(null), `spent:${owner.id}`],
    );
    const count = async () =>
      (await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM credit_entry WHERE owner_id = $1`, [owner.id]))[0]!
        .n;
    const before = await count();
    const uid = (await uidOf('INBOX', 'Question 2'))!;
    const res = await t.call(owner, 'POST', `/api/mailbox/messages/${encodeURIComponent(uid)}/ai-draft`, { folder: 'INBOX' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_CREDITS', message: 'inbox.errors.noCredits' });
    expect(await count()).toBe(before);
  });
});
