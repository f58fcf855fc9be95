import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The credits ledger (account data): one row per grant or debit, in the owner's account, for a
 * credit period (a month: see `periodOf` in credits/ledger.ts; the column keeps its first name).
 * `key` makes every entry idempotent: the period's grant, one debit per (message, action).
 * `userId` is who spent it (the owner or a member).
 */
export const creditEntries = pgTable(
  'credit_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    period: text('month').notNull(),
    kind: text('kind', { enum: ['grant', 'debit'] }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    key: text('key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_entry_owner_month_idx').on(t.ownerId, t.period)],
);
