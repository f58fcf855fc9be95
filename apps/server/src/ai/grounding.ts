import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knowledgeEntries, mailReplyExamples, userPrompts } from '../db/schema/index';
import type { KnowledgeSnippet } from './engine';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'-]{3,}/gu;

/** The most telling words of a message (longest first), as an OR full-text query. */
function queryTerms(text: string, max = 16): string[] {
  const words = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(WORD)) words.add(word.replace(/'/g, ''));
  return [...words].sort((a, b) => b.length - a.length).slice(0, max);
}

/**
 * The owner's knowledge entries that best match a message, by PostgreSQL full-text search over the
 * entries' search vectors (DESIGN §6), best first. Scoped to `userId`. Internal entries come too,
 * marked: an engine may read them to understand the message, never quote them.
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

/** An OR full-text query over the message's most telling words, or null when it has none. */
function fullTextQuery(text: string) {
  const terms = queryTerms(text)
    .map((t) => t.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  return terms.length ? sql`to_tsquery('simple', ${terms.join(' | ')})` : null;
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
