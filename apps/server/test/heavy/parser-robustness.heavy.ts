import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../dovecot';
import { createTestApp, type TestApp } from '../harness';
import { startSmtpServer, type TestSmtpServer } from '../smtp-server';
import {
  addCategories,
  connectMailbox,
  corpusDir,
  countBy,
  databaseUrlOf,
  imap,
  readCorpus,
  until,
  waitForCheckpoint,
  WorkerProcess,
} from './fixture';

const corpusFile = path.join(corpusDir, 'spamassassin/messages.jsonl.gz');

const skip = dovecotMissing() ?? (process.env.DATABASE_URL ? null : 'heavy pipeline tests need PostgreSQL: set DATABASE_URL');
if (skip) console.warn(skip);

/**
 * Parser robustness (issue 4): every message of the SpamAssassin corpus (malformed MIME, odd
 * charsets, huge headers), APPENDed as it is, goes through ingest and classification in a worker
 * process without a crash or an unhandled rejection, and ends done.
 */
describe.skipIf(skip)('the pipeline on the SpamAssassin corpus', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let worker: WorkerProcess | null = null;

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([createTestApp(), startDovecot(), startSmtpServer()]);
  });
  afterAll(async () => {
    await worker?.kill('SIGKILL');
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.stop()]);
  });

  it('ingests and classifies all 6,046 messages', async (ctx) => {
    const raws = await readCorpus(corpusFile);
    if (!raws) return ctx.skip(`the SpamAssassin corpus is missing: ${corpusFile} (see ../shared/corpus/README.md)`);
    const limit = Number(process.env.HEAVY_SPAM_LIMIT ?? raws.length);
    const corpus = raws.slice(0, limit);
    worker = new WorkerProcess(await databaseUrlOf(t));
    await worker.ready();
    const box = await connectMailbox(t, dovecot, smtp, 'spam', 0);
    await addCategories(t, box);
    await waitForCheckpoint(t, box);

    const refused: string[] = [];
    const started = Date.now();
    await imap(dovecot, box.mailbox, async (client) => {
      for (const raw of corpus) {
        await client.append('INBOX', raw).catch((error: Error) => refused.push(error.message));
      }
    });
    const appended = corpus.length - refused.length;
    console.log(
      `APPENDed ${appended} of ${corpus.length} in ${((Date.now() - started) / 1000).toFixed(0)} s (refused by Dovecot: ${refused.length})`,
    );
    expect(appended).toBeGreaterThan(0);

    await until(async () => {
      if (worker!.child.exitCode !== null)
        throw new Error(`the worker exited (${worker!.child.exitCode}): ${worker!.stderr.slice(-4000)}`);
      const [row] = await t.database.query<{ n: number; open: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE status IN ('new', 'classified') AND attempts < 5)::int AS open FROM mail_message`,
      );
      return row && row.n >= appended && row.open === 0;
    }, 3_600_000);
    console.log(`processed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    expect(worker.unhandledRejection, worker.stderr.slice(-4000)).toBe(false);
    expect(worker.child.exitCode).toBeNull();
    await worker.kill('SIGTERM');

    const rows = await t.database.query<{
      status: string;
      classified_by: string | null;
      last_error: string | null;
      subject: string;
    }>('SELECT status, classified_by, last_error, subject FROM mail_message');
    expect(rows.length).toBe(appended);
    console.log(
      `statuses ${JSON.stringify(Object.fromEntries(countBy(rows, (r) => r.status)))}, classified by ${JSON.stringify(
        Object.fromEntries(countBy(rows, (r) => r.classified_by ?? 'none')),
      )}`,
    );
    expect(rows.filter((r) => r.status !== 'done').map((r) => `${r.status}: ${r.subject} — ${r.last_error}`)).toEqual([]);
  });
});
