import type { DraftReview } from '@app/shared/draft-review';
import type { MailAddress, MailAttachment, MessageDetail } from '@app/shared/mailbox';
import { baseSubject } from '@app/shared/mailbox-rules';
import type { TFunction } from 'i18next';
import { fullDate } from './relative-time';

/** The compose draft of spec 02 §3; `draft`: a saved draft reopened. */
export type ComposeMode = 'compose' | 'reply' | 'replyAll' | 'forward' | 'draft';
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
  /** The saved draft this one replaces: reopened, or saved while editing (docs/decisions.md, "Webmail drafts"). */
  draftUid?: string;
  draftFolder?: string;
  /** Reply and forward: the message "Draft with AI" answers. */
  aiSource?: { uid: string; folder: string };
  /**
   * What the AI draft the owner started from stands on (its sources, the points to check): the
   * latest "Draft with AI", or the assistant's own draft reopened. Shown under the body, never sent.
   */
  aiReview?: DraftReview;
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
  const aiSource = { uid: message.uid, folder: message.folder };
  if (mode === 'forward') {
    return {
      mode,
      aiSource,
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
    aiSource,
    ...threading,
  };
}

const addresses = (list: MailAddress[]) => [...new Set(list.map((a) => a.address.toLowerCase()).filter(Boolean))];

/**
 * A saved draft — the owner's own or one the assistant wrote — reopened in compose: its recipients,
 * subject, text and threading, and the draft named as the one it replaces. Its attachments go along
 * as a forward's do (the server reads them from the draft). Trailing blank lines, which MIME adds, are
 * left out so that saving it again does not grow it.
 */
export function draftFromSaved(message: MessageDetail): ComposeDraft {
  const attached = message.attachments.length > 0;
  return {
    mode: 'draft',
    to: addresses(message.to.value),
    cc: addresses(message.cc.value),
    bcc: addresses(message.bcc.value),
    subject: message.subject,
    body: message.text.replace(/\r\n/g, '\n').replace(/\s+$/, ''),
    ...(message.inReplyTo && { inReplyTo: message.inReplyTo }),
    ...(message.references.length > 0 && { references: message.references.join(' ') }),
    draftUid: message.uid,
    draftFolder: message.folder,
    ...(message.aiReview && { aiReview: message.aiReview }),
    ...(attached && { forwardUid: message.uid, forwardFolder: message.folder, forwarded: message.attachments }),
  };
}

/** What names a saved draft and the attachments it carries; the rest of a draft is its content. */
export type DraftIdentity = Pick<ComposeDraft, 'draftUid' | 'draftFolder' | 'forwardUid' | 'forwardFolder' | 'forwarded'>;

export const identityOf = (draft: ComposeDraft): DraftIdentity => ({
  draftUid: draft.draftUid,
  draftFolder: draft.draftFolder,
  forwardUid: draft.forwardUid,
  forwardFolder: draft.forwardFolder,
  forwarded: draft.forwarded,
});

/**
 * After a save: the draft names the version just saved, so that the next save (or the send) replaces
 * it. The attachments that version carries — the files sent with the save, and those it took from
 * the draft it replaced — are read from it from now on, never sent twice.
 */
export function afterSave(
  identity: DraftIdentity,
  saved: { uid: string | null; folder: string },
  savedFiles: readonly { name: string; type: string; size: number }[],
): DraftIdentity {
  if (!saved.uid) return { ...identity, draftUid: undefined, draftFolder: undefined };
  const fromReplaced =
    identity.draftUid !== undefined &&
    identity.forwardUid === identity.draftUid &&
    identity.forwardFolder === identity.draftFolder;
  if (!fromReplaced && savedFiles.length === 0) return { ...identity, draftUid: saved.uid, draftFolder: saved.folder };
  const before = identity.forwarded ?? [];
  const added: MailAttachment[] = savedFiles.map((f, i) => ({
    index: before.length + i,
    filename: f.name,
    contentType: f.type || 'application/octet-stream',
    size: f.size,
    inline: false,
  }));
  return {
    draftUid: saved.uid,
    draftFolder: saved.folder,
    forwardUid: saved.uid,
    forwardFolder: saved.folder,
    forwarded: [...before, ...added],
  };
}

/** What a save would write: compared with the last one saved, it says whether there is anything new. */
export function contentKey(draft: ComposeDraft, files: readonly { name: string; size: number }[]): string {
  return JSON.stringify([
    draft.to,
    draft.cc,
    draft.bcc,
    draft.subject,
    draft.body,
    [...(draft.forwarded ?? []).map((a) => `${a.filename}:${a.size}`), ...files.map((f) => `${f.name}:${f.size}`)],
  ]);
}

/**
 * "Draft with AI": the engine's text at the top of the body, over what is there (a reply's quote, a
 * forward's original, or the owner's own words, none of which is lost). Asked again, the new text
 * takes the place of the previous one when the owner has not changed it.
 */
export function withAiText(body: string, text: string, previous?: string): string {
  const clean = text.trim();
  const rest = (previous && body.startsWith(previous) ? body.slice(previous.length) : body).replace(/^\s+/, '');
  return rest ? `${clean}\n\n${rest}` : clean;
}
