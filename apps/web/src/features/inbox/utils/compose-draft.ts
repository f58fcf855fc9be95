import type { MailAddress, MailAttachment, MessageDetail } from '@app/shared/mailbox';
import { baseSubject } from '@app/shared/mailbox-rules';
import type { TFunction } from 'i18next';
import { fullDate } from './relative-time';

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

/** "Ann Lee <ann@x.example>", or the address alone. */
const addressLine = (a: MailAddress) => (a.name ? `${a.name} <${a.address}>` : a.address);

/** The line over a reply's quote, as mail programs write it: "On Nov 3, 2026, 9:05 PM, Ann Lee <ann@x.example> wrote:". */
function replyHeader(message: MessageDetail, t: TFunction) {
  const from = message.from ? addressLine(message.from) : t('inbox.list.noSender');
  const date = fullDate(message.date, t);
  return date ? t('inbox.compose.wroteOn', { date, from }) : t('inbox.compose.wrote', { from });
}

/** The forwarded message's headers over its text, as mail programs write them: From, Date, Subject, To. */
function forwardHeader(message: MessageDetail, t: TFunction) {
  const date = fullDate(message.date, t);
  const to = message.to.value.map(addressLine).join(', ');
  return [
    t('inbox.compose.forwarded'),
    message.from && t('inbox.compose.forwardedFrom', { value: addressLine(message.from) }),
    date && t('inbox.compose.forwardedDate', { value: date }),
    t('inbox.compose.forwardedSubject', { value: message.subject }),
    to && t('inbox.compose.forwardedTo', { value: to }),
  ]
    .filter(Boolean)
    .join('\n');
}

/** Reply, reply all and forward drafts: quoting, subject prefix and the threading headers. */
export function draftFrom(
  mode: Exclude<ComposeMode, 'compose'>,
  message: MessageDetail,
  own: string,
  t: TFunction,
): ComposeDraft {
  const sender = message.replyTo[0]?.address ?? message.from?.address ?? '';
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
      body: `\n\n${forwardHeader(message, t)}\n\n${message.text}`,
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
    body: `\n\n${replyHeader(message, t)}\n${quote(message.text)}`,
    replyToUid: message.uid,
    replyToFolder: message.folder,
    ...threading,
  };
}
