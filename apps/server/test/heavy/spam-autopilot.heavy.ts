import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../src/worker';
import type { PipelineWorker } from '../../src/pipeline/worker';
import { type CorpusRecord, corpusFile, rawBytes, readCorpus } from '../corpus';
import { dovecotMissing, startDovecot, type Dovecot } from '../dovecot';
import { createTestApp, type TestApp, testConfig } from '../harness';
import { startSmtpServer, type TestSmtpServer } from '../smtp-server';
import { addCategories, type Box, connectMailbox, imap, until, waitForCheckpoint } from './fixture';

/** The newest quarter of each label, by date: the part bench/train-spam-model.ts holds out of training. */
const HELD_OUT_SHARE = 0.25;

const skip = dovecotMissing() ?? (process.env.DATABASE_URL ? null : 'heavy pipeline tests need PostgreSQL: set DATABASE_URL');
if (skip) console.warn(skip);

/** A corpus message with its own Message-ID replaced by one that says what it is. */
function tagged(record: CorpusRecord, id: string): Buffer {
  const raw = rawBytes(record).toString('latin1').replace(/\r?\n/g, '\r\n');
  const split = raw.indexOf('\r\n\r\n');
  const head = (split >= 0 ? raw.slice(0, split) : raw).replace(/^Message-ID:.*(?:\r\n[ \t].*)*\r\n?/gim, '');
  return Buffer.from(`Message-ID: ${id}\r\n${head}${split >= 0 ? raw.slice(split) : '\r\n\r\n'}`, 'latin1');
}

/**
 * The SpamAssassin corpus through the real pipeline (Dovecot, SMTP, PostgreSQL, the built-in engine),
 * in draft mode and in instant-reply mode, with a rules category and two AI categories: no spam is
 * ever answered; the figures (drafts written for spam, spam filed, ham taken for spam) are printed
 * for the part of the corpus the spam model never trained on.
 */
describe.skipIf(skip)('spam and autopilot on the SpamAssassin corpus', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let worker: PipelineWorker | undefined;

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([createTestApp(), startDovecot(), startSmtpServer()]);
    worker = startWorker({ config: { ...testConfig(), autoSendsPerDay: 1_000_000 }, database: t.database });
  });
  afterAll(async () => {
    await worker?.stop();
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.stop()]);
  });

  it('answers no spam, in draft and in instant mode, and prints what it held back', async (ctx) => {
    const file = corpusFile('spamassassin/messages.jsonl.gz');
    if (!file) return ctx.skip('the SpamAssassin corpus is not on this machine (CORPUS_DIR)');
    const records: CorpusRecord[] = [];
    for await (const r of readCorpus(file)) records.push(r);
    const heldOut = (['spam', 'ham'] as const).flatMap((label) => {
      const dated = records.filter((r) => r.label === label && r.date_utc).sort((a, b) => a.date_utc.localeCompare(b.date_utc));
      return dated
        .slice(Math.round(dated.length * (1 - HELD_OUT_SHARE)))
        .map((r, i) => ({ r, id: `<${label}-${i}@heavy.test>` }));
    });

    const boxes: [string, Box][] = [];
    for (const [mode, responseType] of [
      ['draft', 2],
      ['instant', 1],
    ] as const) {
      const box = await connectMailbox(t, dovecot, smtp, `spam-${mode}`, responseType);
      await addCategories(t, box);
      await waitForCheckpoint(t, box);
      boxes.push([mode, box]);
    }
    for (const [, box] of boxes) {
      await imap(dovecot, box.mailbox, async (client) => {
        for (const { r, id } of heldOut) await client.append('INBOX', tagged(r, id), []);
      });
    }
    for (const [, box] of boxes) {
      await until(
        async () => {
          const [row] = await t.database.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM mail_message WHERE mail_account_id = $1 AND status IN ('done', 'failed', 'gone')`,
            [box.id],
          );
          return Number(row?.n) >= heldOut.length;
        },
        1_500_000,
        'every message to be handled',
      );
    }

    const spamTotal = heldOut.filter((m) => m.id.startsWith('<spam-')).length;
    const hamTotal = heldOut.length - spamTotal;
    const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
    console.log(`held-out part: ${spamTotal} spam, ${hamTotal} ham (the newest ${HELD_OUT_SHARE * 100}% of each, by date)`);
    for (const [mode, box] of boxes) {
      const rows = await t.database.query<{
        message_id: string;
        status: string;
        category_id: string | null;
        skip_reason: string | null;
        replied: boolean;
        drafted: boolean;
        suspected: boolean;
      }>(
        `SELECT m.message_id, m.status, m.category_id, m.skip_reason,
                bool_or(a.kind = 'reply' AND a.status = 'done') AS replied,
                bool_or((a.kind = 'draft' AND a.status = 'done') OR (a.kind = 'reply' AND a.status = 'skipped' AND a.outgoing_message_id IS NOT NULL)) AS drafted,
                coalesce(bool_or(a.detail = 'spam_suspected'), false) AS suspected
           FROM mail_message m LEFT JOIN mail_action a ON a.mail_message_id = m.id
          WHERE m.mail_account_id = $1 GROUP BY m.id`,
        [box.id],
      );
      const spam = rows.filter((r) => r.message_id.startsWith('<spam-'));
      const ham = rows.filter((r) => r.message_id.startsWith('<ham-'));
      const count = (list: typeof rows, pick: (r: (typeof rows)[number]) => boolean) => list.filter(pick).length;
      const spamReplied = count(spam, (r) => r.replied);
      console.log(
        `${mode}: spam answered ${spamReplied}, spam drafted ${count(spam, (r) => r.drafted)} (${pct(
          count(spam, (r) => r.drafted),
          spamTotal,
        )}), ` +
          `spam filed into a category ${count(spam, (r) => r.category_id !== null)}, spam marked ${pct(
            count(spam, (r) => r.skip_reason === 'LIKELY_SPAM'),
            spamTotal,
          )}; ` +
          `ham taken for spam ${count(ham, (r) => r.skip_reason === 'LIKELY_SPAM')} (${pct(
            count(ham, (r) => r.skip_reason === 'LIKELY_SPAM'),
            hamTotal,
          )}), ` +
          `ham held back as suspected spam ${count(ham, (r) => r.suspected)} (${pct(
            count(ham, (r) => r.suspected),
            hamTotal,
          )}), ` +
          `ham answered ${count(ham, (r) => r.replied)}, failed ${count(rows, (r) => r.status === 'failed')}`,
      );
      const subjects = new Map(heldOut.map(({ r, id }) => [id, r.subject]));
      const drafted = spam.filter((r) => r.drafted).map((r) => `"${(subjects.get(r.message_id) ?? '').slice(0, 50)}"`);
      console.log(`${mode}: spam drafted: ${drafted.join(', ') || 'none'}`);
      // Safety, not accuracy: an instant reply to spam is what this product must never send. These
      // mailboxes have no knowledge entries, so the grounding check alone would already hold every
      // reply back: this holds the line, the figures above are what the spam checks achieve.
      expect(spamReplied, `${mode}: replies sent to spam`).toBe(0);
      expect(rows).toHaveLength(heldOut.length);
    }
  });
});
