import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { ParsedMessage } from './message';

/**
 * The one MIME composer of the mail we write: the webmail's messages and drafts
 * (`modules/mailbox/compose-message.ts`) and the pipeline's replies, drafts and forwards
 * (`pipeline/outgoing.ts`). Plain text, attachments, threading headers; every encoding decision
 * is nodemailer's, the same for both. What differs between them is what they pass: the Message-ID
 * (random here, deterministic in the pipeline), the loop headers (the pipeline's), Cc, Bcc and uploads
 * (the webmail's).
 */

/** Who a message is from; with an empty name, the address alone (as nodemailer reads an address string). */
export interface Mailbox {
  name: string;
  address: string;
}

export interface MimeAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MimeMessage {
  from: Mailbox;
  to: string[];
  cc?: string[];
  /** Written as a header only with `keepBcc`; otherwise the recipients are the SMTP envelope's business. */
  bcc?: string[];
  /** A draft keeps its Bcc header: it is the only place the draft's Bcc recipients are kept. */
  keepBcc?: boolean;
  subject: string;
  text: string;
  messageId: string;
  /** Now when not given. */
  date?: Date;
  inReplyTo?: string;
  references?: string[];
  /** Extra headers (the pipeline's loop headers), written before the others. */
  headers?: Record<string, string>;
  attachments?: MimeAttachment[];
}

/** Builds the message. Empty lists and strings write no header. */
export function composeMime(message: MimeMessage): Promise<Buffer> {
  const node = new MailComposer({
    from: message.from.name ? message.from : message.from.address,
    to: message.to,
    cc: message.cc?.length ? message.cc : undefined,
    bcc: message.bcc?.length ? message.bcc : undefined,
    subject: message.subject,
    text: message.text,
    messageId: message.messageId,
    date: message.date ?? new Date(),
    headers: message.headers,
    inReplyTo: message.inReplyTo || undefined,
    references: message.references?.length ? message.references : undefined,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  }).compile();
  node.keepBcc = message.keepBcc === true;
  return node.build();
}

/** A new random Message-ID on the sender's domain (`localhost` when the address has none). */
export function randomMessageId(address: string) {
  return `<${randomUUID()}@${address.split('@')[1] || 'localhost'}>`;
}

/** Threading of a reply (RFC 5322 §3.6.4): In-Reply-To the original, References its last 19 then it; none without its Message-ID. */
export function replyThreading(original: Pick<ParsedMessage, 'messageId' | 'references'>): {
  inReplyTo?: string;
  references?: string[];
} {
  if (!original.messageId) return {};
  return { inReplyTo: original.messageId, references: [...original.references, original.messageId].slice(-20) };
}
