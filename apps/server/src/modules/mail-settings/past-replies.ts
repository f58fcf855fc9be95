import { queryTerms } from '../../ai/knowledge-query';
import type { Db } from '../../db/client';
import { addReplyExample, closestReplies } from './reply-examples.repository';

/** The owner's past replies (read from Sent by the initialisation) closest to a message, best first. */
export async function pastReplies(db: Db, mailAccountId: string, text: string, limit = 2): Promise<string[]> {
  const replies = await closestReplies(db, mailAccountId, queryTerms(text), limit);
  return replies.map((reply) => reply.slice(0, 3000));
}

/** One more of the owner's own replies (an AI draft they edited or rewrote, then sent): an example for the next drafts. */
export async function keepReplyExample(
  db: Db,
  example: { userId: string; mailAccountId: string; subject: string; text: string },
) {
  await addReplyExample(db, example);
}
