import type { AccuracyReport } from '@app/shared/accuracy';
import { sql } from 'drizzle-orm';
import { boolean, customType, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { mailAccounts, mailCategories, mailMessages } from './mail';

/** `mark_spam` keeps likely spam where it arrived, marked (`$Junk`), instead of any other action. */
export const MAIL_ACTION_KINDS = ['draft', 'reply', 'forward', 'move', 'mark_spam'] as const;
export type MailActionKind = (typeof MAIL_ACTION_KINDS)[number];

/**
 * pending → started → done. A send found neither done nor in Sent after a crash is `in_doubt` and
 * shown to the user instead of being sent again; `skipped` records why an action did not run; `dry_run`:
 * what the action would have done, recorded while the mailbox was in dry run (nothing was moved or sent).
 */
export const MAIL_ACTION_STATUSES = ['pending', 'started', 'done', 'in_doubt', 'failed', 'skipped', 'dry_run'] as const;
export type MailActionStatus = (typeof MAIL_ACTION_STATUSES)[number];

/**
 * The pipeline's side effects (personal data), one per (message, kind), recorded before they run
 * (DESIGN §5.3). Outgoing mail (drafts, replies, forwards) keeps its deterministic Message-ID and
 * its text here, so that a retry after a crash produces the same message.
 */
export const mailActions = pgTable(
  'mail_action',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailAccountId: uuid('mail_account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    mailMessageId: uuid('mail_message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MAIL_ACTION_KINDS }).notNull(),
    status: text('status', { enum: MAIL_ACTION_STATUSES }).notNull().default('pending'),
    /** move/draft: the folder id; reply/forward: the recipients. */
    target: jsonb('target').$type<{ folderId?: string; to?: string[] }>().notNull(),
    /** The Message-ID of the mail this action writes (drafts, replies, forwards). */
    outgoingMessageId: text('outgoing_message_id'),
    /** The reply or draft text once written (paid for once, reused by a retry). */
    body: text('body'),
    /** Why it was skipped, failed or is in doubt. */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_action_message_kind_idx').on(t.mailMessageId, t.kind),
    index('mail_action_account_sent_idx').on(t.mailAccountId, t.kind, t.doneAt),
  ],
);

/** A mailbox's trained classifier (personal data): the local engine's model, retrained as mail is filed. */
export const mailClassifiers = pgTable('mail_classifier', {
  mailAccountId: uuid('mail_account_id')
    .primaryKey()
    .references(() => mailAccounts.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  engine: text('engine').notNull(),
  /** A fingerprint of the categories it was trained for; another set means training again. */
  categoriesKey: text('categories_key').notNull(),
  model: jsonb('model').notNull(),
  trainedAt: timestamp('trained_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The owner's corrections of the classifier (personal data): a message the assistant had filed, found
 * since in another category's folder (categoryId) or back in the tracked folder (categoryId null: it
 * fits none). One per message (its Message-ID), the latest kept; the text is what the engine reads,
 * so that the correction is learned even after the message is gone.
 */
export const mailCorrections = pgTable(
  'mail_correction',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailAccountId: uuid('mail_account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    /** The category the owner put it in; null: none (left in the tracked folder). */
    categoryId: uuid('category_id').references(() => mailCategories.id, { onDelete: 'cascade' }),
    /** The category the assistant had chosen (null once that category is deleted). */
    fromCategoryId: uuid('from_category_id').references(() => mailCategories.id, { onDelete: 'set null' }),
    subject: text('subject').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    fromAddress: text('from_address'),
    text: text('text').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_correction_account_message_idx').on(t.mailAccountId, t.messageId)],
);

/**
 * Senders the owner said are not spam (the webmail's "Not spam", or the mark removed or the message
 * moved out of Junk in any client): their mail is never taken for spam again in this mailbox.
 */
export const mailNotSpamSenders = pgTable(
  'mail_not_spam_sender',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailAccountId: uuid('mail_account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_not_spam_sender_account_address_idx').on(t.mailAccountId, t.address)],
);

/** The mailbox's accuracy on its past mail (issue 36), one per mailbox, replaced at each initialisation. */
export const mailAccuracyReports = pgTable('mail_accuracy_report', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailAccountId: uuid('mail_account_id')
    .notNull()
    .unique()
    .references(() => mailAccounts.id, { onDelete: 'cascade' }),
  report: jsonb('report').$type<AccuracyReport>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The owner's own replies read from Sent by the initialisation (personal data): examples of tone and
 * content for drafts, found again by full-text search like the knowledge base.
 */
export const mailReplyExamples = pgTable(
  'mail_reply_example',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailAccountId: uuid('mail_account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', coalesce("subject", '') || ' ' || left("text", 20000))`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_reply_example_account_idx').on(t.mailAccountId),
    index('mail_reply_example_search_idx').using('gin', t.searchVector),
  ],
);

/**
 * The running workers, each seen at its every scan: how many share the syncing mailboxes, so that
 * each holds its fair part (`pipeline/worker.ts`). A worker that stops deletes its row; a dead
 * one's is left behind and no longer counts once it is older than a few scans.
 */
/**
 * What the first run has read so far of a category folder (issue 36, item 5): each message as the
 * engine reads it, so that a run a dead worker left half done resumes where it stopped. Emptied when
 * the run completes.
 */
export const mailFirstRunReads = pgTable(
  'mail_first_run_read',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailAccountId: uuid('mail_account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    folder: text('folder').notNull(),
    /** The provider's id of the message in the folder (`MessageSummary.id`). */
    messageRef: text('message_ref').notNull(),
    /** Its Message-ID when listed: a folder renumbered since (IMAP UIDVALIDITY) reads it again. */
    messageId: text('message_id'),
    /** The engine's message (ai/engine.ts `EngineMessage`), its date as an ISO string. */
    message: jsonb('message').notNull(),
    heldAsSpam: boolean('held_as_spam').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailAccountId, t.folder, t.messageRef] })],
);

export const pipelineWorkers = pgTable('pipeline_worker', {
  id: text('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The worker holds its presence lock (`holdSessionLock(PRESENCE_LOCK_SPACE, id)`) for as long as it
   * lives: when the lock is gone, so is the worker, and its leases are free at once.
   */
  presenceLocked: boolean('presence_locked').notNull().default(false),
});
