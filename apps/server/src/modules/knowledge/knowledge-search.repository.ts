import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prefixQuery } from '../../db/full-text';
import { knowledgeEntries } from '../../db/schema/index';

/**
 * The owner's entries whose search vector holds one of the terms (as prefixes), best ranked first,
 * at most `limit`, scoped to `userId`.
 */
export async function matchingEntries(db: Db, userId: string, terms: string[], limit: number) {
  const query = prefixQuery(terms);
  if (!query) return [];
  const rank = sql<number>`ts_rank(${knowledgeEntries.searchVector}, ${query})`;
  return db
    .select({
      context: knowledgeEntries.context,
      title: knowledgeEntries.title, content: knowledgeEntries.text, visibility: knowledgeEntries.visibility })
    .from(knowledgeEntries)
    .where(and(eq(knowledgeEntries.userId, userId), sql`${knowledgeEntries.searchVector} @@ ${query}`))
    .orderBy(desc(rank))
    .limit(limit);
}
