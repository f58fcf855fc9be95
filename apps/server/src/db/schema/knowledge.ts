import { sql } from 'drizzle-orm';
import { KNOWLEDGE_VISIBILITIES } from '@app/shared/knowledge';
import { check, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A user's knowledge entries (personal data). `context` is the public identifier of an entry.
 * The search vectors are generated columns; the table is created with a small toast_tuple_target
 * so that long texts and their vectors live out of line and the heap that searches scan stays narrow.
 */
export const knowledgeEntries = pgTable(
  'knowledge_entry',
  {
    context: uuid('context').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    /** `internal`: the engines may read it to understand a message, never quote it (migration 0023). */
    visibility: text('visibility', { enum: KNOWLEDGE_VISIBILITIES }).notNull().default('quotable'),
    titleVector: tsvector('title_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', coalesce("title", ''))`),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', coalesce("title", '')), 'A') || setweight(to_tsvector('simple', left(coalesce("text", ''), 100000)), 'B')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_entry_user_recent_idx').on(t.userId, t.createdAt.desc(), t.context.desc()),
    index('knowledge_entry_search_idx').using('gin', t.searchVector),
    index('knowledge_entry_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    check('knowledge_entry_visibility_check', sql`${t.visibility} IN ('quotable', 'internal')`),
  ],
);
