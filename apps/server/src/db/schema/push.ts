import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { mailAccounts } from './mail';

/**
 * A mailbox's push channel (personal data): the Gmail watch or Graph subscription the worker holding
 * it keeps open, so that the webhooks can tell which mailbox a notification is about.
 */
export const mailPushChannels = pgTable(
  'mail_push_channel',
  {
    mailAccountId: uuid('mail_account_id')
      .primaryKey()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['gmail', 'outlook'] }).notNull(),
    /** How a notification names the mailbox: the Gmail address in lower case, Graph's subscription id. */
    externalId: text('external_id').notNull(),
    /** The folder (label) watched: a changed tracked folder needs a new channel. */
    folder: text('folder').notNull(),
    /** Graph: SHA-256 (hex) of the subscription's clientState, the secret every notification carries back. */
    secretHash: text('secret_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_push_channel_external_idx').on(t.provider, t.externalId)],
);
