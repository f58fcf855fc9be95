import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The owner's invitations (account data). The token is stored as a SHA-256 hash and cleared once
 * used; `memberId` is the user the invitation became.
 */
export const invitations = pgTable(
  'invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    connectionMethod: text('connection_method', { enum: ['email/password', 'microsoft', 'google'] }).notNull(),
    hasAiConfig: boolean('has_ai_config').notNull().default(true),
    status: text('status', { enum: ['PENDING', 'SENT', 'ACCEPTED', 'REJECTED', 'FAILED', 'EXPIRED', 'DELETED'] })
      .notNull()
      .default('PENDING'),
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    memberId: text('member_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitation_owner_recent_idx').on(t.ownerId, t.createdAt.desc()),
    // One live invitation per address and owner; deleted ones stay as history.
    uniqueIndex('invitation_owner_email_live_idx')
      .on(t.ownerId, t.email)
      .where(sql`${t.status} <> 'DELETED'`),
  ],
);
