/**
 * The knowledge list and its search as the screen pages through them: the repository's statements,
 * with what this process keeps between requests (a search's count, and the order of a search paged
 * deep), valid while the user's entries keep their version. The caches are this service's policy;
 * the repository only reads.
 */
import type { Database } from '../../db/client';
import * as repo from './knowledge.repository';
import type { EntryList } from './knowledge.repository';
import type { SearchTerms } from './search-query';

type CachedCount = { version: string; count: number };
/** Search counts by user and terms, per database; bounded, least recently used dropped first. */
const countCaches = new WeakMap<Database, Map<string, CachedCount>>();
const COUNT_CACHE_SIZE = 10_000;
/** This database's map in `caches`, made on first use. */
function cacheOf<V>(caches: WeakMap<Database, Map<string, V>>, database: Database): Map<string, V> {
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = new Map<string, V>()));
  return cache;
}

/** Keeps `value` as the most recently used, dropping the least recently used past `size` (Map keeps insertion order). */
function remember<V>(cache: Map<string, V>, key: string, value: V, size: number) {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > size) cache.delete(cache.keys().next().value!);
}

const countKey = (userId: string, terms: SearchTerms, cap: number) =>
  `${userId}\n${cap}\n${terms.tsquery}\n${terms.titlePattern}`;

/**
 * One page of entries, newest first and with a search the title hits first, and how many match. The
 * page is chosen on contexts, dates and titles only; long texts are read (de-TOASTed) for the rows
 * shown only. The same statement reads the user's total and version from knowledge_count.
 *
 * A search count is kept while the user's entries keep their version (knowledge_count.version, changed
 * by every insert, update and delete): paging through a search, or making it again, then costs nothing
 * more than the page instead of the GIN bitmap of every match (~10 ms for a word in 40% of 100,000
 * entries). From page 11 on, a search page is cut from the search's kept order (deepSearchPage).
 * `cache: false` counts and orders every time (the benchmark's uncached figures).
 */
export async function listEntries(
  database: Database,
  userId: string,
  terms: SearchTerms,
  offset: number,
  limit: number,
  cap: number,
  { cache = true }: { cache?: boolean } = {},
): Promise<EntryList> {
  if (!terms.tsquery && !terms.titlePattern) {
    const { entries, total } = await repo.pageEntries(database, userId, repo.listPage(userId, offset, limit));
    // Past the last page no row carries the total.
    return { entries, count: total ?? (await repo.totalEntries(database, userId)) };
  }
  if (cache && offset >= DEEP_SEARCH_OFFSET) return deepSearchPage(database, userId, terms, offset, limit, cap);
  const key = countKey(userId, terms, cap);
  const counts = cacheOf(countCaches, database);
  const cached = cache ? counts.get(key) : undefined;
  // A count under the cap (even one about to be found stale) says the matches are few: B then sorts them all at once.
  const page = repo.searchPage(userId, terms, offset, limit, !(cached && cached.count <= cap));
  if (cached) {
    const { entries, version } = await repo.pageEntries(database, userId, page);
    if (version === cached.version) {
      remember(counts, key, cached, COUNT_CACHE_SIZE);
      return { entries, count: cached.count };
    }
    return { entries, count: await countMatches(database, userId, terms, cap, cache) };
  }
  const [{ entries }, count] = await Promise.all([
    repo.pageEntries(database, userId, page),
    countMatches(database, userId, terms, cap, cache),
  ]);
  return { entries, count };
}

/** From this offset on (page 11 of 10), a search page is cut from the search's whole order, kept as its count is. */
const DEEP_SEARCH_OFFSET = 100;
type CachedOrder = { version: string | null; contexts: string[]; count: number };
/** Orders of searches paged that deep, by user and terms, per database; bounded (~60 KB each at most). */
const orderCaches = new WeakMap<Database, Map<string, CachedOrder>>();
const ORDER_CACHE_SIZE = 100;

/**
 * A page deep into a search. Its first visit costs what any page that deep costs: ordering every match
 * up to the cap ('contract' page 100: the 9,469 matches sorted, ~45 ms under load); that order is kept
 * while the user's entries keep their version, so the pages after it (paging on, or back) are read by
 * their keys.
 */
async function deepSearchPage(
  database: Database,
  userId: string,
  terms: SearchTerms,
  offset: number,
  limit: number,
  cap: number,
): Promise<EntryList> {
  const key = countKey(userId, terms, cap);
  const orders = cacheOf(orderCaches, database);
  const kept = orders.get(key);
  if (kept) {
    const page = await repo.entriesInOrder(database, userId, kept.contexts.slice(offset, offset + limit));
    if (page.version === kept.version) {
      remember(orders, key, kept, ORDER_CACHE_SIZE);
      return { entries: page.entries, count: kept.count };
    }
  }
  const [matches, count] = await Promise.all([
    repo.matchOrder(database, userId, terms, cap),
    countMatches(database, userId, terms, cap, true),
  ]);
  remember(orders, key, { ...matches, count }, ORDER_CACHE_SIZE);
  const { entries } = await repo.entriesInOrder(database, userId, matches.contexts.slice(offset, offset + limit));
  return { entries, count };
}

/** A search's count, remembered with the version it was counted at (unless `cache` is off). */
async function countMatches(database: Database, userId: string, terms: SearchTerms, cap: number, cache: boolean) {
  const { count, version } = await repo.countMatches(database, userId, terms, cap);
  if (cache && version !== null) {
    remember(cacheOf(countCaches, database), countKey(userId, terms, cap), { version, count }, COUNT_CACHE_SIZE);
  }
  return count;
}
