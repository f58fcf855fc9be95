import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AccuracyReplayOffer, AccuracyReport } from '@app/shared/accuracy';
import type { MailSetting } from '@app/shared/mail-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../../credits/ledger';
import { dovecotMissing } from '../../../test/dovecot';
import { type PipelineFixture, startPipelineFixture } from '../../../test/pipeline-fixture';
import { startOpenAiServer } from '../../../test/vendors/openai-server';

type OpenAiServer = Awaited<ReturnType<typeof startOpenAiServer>>;

const skip = dovecotMissing();
if (skip) console.warn(skip);

const SMALLBIZ = path.resolve(import.meta.dirname, '../../../../../bench/data/smallbiz');

/** Real mail of the evaluation set's development part: three quotes and two billing questions, dated over the last days. */
async function pastMail() {
  const labels = JSON.parse(await readFile(path.join(SMALLBIZ, 'labels.json'), 'utf8')) as Record<
    string,
    { category: string; split: string; language?: string }
  >;
  const pick = (category: string, n: number) =>
    Object.keys(labels)
      .filter((id) => labels[id]!.category === category && labels[id]!.split === 'dev')
      .slice(0, n);
  const mail: { folder: string; raw: string }[] = [];
  for (const [folder, ids] of [
    ['Quotes', pick('quotes', 3)],
    ['Billing', pick('billing', 2)],
  ] as const) {
    for (const id of ids) {
      const raw = await readFile(path.join(SMALLBIZ, 'messages', `${id}.eml`), 'utf8');
      const date = new Date(Date.now() - (mail.length + 1) * 9 * 3_600_000).toUTCString();
      mail.push({ folder, raw: raw.replace(/^Date:.*$/im, `Date: ${date}`) });
    }
  }
  return mail;
}

/**
 * The accuracy replay with an AI provider (issue 36, item 1), against a local server speaking
 * OpenAI's wire format: not run by itself, its cost stated first, run on the owner's go, each
 * judgement paid as a classification; the drafts are not replayed.
 */
describe.skipIf(skip)('the accuracy replay with an AI provider', () => {
  let vendor: OpenAiServer;
  let f: PipelineFixture;
  beforeAll(async () => {
    vendor = await startOpenAiServer({ apiKey: 'test-key' });
    f = await startPipelineFixture({
      env: {
        ...vendor.env,
        // Billing on: the owner is on the FREE plan, whose credits stop at zero.
        STRIPE_SECRET_KEY: 'sk_test_replay',
      },
    });
  });
  afterAll(async () => {
    await f?.stop();
    await vendor?.close();
  });

  it('states the cost, runs only when asked, and pays each judgement', async () => {
    const box = await f.connected(0);
    const mail = await pastMail();
    await f.imap(box, async (client) => {
      for (const folder of ['Quotes', 'Billing']) await client.mailboxCreate(folder);
      for (const m of mail) await client.append(m.folder, m.raw);
    });
    const quotes = await f.category(box, {
      classifierType: 'ai',
      name: 'Quotes',
      instruction: 'Customers asking for a price or a quote.',
    });
    await f.category(box, { classifierType: 'ai', name: 'Billing', instruction: 'Invoices, payments and refunds.' });
    const completed = () =>
      f.until(
        async () => (await f.t.call(box.user, 'GET', '/api/email-settings')).json<MailSetting>().batchStatus === 'completed',
        60_000,
      );
    await completed();
    // Read, learned from, and not replayed: nothing was asked of the provider, no report.
    expect(vendor.requests).toEqual([]);
    expect((await f.t.call(box.user, 'GET', '/api/email-settings/accuracy')).json()).toBeNull();

    const offer = (await f.t.call(box.user, 'GET', '/api/email-settings/accuracy/replay')).json<AccuracyReplayOffer>();
    expect(offer).toEqual({ messages: 200, creditsPerMessage: 2, maxCredits: 400, balance: 500, requested: false });

    // The provider files everything under Quotes.
    for (let i = 0; i < 10; i++)
      vendor.answers.push({ content: JSON.stringify({ categoryId: quotes.id, confidence: 0.9, reason: 'A price is asked' }) });
    const asked = await f.t.call(box.user, 'POST', '/api/email-settings/accuracy/replay');
    expect(asked.statusCode).toBe(200);
    expect(asked.json<AccuracyReplayOffer>().requested).toBe(true);
    const report = await f.until(
      async () => (await f.t.call(box.user, 'GET', '/api/email-settings/accuracy')).json<AccuracyReport | null>(),
      60_000,
    );
    const calls = vendor.requests.length;
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThanOrEqual(mail.length);
    expect(report).toMatchObject({ engine: 'openai-compatible', judged: mail.length, replies: { judged: 0 } });
    const quotesFigures = report.categories.find((c) => c.categoryId === quotes.id)!;
    expect(quotesFigures.filed).toBe(3);
    expect(quotesFigures.chosen).toBe(calls);
    const [debits] = await f.t.database.query<{ n: number; total: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::int AS total FROM credit_entry WHERE reason = 'accuracy replay' AND user_id = $1`,
      [box.user.id],
    );
    expect(debits).toEqual({ n: calls, total: -2 * calls });
    await completed();
    const after = (await f.t.call(box.user, 'GET', '/api/email-settings/accuracy/replay')).json<AccuracyReplayOffer>();
    expect(after).toMatchObject({ requested: false, balance: 500 - 2 * calls });

    // With the credits spent, the replay is refused before anything is asked of the provider.
    await f.t.database.query(
      `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key) VALUES ($1, $2, 'debit', $3, 'spent', $4)`,
      [box.user.id, periodOf(null), -(after.balance ?? 0), `spent:${box.user.id}`],
    );
    const refused = await f.t.call(box.user, 'POST', '/api/email-settings/accuracy/replay');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NO_CREDITS', message: 'mailSettings.accuracy.replay.noCredits' });
    expect(vendor.requests).toHaveLength(calls);
  });
});
