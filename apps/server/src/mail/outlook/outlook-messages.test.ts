import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMicrosoftServer, type MicrosoftServer } from '../../../test/vendors/microsoft-server';
import { authorize } from '../../../test/vendors/oauth-server';
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
    expect(await ops.fetchRaw(INBOX, 'missing')).toBeNull();
  });

  it('sends MIME through sendMail with the Bcc recipients in a header', async () => {
    const raw = Buffer.from('From: owner@outlook.test\r\nTo: a@x.example\r\nSubject: Hi\r\n\r\nBody\r\n');
    await ops.send(raw, { from: 'owner@outlook.test', to: ['a@x.example', 'hidden@x.example'] });
    expect(server.sent.at(-1)?.raw.toString()).toMatch(/^Bcc: hidden@x\.example\r\nFrom: owner@outlook\.test/);
  });
});
