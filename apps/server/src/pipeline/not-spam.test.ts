import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing } from '../../test/dovecot';
import { type Box, type PipelineFixture, startPipelineFixture } from '../../test/pipeline-fixture';

const skip = dovecotMissing();
if (skip) console.warn(skip);

/**
 * The owner's "not spam" made in another client over IMAP (the mark removed, or the message moved out
 * of Junk): the sender is learned before the next message is read, and their mail is not taken for
 * spam again, whatever the receiving server's verdict.
 */
describe.skipIf(skip)("the owner's not spam, in any client", () => {
  let f: PipelineFixture;
  beforeAll(async () => {
    f = await startPipelineFixture();
  });
  afterAll(async () => {
    await f?.stop();
  });

  const senders = (box: Box) =>
    f.t.database.query<{ address: string }>(
      'SELECT address FROM mail_not_spam_sender WHERE mail_account_id = $1 ORDER BY address',
      [box.setting._id],
    );
  async function change(box: Box, folder: string, messageId: string, work: 'unmark' | 'to-inbox') {
    await f.imap(box, async (client) => {
      const lock = await client.getMailboxLock(folder);
      try {
        const [uid] = (await client.search({ header: { 'message-id': messageId } }, { uid: true })) || [];
        expect(uid).toBeDefined();
        if (work === 'unmark') {
          await client.messageFlagsRemove(String(uid), ['$Junk'], { uid: true });
          await client.messageFlagsAdd(String(uid), ['$NotJunk'], { uid: true });
        } else await client.messageMove(String(uid), 'INBOX', { uid: true });
      } finally {
        lock.release();
      }
    });
  }

  it('learns from a mark removed in the inbox: the next mail of that sender is filed as usual', async () => {
    const box = await f.connected(0);
    const first = f.mail(box, { from: 'Dana <dana@supplier.test>', subject: 'Price list', headers: 'X-Spam-Flag: YES\r\n' });
    await f.deliver(box, first.raw);
    expect(await f.processed(box, first.id)).toMatchObject({ skip_reason: 'LIKELY_SPAM' });
    expect(await senders(box)).toEqual([]);

    await change(box, 'INBOX', first.id, 'unmark');
    // The next round looks for the owner's verdicts before it reads the new message.
    const second = f.mail(box, { from: 'Dana <dana@supplier.test>', subject: 'Price list 2', headers: 'X-Spam-Flag: YES\r\n' });
    await f.deliver(box, second.raw);
    const state = await f.processed(box, second.id);
    expect(state.skip_reason).not.toBe('LIKELY_SPAM');
    expect((await f.actions(state.id)).map((a) => a.kind)).not.toContain('mark_spam');
    expect(await senders(box)).toEqual([{ address: 'dana@supplier.test' }]);
  });

  it('learns from a message moved back out of the Junk folder the assistant had put it in', async () => {
    const box = await f.connected(0);
    expect((await f.t.call(box.user, 'PUT', '/api/email-settings', { moveSpamToJunk: true })).statusCode).toBe(200);
    const first = f.mail(box, { from: 'Lou <lou@client.test>', subject: 'Order', headers: 'X-Spam-Flag: YES\r\n' });
    await f.deliver(box, first.raw);
    const state = await f.processed(box, first.id);
    expect((await f.actions(state.id)).map((a) => `${a.kind}:${a.status}`)).toEqual(['mark_spam:done', 'move:done']);

    // Moved back with its $Junk keyword still set, as some clients do: the move is what counts.
    await change(box, 'Junk', first.id, 'to-inbox');
    const nudge = f.mail(box, { from: 'Someone <someone@else.test>', subject: 'Hello' });
    await f.deliver(box, nudge.raw);
    await f.processed(box, nudge.id);
    await f.until(async () => (await senders(box)).length > 0);
    expect(await senders(box)).toEqual([{ address: 'lou@client.test' }]);
  });
});
