import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knowledgeEntries, mailReplyExamples, userPrompts } from '../db/schema/index';
import type { KnowledgeSnippet } from './engine';
import { detectLanguage, stem, words } from './local/text';

/** What a message is looked up by: its subject and the start of its text. */
export const knowledgeQuery = (message: { subject: string; text: string }) =>
  `${message.subject}\n${message.text.slice(0, 4000)}`;

/** At most this many distinct stems of a message make its query (the subject and the opening first). */
const QUERY_TERMS = 64;
const SHORTEST_STEM = 3;

/**
 * The content words of a message (stop words of both languages left out) as stems of its language,
 * each a prefix: "prices" asks for `price:*`, which finds "price", "pricing" and "prices" in a
 * `simple` search vector, and "livrer" `livr:*`, which finds "livraison".
 */
export function queryTerms(text: string): string[] {
  const language = detectLanguage(text);
  const terms = new Set<string>();
  for (const word of words(text.slice(0, 8000))) {
    const term = stem(word, language).replace(/[^\p{L}\p{Nd}]/gu, '');
    if (term.length >= SHORTEST_STEM) terms.add(term);
    if (terms.size >= QUERY_TERMS) break;
  }
  return [...terms];
}

/**
 * The owner's knowledge entries that share a word with a message, by PostgreSQL full-text search over
 * the entries' search vectors (DESIGN §6), best first, at most `limit` (the engine says how many it
 * reads: `AiEngine.knowledgeLimit`). Scoped to `userId`. Internal entries come too, marked: an engine
 * may read them to understand the message, never quote them.
 */
export async function retrieveKnowledge(db: Db, userId: string, text: string, limit = 4): Promise<KnowledgeSnippet[]> {
  const query = fullTextQuery(text);
  if (!query) return [];
  const rank = sql<number>`ts_rank(${knowledgeEntries.searchVector}, ${query})`;
  const rows = await db
    .select({ title: knowledgeEntries.title, content: knowledgeEntries.text, visibility: knowledgeEntries.visibility, rank })
    .from(knowledgeEntries)
    .where(and(eq(knowledgeEntries.userId, userId), sql`${knowledgeEntries.searchVector} @@ ${query}`))
    .orderBy(desc(rank))
    .limit(limit);
  return rows.map((r) => ({ title: r.title, content: r.content.slice(0, 4000), internal: r.visibility === 'internal' }));
}

/** An OR full-text query over the message's content words as stem prefixes, or null when it has none. */
function fullTextQuery(text: string) {
  const terms = queryTerms(text);
  return terms.length ? sql`to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(' | ')})` : null;
}

/** The owner's past replies (read from Sent by the initialisation) closest to a message, best first. */
export async function retrievePastReplies(db: Db, mailAccountId: string, text: string, limit = 2): Promise<string[]> {
  const query = fullTextQuery(text);
  if (!query) return [];
  const rank = sql<number>`ts_rank(${mailReplyExamples.searchVector}, ${query})`;
  const rows = await db
    .select({ text: mailReplyExamples.text })
    .from(mailReplyExamples)
    .where(and(eq(mailReplyExamples.mailAccountId, mailAccountId), sql`${mailReplyExamples.searchVector} @@ ${query}`))
    .orderBy(desc(rank))
    .limit(limit);
  return rows.map((r) => r.text.slice(0, 3000));
}

/** The owner's instructions: the advanced sections when the prompt is enabled, else none. */
export async function ownerPrompt(db: Db, userId: string): Promise<string> {
  const [row] = await db.select().from(userPrompts).where(eq(userPrompts.userId, userId));
  if (!row?.enabled) return '';
  const sections = [row.section1, row.useContext ? null : row.section2, row.section3, row.section4, row.section5, row.section6];
  return sections
    .filter((s): s is string => Boolean(s?.trim()))
    .join('\n\n')
    .slice(0, 20_000);
}
