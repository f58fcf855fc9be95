import { composeMime, type Mailbox, replyThreading } from '../mail/mime/compose-mime';
import type { ParsedMessage } from '../mail/mime/message';

/**
 * The mail the pipeline writes: replies, drafts and forwards, each with a deterministic Message-ID
 * (`<kind.actionId@host>`) so that it can be found again in Drafts or Sent after a crash (DESIGN §5.3).
 * Built by the MIME composer the webmail uses too (`mail/mime/compose-mime.ts`).
 */
export const outgoingMessageId = (kind: string, actionId: string, host: string) => `<${kind}.${actionId}@${host}>`;

export type { Mailbox };

const REPLY_PREFIX = /^\s*(re|aw|sv|réf?)\s*:/i;
const FORWARD_PREFIX = /^\s*(fwd?|tr)\s*:/i;

export const replySubject = (subject: string) => (REPLY_PREFIX.test(subject) ? subject : `Re: ${subject}`.trim());
const forwardSubject = (subject: string) => (FORWARD_PREFIX.test(subject) ? subject : `Fwd: ${subject}`.trim());

/** Where a reply goes: Reply-To when the sender set one, else From. Never chosen by a model. */
export function replyRecipients(original: ParsedMessage): string[] {
  const targets = original.replyTo.length ? original.replyTo : original.from ? [original.from] : [];
  return [...new Set(targets.map((a) => a.address.toLowerCase()).filter(Boolean))];
}

export function buildReply(input: {
  original: ParsedMessage;
  from: Mailbox;
  text: string;
  messageId: string;
  headers?: Record<string, string>;
  date?: Date;
}): Promise<Buffer> {
  return composeMime({
    from: input.from,
    to: replyRecipients(input.original),
    subject: replySubject(input.original.subject),
    text: input.text,
    messageId: input.messageId,
    date: input.date,
    headers: input.headers,
    ...replyThreading(input.original),
  });
}

/** A forward carries the original whole, as a message/rfc822 attachment, with our loop headers. */
export function buildForward(input: {
  original: ParsedMessage;
  originalRaw: Buffer;
  from: Mailbox;
  to: string[];
  note: string;
  messageId: string;
  headers: Record<string, string>;
  date?: Date;
}): Promise<Buffer> {
  return composeMime({
    from: input.from,
    to: input.to,
    subject: forwardSubject(input.original.subject),
    text: input.note,
    messageId: input.messageId,
    date: input.date,
    headers: input.headers,
    attachments: [{ filename: 'forwarded-message.eml', contentType: 'message/rfc822', content: input.originalRaw }],
  });
}
