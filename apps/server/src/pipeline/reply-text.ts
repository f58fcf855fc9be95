import type { DraftReview } from '@app/shared/draft-review';
import { reviewDraft } from '../ai/draft-review';
import type { AiEngine, DraftContext, Grounding, SenderExchange, ThreadMessage } from '../ai/engine';
import { knowledgeQuery } from '../ai/knowledge-query';
import { toPlainOutput } from '../ai/safety';
import type { Db } from '../db/client';
import type { ParsedMessage } from '../mail/mime/message';
import { toEngineMessage } from './classify';
import * as repo from './pipeline.repository';

/**
 * The reply the active engine writes to a message, grounded as every draft is: the category's
 * response instructions, the owner's prompt, the knowledge entries and past replies that match the
 * message, the date in the owner's time zone, signed with the mailbox's name; plain text out (DESIGN §6), with its review. The one place an engine is
 * asked for a reply: the pipeline's drafts and replies (`run-actions.ts`) and the webmail's "Draft
 * with AI" (`modules/mailbox/ai-draft.ts`). Paying for it is the caller's business.
 */
export async function replyText(
  deps: { db: Db; engine: AiEngine; grounding: Grounding },
  input: {
    userId: string;
    mailAccountId: string;
    /** The category the message was filed in; null: none (no category instructions). */
    categoryId: string | null;
    parsed: ParsedMessage;
    senderName: string;
    /** The mailbox's categories when the caller has read them already. */
    categories?: repo.CategoryRow[];
    /** A past reply the engine must not see (the replay of past mail: the owner's own answer to this message). */
    withoutPastReply?: string;
    /** When the reply is written: now, or for a replayed past message when it arrived. */
    now?: Date;
    /** The sender's earlier exchanges with this mailbox (the pipeline reads them; elsewhere none). */
    history?: SenderExchange[];
    /** The conversation's earlier messages, read from the mailbox (pipeline-thread.ts). */
    thread?: ThreadMessage[];
  },
): Promise<WrittenReply> {
  const { db, engine, grounding } = deps;
  const category = input.categoryId
    ? (input.categories ?? (await repo.categoriesOf(db, input.mailAccountId))).find((c) => c.id === input.categoryId)
    : undefined;
  const engineMessage = toEngineMessage(input.parsed);
  const query = knowledgeQuery(engineMessage);
  const context: DraftContext = {
    responseInstructions: category?.responseInstructions ?? '',
    ownerPrompt: await grounding.ownerPrompt(input.userId),
    knowledge: await grounding.knowledge(input.userId, query, engine.knowledgeLimit),
    pastReplies: (await grounding.pastReplies(input.mailAccountId, query, input.withoutPastReply ? 3 : 2))
      .filter((reply) => reply !== input.withoutPastReply?.slice(0, reply.length))
      .slice(0, 2),
    senderName: input.senderName,
    now: input.now ?? new Date(),
    timeZone: await grounding.ownerTimeZone(input.userId),
    history: input.history ?? [],
    thread: input.thread ?? [],
  };
  const draft = await engine.draftReply(engineMessage, context);
  const text = toPlainOutput(draft.text);
  const review = reviewDraft({
    incoming: `${engineMessage.subject}\n${engineMessage.text}`,
    draft: { ...draft, text },
    knowledge: context.knowledge,
    pastReplies: context.pastReplies,
  });
  return { text, review };
}

/** A reply as written, with what it stands on and what to check (ai/draft-review.ts). */
export interface WrittenReply {
  text: string;
  review: DraftReview;
}

/**
 * The category the pipeline filed a message in, found by its Message-ID (its provider id changes
 * when it is moved), or null when the pipeline never classified it.
 */
export async function categoryOfMessage(db: Db, mailAccountId: string, messageId: string | null) {
  return messageId ? repo.categoryOfMessage(db, mailAccountId, messageId) : null;
}
