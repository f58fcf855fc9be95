import { randomUUID } from 'node:crypto';
import { attachmentsTooLarge, type composeFieldsSchema } from '@app/shared/mailbox';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { parseMessage } from '../../mail/mime/parse-message';
import type { MessageOperations } from '../../mail/port';
import { type Caller, requireAccount } from '../mail-settings/mail-settings.service';
import { type MailboxDeps, rawMessage } from './mailbox.service';

/** What the webmail writes: the compose form's fields and its uploads, built into a MIME message. */
export type ComposeFields = z.output<typeof composeFieldsSchema>;
export interface Upload {
  filename: string;
  contentType: string;
  content: Buffer;
}

function hostOf(address: string) {
  return address.split('@')[1] || 'localhost';
}

/**
 * Builds the outgoing message: plain text, attachments, threading headers. A draft keeps its Bcc
 * header (it is the only place the draft's Bcc recipients are kept); a message to send loses it.
 */
export async function compose(
  address: string,
  name: string,
  fields: ComposeFields,
  uploads: Upload[],
  options: { keepBcc?: boolean } = {},
) {
  const messageId = `<${randomUUID()}@${hostOf(address)}>`;
  const references = fields.references?.split(/\s+/).filter(Boolean) ?? [];
  const node = new MailComposer({
    from: name ? { name, address } : address,
    to: fields.to,
    cc: fields.cc.length ? fields.cc : undefined,
    bcc: fields.bcc.length ? fields.bcc : undefined,
    subject: fields.subject,
    text: fields.body,
    messageId,
    date: new Date(),
    inReplyTo: fields.inReplyTo || undefined,
    references: references.length ? references : undefined,
    attachments: uploads.map((u) => ({ filename: u.filename, contentType: u.contentType, content: u.content })),
  }).compile();
  node.keepBcc = options.keepBcc === true;
  return { raw: await node.build(), messageId };
}

export async function senderName(deps: MailboxDeps, caller: Caller) {
  const account = await requireAccount(deps.db, caller);
  return account.connection.kind === 'smtp' ? account.connection.name : '';
}

/**
 * A forward carries the original's attachments (and a draft reopened, its own: the compose panel
 * names the draft as the message forwarded); all of them count towards the 25 MB.
 */
export async function withForwarded(
  deps: MailboxDeps,
  caller: Caller,
  ops: MessageOperations,
  fields: ComposeFields,
  uploads: Upload[],
) {
  if (!fields.forwardUid || !fields.forwardFolder) return uploads;
  const raw = await rawMessage(deps, caller, ops, fields.forwardFolder, fields.forwardUid);
  const parsed = await parseMessage(raw, { withAttachments: true });
  const originals = parsed.attachments.flatMap((a, index) =>
    a.content ? [{ filename: a.filename ?? `attachment-${index + 1}`, contentType: a.contentType, content: a.content }] : [],
  );
  const all = [...originals, ...uploads];
  if (attachmentsTooLarge(all.map((u) => u.content.length))) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'inbox.validation.attachmentsTooLarge');
  }
  return all;
}
