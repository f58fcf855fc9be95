import MailComposer from 'nodemailer/lib/mail-composer';
import type { ParsedMessage } from '../mail/mime/message';

/**
 * The mail the pipeline writes: replies, drafts and forwards, each with a deterministic Message-ID
 * (`<kind.actionId@host>`) so that it can be found again in Drafts or Sent after a crash (DESIGN §5.3).
 */
export const outgoingMessageId = (kind: string, actionId: string, host: string) => `<${kind}.${actionId}@${host}>`;

export interface Mailbox {
  name: string;
  address: string;
}

const REPLY_PREFIX = /^\s*(re|aw|sv|réf?)\s*:/i;
const FORWARD_PREFIX = /^\s*(fwd?|tr)\s*:/i;

export const replySubject = (subject: string) => (REPLY_PREFIX.test(subject) ? subject : `Re: ${subject}`.trim());
const forwardSubject = (subject: string) => (FORWARD_PREFIX.test(subject) ? subject : `Fwd: ${subject}`.trim());

/** Threading (RFC 5322 §3.6.4): In-Reply-To the original, References its references then it. */
function threading(original: ParsedMessage) {
  if (!original.messageId) return {};
  return { inReplyTo: original.messageId, references: [...original.references, original.messageId].slice(-20) };
}

/** Where a reply goes: Reply-To when the sender set one, else From. Never chosen by a model. */
export function replyRecipients(original: ParsedMessage): string[] {
  const targets = original.replyTo.length ? original.replyTo : original.from ? [original.from] : [];
  return [...new Set(targets.map((a) => a.address.toLowerCase()).filter(Boolean))];
}

function build(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer(options).compile().build();
}

export function buildReply(input: {
  original: ParsedMessage;
  from: Mailbox;
  text: string;
  messageId: string;
  headers?: Record<string, string>;
  date?: Date;
}): Promise<Buffer> {
  return build({
    from: input.from,
    to: replyRecipients(input.original),
    subject: replySubject(input.original.subject),
    text: input.text,
    messageId: input.messageId,
    date: input.date ?? new Date(),
    headers: input.headers ?? {},
    ...threading(input.original),
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
  return build({
    from: input.from,
    to: input.to,
    subject: forwardSubject(input.original.subject),
    text: input.note,
    messageId: input.messageId,
    date: input.date ?? new Date(),
    headers: input.headers,
    attachments: [{ content: input.originalRaw, contentType: 'message/rfc822', filename: 'forwarded-message.eml' }],
  });
}
