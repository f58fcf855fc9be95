import type { DryRunPage } from '@app/shared/dry-run';
import type { MailSetting } from '@app/shared/mail-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing } from '../../test/dovecot';
import { type Box, type PipelineFixture, startPipelineFixture } from '../../test/pipeline-fixture';

const skip = dovecotMissing();
if (skip) console.warn(skip);

/**
 * Dry run end to end over Dovecot and SMTP (issue 36, item 3): the assistant records what it would
 * have done (move, spam mark, draft, forward) and does none of it; the owner's "wrong" is a correction
 * learned before the next message; one switch goes live.
 */
describe.skipIf(skip)('a mailbox in dry run', () => {
  let f: PipelineFixture;
  beforeAll(async () => {
    f = await startPipelineFixture();
  });
  afterAll(async () => {
    await f?.stop();
  });

  const inFolder = (box: Box, folder: string) =>
    f.imap(box, async (client) => {
      const lock = await client.getMailboxLock(folder);
      try {
        const found = [];
        for await (const m of client.fetch('1:*', { envelope: true, flags: true })) found.push(m);
        return found.map((m) => ({ messageId: m.envelope?.messageId, flags: [...(m.flags ?? [])] }));
      } catch {
        return [];
      } finally {
        lock.release();
      }
    });
  const review = async (box: Box) => (await f.t.call(box.user, 'GET', '/api/email-settings/dry-run')).json<DryRunPage>();
  const initialised = (box: Box) =>
    f.until(async () => {
      const setting = (await f.t.call(box.user, 'GET', '/api/email-settings')).json<MailSetting>();
      return setting.batchStatus === 'completed';
    });

  it('records every action without running one, learns from a "wrong", and goes live in one call', async () => {
    const box = await f.connected(2);
    await f.t.call(box.user, 'PUT', '/api/email-settings', { isSyncEnabled: true });
    await initialised(box);
    const quotes = await f.category(box, {
      classifierType: 'ai',
      name: 'Quotes',
      instruction: 'Customers asking how much something costs or asking for a quote.',
    });
    const billing = await f.category(box, {
      classifierType: 'ai',
      name: 'Billing',
      instruction: 'Invoices, payments and receipts.',
    });
    await f.category(box, {
      classifierType: 'rules',
      name: 'Invoices',
      email: 'accountant@firm.test',
      rules: { subject: { operator: 'contains', values: ['invoice'] } },
    });
    await initialised(box);
    const started = await f.t.call(box.user, 'PUT', '/api/email-settings', { dryRunDays: 7 });
    expect(Date.parse(started.json<MailSetting>().dryRunUntil!)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const body = 'Hello, how much is the yearly membership of the tennis club? Please send me your prices.';
    const quote = f.mail(box, { from: 'Ann <ann@client.test>', subject: 'Tennis club membership', body });
    const invoice = f.mail(box, { from: 'Supplier <billing@supplier.test>', subject: 'Your invoice 2026-114' });
    const spam = f.mail(box, { from: 'Winner <promo@lottery.test>', subject: 'You won!', headers: 'X-Spam-Flag: YES\r\n' });
    for (const m of [quote, invoice, spam]) await f.deliver(box, m.raw);
    const states = await Promise.all([quote, invoice, spam].map((m) => f.processed(box, m.id)));
    expect(states[0]).toMatchObject({ category_id: quotes.id });
    for (const state of states) {
      for (const action of await f.actions(state.id)) expect(action.status, action.kind).toBe('dry_run');
    }
    // Nothing moved, marked, drafted or sent.
    const inbox = await inFolder(box, 'INBOX');
    expect(inbox.map((m) => m.messageId).sort()).toEqual([quote.id, invoice.id, spam.id].sort());
    expect(inbox.flatMap((m) => m.flags).filter((flag) => flag.toLowerCase().includes('junk'))).toEqual([]);
    expect(await inFolder(box, 'Drafts')).toEqual([]);
    expect(f.smtp.received).toEqual([]);

    const recorded = await review(box);
    expect(recorded).toMatchObject({ total: 3, reviewed: 0, wrong: 0 });
    const quoteItem = recorded.items.find((i) => i.subject === 'Tennis club membership')!;
    expect(quoteItem).toMatchObject({
      categoryName: 'Quotes',
      folder: 'INBOX',
      uid: expect.stringMatching(/^\d+:\d+$/),
      verdict: null,
    });
    expect(quoteItem.actions.map((a) => [a.kind, a.status, a.folder]).sort()).toEqual([
      ['draft', 'dry_run', 'Drafts'],
      ['move', 'dry_run', 'Quotes'],
    ]);
    expect(quoteItem.actions.find((a) => a.kind === 'draft')?.text).toBeTruthy();
    const invoiceItem = recorded.items.find((i) => i.subject === 'Your invoice 2026-114')!;
    expect(invoiceItem.actions.find((a) => a.kind === 'forward')).toMatchObject({
      status: 'dry_run',
      to: ['accountant@firm.test'],
    });
    expect(recorded.items.find((i) => i.subject === 'You won!')?.actions).toEqual([
      expect.objectContaining({ kind: 'mark_spam', status: 'dry_run' }),
    ]);

    // The owner says the quote belongs to Billing: learned before the next such message.
    const spamItem = recorded.items.find((i) => i.subject === 'You won!')!;
    expect((await f.t.call(box.user, 'PUT', `/api/email-settings/dry-run/${spamItem.id}`, { verdict: 'right' })).statusCode).toBe(
      200,
    );
    const wrong = await f.t.call(box.user, 'PUT', `/api/email-settings/dry-run/${quoteItem.id}`, {
      verdict: 'wrong',
      categoryId: billing.id,
    });
    expect(wrong.statusCode).toBe(200);
    expect(await review(box)).toMatchObject({ total: 3, reviewed: 2, wrong: 1 });
    // Another owner sees none of it and cannot review it.
    const other = await f.connected(2);
    expect(await review(other)).toMatchObject({ total: 0, items: [] });
    const foreign = await f.t.call(other.user, 'PUT', `/api/email-settings/dry-run/${quoteItem.id}`, { verdict: 'right' });
    expect(foreign.statusCode).toBe(404);
    const next = f.mail(box, { from: 'Bob <bob@client.test>', subject: 'Tennis club membership', body });
    await f.deliver(box, next.raw);
    expect(await f.processed(box, next.id)).toMatchObject({ category_id: billing.id });

    // Live: the next message is filed for real.
    const live = await f.t.call(box.user, 'PUT', '/api/email-settings', { dryRunDays: 0 });
    expect(live.json<MailSetting>().dryRunUntil).toBeNull();
    const after = f.mail(box, { from: 'Cy <cy@client.test>', subject: 'Your invoice 2026-115' });
    await f.deliver(box, after.raw);
    const afterState = await f.processed(box, after.id);
    expect((await f.actions(afterState.id)).find((a) => a.kind === 'move')).toMatchObject({ status: 'done' });
    await f.until(async () => (await inFolder(box, 'Invoices')).some((m) => m.messageId === after.id));
    expect((await review(box)).total).toBe(4);
  });

  it('refuses a review of what is not its own dry run, and a category that is not the mailbox’s', async () => {
    const box = await f.connected(2);
    const unknown = await f.t.call(box.user, 'PUT', '/api/email-settings/dry-run/00000000-0000-4000-8000-000000000000', {
      verdict: 'right',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await f.t.call(box.user, 'PUT', '/api/email-settings/dry-run/not-an-id', { verdict: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect((await f.t.call(box.user, 'PUT', '/api/email-settings', { dryRunDays: 31 })).statusCode).toBe(400);
  });
});
