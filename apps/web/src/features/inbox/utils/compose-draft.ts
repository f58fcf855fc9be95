import type { MailAttachment, MessageDetail } from '@app/shared/mailbox';
import { baseSubject } from '@app/shared/mailbox-rules';

/** The compose draft of spec 02 §3. */
export type ComposeMode = 'compose' | 'reply' | 'replyAll' | 'forward';
export interface ComposeDraft {
  mode: ComposeMode;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  inReplyTo?: string;
  references?: string;
  replyToUid?: string;
  replyToFolder?: string;
  /** Forward: the original, whose attachments the server adds. */
  forwardUid?: string;
  forwardFolder?: string;
  forwarded?: MailAttachment[];
}

export const emptyDraft = (): ComposeDraft => ({ mode: 'compose', to: [], cc: [], bcc: [], subject: '', body: '' });

const quote = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

/** Reply, reply all and forward drafts: quoting, subject prefix and the threading headers. */
export function draftFrom(
  mode: Exclude<ComposeMode, 'compose'>,
  message: MessageDetail,
  own: string,
  labels: { wrote: string; forwarded: string },
): ComposeDraft {
  const sender = message.replyTo[0]?.address ?? message.from?.address ?? '';
  const fromLabel = message.from
    ? message.from.name
      ? `${message.from.name} <${message.from.address}>`
      : message.from.address
    : '';
  const threading = message.messageId
    ? { inReplyTo: message.messageId, references: [...message.references, message.messageId].slice(-20).join(' ') }
    : {};
  if (mode === 'forward') {
    return {
      mode,
      to: [],
      cc: [],
      bcc: [],
      subject: `Fwd: ${baseSubject(message.subject)}`,
      body: `\n\n${labels.forwarded}\n${fromLabel}\n${message.subject}\n\n${message.text}`,
      forwardUid: message.uid,
      forwardFolder: message.folder,
      forwarded: message.attachments,
      ...threading,
    };
  }
  const others =
    mode === 'replyAll'
      ? [...message.to.value, ...message.cc.value]
          .map((a) => a.address.toLowerCase())
          .filter((a) => a !== own.toLowerCase() && a !== sender)
      : [];
  return {
    mode,
    to: sender ? [sender.toLowerCase()] : [],
    cc: [...new Set(others)],
    bcc: [],
    subject: `Re: ${baseSubject(message.subject)}`,
    body: `\n\n${labels.wrote}\n${quote(message.text)}`,
    replyToUid: message.uid,
    replyToFolder: message.folder,
    ...threading,
  };
}
