import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A user's AI instructions (personal data; one per user): the six sections of the prompt editor. */
export const userPrompts = pgTable('user_prompt', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  useContext: boolean('use_context').notNull().default(false),
  section1: text('section1').notNull().default(''),
  section2: text('section2'),
  section3: text('section3').notNull().default(''),
  section4: text('section4').notNull().default(''),
  section5: text('section5').notNull().default(''),
  section6: text('section6').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
