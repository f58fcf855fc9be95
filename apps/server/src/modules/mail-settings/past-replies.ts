import { queryTerms } from '../../ai/knowledge-query';
import type { Db } from '../../db/client';
import { closestReplies } from './reply-examples.repository';

/** The owner's past replies (read from Sent by the initialisation) closest to a message, best first. */
export async function pastReplies(db: Db, mailAccountId: string, text: string, limit = 2): Promise<string[]> {
  const replies = await closestReplies(db, mailAccountId, queryTerms(text), limit);
  return replies.map((reply) => reply.slice(0, 3000));
}
