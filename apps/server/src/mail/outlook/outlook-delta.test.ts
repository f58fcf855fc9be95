import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOutlookProvider, TEST_OAUTH_CLIENT } from '../../../test/vendors/oauth-vendors';
import { startMicrosoftServer, type MicrosoftServer } from '../../../test/vendors/microsoft-server';
import type { MailProvider } from '../port';

const INBOX = 'AAMk-inbox';

const mail = (n: number) =>
  Buffer.from(
    `From: Client ${n} <Client${n}@client.example>\r\nTo: owner@outlook.test\r\nSubject: New ${n}\r\n` +
      `Message-ID: <new${n}@client.example>\r\n\r\nHello ${n}\r\n`,
  );

/** Ingest of an Outlook folder through Graph's message delta, against a server in Graph's wire format. */
describe('outlook new-mail ingest through message delta', () => {
  let server: MicrosoftServer;
  let provider: MailProvider;
  let n = 0;

  beforeAll(async () => {
    server = await startMicrosoftServer({ ...TEST_OAUTH_CLIENT, mail: 'owner@outlook.test' });
    provider = await signedInOutlookProvider(server);
  });
  afterAll(() => server?.close());

  const arrive = (folder = INBOX) => server.deliver(folder, mail(++n));
  const subjectOf = (message: { raw: Buffer }) => /Subject: (.*)\r/.exec(message.raw.toString())![1];

  /** Reads until the adapter has nothing more, as ingest does; every page's subjects. */
  async function drain(checkpoint: unknown, limit = 50) {
    const pages: string[][] = [];
    for (;;) {
      const page = await provider.listNewMessages(INBOX, checkpoint, limit);
      pages.push(page.messages.map((m) => m.subject));
      if (page.messages.length === 0 && JSON.stringify(page.checkpoint) === JSON.stringify(checkpoint))
        return { pages, checkpoint };
      checkpoint = page.checkpoint;
      if (pages.length > 20) throw new Error('the checkpoint never settles');
    }
  }

  it('does not list the past, then reports each arrival once with its envelope', async () => {
    arrive();
    arrive();
    await new Promise((r) => setTimeout(r, 5));
    const { pages, checkpoint } = await drain(null);
    expect(pages.flat()).toEqual([]);
    const second = arrive();
    arrive('AAMk-archive');
    const page = await provider.listNewMessages(INBOX, checkpoint, 50);
    expect(page.messages).toEqual([
      {
        providerId: second.id,
        messageId: '<new3@client.example>',
        subject: 'New 3',
        from: { name: 'Client 3', address: 'client3@client.example' },
        date: new Date(second.received),
      },
    ]);
    expect((await drain(page.checkpoint)).pages.flat()).toEqual([]);
  });

  it('pages with odata.maxpagesize and ignores reads, flags and moves out of the folder', async () => {
    const { checkpoint } = await drain(null);
    const arrived = [arrive(), arrive(), arrive(), arrive(), arrive()];
    await provider.messages!.setFlags(INBOX, [arrived[0]!.id], { add: ['\\Seen', '\\Flagged'] });
    await provider.messages!.move(INBOX, [arrived[1]!.id], 'AAMk-archive');
    const { pages } = await drain(checkpoint, 2);
    expect(pages.flat()).toEqual(arrived.filter((_, i) => i !== 1).map(subjectOf));
    expect(pages[0]).toHaveLength(2);
  });

  it('starts a new round from before the last one when the sync state has expired', async () => {
    const { checkpoint } = await drain(null);
    arrive();
    const read = await drain(checkpoint);
    expect(read.pages.flat()).toEqual([`New ${n}`]);
    const missed = arrive();
    server.expireDeltaTokens();
    const { pages, checkpoint: after } = await drain(read.checkpoint);
    // The new round lists the folder's mail since shortly before the last round; ingest keeps each once.
    expect(pages.flat().at(-1)).toBe(subjectOf(missed));
    arrive();
    expect((await drain(after)).pages.flat()).toEqual([`New ${n}`]);
  });

  it('never follows a stored link to another host, and reports a folder that is gone', async () => {
    const forged = await provider.listNewMessages(
      INBOX,
      { link: 'https://evil.example/v1.0/x', since: new Date().toISOString() },
      5,
    );
    expect(forged.messages).toEqual([]);
    expect((forged.checkpoint as { link: string }).link.startsWith(server.baseUrl)).toBe(true);
    const gone = await provider.listNewMessages('AAMk-missing', null, 5);
    await expect(provider.listNewMessages('AAMk-missing', gone.checkpoint, 5)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
