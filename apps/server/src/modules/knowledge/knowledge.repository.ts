import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { knowledgeEntries } from '../../db/schema/index';
import type { SearchTerms } from './search-query';

export type KnowledgeRow = typeof knowledgeEntries.$inferSelect;

const rowColumns = {
  context: knowledgeEntries.context,
  userId: knowledgeEntries.userId,
  title: knowledgeEntries.title,
  text: knowledgeEntries.text,
  createdAt: knowledgeEntries.createdAt,
  updatedAt: knowledgeEntries.updatedAt,
};
export type KnowledgeEntry = Pick<KnowledgeRow, keyof typeof rowColumns>;

export async function insertEntry(database: Database, userId: string, input: { title: string; text: string }) {
  const [row] = await database.db.insert(knowledgeEntries).values({ userId, ...input }).returning(rowColumns);
  return row!;
}

export async function updateEntry(database: Database, userId: string, context: string, input: { title: string; text: string }) {
  const [row] = await database.db
    .update(knowledgeEntries)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(knowledgeEntries.userId, userId), eq(knowledgeEntries.context, context)))
    .returning(rowColumns);
  return row ?? null;
}

export async function deleteEntry(database: Database, userId: string, context: string) {
  const rows = await database.db
    .delete(knowledgeEntries)
    .where(and(eq(knowledgeEntries.userId, userId), eq(knowledgeEntries.context, context)))
    .returning({ context: knowledgeEntries.context });
  return rows.length > 0;
}

export async function findEntry(database: Database, userId: string, context: string) {
  const [row] = await database.db
    .select(rowColumns)
    .from(knowledgeEntries)
    .where(and(eq(knowledgeEntries.userId, userId), eq(knowledgeEntries.context, context)));
  return row ?? null;
}

type RawEntry = { context: string; title: string; text: string; created_at: Date | string; updated_at: Date | string };

/**
 * One page of entries. The page is chosen on the narrow heap and the index (contexts only);
 * only the rows shown are read in full, so long texts of other rows are never de-TOASTed.
 */
export async function pageEntries(
  database: Database,
  userId: string,
  terms: SearchTerms,
  offset: number,
  limit: number,
): Promise<KnowledgeEntry[]> {
  const { where, titleHit, params } = searchFilter(userId, terms);
  const order = titleHit ? `(${titleHit}) DESC, created_at DESC, context DESC` : 'created_at DESC, context DESC';
  const rows = await database.query<RawEntry>(
    `SELECT e.context, e.title, e.text, e.created_at, e.updated_at
       FROM (SELECT context, ${titleHit ?? 'false'} AS title_hit, created_at FROM knowledge_entry
              WHERE ${where} ORDER BY ${order} OFFSET $${params.length + 1} LIMIT $${params.length + 2}) page
       JOIN knowledge_entry e USING (context)
      ORDER BY page.title_hit DESC, page.created_at DESC, page.context DESC`,
    [...params, offset, limit],
  );
  return rows.map((r) => ({
    context: r.context,
    userId,
    title: r.title,
    text: r.text,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  }));
}

/** How many entries match, counting at most `cap + 1` so that common words stay cheap. */
export async function countEntries(database: Database, userId: string, terms: SearchTerms, cap: number): Promise<number> {
  const { where, params } = searchFilter(userId, terms);
  const limited = terms.tsquery || terms.titlePattern ? `LIMIT ${cap + 1}` : '';
  const [row] = await database.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM knowledge_entry WHERE ${where} ${limited}) m`,
    params,
  );
  return Number(row?.n ?? 0);
}

function searchFilter(userId: string, terms: SearchTerms) {
  const params: unknown[] = [userId];
  const matches: string[] = [];
  const titleMatches: string[] = [];
  if (terms.tsquery) {
    params.push(terms.tsquery);
    matches.push(`search_vector @@ to_tsquery('simple', $${params.length})`);
    titleMatches.push(`title_vector @@ to_tsquery('simple', $${params.length})`);
  }
  if (terms.titlePattern) {
    params.push(terms.titlePattern);
    matches.push(`title ILIKE $${params.length}`);
    titleMatches.push(`title ILIKE $${params.length}`);
  }
  const where = matches.length ? `user_id = $1 AND (${matches.join(' OR ')})` : 'user_id = $1';
  return { where, titleHit: titleMatches.length ? titleMatches.join(' OR ') : null, params };
}

