/**
 * The webmail's limits, flags and text helpers (spec 02 §3, §5, §7, §9), without zod: the webmail
 * screen imports them at startup, and zod loads only with the compose panel. `mailbox.ts` re-exports
 * them with its schemas.
 */

export const EMAILS_PER_PAGE = 25;
/** Total size of a message's attachments (spec 02 §9: 26214400 bytes). */
export const ATTACHMENTS_MAX_BYTES = 26_214_400;
export const RECIPIENT_MIN_LENGTH = 3;
export const MAILBOX_SUCCESS_BANNER_MS = 3000;
export const MAILBOX_SEARCH_MAX = 200;
export const COMPOSE_SUBJECT_MAX = 998;
export const COMPOSE_BODY_MAX = 1_000_000;
export const RECIPIENTS_MAX = 100;
export const ATTACHMENTS_MAX_COUNT = 20;

/** The flags the webmail sets and clears (spec 02 §7). */
export const MAILBOX_FLAGS = ['\\Seen', '\\Flagged', '\\Answered', '$Junk', 'Junk', '\\Deleted'] as const;
export type MailboxFlag = (typeof MAILBOX_FLAGS)[number];

/** Flags sent with a move to the spam folder, and with a move to the trash (spec 02 §7). */
export const SPAM_FLAGS: MailboxFlag[] = ['\\Seen', '$Junk', 'Junk'];
export const TRASH_FLAGS: MailboxFlag[] = ['\\Seen'];

/** Special uses a folder may carry (spec 02 §3). */
export const FOLDER_SPECIAL_USES = [
  '\\Inbox',
  '\\Sent',
  '\\Drafts',
  '\\Trash',
  '\\Spam',
  '\\Junk',
  '\\Important',
  '\\Starred',
  '\\Snoozed',
  '\\Archive',
  '\\All',
  '\\Flagged',
] as const;

const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

export function isEmailAddress(value: string) {
  return EMAIL.test(value) && value.length <= 320;
}

/** Total attachment size within the limit (spec 02 §5). */
export function attachmentsTooLarge(sizes: number[]) {
  return sizes.reduce((sum, s) => sum + s, 0) > ATTACHMENTS_MAX_BYTES;
}

/** Recipients as the read panel shows them: 'first & N more'. */
export function recipientSummary(list: { name?: string; address: string }[]) {
  const [first, ...rest] = list;
  if (!first) return '';
  const label = first.name || first.address;
  return rest.length ? `${label} & ${rest.length} more` : label;
}

/** Drops Re:/Fwd:/Tr: prefixes, for the reply and forward subjects. */
export function baseSubject(subject: string) {
  return subject.replace(/^(\s*(re|fwd?|tr|aw|wg)\s*(\[\d+\])?\s*:\s*)+/i, '').trim();
}
