import type { DraftReview } from '@app/shared/draft-review';
import { reviewDraft } from '../ai/draft-review';
import { knowledgeQuery } from '../ai/knowledge-query';
import { CREDIT_COSTS, debit, stopsAtZero } from '../credits/ledger';
import type { ParsedMessage } from '../mail/mime/message';
import { creditsDebited } from '../metrics/counters';
import { recordAiDraft } from './ai-drafts.repository';
import { toEngineMessage } from './classify';
import { categoriesOfMailbox, type MailboxContext } from './context';
import * as repo from './pipeline.repository';
import { replyText } from './reply-text';
import { lastExchangesWith } from './sender-history.repository';
import { earlierInThread } from './thread';
import { findSpecialFolder } from '../mail/special-folders';

/** A reply's text, with its review when it was written in this attempt (null: a text stored before). */
export type Written = { text: string; review: DraftReview | null };

/** Rolls back a reply's text when its debit is refused: nothing is stored that was not paid. */
class DraftNotPaid extends Error {}

/**
 * The reply text, written once and paid once: a retry reuses a stored text (with no review: the
 * engine's own claims are not kept), and the debit's key keeps a step from being paid twice. Null
 * when the owner has no credits left.
 */
export async function writeReply(
  ctx: MailboxContext,
  row: repo.MessageRow,
  action: repo.ActionRow,
  parsed: ParsedMessage,
): Promise<Written | null> {
  if (action.body) return { text: action.body, review: null };
  const { db } = ctx.deps;
  // Only an engine that reads them is given them: the built-in one writes from the knowledge alone.
  const reads = ctx.deps.engine.name !== 'local';
  const sent = findSpecialFolder(ctx.folders, '\\Sent');
  const { text, review } = await replyText(ctx.deps, {
    userId: row.userId,
    mailAccountId: ctx.account.id,
    categoryId: row.categoryId,
    categories: row.categoryId ? await categoriesOfMailbox(ctx) : undefined,
    parsed,
    senderName: ctx.mailbox.name,
    history: reads && row.fromAddress ? await lastExchangesWith(db, { ...row, fromAddress: row.fromAddress }) : [],
    thread: reads ? await earlierInThread(ctx.ops, [row.folder, ...(sent ? [sent.id] : [])], parsed) : [],
  });
  const credits = await ctx.deps.creditAccountOf(row.userId);
  const entry = {
    userId: row.userId,
    amount: CREDIT_COSTS.aiDraft,
    reason: `AI ${action.kind}`,
    key: `${action.kind}:${row.id}`,
  };
  if (!stopsAtZero(credits)) {
    // No balance to check: paid first, then stored, with no transaction to hold. A crash between the
    // two leaves the step paid and its text unstored: the retry writes it again, and pays nothing.
    const paid = await debit(db, credits, entry);
    await repo.updateAction(db, action.id, { body: text });
    if (paid.ok && paid.applied) creditsDebited.inc(CREDIT_COSTS.aiDraft);
    return { text, review };
  }
  // The text first, the debit last, in one transaction: the owner's credits lock is held the shortest,
  // and a text whose debit is refused is not kept.
  const paid = await db
    .transaction(async (tx) => {
      await repo.updateAction(tx, action.id, { body: text });
      const debited = await debit(tx, credits, entry);
      if (!debited.ok) throw new DraftNotPaid();
      return debited;
    })
    .catch((error: unknown) => {
      if (error instanceof DraftNotPaid) return null;
      throw error;
    });
  if (!paid) return null;
  if (paid.applied) creditsDebited.inc(CREDIT_COSTS.aiDraft);
  return { text, review };
}

/**
 * Keeps the draft with what it stands on, for the owner who opens it and for its usage figures
 * (issue 39): once per draft, before it is stored. A text written before (an instant reply held back,
 * a retry) is reviewed again on the texts alone. Nothing is kept in a dry run, which stores no draft.
 */
export async function recordDraft(
  ctx: MailboxContext,
  row: repo.MessageRow,
  parsed: ParsedMessage,
  written: Written,
  draftMessageId: string,
) {
  if (ctx.dryRun) return;
  const engineMessage = toEngineMessage(parsed);
  const incoming = `${engineMessage.subject}\n${engineMessage.text}`;
  const review =
    written.review ??
    reviewDraft({
      incoming,
      draft: { text: written.text, language: 'en' },
      knowledge: await ctx.deps.grounding.knowledge(row.userId, knowledgeQuery(engineMessage), ctx.deps.engine.knowledgeLimit),
      pastReplies: await ctx.deps.grounding.pastReplies(ctx.account.id, knowledgeQuery(engineMessage)),
    });
  await recordAiDraft(ctx.deps.db, {
    userId: row.userId,
    mailAccountId: ctx.account.id,
    categoryId: row.categoryId,
    origin: 'pipeline',
    inReplyTo: parsed.messageId,
    draftMessageId,
    text: written.text,
    review,
  });
}
