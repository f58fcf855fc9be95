import { DRAFT_OUTCOMES, type DraftReview } from '@app/shared/draft-review';
import { index, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { mailAccounts, mailCategories } from './mail';

export const AI_DRAFT_ORIGINS = ['pipeline', 'webmail'] as const;

/**
 * Every AI draft an owner was given (personal data), with what it stands on and what became of it
 * (issue 39, items 1 and 6): written by the pipeline into Drafts, or by "Draft with AI" into the
 * compose panel. Settled when the owner sends a reply to the same message (its similarity to the
 * draft says how much was kept) or deletes the draft.
 */
export const aiDrafts = pgTable(
  'ai_draft',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailAccountId: uuid('mail_account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => mailCategories.id, { onDelete: 'set null' }),
    origin: text('origin', { enum: AI_DRAFT_ORIGINS }).notNull(),
    /** The Message-ID of the message the draft answers. */
    inReplyTo: text('in_reply_to'),
    /** The Message-ID of the draft stored in the mailbox (pipeline drafts). */
    draftMessageId: text('draft_message_id'),
    text: text('text').notNull(),
    review: jsonb('review').$type<DraftReview>().notNull(),
    outcome: text('outcome', { enum: DRAFT_OUTCOMES }),
    similarity: real('similarity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_draft_user_reply_idx').on(t.userId, t.inReplyTo),
    uniqueIndex('ai_draft_user_draft_idx').on(t.userId, t.draftMessageId),
    index('ai_draft_account_idx').on(t.mailAccountId, t.createdAt),
  ],
);
