import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDovecotMailbox } from '../../test/connect-mailbox';
import { dovecotMissing, startDovecot, type Dovecot } from '../../test/dovecot';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { startWorker } from '../worker';
import type { PipelineWorker } from './worker';
import { fairShare } from './worker-share';

describe('fairShare', () => {
  it('splits the mailboxes evenly, rounded up so that together the workers hold them all, within the cap', () => {
    expect(fairShare(12, 1)).toBe(12);
    expect(fairShare(12, 2)).toBe(6);
    expect(fairShare(200, 3)).toBe(67);
    expect(fairShare(2, 3)).toBe(1);
    expect(fairShare(0, 3)).toBe(0);
    // Before its first heartbeat is seen, a worker counts at least itself.
    expect(fairShare(12, 0)).toBe(12);
    expect(fairShare(12, 2, 5)).toBe(5);
  });
});

const skip = dovecotMissing();
if (skip) console.warn(skip);

const MAILBOXES = 12;
/** Short scans, so that each step settles in a second or two (production: 3 s). */
const SCAN_MS = 200;
const PASSWORD = 'Share-Pass-1';

/**
 * Several workers on one database share the syncing mailboxes evenly: a worker that starts gets its
 * share from the others, one that stops hands its mailboxes to those left, and a cap is honoured.
 */
describe.skipIf(skip)('workers share the mailboxes (Dovecot, PostgreSQL)', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  const running = new Set<PipelineWorker>();
  const mailboxUsers = Array.from({ length: MAILBOXES }, (_, i) => ({ user: `share-${i}@example.com`, pass: PASSWORD }));
  const ids: string[] = [];

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([createTestApp(), startDovecot(mailboxUsers), startSmtpServer(mailboxUsers)]);
    for (const mailbox of mailboxUsers) {
      const user = await t.signUp();
      const ports = { imap: dovecot.port, smtp: smtp.port };
      // Classifying (with no category yet): the assistant works on the mailbox, so a worker holds it.
      ids.push(await connectDovecotMailbox(t, user, mailbox, ports, { responseType: 0, isClassificationEnabled: true }));
    }
  });

  afterAll(async () => {
    await Promise.all([...running].map((w) => w.stop()));
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.stop()]);
  });

  function start(maxMailboxes?: number) {
    const worker = startWorker({
      config: { ...testConfig(), workerMaxMailboxes: maxMailboxes },
      database: t.database,
      polling: { scanMs: SCAN_MS },
    });
    running.add(worker);
    return worker;
  }

  async function stop(worker: PipelineWorker) {
    await worker.stop();
    running.delete(worker);
  }

  /** How many of the mailboxes each worker holds now (unexpired leases), unheld ones under `nobody`. */
  async function spread(): Promise<Record<string, number>> {
    const rows = await t.database.query<{ owner: string | null }>(
      `SELECT CASE WHEN lease_expires_at > now() THEN lease_owner END AS owner FROM mail_account WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const counts: Record<string, number> = {};
    for (const { owner } of rows) counts[owner ?? 'nobody'] = (counts[owner ?? 'nobody'] ?? 0) + 1;
    return counts;
  }

  async function settlesAt(expected: Record<string, number>) {
    const started = Date.now();
    let last = await spread();
    while (JSON.stringify(sorted(last)) !== JSON.stringify(sorted(expected))) {
      if (Date.now() - started > 30_000) throw new Error(`spread ${JSON.stringify(last)}, expected ${JSON.stringify(expected)}`);
      await new Promise((r) => setTimeout(r, 100));
      last = await spread();
    }
    return Date.now() - started;
  }

  /** A message delivered now is recorded and processed by whichever worker holds the mailbox. */
  async function processes(index: number) {
    const messageId = `<share-${index}.${Date.now()}@client.test>`;
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: dovecot.port,
      secure: false,
      auth: mailboxUsers[index]!,
      logger: false,
    });
    await client.connect();
    await client.append(
      'INBOX',
      `From: c@client.test\r\nTo: ${mailboxUsers[index]!.user}\r\nMessage-ID: ${messageId}\r\nSubject: Hi\r\n\r\nHello\r\n`,
    );
    await client.logout();
    const started = Date.now();
    for (;;) {
      const [row] = await t.database.query<{ status: string }>(`SELECT status FROM mail_message WHERE message_id = $1`, [
        messageId,
      ]);
      if (row?.status === 'done') return;
      if (Date.now() - started > 30_000) throw new Error(`message in ${mailboxUsers[index]!.user} not processed: ${row?.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function syncedCheckpoints() {
    const [row] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_account WHERE id = ANY($1::uuid[]) AND sync_checkpoint IS NOT NULL`,
      [ids],
    );
    return row!.n;
  }

  it('gives a started worker its share, hands a stopped one’s to the others, and keeps processing mail', async () => {
    const a = start();
    await settlesAt({ [a.workerId]: MAILBOXES });
    while ((await syncedCheckpoints()) < MAILBOXES) await new Promise((r) => setTimeout(r, 100));

    const b = start();
    const toTwo = await settlesAt({ [a.workerId]: 6, [b.workerId]: 6 });
    const c = start();
    const toThree = await settlesAt({ [a.workerId]: 4, [b.workerId]: 4, [c.workerId]: 4 });
    console.log(`rebalanced ${MAILBOXES} mailboxes to 2 workers in ${toTwo} ms, to 3 in ${toThree} ms`);
    for (let index = 0; index < MAILBOXES; index++) await processes(index);

    await stop(b);
    await settlesAt({ [a.workerId]: 6, [c.workerId]: 6 });
    const [workers] = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM pipeline_worker`);
    expect(workers?.n).toBe(2);
    for (let index = 0; index < MAILBOXES; index++) await processes(index);

    const [messages] = await t.database.query<{ n: number; done: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'done')::int AS done FROM mail_message WHERE mail_account_id = ANY($1::uuid[])`,
      [ids],
    );
    expect(messages).toEqual({ n: 2 * MAILBOXES, done: 2 * MAILBOXES });
    await Promise.all([stop(a), stop(c)]);
  });

  it('holds no more than the cap, leaving the rest unheld and counted', async () => {
    const capped = [start(5), start(5)];
    await settlesAt({ [capped[0]!.workerId]: 5, [capped[1]!.workerId]: 5, nobody: 2 });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(res.body).toMatch(/^mail_unheld_mailboxes 2$/m);
    expect(res.body).toMatch(/^pipeline_workers 2$/m);
    await Promise.all(capped.map(stop));
  });
});

const sorted = (counts: Record<string, number>) => Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
