import type { MailSetting } from '@app/shared/mail-settings';
import type { TestApp, TestUser } from './harness';

/**
 * Connects a Dovecot mailbox (IMAP) with the test SMTP server for `user` through the API, as the
 * settings screen does; the mail setting's id.
 */
export async function connectDovecotMailbox(
  t: TestApp,
  user: TestUser,
  mailbox: { user: string; pass: string },
  ports: { imap: number; smtp: number },
  options: { responseType: number; isClassificationEnabled: boolean },
): Promise<string> {
  const res = await t.call(user, 'POST', '/api/email-settings', {
    provider: 'smtp',
    ...options,
    settings: {
      host: 'localhost',
      port: ports.smtp,
      user: mailbox.user,
      pass: mailbox.pass,
      imapHost: 'localhost',
      imapPort: ports.imap,
    },
  });
  if (res.statusCode !== 201) throw new Error(`connecting ${mailbox.user}: ${res.statusCode} ${res.body}`);
  return res.json<MailSetting>()._id;
}
