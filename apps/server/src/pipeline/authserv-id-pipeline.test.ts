import type { MailSetting } from '@app/shared/mail-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing } from '../../test/dovecot';
import { type Box, type PipelineFixture, startPipelineFixture } from '../../test/pipeline-fixture';

const skip = dovecotMissing();
if (skip) console.warn(skip);

/**
 * Whose `Authentication-Results` vouch for a foreign `Reply-To` on an IMAP mailbox, end to end: the
 * receiving server's id learned from received mail (here in the mailbox's own domain, example.com),
 * or the one the owner sets, which replaces it.
 */
describe.skipIf(skip)('the receiving server’s authserv-id of an IMAP mailbox', () => {
  let f: PipelineFixture;
  beforeAll(async () => {
    f = await startPipelineFixture();
  });
  afterAll(async () => {
    await f?.stop();
  });

  const setting = async (box: Box) => (await f.t.call(box.user, 'GET', '/api/email-settings')).json<MailSetting>();
  /** What became of the instant reply to a question with a foreign Reply-To vouched for by `authservId`. */
  async function replyFate(box: Box, authservId: string) {
    const m = f.mail(box, {
      from: 'Paul <paul@client.test>',
      subject: 'Opening hours?',
      body: 'Hello, what are your opening hours on Saturday? Thanks, Paul',
      headers: `Reply-To: orders@desk.test\r\nAuthentication-Results: ${authservId}; dkim=pass header.d=client.test; dmarc=pass header.from=client.test\r\n`,
    });
    await f.deliver(box, m.raw);
    const [reply] = await f.actions((await f.processed(box, m.id)).id);
    return reply?.detail;
  }

  it('learns the id from received mail, and the owner’s own replaces it', async () => {
    const box = await f.connected(1);
    expect(await setting(box)).toMatchObject({ authservId: null, authservIdSetByOwner: false });

    // Trusted: the Reply-To check passes and the reply waits only for want of an answer (no knowledge).
    expect(await replyFate(box, 'mx.example.com')).toBe('not_grounded');
    expect(await setting(box)).toMatchObject({ authservId: 'mx.example.com', authservIdSetByOwner: false });
    // Another id is not the receiving server's.
    expect(await replyFate(box, 'mx.google.com')).toBe('reply_to_unverified');

    const set = await f.t.call(box.user, 'PUT', '/api/email-settings', { authservId: ' Auth.Mail.Test ' });
    expect(set.json()).toMatchObject({ authservId: 'auth.mail.test', authservIdSetByOwner: true });
    expect(await replyFate(box, 'mx.example.com')).toBe('reply_to_unverified');
    expect(await replyFate(box, 'auth.mail.test')).toBe('not_grounded');

    const bad = await f.t.call(box.user, 'PUT', '/api/email-settings', { authservId: 'not an id!' });
    expect(bad.statusCode).toBe(400);
    const cleared = await f.t.call(box.user, 'PUT', '/api/email-settings', { authservId: null });
    expect(cleared.json()).toMatchObject({ authservId: null, authservIdSetByOwner: false });
  });
});
