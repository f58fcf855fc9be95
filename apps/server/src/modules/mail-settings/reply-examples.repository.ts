import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prefixQuery } from '../../db/full-text';
import { mailReplyExamples } from '../../db/schema/index';

/** The mailbox's past replies whose search vector holds one of the terms (as prefixes), best ranked first. */
export async function closestReplies(db: Db, mailAccountId: string, terms: string[], limit: number) {
  const query = prefixQuery(terms);
  if (!query) return [];
  const rank = sql<number>`ts_rank(${mailReplyExamples.searchVector}, ${query})`;
  const rows = await db
    .select({ text: mailReplyExamples.text })
    .from(mailReplyExamples)
    .where(and(eq(mailReplyExamples.mailAccountId, mailAccountId), sql`${mailReplyExamples.searchVector} @@ ${query}`))
    .orderBy(desc(rank))
    .limit(limit);
  return rows.map((r) => r.text);
}

/** One more of the owner's own replies (an AI draft they edited or rewrote, then sent): an example for the next drafts. */
export async function addReplyExample(db: Db, example: { userId: string; mailAccountId: string; subject: string; text: string }) {
  await db.insert(mailReplyExamples).values(example);
}
