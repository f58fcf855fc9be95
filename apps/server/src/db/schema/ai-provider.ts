import { AI_PROVIDERS } from '@app/shared/ai-provider';
import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A user's own AI provider (issue 39, item 5; account data): the key sealed with the secret box,
 * never returned. One per user; it applies to their own mailbox and assistant only.
 */
export const aiProviderSettings = pgTable('ai_provider_setting', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: AI_PROVIDERS }).notNull(),
  model: text('model').notNull(),
  baseUrl: text('base_url'),
  /** The sealed API key (secret-box.ts); null for an OpenAI-compatible server that needs none. */
  secret: text('secret'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** AI calls made for a user, per UTC day (account data): what the usage table shows. */
export const aiUsageDays = pgTable(
  'ai_usage_day',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    calls: integer('calls').notNull().default(0),
    /** Summed over the calls whose provider reported them; null while none did. */
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
