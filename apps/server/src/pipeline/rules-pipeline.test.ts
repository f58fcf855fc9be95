import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing } from '../../test/dovecot';
import { type PipelineFixture, startPipelineFixture } from '../../test/pipeline-fixture';

const skip = dovecotMissing();
if (skip) console.warn(skip);

/** Rules categories as the owner wrote them, through the real pipeline (Dovecot, PostgreSQL). */
describe.skipIf(skip)('rules categories file mail as the form says', () => {
  let f: PipelineFixture;
  beforeAll(async () => {
    f = await startPipelineFixture();
  });
  afterAll(async () => {
    await f?.stop();
  });

  it('files by one condition in "any" mode, and by "contains john.doe" on the sender', async () => {
    const box = await f.connected(0);
    const john = await f.category(box, {
      classifierType: 'rules',
      name: 'John',
      rules: { from: { email: { operator: 'contains', values: ['john.doe'] } } },
    });
    const quotes = await f.category(box, {
      classifierType: 'rules',
      name: 'Quotes',
      rules: {
        match: 'any',
        subject: { operator: 'contains', values: ['quote'] },
        from: { email: { operator: 'endsWith', values: ['@bigclient.com'] } },
      },
    });
    // The fixture's body ("Hello there") is one the built-in spam model takes for spam: the owner's
    // rule outranks it.
    const cases: [string, Parameters<PipelineFixture['mail']>[1], string | null][] = [
      ['john', { from: 'John Doe <john.doe@client.com>', subject: 'Lunch' }, john._id],
      ['by subject', { from: 'Ann <ann@elsewhere.org>', subject: 'Quote for 40 chairs' }, quotes._id],
      ['by sender', { from: 'Bob <bob@bigclient.com>', subject: 'Hello' }, quotes._id],
      ['neither', { from: 'Eve <eve@bigclient.com.evil.org>', subject: 'Hello' }, null],
    ];
    for (const [label, fields, expected] of cases) {
      const m = f.mail(box, fields);
      await f.deliver(box, m.raw);
      expect((await f.processed(box, m.id)).category_id, label).toBe(expected);
    }
  });

  it("files spam-like mail the owner's rule describes, but answers it only with a draft", async () => {
    const box = await f.connected(3);
    const prizes = await f.category(box, {
      classifierType: 'rules',
      name: 'Prizes',
      action: '1',
      rules: { subject: { operator: 'contains', values: ['won'] } },
    });
    const m = f.mail(box, {
      from: '"Prize Center" <winner@prizes-online.biz>',
      subject: 'You have WON $1,000,000!!!',
      body: 'You have WON $1,000,000!!! Click here to claim your prize, viagra, unsubscribe',
    });
    await f.deliver(box, m.raw);
    const state = await f.processed(box, m.id);
    expect(state).toMatchObject({ category_id: prizes._id, skip_reason: null });
    const reply = (await f.actions(state.id)).find((a) => a.kind === 'reply');
    expect(reply).toMatchObject({ status: 'skipped', detail: 'spam_suspected' });
    expect(reply?.outgoing_message_id).toBeTruthy();
    expect(f.smtp.received.some((r) => r.raw.includes(m.id))).toBe(false);
  });
});
