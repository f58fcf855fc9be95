import type { CategoryRules } from '@app/shared/categories';
import type { MailboxNode } from '@app/shared/mail-settings';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Server, port and login of a connected mailbox: everything but the secret (kept sealed apart). */
export type MailConnection =
  | {
      kind: 'smtp';
      name: string;
      host: string;
      port: number;
      secure: boolean;
      user: string;
      imapHost: string;
      imapPort: number;
      imapSecure: boolean;
      imapUser: string;
      /** Absent from mailboxes connected before it existed: their SMTP login is `user`. */
      smtpUser?: string;
    }
  /** Gmail and Outlook: the tokens (and their expiry) live in the sealed secret. */
  | { kind: 'oauth' };

/**
 * A user's connected mailbox and its options (personal data; one per user). `secret` holds the
 * password or the OAuth tokens sealed with AES-256-GCM and is never sent to the browser.
 */
export const mailAccounts = pgTable('mail_account', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['gmail', 'outlook', 'smtp'] }).notNull(),
  username: text('username').notNull(),
  connection: jsonb('connection').$type<MailConnection>().notNull(),
  secret: text('secret').notNull(),
  responseType: integer('response_type').notNull(),
  trackedMailbox: text('tracked_mailbox').notNull().default('INBOX'),
  isSyncEnabled: boolean('is_sync_enabled').notNull().default(true),
  isClassificationEnabled: boolean('is_classification_enabled').notNull().default(true),
  /** Likely spam moved to the Junk folder (off: it stays where it arrived, marked). */
  moveSpamToJunk: boolean('move_spam_to_junk').notNull().default(false),
  /**
   * The authserv-id of the receiving server's `Authentication-Results` (RFC 8601), trusted for a
   * `Reply-To` outside the `From` domain: set by the owner, or learned from the topmost header of
   * received mail when its id is in the domain of the mailbox's IMAP server or MX (null: not known).
   */
  authservId: text('authserv_id'),
  /** Whether `authservId` was set by the owner (a learned one never replaces it). */
  authservIdSetByOwner: boolean('authserv_id_set_by_owner').notNull().default(false),
  /** The owner asked for the accuracy replay with their AI provider, on at most this many messages (it costs credits). */
  accuracyReplayRequested: integer('accuracy_replay_requested'),
  /** Dry run until then: the assistant records what it would do (move, mark, draft, reply, forward) and does none of it. */
  dryRunUntil: timestamp('dry_run_until', { withTimezone: true }),
  fetchRangeStart: timestamp('fetch_range_start', { withTimezone: true }),
  fetchRangeEnd: timestamp('fetch_range_end', { withTimezone: true }),
  batchStatus: text('batch_status'),
  batchCategorizeStatus: text('batch_categorize_status'),
  /** How far the running batch (initialisation or AI categorisation) has got, for the settings screen. */
  batchProgress: jsonb('batch_progress').$type<{
    job: 'initialisation' | 'categorize';
    done: number;
    total: number;
    error?: string;
    /** The first run's phase, when it started and the messages read of those listed (initialisation only). */
    phase?: 'listing' | 'reading' | 'learning';
    startedAt?: string;
    messagesDone?: number;
    messagesTotal?: number;
  }>(),
  /** What the last AI categorisation request asked for, read by the batch job. */
  batchCategorizeRequest: jsonb('batch_categorize_request').$type<{
    numberOfCategories: number;
    language: string;
    requestedAt: string;
  }>(),
  /** The folder tree as last read from the provider. */
  mailboxes: jsonb('mailboxes').$type<MailboxNode[]>().notNull().default([]),
  /** Ingest: where the next sync goes on from (opaque to all but the adapter), for the tracked folder. */
  syncCheckpoint: jsonb('sync_checkpoint').$type<{ folder: string; value: unknown }>(),
  /** Ingest: the worker holding the mailbox and until when (a dead worker's lease expires). */
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  /** Why the mailbox stopped syncing, for the settings screen; null while it works. */
  syncError: text('sync_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's classification categories (personal data), each filing mail into one folder or label. */
export const mailCategories = pgTable(
  'mail_category',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailAccountId: uuid('mail_account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    existCategoryName: text('exist_category_name'),
    classifierType: text('classifier_type', { enum: ['ai', 'rules'] }).notNull(),
    instruction: text('instruction').notNull().default(''),
    action: integer('action').notNull().default(0),
    responseInstructions: text('response_instructions').notNull().default(''),
    forwardTo: jsonb('forward_to').$type<string[]>(),
    rules: jsonb('rules').$type<CategoryRules>(),
    classificationParentMailbox: text('classification_parent_mailbox'),
    draftParentMailbox: text('draft_parent_mailbox'),
    createdBy: text('created_by').notNull().default('USER'),
    /** The provider's id of the folder or label the category files into. */
    /** Instant replies and forwards only while the measured precision is at least this (percent); null: no limit. */
    autopilotMinPrecision: integer('autopilot_min_precision'),
    mailboxId: text('mailbox_id').notNull(),
    mailboxPath: text('mailbox_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_category_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The messages ingest has seen (personal data): one row per message of the tracked folder, unique
 * per (mailbox, provider id), written in the same transaction as the checkpoint.
 */
export const mailMessages = pgTable(
  'mail_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailAccountId: uuid('mail_account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    folder: text('folder').notNull(),
    messageId: text('message_id'),
    subject: text('subject').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    fromAddress: text('from_address'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * new → classified (result stored, actions recorded) → done; failed after MAX_ATTEMPTS; gone when
     * the message left the folder before it was read.
     */
    status: text('status', { enum: ['new', 'classified', 'done', 'failed', 'gone'] })
      .notNull()
      .default('new'),
    categoryId: uuid('category_id').references(() => mailCategories.id, { onDelete: 'set null' }),
    /** Which engine decided: 'rules', 'local' or an LLM provider's name; null when not classified. */
    classifiedBy: text('classified_by'),
    confidence: real('confidence'),
    reason: text('reason'),
    /** Why an AI step was skipped (e.g. no credits left), for the owner. */
    skipReason: text('skip_reason'),
    /** Handled while the mailbox was in dry run: its actions were recorded, not run. */
    dryRun: boolean('dry_run').notNull().default(false),
    /** The owner's review of a dry-run message: 'right', or 'wrong' (then stored as a correction). */
    dryRunVerdict: text('dry_run_verdict', { enum: ['right', 'wrong'] }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_message_account_provider_idx').on(t.mailAccountId, t.providerId),
    index('mail_message_status_idx').on(t.mailAccountId, t.status, t.createdAt),
    // Found again by Message-ID: a message back in the tracked folder, the owner's corrections.
    index('mail_message_message_id_idx').on(t.mailAccountId, t.messageId),
    // The last exchanges with a sender, read for each draft.
    index('mail_message_sender_idx').on(t.mailAccountId, t.fromAddress, t.createdAt),
  ],
);
