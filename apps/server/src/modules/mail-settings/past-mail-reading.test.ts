import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing } from '../../../test/dovecot';
import { testConfig } from '../../../test/harness';
import { type PipelineFixture, startPipelineFixture } from '../../../test/pipeline-fixture';
import type { MailProvider } from '../../mail/port';
import { createLocalEngine } from '../../ai/local/local-engine';
import { forgetReads } from './first-run-reads.repository';
import { initialise } from './mail-settings.jobs';
import * as repo from './mail-settings.repository';
import { mailSettingsDeps, providerFor } from './mail-settings.service';
import { listInRange, readListed } from './past-mail-reading';

const skip = dovecotMissing();
if (skip) console.warn(skip);

/** The first run's reading (issue 36, item 5) on Dovecot: cut short, it resumes where it stopped. */
/** The provider, noting the folder of each message it fetches; `onFetch` hears the count first (and may throw). */
function counting(provider: MailProvider, onFetch: (count: number) => Promise<unknown> = async () => undefined) {
  const fetched: string[] = [];
  const ops = provider.messages!;
  const wrapped: MailProvider = {
    ...provider,
    messages: {
      ...ops,
      fetchRaw: async (folder, id) => {
        fetched.push(folder);
        await onFetch(fetched.length);
        return ops.fetchRaw(folder, id);
      },
    },
  };
  return { fetched, provider: wrapped };
}

describe.skipIf(skip)('reading past mail', () => {
  let f: PipelineFixture;
  beforeAll(async () => {
    f = await startPipelineFixture();
  });
  afterAll(async () => {
    await f?.stop();
  });

  it('resumes a run cut short where it stopped: what was read is not fetched again, nothing is counted twice', async () => {
    const box = await f.connected(0, true, false);
    await f.imap(box, async (client) => {
      for (const folder of ['Quotes', 'Billing']) {
        await client.mailboxCreate(folder);
        for (let i = 0; i < 3; i++)
          await client.append(folder, f.mail(box, { subject: `${folder} ${i}`, body: `About ${folder}` }).raw);
      }
    });
    const db = f.t.database.db;
    const account = (await repo.findAccount(db, box.user.id))!;
    const provider = providerFor(mailSettingsDeps(testConfig(), db), account);
    const within = { start: new Date(Date.now() - 86_400_000), end: new Date(Date.now() + 60_000) };
    const listed = [];
    for (const folder of ['Quotes', 'Billing'])
      listed.push({ folder, categoryId: `category-${folder}`, summaries: await listInRange(provider, folder, within, 100) });
    const progress = async () => undefined;
    try {
      // The connection is lost at the second message of the second folder (newest first): the first
      // folder and the message read before the loss were stored.
      const cut = counting(provider, async (n) => {
        if (n === 5) throw new Error('connection lost');
      });
      await expect(readListed({ db, account, provider: cut.provider, listed }, progress)).rejects.toThrow('connection lost');
      const stored = await f.t.database.query<{ folder: string; subject: string }>(
        `SELECT folder, message->>'subject' AS subject FROM mail_first_run_read WHERE mail_account_id = $1 ORDER BY 2`,
        [account.id],
      );
      expect(stored.map((r) => r.subject)).toEqual(['Billing 2', 'Quotes 0', 'Quotes 1', 'Quotes 2']);

      const resumed = counting(provider);
      const { filed } = await readListed({ db, account, provider: resumed.provider, listed }, progress);
      expect(resumed.fetched).toEqual(['Billing', 'Billing']);
      expect(filed.map((m) => m.message.subject).sort()).toEqual([
        'Billing 0',
        'Billing 1',
        'Billing 2',
        'Quotes 0',
        'Quotes 1',
        'Quotes 2',
      ]);
      // Stored and read again alike: the dates come back as dates.
      expect(filed.every((m) => m.message.date instanceof Date && m.categoryId === `category-${m.ref.folder}`)).toBe(true);
      await forgetReads(db, account);
      expect(await f.t.database.query('SELECT 1 FROM mail_first_run_read WHERE mail_account_id = $1', [account.id])).toEqual([]);
    } finally {
      await provider.close();
    }
  });

  it('stops a run the owner made stale by adding a category, and the next one reuses what it read', async () => {
    const box = await f.connected(0, true, false);
    // Neither replies nor sorting: the worker lets go of this mailbox, the test runs the jobs itself.
    expect((await f.t.call(box.user, 'PUT', '/api/email-settings', { isClassificationEnabled: false })).statusCode).toBe(200);
    await f.until(
      async () =>
        (
          await f.t.database.query<{ owner: string | null }>('SELECT lease_owner AS owner FROM mail_account WHERE id = $1', [
            box.setting._id,
          ])
        )[0]?.owner === null,
    );
    await f.imap(box, async (client) => {
      for (const folder of ['Orders', 'Invoices']) {
        await client.mailboxCreate(folder);
        for (let i = 0; i < 3; i++)
          await client.append(folder, f.mail(box, { subject: `${folder} ${i}`, body: `About ${folder}` }).raw);
      }
    });
    for (const name of ['Orders', 'Invoices'])
      await f.category(box, { classifierType: 'ai', name, instruction: `${name} from customers` });
    const db = f.t.database.db;
    const account = { ...(await repo.findAccount(db, box.user.id))!, isSyncEnabled: true };
    const mail = mailSettingsDeps(testConfig(), db);
    const provider = providerFor(mail, account);
    let onFetch = async (_n: number) => undefined as unknown;
    const { fetched, provider: wrapped } = counting(provider, (n) => onFetch(n));
    const state = async () =>
      (
        await f.t.database.query<{ batch_status: string; reads: number; reports: number }>(
          `SELECT batch_status, (SELECT count(*)::int FROM mail_first_run_read WHERE mail_account_id = $1) AS reads,
                  (SELECT count(*)::int FROM mail_accuracy_report WHERE mail_account_id = $1) AS reports
             FROM mail_account WHERE id = $1`,
          [account.id],
        )
      )[0];
    try {
      // A category is added as the first message comes: the run is queued again and stops after that
      // message, which it keeps.
      onFetch = async (n) => {
        if (n === 1) await f.t.database.query(`UPDATE mail_account SET batch_status = 'pending' WHERE id = $1`, [account.id]);
      };
      await initialise({ mail, engine: createLocalEngine() }, account, wrapped);
      expect(await state()).toEqual({ batch_status: 'pending', reads: 1, reports: 0 });

      onFetch = async () => undefined;
      fetched.length = 0;
      await initialise({ mail, engine: createLocalEngine() }, account, wrapped);
      expect(fetched).toEqual(['Orders', 'Orders', 'Invoices', 'Invoices', 'Invoices']);
      expect(await state()).toEqual({ batch_status: 'completed', reads: 0, reports: 1 });
    } finally {
      await provider.close();
    }
  });
});
