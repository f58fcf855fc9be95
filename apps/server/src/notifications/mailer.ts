import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface SystemMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links the message carries, logged when the mail is written to the outbox. */
  links?: string[];
}

export interface Mailer {
  send(mail: SystemMail): Promise<void>;
}

/**
 * The one way system mail (verification, reset, invitations) leaves: SMTP when SMTP_URL is set,
 * otherwise an .eml file per message in $DATA_DIR/outbox with its links logged.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${Date.now()}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ to: mail.to, subject: mail.subject, file, links: mail.links }, 'system mail written to the outbox');
    },
  };
}
