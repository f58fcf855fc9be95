import type { AssistantTools, MailHit } from '../../ai/assistant';
import type { Grounding } from '../../ai/engine';
import type { Db } from '../../db/client';
import type { ActorRef } from '../../access/actor';
import * as activity from './activity.repository';

/** The webmail's search for a caller, handed in by the composition root (it holds the mailbox connections). */
export type MailSearch = (
  caller: ActorRef,
  query: string,
  where: 'inbox' | 'sent',
) => Promise<{ total: number; items: MailHit[] }>;

/**
 * The assistant's lookups (issue 39, item 4), bound to the caller: every read is scoped to their own
 * id here, so that no engine — built-in, or an AI provider choosing the arguments — can reach
 * another owner's data.
 */
export async function assistantTools(
  db: Db,
  grounding: Grounding,
  caller: ActorRef,
  searchMail?: MailSearch,
  now = new Date(),
): Promise<AssistantTools> {
  return {
    ...(searchMail && { searchMail: (query: string, where: 'inbox' | 'sent') => searchMail(caller, query, where) }),
    timeZone: await grounding.ownerTimeZone(caller.id),
    now,
    activity: (query) => activity.activity(db, caller.id, query),
    sentTo: (recipient, since) => activity.sentTo(db, caller.id, recipient, since),
    searchKnowledge: (query) => grounding.knowledge(caller.id, query, 5),
  };
}
