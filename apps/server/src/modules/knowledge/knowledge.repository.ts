import { KNOWLEDGE_SEARCH_COUNT_CAP } from '@app/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
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
  const [row] = await database.db
    .insert(knowledgeEntries)
    .values({ userId, ...input })
    .returning(rowColumns);
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

// Both orders match knowledge_entry_user_recent_idx (user_id, created_at DESC NULLS LAST, context DESC NULLS LAST)
// exactly, forwards and backwards: a bare `created_at DESC` means NULLS FIRST and makes the planner sort every row.
const NEWEST = 'created_at DESC NULLS LAST, context DESC NULLS LAST';
const OLDEST = 'created_at ASC NULLS FIRST, context ASC NULLS FIRST';
/** From this offset on, a listing page may be cheaper to reach from the oldest end (see listPage). */
const FAR_OFFSET = 1_000;

/**
 * One page of entries: newest first, and with a search the title hits first. The page is chosen on
 * contexts, dates and titles only; long texts are read (de-TOASTed) for the rows shown only.
 */
export async function pageEntries(
  database: Database,
  userId: string,
  terms: SearchTerms,
  offset: number,
  limit: number,
): Promise<KnowledgeEntry[]> {
  const page =
    terms.tsquery || terms.titlePattern
      ? searchPage(userId, terms, offset, limit)
      : await listPage(database, userId, offset, limit);
  if (!page) return [];
  const rows = await database.query<RawEntry>(
    `SELECT e.context, e.title, e.text, e.created_at, e.updated_at
       FROM (${page.sql}) page JOIN knowledge_entry e USING (context)
      ORDER BY page.title_hit DESC, page.created_at DESC, page.context DESC`,
    page.params,
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

type PageQuery = { sql: string; params: unknown[] } | null;

/** Without a search. A deep page is read backwards from the oldest end: page 9,000 of 10,000 skips 10,000 index entries, not 90,000. */
async function listPage(database: Database, userId: string, offset: number, limit: number): Promise<PageQuery> {
  const select = 'SELECT context, false AS title_hit, created_at FROM knowledge_entry WHERE user_id = $1';
  if (offset >= FAR_OFFSET) {
    const total = await totalEntries(database, userId);
    if (offset >= total) return null;
    const fromEnd = total - offset - limit;
    if (fromEnd < offset) {
      return {
        sql: `${select} ORDER BY ${OLDEST} OFFSET $2 LIMIT $3`,
        params: [userId, Math.max(fromEnd, 0), Math.min(limit, total - offset)],
      };
    }
  }
  return { sql: `${select} ORDER BY ${NEWEST} OFFSET $2 LIMIT $3`, params: [userId, offset, limit] };
}

/**
 * With a search: title hits (A) come before body-only hits (B), each newest first, so no rank is
 * computed over every match. A is a walk of the recency index filtered on the heap's title columns
 * (words common in titles) or a bitmap of the title indexes (rare ones); B, read only when A cannot
 * fill the page, sorts the matches of the search-vector GIN index. Only the first
 * KNOWLEDGE_SEARCH_COUNT_CAP matches are paged: as many as are counted.
 */
function searchPage(userId: string, terms: SearchTerms, offset: number, limit: number): PageQuery {
  const end = Math.min(offset + limit, KNOWLEDGE_SEARCH_COUNT_CAP);
  if (offset >= end) return null;
  const { params, titleHit } = searchParams(userId, terms);
  // `end` is a plain parameter (not end − |A|) so that the planner sees how many rows each part needs.
  params.push(end, offset, limit);
  const [e, o, l] = [params.length - 2, params.length - 1, params.length];
  // B's ORDER BY is deliberately not the index order (it means NULLS FIRST): in index order the planner
  // may walk the recency index hoping to meet matches soon, and a rare word then reads the TOASTed
  // search vector of every entry ('sushi': 4 s a request under load instead of a few ms).
  const bodyOnly = terms.tsquery
    ? `UNION ALL (SELECT context, false, created_at FROM knowledge_entry
         WHERE (SELECT count(*) FROM a) < $${e} AND user_id = $1 AND search_vector @@ to_tsquery('simple', $2) AND NOT (${titleHit})
         ORDER BY created_at DESC, context DESC LIMIT $${e})`
    : '';
  return {
    sql: `WITH a AS MATERIALIZED (
            SELECT context, created_at FROM knowledge_entry WHERE user_id = $1 AND (${titleHit}) ORDER BY ${NEWEST} LIMIT $${e})
          SELECT context, true AS title_hit, created_at FROM a ${bodyOnly}
          ORDER BY title_hit DESC, created_at DESC, context DESC OFFSET $${o} LIMIT $${l}`,
    params,
  };
}

/** How many entries match: exact without a search, otherwise counting at most `cap + 1`. */
export async function countEntries(database: Database, userId: string, terms: SearchTerms, cap: number): Promise<number> {
  if (!terms.tsquery && !terms.titlePattern) return totalEntries(database, userId);
  // The search vector holds the title's words too. The pattern comes first so that rows the trigram
  // index returns for a recheck are settled on the heap's title before their TOASTed vector is read.
  const match = sql.join(
    [
      terms.titlePattern ? sql`title ILIKE ${terms.titlePattern}` : null,
      terms.tsquery ? sql`search_vector @@ to_tsquery('simple', ${terms.tsquery})` : null,
    ].filter((part) => part !== null),
    sql` OR `,
  );
  // A count needs no order, and only the bitmap of the GIN and trigram indexes stops early without
  // testing entries one by one. With LIMIT cap + 1 the planner prefers a seq scan (or, without it, a
  // walk of the recency index) once a word is in about a third of the entries, reading the TOASTed
  // search vector of every row it passes: 2.5× slower for 'enron'. The settings last for this transaction.
  const result = await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
    return tx.execute(
      sql`SELECT count(*) AS n FROM (SELECT 1 FROM knowledge_entry WHERE user_id = ${userId} AND (${match}) LIMIT ${cap + 1}) m`,
    );
  });
  const [row] = (result as { rows: { n: number | string }[] }).rows; // node-postgres and PGlite results both have rows
  return Number(row?.n ?? 0);
}

/** The user's number of entries, kept by triggers in knowledge_count (migration 0004). */
async function totalEntries(database: Database, userId: string): Promise<number> {
  const [row] = await database.query<{ entries: number | string }>('SELECT entries FROM knowledge_count WHERE user_id = $1', [
    userId,
  ]);
  return Number(row?.entries ?? 0);
}

/** $1 = user, $2 = tsquery (when any), then the title pattern (when any); `titleHit` tests the title only. */
function searchParams(userId: string, terms: SearchTerms) {
  const params: unknown[] = [userId];
  if (terms.tsquery) params.push(terms.tsquery);
  if (terms.titlePattern) params.push(terms.titlePattern);
  const titleMatches = [
    terms.tsquery && `title_vector @@ to_tsquery('simple', $2)`,
    terms.titlePattern && `title ILIKE $${params.length}`,
  ];
  return { params, titleHit: titleMatches.filter(Boolean).join(' OR ') };
}
