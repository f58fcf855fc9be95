import type { CategoryRules } from '@app/shared/categories';
import type { MailboxNode } from '@app/shared/mail-settings';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  fetchRangeStart: timestamp('fetch_range_start', { withTimezone: true }),
  fetchRangeEnd: timestamp('fetch_range_end', { withTimezone: true }),
  batchStatus: text('batch_status'),
  batchCategorizeStatus: text('batch_categorize_status'),
  /** What the last AI categorisation request asked for, read by the batch job. */
  batchCategorizeRequest: jsonb('batch_categorize_request').$type<{
    numberOfCategories: number;
    language: string;
    requestedAt: string;
  }>(),
  /** The folder tree as last read from the provider. */
  mailboxes: jsonb('mailboxes').$type<MailboxNode[]>().notNull().default([]),
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
    mailboxId: text('mailbox_id').notNull(),
    mailboxPath: text('mailbox_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_category_user_idx').on(t.userId, t.createdAt)],
);
