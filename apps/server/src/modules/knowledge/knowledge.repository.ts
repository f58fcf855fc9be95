import { KNOWLEDGE_SEARCH_COUNT_CAP } from '@app/shared/constants';
import type { KnowledgeVisibility } from '@app/shared/knowledge';
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
  visibility: knowledgeEntries.visibility,
  createdAt: knowledgeEntries.createdAt,
  updatedAt: knowledgeEntries.updatedAt,
};
export type KnowledgeEntry = Pick<KnowledgeRow, keyof typeof rowColumns>;

export type EntryInput = { title: string; text: string; visibility: KnowledgeVisibility };
export type EntryUpdate = Omit<EntryInput, 'visibility'> & { visibility?: KnowledgeVisibility | undefined };

export async function insertEntry(database: Database, userId: string, input: EntryInput) {
  const [row] = await database.db
    .insert(knowledgeEntries)
    .values({ userId, ...input })
    .returning(rowColumns);
  return row!;
}

/** A missing visibility keeps the entry's own (Drizzle leaves undefined values out of the SET). */
export async function updateEntry(database: Database, userId: string, context: string, input: EntryUpdate) {
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

type RawEntry = {
  context: string;
  title: string;
  text: string;
  visibility: KnowledgeVisibility;
  created_at: Date | string;
  updated_at: Date | string;
  total: number | string | null;
  version: number | string | null;
};

// The order of knowledge_entry_user_recent_idx (user_id, created_at DESC NULLS LAST, context DESC NULLS LAST)
// exactly: a bare `created_at DESC` means NULLS FIRST and makes the planner sort every row.
const NEWEST = 'created_at DESC NULLS LAST, context DESC NULLS LAST';
/** From this offset on, a listing page starts its walk at the day its position falls in (see listPage). */
const FAR_OFFSET = 1_000;

/** One page of entries and how many match: exact without a search, otherwise at most `cap + 1`. */
export interface EntryList {
  entries: KnowledgeEntry[];
  count: number;
}

const toEntry = (userId: string, r: RawEntry): KnowledgeEntry => ({
  context: r.context,
  userId,
  title: r.title,
  text: r.text,
  visibility: r.visibility,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** The contexts of the first `cap` matches of a search in page order, and the user's version. */
export async function matchOrder(database: Database, userId: string, terms: SearchTerms, cap: number) {
  const page = searchPage(userId, terms, 0, cap, true)!;
  const [row] = await database.query<{ version: number | string | null; contexts: string[] }>(
    `SELECT (SELECT version FROM knowledge_count WHERE user_id = $1) AS version,
            array(SELECT context::text FROM (${page.sql}) page ORDER BY page.title_hit DESC, page.created_at DESC, page.context DESC) AS contexts`,
    page.params,
  );
  return { version: row?.version == null ? null : String(row.version), contexts: row?.contexts ?? [] };
}

/** The entries of `contexts` (the user's only) in that order, and the user's version, in one statement. */
export async function entriesInOrder(database: Database, userId: string, contexts: string[]) {
  const rows = await database.query<RawEntry & { n: number | null }>(
    `SELECT v.version, e.context, e.title, e.text, e.visibility, e.created_at, e.updated_at, e.n
       FROM (SELECT (SELECT version FROM knowledge_count WHERE user_id = $1) AS version) v
       LEFT JOIN LATERAL (
         SELECT k.context, k.title, k.text, k.visibility, k.created_at, k.updated_at, p.n
           FROM unnest($2::uuid[]) WITH ORDINALITY AS p(context, n) JOIN knowledge_entry k ON k.context = p.context
          WHERE k.user_id = $1) e ON true
      ORDER BY e.n`,
    [userId, contexts],
    'knowledge_entries_in_order',
  );
  const [first] = rows;
  const entries = rows.filter((r) => r.n !== null).map((r) => toEntry(userId, r));
  return { entries, version: first?.version == null ? null : String(first.version) };
}

export async function pageEntries(database: Database, userId: string, page: PageQuery) {
  if (!page) return { entries: [], total: null, version: null };
  const rows = await database.query<RawEntry>(
    `SELECT e.context, e.title, e.text, e.visibility, e.created_at, e.updated_at,
            (SELECT entries FROM knowledge_count WHERE user_id = $1) AS total,
            (SELECT version FROM knowledge_count WHERE user_id = $1) AS version
       FROM (${page.sql}) page JOIN knowledge_entry e USING (context)
      ORDER BY page.title_hit DESC, page.created_at DESC, page.context DESC`,
    page.params,
    page.name,
  );
  const entries = rows.map((r) => toEntry(userId, r));
  const [first] = rows;
  return { entries, total: first ? Number(first.total) : null, version: first ? String(first.version) : null };
}

/** `name` when the statement's plan does not depend on its parameters (see Database.query). */
export type PageQuery = { sql: string; params: unknown[]; name?: string } | null;

/**
 * Without a search. A page far from the newest entry starts its walk at the newest entry of the UTC day
 * its position falls in, found from the per-day counts of knowledge_day (migration 0006): page 5,000 of
 * 10,000 walks one day of entries, not 50,000. Past the last entry there is no such day and no row.
 */
export function listPage(userId: string, offset: number, limit: number): PageQuery {
  const select = 'SELECT context, false AS title_hit, created_at FROM knowledge_entry WHERE user_id = $1';
  if (offset < FAR_OFFSET) {
    return {
      sql: `${select} ORDER BY ${NEWEST} OFFSET $2 LIMIT $3`,
      params: [userId, offset, limit],
      name: 'knowledge_page_newest',
    };
  }
  return {
    // The running total, newest day first, stops at the day that holds position $2.
    sql: `WITH start AS MATERIALIZED (
            SELECT day, through - entries AS newer FROM (
              SELECT day, entries, sum(entries) OVER (ORDER BY day DESC) AS through FROM knowledge_day WHERE user_id = $1) days
            WHERE through > $2 ORDER BY day DESC LIMIT 1)
          ${select} AND created_at < (SELECT to_timestamp((day + 1) * 86400::double precision) FROM start)
          ORDER BY ${NEWEST} OFFSET $2 - (SELECT newer FROM start) LIMIT $3`,
    params: [userId, offset, limit],
    name: 'knowledge_page_by_day',
  };
}

/**
 * With a search: title hits (A) come before body-only hits (B), each newest first, so no rank is
 * computed over every match. A is a walk of the recency index filtered on the heap's title columns
 * (words common in titles) or a bitmap of the title indexes (rare ones). B, read only when A holds every
 * title hit and cannot fill the page, is knowledge_body_hits (migration 0018): the newest matches of the
 * search-vector GIN index but A's, `windowed`: searched among the newest entries first (off when the
 * caller knows that the matches are few). Only the first KNOWLEDGE_SEARCH_COUNT_CAP matches are paged:
 * as many as are counted.
 */
export function searchPage(userId: string, terms: SearchTerms, offset: number, limit: number, windowed: boolean): PageQuery {
  const end = Math.min(offset + limit, KNOWLEDGE_SEARCH_COUNT_CAP);
  if (offset >= end) return null;
  const { params, titleHit } = searchParams(userId, terms);
  // `end` is a plain parameter (not end − |A|) so that the planner sees how many rows each part needs.
  params.push(end, offset, limit);
  const [e, o, l] = [params.length - 2, params.length - 1, params.length];
  const bodyOnly = terms.tsquery
    ? `UNION ALL SELECT context, false, created_at
         FROM knowledge_body_hits($1, $2, (SELECT array_agg(context) FROM a), ($${e} - (SELECT count(*) FROM a))::integer, ${windowed})
        WHERE (SELECT count(*) FROM a) < $${e}`
    : '';
  // With several words the planner overestimates title hits (it multiplies the words' frequencies, and
  // a long ILIKE pattern gets a floor of ~1%), walks the recency index hoping to meet them soon and reads
  // every entry ('meeting tomorrow': 37 title hits, 26 ms). All words in a title is rare: A then sorts the
  // bitmap of the title indexes (an order that is not the index's leaves the planner no walk to choose).
  const aOrder = terms.tsquery?.includes('&') ? 'created_at DESC, context DESC' : NEWEST;
  return {
    sql: `WITH a AS MATERIALIZED (
            SELECT context, created_at FROM knowledge_entry WHERE user_id = $1 AND (${titleHit}) ORDER BY ${aOrder} LIMIT $${e})
          SELECT context, true AS title_hit, created_at FROM a ${bodyOnly}
          ORDER BY title_hit DESC, created_at DESC, context DESC OFFSET $${o} LIMIT $${l}`,
    params,
  };
}

/** At most `cap + 1` matches of a search, counted in one statement (migration 0006), and the version they were counted at. */
export async function countMatches(database: Database, userId: string, terms: SearchTerms, cap: number) {
  const [row] = await database.query<{ n: number | string; version: number | string | null }>(
    'SELECT n, version FROM knowledge_search_count($1, $2, $3, $4)',
    [userId, terms.tsquery, terms.titlePattern, cap + 1],
    'knowledge_search_count',
  );
  return { count: Number(row?.n ?? 0), version: row?.version == null ? null : String(row.version) };
}

/** The user's number of entries, kept by triggers in knowledge_count (migration 0004). */
export async function totalEntries(database: Database, userId: string): Promise<number> {
  const [row] = await database.query<{ entries: number | string }>(
    'SELECT entries FROM knowledge_count WHERE user_id = $1',
    [userId],
    'knowledge_total',
  );
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
