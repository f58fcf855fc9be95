import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMicrosoftServer, type MicrosoftServer } from '../../../test/vendors/microsoft-server';
import { authorize } from '../../../test/vendors/oauth-server';
import { parseMessage } from '../mime/parse-message';
import { withAttachmentStream } from '../mime/stream-attachment';
import { endpointsUnder, exchangeCode, outlookClient } from '../oauth/oauth-clients';
import type { MessageOperations } from '../port';
import { createOutlookProvider } from './outlook-provider';

const credentials = { clientId: 'client-123', clientSecret: 'secret-456' };
const INBOX = 'AAMk-inbox';

function message(n: number, extra = '') {
  return Buffer.from(
    `From: Client ${n} <client${n}@client.example>\r\nTo: owner@outlook.test\r\nSubject: Question ${n}\r\n` +
      `Message-ID: <q${n}@client.example>\r\nDate: Mon, 2 Nov 2026 10:0${n}:00 +0000\r\n${extra}\r\nHello number ${n}\r\n`,
  );
}

/** A message with a text part, `payload` as a base64 attachment, then a small CSV attachment. */
function withAttachments(payload: Buffer) {
  return Buffer.from(
    'From: Supplier <sales@supplier.example>\r\nTo: owner@outlook.test\r\nSubject: Data attached\r\n' +
      'Message-ID: <data@supplier.example>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="cut"\r\n\r\n' +
      '--cut\r\nContent-Type: text/plain\r\n\r\nThe data and the prices.\r\n' +
      '--cut\r\nContent-Type: application/octet-stream; name="data.bin"\r\nContent-Disposition: attachment; filename="data.bin"\r\n' +
      `Content-Transfer-Encoding: base64\r\n\r\n${payload.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n` +
      '--cut\r\nContent-Type: text/csv; name="prices.csv"\r\nContent-Disposition: attachment; filename="prices.csv"\r\n\r\n' +
      'sku,price\r\nA1,10\r\n--cut--\r\n',
  );
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The webmail's message operations against a server speaking Microsoft Graph's wire format. */
describe('outlook message operations against a Graph-shaped server', () => {
  let server: MicrosoftServer;
  let ops: MessageOperations;

  beforeAll(async () => {
    server = await startMicrosoftServer({ ...credentials, mail: 'owner@outlook.test' });
    const client = outlookClient(credentials, endpointsUnder(undefined, server.baseUrl), 'http://localhost:3000');
    const { code } = await authorize(server, '/common/oauth2/v2.0/authorize', client.redirectUri);
    let tokens = await exchangeCode(client, code);
    const provider = createOutlookProvider(
      endpointsUnder(undefined, server.baseUrl).microsoft.graphApi,
      {
        accessToken: async () => tokens.accessToken,
        refresh: async () => {
          const { refreshTokens } = await import('../oauth/oauth-clients');
          tokens = await refreshTokens(client, tokens.refreshToken);
          return tokens.accessToken;
        },
      },
      { baseDelayMs: 10 },
    );
    ops = provider.messages!;
    for (const n of [1, 2, 3])
      await ops.append(INBOX, message(n, n === 3 ? 'Cc: Eve <eve@x.example>\r\n' : ''), n === 1 ? ['\\Seen'] : []);
  });
  afterAll(() => server?.close());

  it('appends through Drafts into the folder, lists newest first with counts and searches', async () => {
    expect(server.messages.map((m) => m.folderId)).toEqual([INBOX, INBOX, INBOX]);
    const page = await ops.browse!(INBOX, { offset: 0, limit: 2 });
    expect(page.total).toBe(3);
    expect(page.messages.map((m) => m.subject)).toEqual(['Question 3', 'Question 2']);
    expect(page.messages[0]).toMatchObject({
      from: { address: 'client3@client.example' },
      cc: [{ address: 'eve@x.example' }],
      seen: false,
    });
    expect((await ops.list(INBOX, { offset: 2, limit: 2 })).messages.map((m) => m.subject)).toEqual(['Question 1']);
    expect((await ops.browse!(INBOX, { offset: 0, limit: 5, search: 'number 2' })).messages.map((m) => m.subject)).toEqual([
      'Question 2',
    ]);
    expect(await ops.folderCounts!([INBOX, 'AAMk-junkemail', 'gone'])).toEqual({
      [INBOX]: { messages: 3, unseen: 2 },
      'AAMk-junkemail': { messages: 0, unseen: 0 },
    });
  });

  it('marks likely spam with the "Likely spam" category, keeping the message where it is and its other categories', async () => {
    const id = (await ops.findByMessageId(INBOX, '<q1@client.example>'))!;
    const stored = server.messages.find((m) => m.id === id)!;
    stored.categories = ['Red category'];
    await ops.markLikelySpam!(INBOX, [id]);
    await ops.markLikelySpam!(INBOX, [id]);
    expect(stored.categories).toEqual(['Red category', 'Likely spam']);
    expect(stored.folderId).toBe(INBOX);
    expect((await ops.list(INBOX, { offset: 0, limit: 10 })).messages.find((m) => m.id === id)?.junk).toBe(true);
    expect(await ops.fetchWithFlags!(INBOX, id)).toMatchObject({ junk: true });
    // The owner's "not spam": only that category goes.
    await ops.clearLikelySpam!(INBOX, [id]);
    expect(stored.categories).toEqual(['Red category']);
    expect((await ops.list(INBOX, { offset: 0, limit: 10 })).messages.find((m) => m.id === id)?.junk).toBe(false);
  });

  it('reads MIME with flags, sets isRead and the flag, finds by Message-ID, moves and deletes for good', async () => {
    const id = (await ops.findByMessageId(INBOX, '<q2@client.example>'))!;
    await ops.setFlags(INBOX, [id], { add: ['\\Seen', '\\Flagged'] });
    const fetched = await ops.fetchWithFlags!(INBOX, id);
    expect(fetched).toMatchObject({ seen: true, flagged: true });
    expect(fetched?.raw.toString()).toContain('Hello number 2');
    await ops.move(INBOX, [id], 'AAMk-junkemail');
    expect(await ops.fetchRaw(INBOX, id)).toBeNull();
    expect(await ops.findByMessageId('AAMk-junkemail', '<q2@client.example>')).toBe(id);
    await ops.expunge!('AAMk-junkemail', [id]);
    expect(server.messages.some((m) => m.id === id)).toBe(false);

    // A draft: created in Drafts (Graph's isDraft), its id answered, deleted for good only from its folder.
    const draft = (await ops.append('AAMk-drafts', message(9), ['\\Draft']))!;
    expect(await ops.fetchWithFlags!('AAMk-drafts', draft)).toMatchObject({ draft: true, seen: true });
    await ops.deleteDraft!(INBOX, draft);
    expect(server.messages.some((m) => m.id === draft)).toBe(true);
    await ops.deleteDraft!('AAMk-drafts', draft);
    expect(server.messages.some((m) => m.id === draft)).toBe(false);
    expect(await ops.fetchRaw(INBOX, 'missing')).toBeNull();
  });

  it('reads `$value` as bytes: an 8-bit latin-1 message comes back byte for byte', async () => {
    const raw = Buffer.concat([
      Buffer.from(
        'From: Zoe <zoe@client.example>\r\nTo: owner@outlook.test\r\nSubject: Latin-1\r\nMessage-ID: <latin1@client.example>\r\n' +
          'MIME-Version: 1.0\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\n',
      ),
      Buffer.from('Café crème, déjà vu. À bientôt !\r\n', 'latin1'),
    ]);
    // Bytes that are not UTF-8 (0xE9 alone): decoding them as UTF-8 would replace them.
    expect(raw.includes(Buffer.from([0xe9, 0x20]))).toBe(true);
    await ops.append(INBOX, raw, []);
    const id = (await ops.findByMessageId(INBOX, '<latin1@client.example>'))!;
    expect(server.messages.find((m) => m.id === id)!.raw.equals(raw)).toBe(true);

    const fetched = await ops.fetchRaw(INBOX, id);
    expect(fetched?.equals(raw)).toBe(true);
    expect((await ops.fetchWithFlags!(INBOX, id))?.raw.equals(raw)).toBe(true);
    expect((await parseMessage(fetched!)).text).toContain('Café crème, déjà vu. À bientôt !');
  });

  it('streams `$value` to the reader while Graph is still sending it', async () => {
    const stored = server.deliver(INBOX, withAttachments(randomBytes(2 * 1024 * 1024)));
    let release = () => {};
    server.valueGate = { afterBytes: 256 * 1024, release: new Promise<void>((resolve) => (release = resolve)) };
    try {
      const received = await ops.withRawStream!(INBOX, stored.id, async (raw) => {
        const [first] = (await once(raw, 'data')) as [Buffer];
        raw.pause();
        // The first bytes are here while Graph holds back the rest of the message.
        const read = server.valueReads.at(-1)!;
        expect(read).toMatchObject({ id: stored.id, outcome: 'sending' });
        expect(read.sent).toBeLessThan(stored.raw.length);
        release();
        return Buffer.concat([first, await readAll(raw)]);
      });
      expect(received?.equals(stored.raw)).toBe(true);
      expect(server.valueReads.at(-1)).toMatchObject({ outcome: 'complete', sent: stored.raw.length });
    } finally {
      release();
      server.valueGate = null;
    }
  });

  it('hands one attachment through the streaming parser and drops the connection once it is read', async () => {
    const payload = randomBytes(1024 * 1024);
    const stored = server.deliver(INBOX, withAttachments(payload));
    const attachment = (index: number) =>
      ops.withRawStream!(INBOX, stored.id, (raw) =>
        withAttachmentStream(raw, index, async (file) => ({ ...file, content: await readAll(file.content) })),
      );
    const data = await attachment(0);
    expect(data).toMatchObject({ filename: 'data.bin', contentType: 'application/octet-stream' });
    expect(data?.content.equals(payload)).toBe(true);
    expect(await attachment(2)).toBeNull();

    // A reader done early: the rest of the body is not drained, Graph sees the connection closed.
    let release = () => {};
    server.valueGate = { afterBytes: 128 * 1024, release: new Promise<void>((resolve) => (release = resolve)) };
    try {
      const first = await ops.withRawStream!(INBOX, stored.id, async (raw) => ((await once(raw, 'data')) as [Buffer])[0]);
      expect(stored.raw.subarray(0, first!.length).equals(first!)).toBe(true);
    } finally {
      release();
      server.valueGate = null;
    }
    await vi.waitFor(() => expect(server.valueReads.at(-1)).toMatchObject({ id: stored.id, outcome: 'abandoned' }));
    expect(server.valueReads.at(-1)!.sent).toBeLessThan(stored.raw.length);
  });

  it('streams null for a message gone or elsewhere, and refreshes an expired token once', async () => {
    const stored = server.deliver(INBOX, message(7));
    const text = (folder: string, id: string) => ops.withRawStream!(folder, id, async (raw) => (await readAll(raw)).toString());
    expect(await text('AAMk-junkemail', stored.id)).toBeNull();
    expect(await text(INBOX, 'AAMkMsg-missing')).toBeNull();
    server.expireAccessTokens();
    expect(await text(INBOX, stored.id)).toContain('Hello number 7');
    server.messages.splice(server.messages.indexOf(stored), 1);
    expect(await text(INBOX, stored.id)).toBeNull();
  });

  it('sends MIME through sendMail with the Bcc recipients in a header', async () => {
    const raw = Buffer.from('From: owner@outlook.test\r\nTo: a@x.example\r\nSubject: Hi\r\n\r\nBody\r\n');
    await ops.send(raw, { from: 'owner@outlook.test', to: ['a@x.example', 'hidden@x.example'] });
    expect(server.sent.at(-1)?.raw.toString()).toMatch(/^Bcc: hidden@x\.example\r\nFrom: owner@outlook\.test/);
  });
});
