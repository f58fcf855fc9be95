import { attachmentsTooLarge, type composeFieldsSchema } from '@app/shared/mailbox';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { composeMime, type MimeAttachment, randomMessageId } from '../../mail/mime/compose-mime';
import { parseMessage } from '../../mail/mime/parse-message';
import type { MessageOperations } from '../../mail/port';
import { requireAccount } from '../mail-settings/mail-settings.service';
import type { MailboxDeps } from './mailbox.service';
import { rawMessage } from './read-messages';
import type { ActorRef } from '../../access/actor';

/** What the webmail writes: the compose form's fields and its uploads, built into a MIME message. */
export type ComposeFields = z.output<typeof composeFieldsSchema>;
export type Upload = MimeAttachment;

/**
 * Builds the outgoing message with the shared MIME composer: plain text, attachments, threading
 * headers as the form sends them, a random Message-ID. A draft keeps its Bcc header (it is the only
 * place the draft's Bcc recipients are kept); a message to send loses it.
 */
export async function compose(
  address: string,
  name: string,
  fields: ComposeFields,
  uploads: Upload[],
  options: { keepBcc?: boolean } = {},
) {
  const messageId = randomMessageId(address);
  const raw = await composeMime({
    from: { name, address },
    to: fields.to,
    cc: fields.cc,
    bcc: fields.bcc,
    keepBcc: options.keepBcc,
    subject: fields.subject,
    text: fields.body,
    messageId,
    inReplyTo: fields.inReplyTo,
    references: fields.references?.split(/\s+/).filter(Boolean),
    attachments: uploads,
  });
  return { raw, messageId };
}

export async function senderName(deps: MailboxDeps, caller: ActorRef) {
  const account = await requireAccount(deps.db, caller);
  return account.connection.kind === 'smtp' ? account.connection.name : '';
}

/**
 * A forward carries the original's attachments (and a draft reopened, its own: the compose panel
 * names the draft as the message forwarded); all of them count towards the 25 MB.
 */
export async function withForwarded(
  deps: MailboxDeps,
  caller: ActorRef,
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
