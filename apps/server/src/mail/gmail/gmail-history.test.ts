import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInGmailProvider, TEST_OAUTH_CLIENT } from '../../../test/vendors/oauth-vendors';
import { startGoogleServer, type GoogleServer } from '../../../test/vendors/google-server';
import type { MailProvider } from '../port';

const mail = (n: number) =>
  Buffer.from(
    `From: Client ${n} <client${n}@client.example>\r\nTo: owner@gmail.test\r\nSubject: New ${n}\r\n` +
      `Message-ID: <new${n}@client.example>\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\n\r\nHello ${n}\r\n`,
  );

/** Ingest of a Gmail label through users.history.list, against a server speaking Gmail's wire format. */
describe('gmail new-mail ingest through history', () => {
  let server: GoogleServer;
  let provider: MailProvider;
  let n = 0;

  beforeAll(async () => {
    server = await startGoogleServer({ ...TEST_OAUTH_CLIENT, emailAddress: 'owner@gmail.test' });
    provider = await signedInGmailProvider(server);
  });
  afterAll(() => server?.close());

  /** Mail arriving as Gmail delivers it (messages.insert with the labels given). */
  const arrive = (labelIds = ['INBOX', 'UNREAD']) => provider.messages!.append(labelIds[0]!, mail(++n), []);

  /** Reads until the adapter has nothing more, as ingest does; every page's subjects. */
  async function drain(checkpoint: unknown, limit = 50) {
    const pages: string[][] = [];
    for (;;) {
      const page = await provider.listNewMessages('INBOX', checkpoint, limit);
      pages.push(page.messages.map((m) => m.subject));
      if (page.messages.length === 0 && JSON.stringify(page.checkpoint) === JSON.stringify(checkpoint))
        return { pages, checkpoint };
      checkpoint = page.checkpoint;
      if (pages.length > 20) throw new Error('the checkpoint never settles');
    }
  }

  it('starts from now, then reports each message added to the label once, oldest first, with its envelope', async () => {
    await arrive();
    const first = await provider.listNewMessages('INBOX', null, 50);
    expect(first.messages).toEqual([]);
    await arrive();
    await arrive();
    await provider.messages!.append('Label_1', mail(++n), []); // another label only
    const page = await provider.listNewMessages('INBOX', first.checkpoint, 50);
    expect(page.messages.map((m) => m.subject)).toEqual(['New 2', 'New 3']);
    expect(page.messages[0]).toMatchObject({
      messageId: '<new2@client.example>',
      from: { name: 'Client 2', address: 'client2@client.example' },
      providerId: server.messages.find((m) => m.raw.toString().includes('Subject: New 2'))!.id,
    });
    expect((await drain(page.checkpoint)).pages.flat()).toEqual([]);
  });

  it('pages through many records and ignores label changes on known mail', async () => {
    const { checkpoint } = await drain(null);
    for (let i = 0; i < 5; i++) await arrive();
    const first = server.messages.at(-5)!;
    await provider.messages!.setFlags('INBOX', [first.id], { add: ['\\Seen'] });
    const { pages } = await drain(checkpoint, 2);
    expect(pages.flat()).toEqual(['New 5', 'New 6', 'New 7', 'New 8', 'New 9']);
    expect(pages[0]).toHaveLength(2);
  });

  it('leaves out a message deleted before it could be read', async () => {
    const { checkpoint } = await drain(null);
    await arrive();
    await arrive();
    server.messages.splice(server.messages.length - 2, 1);
    expect((await drain(checkpoint)).pages.flat()).toEqual([`New ${n}`]);
  });

  it('falls back to a search of the label when Gmail no longer keeps the history id', async () => {
    const { checkpoint } = await drain(null);
    await arrive();
    server.history.floor = Number((checkpoint as { historyId: string }).historyId) + 1;
    const { pages, checkpoint: after } = await drain(checkpoint);
    // Everything received since the last round (and a margin before it) comes again; ingest keeps each once.
    expect(pages.flat()).toContain(`New ${n}`);
    expect(pages.flat().indexOf(`New ${n}`)).toBe(pages.flat().length - 1);
    await arrive();
    expect((await drain(after)).pages.flat()).toEqual([`New ${n}`]);
  });
});
