import type { SmtpConnectionSettings } from '@app/shared/mail-settings';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../../../test/dovecot';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { SendFailure } from '../errors';
import type { MailProvider, MessageOperations } from '../port';
import { createImapSmtpProvider } from './imap-smtp-provider';

const skip = dovecotMissing();
if (skip) console.warn(skip);

const account = { user: 'bob@example.com', pass: 'secret one' };

function message(n: number, extra = '') {
  return Buffer.from(
    `From: Client ${n} <client${n}@client.example>\r\nTo: bob@example.com\r\nSubject: Question ${n}\r\n` +
      `Message-ID: <q${n}@client.example>\r\nDate: Mon, 2 Nov 2026 10:0${n % 10}:00 +0000\r\n${extra}\r\nHello number ${n}\r\n`,
  );
}

describe.skipIf(skip)('imap/smtp message operations against Dovecot', () => {
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let provider: MailProvider;
  let ops: MessageOperations;

  beforeAll(async () => {
    [dovecot, smtp] = await Promise.all([startDovecot([account]), startSmtpServer([account])]);
    const settings: SmtpConnectionSettings = {
      name: 'Bob',
      host: 'localhost',
      port: smtp.port,
      secure: false,
      user: account.user,
      pass: account.pass,
      imapHost: 'localhost',
      imapPort: dovecot.port,
      imapSecure: false,
      imapUser: account.user,
    };
    provider = createImapSmtpProvider(settings, { allowPrivateHosts: true });
    ops = provider.messages!;
    for (const n of [1, 2, 3]) await ops.append('INBOX', message(n), []);
  });
  afterAll(async () => {
    await provider?.close();
    await Promise.all([dovecot?.stop(), smtp?.stop()]);
  });

  it('lists a folder newest first, page by page, and fetches the raw source', async () => {
    const first = await ops.list('INBOX', { offset: 0, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.messages.map((m) => m.subject)).toEqual(['Question 3', 'Question 2']);
    expect(first.messages[0]).toMatchObject({ seen: false, flagged: false, from: { address: 'client3@client.example' } });
    const second = await ops.list('INBOX', { offset: 2, limit: 2 });
    expect(second.messages.map((m) => m.subject)).toEqual(['Question 1']);
    expect((await ops.list('INBOX', { offset: 3, limit: 2 })).messages).toEqual([]);

    const raw = await ops.fetchRaw('INBOX', first.messages[0]!.id);
    expect(raw?.toString()).toContain('Hello number 3');
    expect(await ops.fetchRaw('INBOX', '1:999999')).toBeNull();
    expect(await ops.fetchRaw('INBOX', '42:1')).toBeNull(); // another UIDVALIDITY: gone
  });

  it('sets and clears flags, finds a message by Message-ID and moves it', async () => {
    const id = await ops.findByMessageId('INBOX', '<q2@client.example>');
    expect(id).not.toBeNull();
    await ops.setFlags('INBOX', [id!], { add: ['\\Seen', '\\Flagged'] });
    let listed = (await ops.list('INBOX', { offset: 0, limit: 10 })).messages.find((m) => m.id === id);
    expect(listed).toMatchObject({ seen: true, flagged: true });
    await ops.setFlags('INBOX', [id!], { remove: ['\\Flagged'] });
    listed = (await ops.list('INBOX', { offset: 0, limit: 10 })).messages.find((m) => m.id === id);
    expect(listed).toMatchObject({ seen: true, flagged: false });

    const target = await provider.ensureFolder(['Clients', 'Questions']);
    await ops.move('INBOX', [id!], target.id);
    expect(await ops.findByMessageId('INBOX', '<q2@client.example>')).toBeNull();
    expect(await ops.findByMessageId(target.id, '<q2@client.example>')).not.toBeNull();
    expect(await ops.findByMessageId('INBOX', '<nobody@nowhere>')).toBeNull();
  });

  it('sends through SMTP and keeps a copy in Sent, created when the server has none', async () => {
    const raw = Buffer.from(
      'From: bob@example.com\r\nTo: client1@client.example\r\nSubject: Re: Question 1\r\nMessage-ID: <reply-1@mail-assistant>\r\n\r\nThanks!\r\n',
    );
    await ops.send(raw, { from: account.user, to: ['client1@client.example'] });
    expect(smtp.received.at(-1)).toMatchObject({ from: account.user, to: ['client1@client.example'] });
    expect(smtp.received.at(-1)?.raw).toContain('<reply-1@mail-assistant>');
    const sent = (await provider.listFolders()).find((f) => f.name === 'Sent');
    expect(sent).toBeDefined();
    expect(await ops.findByMessageId(sent!.id, '<reply-1@mail-assistant>')).not.toBeNull();
  });

  it('says a refused login was never sent (safe to retry)', async () => {
    const wrong = createImapSmtpProvider(
      {
        name: 'Bob',
        host: 'localhost',
        port: smtp.port,
        secure: false,
        user: account.user,
        pass: 'wrong',
        imapHost: 'localhost',
        imapPort: dovecot.port,
        imapSecure: false,
        imapUser: account.user,
      },
      { allowPrivateHosts: true },
    );
    const error = await wrong
      .messages!.send(message(9), { from: account.user, to: ['x@client.example'] })
      .catch((e: unknown) => e);
    await wrong.close();
    expect(error).toBeInstanceOf(SendFailure);
    expect(error).toMatchObject({ notSent: true, error: { reason: 'auth' } });
  });
});

describe.skipIf(skip)('waiting for new mail (IMAP IDLE)', () => {
  let dovecot: Dovecot;
  const settings = (port: number): SmtpConnectionSettings => ({
    name: 'Carol',
    host: 'localhost',
    port: 25,
    secure: false,
    user: 'carol@example.com',
    pass: 'pw carol',
    imapHost: 'localhost',
    imapPort: port,
    imapSecure: false,
    imapUser: 'carol@example.com',
  });

  beforeAll(async () => {
    dovecot = await startDovecot([{ user: 'carol@example.com', pass: 'pw carol' }]);
  });
  afterAll(async () => dovecot?.stop());

  it('wakes up when mail arrives, and times out when none does', async () => {
    const watcher = createImapSmtpProvider(settings(dovecot.port), { allowPrivateHosts: true });
    const sender = createImapSmtpProvider(settings(dovecot.port), { allowPrivateHosts: true });
    try {
      expect(await watcher.waitForChange!('INBOX', 300)).toBe('timeout');
      const started = Date.now();
      const waiting = watcher.waitForChange!('INBOX', 10_000);
      await new Promise((r) => setTimeout(r, 200));
      await sender.messages!.append('INBOX', message(7), []);
      expect(await waiting).toBe('changed');
      expect(Date.now() - started).toBeLessThan(5_000);
      // The connection is usable again right after (IDLE ended by the next command).
      expect((await watcher.messages!.list('INBOX', { offset: 0, limit: 5 })).total).toBe(1);
    } finally {
      await Promise.all([watcher.close(), sender.close()]);
    }
  });
});

describe.skipIf(skip)('webmail operations: folder counts, browse with search, flags on fetch, expunge', () => {
  let dovecot: Dovecot;
  let provider: MailProvider;
  let ops: MessageOperations;
  const dave = { user: 'dave@example.com', pass: 'pw dave' };

  beforeAll(async () => {
    dovecot = await startDovecot([dave]);
    provider = createImapSmtpProvider(
      {
        name: 'Dave',
        host: 'localhost',
        port: 25,
        secure: false,
        user: dave.user,
        pass: dave.pass,
        imapHost: 'localhost',
        imapPort: dovecot.port,
        imapSecure: false,
        imapUser: dave.user,
      },
      { allowPrivateHosts: true },
    );
    ops = provider.messages!;
    for (const n of [1, 2, 3, 4]) {
      await ops.append(
        'INBOX',
        message(n, n === 4 ? 'Cc: Eve <EVE@example.com>\r\nReferences: <q1@client.example> <q2@client.example>\r\n' : ''),
        n === 1 ? ['\\Seen'] : [],
      );
    }
  });
  afterAll(async () => {
    await provider?.close();
    await dovecot?.stop();
  });

  it('counts messages and unseen ones per folder, leaving out folders that cannot be opened', async () => {
    const counts = await ops.folderCounts!(['INBOX', 'Trash', 'Does/Not/Exist']);
    expect(counts).toEqual({ INBOX: { messages: 4, unseen: 3 }, Trash: { messages: 0, unseen: 0 } });
  });

  it('browses newest first with Cc and thread depth, and searches subject, sender and text', async () => {
    const page = await ops.browse!('INBOX', { offset: 0, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.messages.map((m) => m.subject)).toEqual(['Question 4', 'Question 3']);
    expect(page.messages[0]).toMatchObject({ cc: [{ name: 'Eve', address: 'eve@example.com' }], threadDepth: 2 });
    expect(page.messages[1]).toMatchObject({ cc: [], threadDepth: 0 });

    const bySender = await ops.browse!('INBOX', { offset: 0, limit: 10, search: 'client2@' });
    expect(bySender.messages.map((m) => m.subject)).toEqual(['Question 2']);
    const byText = await ops.browse!('INBOX', { offset: 0, limit: 1, search: 'Hello number' });
    expect(byText.total).toBe(4);
    expect(byText.messages.map((m) => m.subject)).toEqual(['Question 4']);
    expect((await ops.browse!('INBOX', { offset: 0, limit: 10, search: 'nothing like this' })).messages).toEqual([]);
  });

  it('fetches the source with its flags, and expunges only the messages named', async () => {
    const [newest, second] = (await ops.browse!('INBOX', { offset: 0, limit: 2 })).messages;
    await ops.setFlags('INBOX', [newest!.id], { add: ['\\Flagged'] });
    const fetched = await ops.fetchWithFlags!('INBOX', newest!.id);
    expect(fetched).toMatchObject({ seen: false, flagged: true });
    expect(fetched?.raw.toString()).toContain('Hello number 4');
    expect(await ops.fetchWithFlags!('INBOX', '1:999')).toBeNull();

    await ops.expunge!('INBOX', [second!.id]);
    const left = await ops.browse!('INBOX', { offset: 0, limit: 10 });
    expect(left.messages.map((m) => m.subject)).toEqual(['Question 4', 'Question 2', 'Question 1']);
  });

  it('appends a draft answering its id (UIDPLUS), reads it as a draft and deletes it for good', async () => {
    const id = await ops.append('Drafts', message(8), ['\\Draft', '\\Seen']);
    expect(id).toMatch(/^\d+:\d+$/);
    expect(await ops.findByMessageId('Drafts', '<q8@client.example>')).toBe(id);
    expect(await ops.fetchWithFlags!('Drafts', id!)).toMatchObject({ draft: true, seen: true });
    expect((await ops.fetchWithFlags!('INBOX', (await ops.findByMessageId('INBOX', '<q1@client.example>'))!))?.draft).toBe(false);
    await ops.deleteDraft!('Drafts', id!);
    expect(await ops.fetchWithFlags!('Drafts', id!)).toBeNull();
    await ops.deleteDraft!('Drafts', id!);
  });
});

describe.skipIf(skip)('the webmail header cache', () => {
  const carol = { user: 'carol@example.com', pass: 'secret three' };
  let dovecot: Dovecot;
  let provider: MailProvider;
  let ops: Required<MessageOperations>;
  let other: ImapFlow;

  const firstPage = () => ops.browse('INBOX', { offset: 0, limit: 10 });
  const row = async (subject: string) => (await firstPage()).messages.find((m) => m.subject === subject);

  beforeAll(async () => {
    dovecot = await startDovecot([carol]);
    const settings: SmtpConnectionSettings = {
      name: 'Carol',
      host: 'localhost',
      port: 1,
      secure: false,
      user: carol.user,
      pass: carol.pass,
      imapHost: 'localhost',
      imapPort: dovecot.port,
      imapSecure: false,
      imapUser: carol.user,
    };
    provider = createImapSmtpProvider(settings, { allowPrivateHosts: true });
    ops = provider.messages as Required<MessageOperations>;
    for (const n of [1, 2, 3]) await ops.append('INBOX', message(n), []);
    // Another mail client on the same mailbox, as the owner's phone would be.
    other = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: carol, logger: false });
    await other.connect();
  });
  afterAll(async () => {
    await other?.logout().catch(() => undefined);
    await provider?.close();
    await dovecot?.stop();
  });

  it('serves a folder page again from memory while the folder is unchanged', async () => {
    const first = await firstPage();
    expect(first.messages.map((m) => m.subject)).toEqual(['Question 3', 'Question 2', 'Question 1']);
    expect(await firstPage()).toBe(first);
    expect(await ops.browse('INBOX', { offset: 0, limit: 10, search: 'Question' })).not.toBe(first);
  });

  it("sees another client's flag changes, new mail and deletions, whichever folder is selected", async () => {
    await firstPage();
    await other.mailboxOpen('INBOX');
    await other.messageFlagsAdd({ header: { 'message-id': '<q2@client.example>' } }, ['\\Flagged']);
    expect(await row('Question 2')).toMatchObject({ flagged: true });

    await other.append('INBOX', message(4), []);
    const withNew = await firstPage();
    expect(withNew.total).toBe(4);
    expect(withNew.messages[0]?.subject).toBe('Question 4');

    // With another folder selected in between, the INBOX is selected afresh.
    await ops.browse((await provider.ensureFolder(['Archive'])).id, { offset: 0, limit: 10 });
    await other.messageDelete({ header: { 'message-id': '<q1@client.example>' } });
    await other.messageFlagsAdd({ header: { 'message-id': '<q3@client.example>' } }, ['\\Seen']);
    const after = await firstPage();
    expect(after.messages.map((m) => m.subject)).toEqual(['Question 4', 'Question 3', 'Question 2']);
    expect(after.messages[1]).toMatchObject({ seen: true });
  });

  it("counts another client's new mail in the folder it has selected, for pages not kept and for list", async () => {
    const before = (await ops.list('INBOX', { offset: 0, limit: 10 })).total;
    await other.append('INBOX', message(5), []);
    expect((await ops.list('INBOX', { offset: 0, limit: 10 })).total).toBe(before + 1);
    await other.append('INBOX', message(6), []);
    const page = await ops.browse('INBOX', { offset: 1, limit: 2 });
    expect(page.total).toBe(before + 2);
    expect(page.messages[0]?.subject).toBe('Question 5');
  });

  it('syncs the folder after a page fetched from the server, not after one served from memory', async () => {
    const noops = vi.spyOn(ImapFlow.prototype, 'noop');
    try {
      const settled = () => new Promise((resolve) => setTimeout(resolve, 200));
      await ops.browse('INBOX', { offset: 2, limit: 1 });
      await settled();
      noops.mockClear();
      await ops.browse('INBOX', { offset: 2, limit: 1 }); // kept: the NOOP that checks the folder only
      await settled();
      expect(noops).toHaveBeenCalledTimes(1);
      await ops.browse('INBOX', { offset: 3, limit: 1 }); // fetched: the check, then a sync after the answer
      await vi.waitFor(() => expect(noops).toHaveBeenCalledTimes(3));
      await settled();
      expect(noops).toHaveBeenCalledTimes(3);
    } finally {
      noops.mockRestore();
    }
  });

  it('drops the pages of the folders its own changes touch', async () => {
    const before = await row('Question 4');
    await ops.setFlags('INBOX', [before!.id], { add: ['\\Seen'] });
    expect(await row('Question 4')).toMatchObject({ seen: true });
    const archive = (await provider.ensureFolder(['Archive'])).id;
    await ops.browse(archive, { offset: 0, limit: 10 });
    await ops.move('INBOX', [before!.id], archive);
    expect(await row('Question 4')).toBeUndefined();
    expect((await ops.browse(archive, { offset: 0, limit: 10 })).messages.map((m) => m.subject)).toEqual(['Question 4']);
  });
});
