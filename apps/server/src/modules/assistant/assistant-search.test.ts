import type { AskAnswer } from '@app/shared/assistant';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../../../test/dovecot';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';

const skip = dovecotMissing();
if (skip) console.warn(skip);

const BOX = 'search-owner@example.com';
const PASS = 'Search-Pass-1';
const mail = (from: string, to: string, subject: string, text: string) =>
  Buffer.from(
    `From: ${from}\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${subject.replace(/\W/g, '')}@test>\r\n` +
      `Date: Thu, 26 Nov 2026 10:00:00 +0000\r\n\r\n${text}\r\n`,
  );

/**
 * The chat assistant searches the owner's mailbox through the webmail's search (issue 39, item 4),
 * with the built-in engine over Dovecot: the inbox or Sent, in English and French; a user with no
 * mailbox is told so.
 */
describe.skipIf(skip)("the assistant searches the owner's mailbox", () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let owner: TestUser;

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([createTestApp(), startDovecot(), startSmtpServer()]);
    owner = await t.signUp();
    await dovecot.addUser(BOX, PASS);
    smtp.addUser(BOX, PASS);
    const res = await t.call(owner, 'POST', '/api/email-settings', {
      provider: 'smtp',
      responseType: 0,
      isSyncEnabled: false,
      isClassificationEnabled: false,
      settings: { host: 'localhost', port: smtp.port, user: BOX, pass: PASS, imapHost: 'localhost', imapPort: dovecot.port },
    });
    expect(res.statusCode, res.body).toBe(201);
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port: dovecot.port,
      secure: false,
      auth: { user: BOX, pass: PASS },
      logger: false,
    });
    await imap.connect();
    await imap.append(
      'INBOX',
      mail('Ann Client <ann@client.example>', BOX, 'Quote for 40 quiches', 'How much for 40 quiches?'),
      [],
    );
    await imap.append('INBOX', mail('Bob <bob@corp.example>', BOX, 'Wedding cake', 'Do you make wedding cakes?'), []);
    await imap.append(
      'Sent',
      mail(BOX, 'Ann Client <ann@client.example>', 'Re: Quote for 40 quiches', 'Forty quiches cost 100 EUR.'),
      [],
    );
    await imap.logout();
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.stop()]);
  });

  const ask = async (user: TestUser, question: string) =>
    (await t.call(user, 'POST', '/api/ai/ask', { question, promptType: 'ai' })).json<AskAnswer>().answer;

  it('finds the messages about a subject in the inbox, and the ones the owner sent', async () => {
    const inbox = await ask(owner, 'Find the messages about quiches');
    expect(inbox).toMatch(
      /^One message in your inbox mentions "quiches":\n- .+, Ann Client <ann@client\.example>: "Quote for 40 quiches"$/,
    );
    const sent = await ask(owner, 'Find the mails I sent about quiches');
    expect(sent).toMatch(/^One message you sent mentions "quiches":\n- .+, to ann@client\.example: "Re: Quote for 40 quiches"$/);
    expect(await ask(owner, 'Cherche les messages sur gâteau')).toBe(
      'Aucun message de votre boîte de réception ne mentionne « gâteau ».',
    );
    expect(await ask(owner, 'Cherche les messages de bob@corp.example')).toContain('« Wedding cake »');
  });

  it('tells a user with no mailbox that there is none to search', async () => {
    const stranger = await t.signUp();
    expect(await ask(stranger, 'Find the messages about quiches')).toBe(
      'I cannot search your mail: connect a mailbox first, or try again in a moment.',
    );
  });
});
