import { z } from 'zod';
import { draftReviewSchema } from './draft-review';
import {
  COMPOSE_BODY_MAX,
  COMPOSE_SUBJECT_MAX,
  isEmailAddress,
  MAILBOX_FLAGS,
  MAILBOX_SEARCH_MAX,
  RECIPIENTS_MAX,
} from './mailbox-rules';

/**
 * The built-in webmail's schemas (spec 02 §2, §3, §5, §7, §9), with its limits, flags and helpers
 * from `mailbox-rules.ts`. Validation messages are i18n keys of the `inbox` namespace.
 */

export * from './mailbox-rules';

const idSchema = z.string().trim().min(1).max(200);
const folderSchema = z.string().trim().min(1, 'inbox.validation.folderRequired').max(1000);
const userIdSchema = z.string().max(100).optional();

/** A list of message ids: an array, or one id (as a query string or a form gives it). */
const uidsSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(idSchema).min(1, 'inbox.validation.noMessages').max(500),
);

export const mailboxListQuerySchema = z.object({
  userId: userIdSchema,
  folder: folderSchema.default('INBOX'),
  /** 1-based page; `pageRange` is the spec's name for the same number. */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageRange: z.coerce.number().int().min(1).max(100_000).optional(),
  search: z.string().trim().max(MAILBOX_SEARCH_MAX).optional(),
});
export type MailboxListQuery = z.input<typeof mailboxListQuerySchema>;

export const mailAddressSchema = z.object({ name: z.string(), address: z.string() });
export type MailAddress = z.infer<typeof mailAddressSchema>;
const addressListSchema = z.object({ value: z.array(mailAddressSchema) });

/** One row of the list (spec 02 §3 email list item). */
export const emailListItemSchema = z.object({
  uid: z.string(),
  messageId: z.string().nullable(),
  subject: z.string(),
  from: mailAddressSchema.nullable(),
  to: addressListSchema,
  date: z.string().nullable(),
  isUnread: z.boolean(),
  isFlagged: z.boolean(),
  hasAttachments: z.boolean(),
  /** Marked as likely spam by the assistant or the provider (IMAP `$Junk`, a label or category). */
  likelySpam: z.boolean(),
  /** Messages before this one in its thread (its References). */
  replyCount: z.number().int(),
  size: z.number().int(),
});
export type EmailListItem = z.infer<typeof emailListItemSchema>;

/** GET /api/mailbox: a page of a folder plus the mailbox state (spec 02 §3). */
export const mailboxPageSchema = z.object({
  folder: z.string(),
  messages: z.array(emailListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** 1-based positions of the first and last rows shown ("N of M"); 0 when empty. */
  from: z.number().int(),
  to: z.number().int(),
  emailsPerPage: z.number().int(),
});
export type MailboxPage = z.infer<typeof mailboxPageSchema>;

export interface MailboxFolder {
  path: string;
  name: string;
  specialUse: string | null;
  parentPath: string | null;
  status: { unseen: number; messages: number };
  children: MailboxFolder[];
}

export const mailboxFolderSchema: z.ZodType<MailboxFolder> = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string(),
    specialUse: z.string().nullable(),
    parentPath: z.string().nullable(),
    status: z.object({ unseen: z.number().int(), messages: z.number().int() }),
    children: z.array(mailboxFolderSchema),
  }),
);

export const mailboxFoldersQuerySchema = z.object({ userId: userIdSchema });

export const messageQuerySchema = z.object({
  userId: userIdSchema,
  folder: folderSchema.default('INBOX'),
  references: z.string().max(10_000).optional(),
  withAttachments: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  /** `1` reads the message without marking it read (the list's prefetch of the next rows). */
  peek: z.enum(['0', '1']).default('0'),
});

export const bodyQuerySchema = z.object({
  folder: folderSchema.default('INBOX'),
  /** Remote images are shown only when the user allowed them for this message. */
  images: z.enum(['0', '1']).default('0'),
});

export const attachmentSchema = z.object({
  index: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  inline: z.boolean(),
});
export type MailAttachment = z.infer<typeof attachmentSchema>;

/** GET /api/mailbox/messages/{uid}: the message as the read panel shows it. */
export const messageDetailSchema = emailListItemSchema.extend({
  cc: addressListSchema,
  bcc: addressListSchema,
  replyTo: z.array(mailAddressSchema),
  inReplyTo: z.string().nullable(),
  references: z.array(z.string()),
  text: z.string(),
  hasHtml: z.boolean(),
  hasRemoteImages: z.boolean(),
  attachments: z.array(attachmentSchema),
  folder: z.string(),
  /** In the Drafts folder, or flagged as a draft (`\Draft`, Gmail's DRAFT, Graph's isDraft): it opens in compose. */
  isDraft: z.boolean(),
  /** A draft the assistant wrote: its sources and the points to check (absent for any other message). */
  aiReview: draftReviewSchema.optional(),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

export const uidParamSchema = z.object({ uid: idSchema });
export const attachmentParamSchema = z.object({ uid: idSchema, index: z.coerce.number().int().min(0).max(1000) });
export const moveParamSchema = z.object({ from: folderSchema, to: folderSchema });

/** POST|DELETE /api/mailbox/messages/flags: `flags` (a list) or `flag` (one). */
export const flagsBodySchema = z
  .object({
    userId: userIdSchema,
    uids: uidsSchema,
    folder: folderSchema.default('INBOX'),
    flags: z.array(z.enum(MAILBOX_FLAGS, 'inbox.validation.unknownFlag')).max(10).optional(),
    flag: z.enum(MAILBOX_FLAGS, 'inbox.validation.unknownFlag').optional(),
  })
  .transform(({ flag, flags, ...rest }) => ({ ...rest, flags: [...new Set([...(flags ?? []), ...(flag ? [flag] : [])])] }))
  .refine((body) => body.flags.length > 0, { message: 'inbox.validation.noFlags', path: ['flags'] });
export type FlagsBody = z.input<typeof flagsBodySchema>;

/** POST /api/mailbox/messages/not-spam/{folder}: the owner's "not spam" (not in the spec: decisions.md). */
export const notSpamParamSchema = z.object({ folder: folderSchema });
export const notSpamBodySchema = z.object({ userId: userIdSchema, uids: uidsSchema });
export const notSpamResultSchema = z.object({ success: z.literal(true), movedTo: z.string().nullable() });
export type NotSpamResult = z.infer<typeof notSpamResultSchema>;

export const moveBodySchema = z.object({
  userId: userIdSchema,
  uids: uidsSchema,
  flags: z.array(z.enum(MAILBOX_FLAGS, 'inbox.validation.unknownFlag')).max(10).default([]),
});

/** A recipient list: an array, or a comma/semicolon separated text (a form field); lower-cased, no duplicates. */
function recipientsSchema(message: string) {
  return z.preprocess(
    (value: unknown): unknown => {
      const list: unknown = typeof value === 'string' ? value.split(/[,;]/) : value === undefined ? [] : value;
      if (!Array.isArray(list)) return list;
      const clean = (list as unknown[]).map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)).filter((v) => v !== '');
      return [...new Set(clean)];
    },
    z.array(z.string().refine(isEmailAddress, message)).max(RECIPIENTS_MAX, 'inbox.validation.tooManyRecipients'),
  );
}

const optionalText = (max: number) => z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional());

/** The compose form's fields (spec 02 §5); the server also reads the spec's misspelt `bbc`. */
export const composeFieldsSchema = z.object({
  userId: userIdSchema,
  to: recipientsSchema('inbox.validation.invalidRecipient').refine((l) => l.length > 0, 'inbox.validation.recipientRequired'),
  cc: recipientsSchema('inbox.validation.invalidRecipient').default([]),
  bcc: recipientsSchema('inbox.validation.invalidRecipient').default([]),
  subject: z
    .string()
    .trim()
    .min(1, 'inbox.validation.subjectRequired')
    .max(COMPOSE_SUBJECT_MAX, 'inbox.validation.subjectTooLong'),
  body: z
    .string()
    .refine((v) => v.trim().length > 0, 'inbox.validation.messageRequired')
    .pipe(z.string().max(COMPOSE_BODY_MAX)),
  inReplyTo: optionalText(1000),
  references: optionalText(10_000),
  /** Reply/forward: the message being answered, so that it can be flagged \Answered. */
  replyToUid: optionalText(200),
  replyToFolder: optionalText(1000),
  /** Forward: the original message, whose attachments go along. */
  forwardUid: optionalText(200),
  forwardFolder: optionalText(1000),
  /** The draft this message comes from: replaced by a saved draft, deleted once sent. */
  draftUid: optionalText(200),
  draftFolder: optionalText(1000),
});
export type ComposeFields = z.input<typeof composeFieldsSchema>;

/** A draft may be saved half-written: nothing is required, what is there must still be valid. */
export const draftFieldsSchema = composeFieldsSchema.extend({
  to: recipientsSchema('inbox.validation.invalidRecipient').default([]),
  subject: z.string().trim().max(COMPOSE_SUBJECT_MAX, 'inbox.validation.subjectTooLong').default(''),
  body: z.string().max(COMPOSE_BODY_MAX).default(''),
});

export const sendResultSchema = z.object({ success: z.literal(true), messageId: z.string() });
/** POST /api/mailbox/messages/draft: where the saved draft now is (null uid: the provider did not say). */
export const draftSavedSchema = sendResultSchema.extend({ uid: z.string().nullable(), folder: z.string() });
export type DraftSaved = z.infer<typeof draftSavedSchema>;

/** DELETE /api/mailbox/messages/{uid}/draft: discards a draft (for good). */
export const draftQuerySchema = z.object({ userId: userIdSchema, folder: folderSchema });

/** POST /api/mailbox/messages/{uid}/ai-draft: a reply to that message, written by the active engine. */
export const aiDraftInputSchema = z.object({ userId: userIdSchema, folder: folderSchema });
export const aiDraftSchema = z.object({ text: z.string(), engine: z.string(), review: draftReviewSchema });
export type AiDraft = z.infer<typeof aiDraftSchema>;
export const successSchema = z.object({ success: z.literal(true) });
