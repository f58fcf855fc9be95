import { KNOWLEDGE_SEARCH_COUNT_CAP } from '@app/shared/constants';
import { isContext, type KnowledgeItem, type KnowledgeList } from '@app/shared/knowledge';
import type { KnowledgeSnippet } from '../../ai/engine';
import { queryTerms } from '../../ai/knowledge-query';
import type { Database, Db } from '../../db/client';
import { notFound } from '../../errors';
import { matchingEntries } from './knowledge-search.repository';
import { listEntries } from './knowledge-list';
import * as repo from './knowledge.repository';
import { parseSearch } from './search-query';

type Deps = { database: Database };

/** Off (counts and deep orders) only to measure searches the first time they are made (bench/knowledge.ts). */
const cacheSearchCounts = process.env.KNOWLEDGE_COUNT_CACHE !== 'off';

export function toItem(entry: repo.KnowledgeEntry): KnowledgeItem {
  return {
    _id: entry.context,
    context: entry.context,
    title: entry.title,
    text: entry.text,
    visibility: entry.visibility,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
  };
}

export async function listKnowledge(
  { database }: Deps,
  userId: string,
  query: { page: number; limit: number; search: string },
): Promise<KnowledgeList> {
  const terms = parseSearch(query.search);
  const searching = Boolean(terms.tsquery || terms.titlePattern);
  if (query.search && !searching) return { data: [], totalCount: 0, totalCapped: false, totalPages: 0, page: query.page };
  const offset = (query.page - 1) * query.limit;
  const cap = KNOWLEDGE_SEARCH_COUNT_CAP;
  const { entries, count } = await listEntries(database, userId, terms, offset, query.limit, cap, {
    cache: cacheSearchCounts,
  });
  const totalCapped = searching && count > cap;
  const totalCount = totalCapped ? cap : count;
  return {
    data: entries.map(toItem),
    totalCount,
    totalCapped,
    totalPages: Math.ceil(totalCount / query.limit),
    page: query.page,
  };
}

export async function getKnowledge({ database }: Deps, userId: string, context: string) {
  const entry = isContext(context) ? await repo.findEntry(database, userId, context) : null;
  if (!entry) throw notFound();
  return toItem(entry);
}

export async function createKnowledge({ database }: Deps, userId: string, input: repo.EntryInput) {
  return toItem(await repo.insertEntry(database, userId, input));
}

export async function updateKnowledge({ database }: Deps, userId: string, context: string, input: repo.EntryUpdate) {
  const entry = isContext(context) ? await repo.updateEntry(database, userId, context, input) : null;
  if (!entry) throw notFound();
  return toItem(entry);
}

export async function deleteKnowledge({ database }: Deps, userId: string, context: string) {
  if (!isContext(context) || !(await repo.deleteEntry(database, userId, context))) throw notFound();
}

/**
 * The owner's knowledge entries that share a word with a message, by PostgreSQL full-text search over
 * the entries' search vectors (DESIGN §6), best first, at most `limit` (the engine says how many it
 * reads: `AiEngine.knowledgeLimit`). Internal entries come too, marked: an engine may read them to
 * understand the message, never quote them.
 */
export async function retrieveKnowledge(db: Db, userId: string, text: string, limit = 4): Promise<KnowledgeSnippet[]> {
  const rows = await matchingEntries(db, userId, queryTerms(text), limit);
  return rows.map((r) => ({ id: r.context, title: r.title, content: r.content.slice(0, 4000), internal: r.visibility === 'internal' }));
}
