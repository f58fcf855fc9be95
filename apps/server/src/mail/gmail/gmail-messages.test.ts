import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleServer, type GoogleServer } from '../../../test/vendors/google-server';
import { authorize } from '../../../test/vendors/oauth-server';
import { endpointsUnder, exchangeCode, gmailClient } from '../oauth/oauth-clients';
import type { MessageOperations } from '../port';
import { createGmailProvider } from './gmail-provider';
import { withBcc } from '../bcc-header';

const credentials = { clientId: 'client-123', clientSecret: 'secret-456' };

function message(n: number, extra = '') {
  return Buffer.from(
    `From: Client ${n} <Client${n}@client.example>\r\nTo: owner@gmail.test\r\nSubject: Question ${n}\r\n` +
      `Message-ID: <q${n}@client.example>\r\nDate: Mon, 2 Nov 2026 10:0${n}:00 +0000\r\n${extra}\r\nHello number ${n}\r\n`,
  );
}

/** The webmail's message operations against a server speaking the Gmail API's wire format. */
describe('gmail message operations against a Gmail-shaped server', () => {
  let server: GoogleServer;
  let ops: MessageOperations;

  beforeAll(async () => {
    server = await startGoogleServer({ ...credentials, emailAddress: 'owner@gmail.test' });
    const client = gmailClient(credentials, endpointsUnder(server.baseUrl, undefined), 'http://localhost:3000');
    const { code } = await authorize(server, '/o/oauth2/v2/auth', client.redirectUri);
    const tokens = await exchangeCode(client, code);
    const provider = createGmailProvider(
      endpointsUnder(server.baseUrl, undefined).google.gmailApi,
      { accessToken: async () => tokens.accessToken, refresh: async () => tokens.accessToken },
      { baseDelayMs: 10 },
    );
    ops = provider.messages!;
    for (const n of [1, 2, 3]) {
      await ops.append(
        'INBOX',
        message(n, n === 3 ? 'Cc: Eve <eve@x.example>\r\nReferences: <q1@client.example>\r\n' : ''),
        n === 1 ? ['\\Seen'] : [],
      );
    }
  });
  afterAll(() => server?.close());

  it('lists a label newest first with counts, thread depth and search', async () => {
    const page = await ops.browse!('INBOX', { offset: 0, limit: 2 });
    expect(page.total).toBe(3);
    expect(page.messages.map((m) => m.subject)).toEqual(['Question 3', 'Question 2']);
    expect(page.messages[0]).toMatchObject({
      from: { name: 'Client 3', address: 'client3@client.example' },
      cc: [{ name: 'Eve', address: 'eve@x.example' }],
      seen: false,
      threadDepth: 1,
    });
    expect((await ops.list('INBOX', { offset: 2, limit: 2 })).messages.map((m) => m.subject)).toEqual(['Question 1']);
    expect(
      (await ops.browse!('INBOX', { offset: 0, limit: 10, search: 'client2@client.example' })).messages.map((m) => m.subject),
    ).toEqual(['Question 2']);
    expect(await ops.folderCounts!(['INBOX', 'SPAM', 'Label_gone'])).toEqual({
      INBOX: { messages: 3, unseen: 2 },
      SPAM: { messages: 0, unseen: 0 },
    });
  });

  it('maps \\Seen and \\Flagged to labels, fetches the source, finds by Message-ID and moves', async () => {
    const id = (await ops.findByMessageId('INBOX', '<q2@client.example>'))!;
    expect(id).toBeTruthy();
    await ops.setFlags('INBOX', [id], { add: ['\\Seen', '\\Flagged', '$Junk'] });
    expect(server.messages.find((m) => m.id === id)?.labelIds.sort()).toEqual(['INBOX', 'STARRED']);
    // The pipeline's mark is the "Likely spam" label, created once: the message stays in the inbox.
    await ops.markLikelySpam!('INBOX', [id]);
    const likelySpam = server.labels.find((l) => l.name === 'Likely spam');
    expect(likelySpam).toMatchObject({ type: 'user' });
    expect(server.messages.find((m) => m.id === id)?.labelIds.sort()).toEqual(['INBOX', likelySpam!.id, 'STARRED'].sort());
    await ops.markLikelySpam!('INBOX', [id]);
    expect(server.labels.filter((l) => l.name === 'Likely spam')).toHaveLength(1);
    const fetched = await ops.fetchWithFlags!('INBOX', id);
    expect(fetched).toMatchObject({ seen: true, flagged: true, junk: true });
    expect((await ops.browse!('INBOX', { offset: 0, limit: 10 })).messages.filter((m) => m.junk).map((m) => m.id)).toEqual([id]);
    // The owner's "not spam": the label goes, the message stays.
    await ops.clearLikelySpam!('INBOX', [id]);
    expect(server.messages.find((m) => m.id === id)?.labelIds.sort()).toEqual(['INBOX', 'STARRED']);
    expect(await ops.fetchWithFlags!('INBOX', id)).toMatchObject({ junk: false });
    expect(fetched?.raw.toString()).toContain('Hello number 2');
    await ops.setFlags('INBOX', [id], { remove: ['\\Seen'] });
    expect(server.messages.find((m) => m.id === id)?.labelIds).toContain('UNREAD');

    await ops.move('INBOX', [id], 'SPAM');
    expect(await ops.fetchRaw('INBOX', id)).toBeNull();
    expect(await ops.findByMessageId('SPAM', '<q2@client.example>')).toBe(id);
    await ops.move('SPAM', [id], 'TRASH');
    expect(server.messages.find((m) => m.id === id)?.labelIds).toContain('TRASH');
    expect(await ops.fetchRaw('INBOX', 'does-not-exist')).toBeNull();
  });

  it('sends with Bcc recipients in a header Gmail strips, and saves drafts through drafts.create', async () => {
    const raw = Buffer.from('From: owner@gmail.test\r\nTo: a@x.example\r\nCc: b@x.example\r\nSubject: Hi\r\n\r\nBody\r\n');
    await ops.send(raw, { from: 'owner@gmail.test', to: ['a@x.example', 'b@x.example', 'hidden@x.example'] });
    expect(server.sent.at(-1)?.raw.toString()).toMatch(/^Bcc: hidden@x\.example\r\n/);
    expect(server.sent.at(-1)?.labelIds).toEqual(['SENT']);
    const id = await ops.append('DRAFT', Buffer.from('Subject: Draft\r\n\r\nx\r\n'), ['\\Draft']);
    expect(server.drafts.at(-1)?.raw.toString()).toContain('Subject: Draft');
    expect(id).toBe(server.drafts.at(-1)?.id);
    expect(await ops.fetchWithFlags!('DRAFT', id!)).toMatchObject({ draft: true });
    expect('expunge' in ops).toBe(false);
    // Drafts go for good through drafts.delete (mail-modify may), found by their message's id.
    await ops.deleteDraft!('DRAFT', id!);
    expect(server.messages.some((m) => m.id === id)).toBe(false);
    await ops.deleteDraft!('DRAFT', id!);
  });

  it('adds no Bcc header when every recipient is named', () => {
    const raw = Buffer.from('To: A <a@x.example>,\r\n b@x.example\r\n\r\nx');
    expect(withBcc(raw, ['a@x.example', 'B@x.example'])).toBe(raw);
  });
});
