import { randomUUID } from 'node:crypto';
import type { AiDraft } from '@app/shared/mailbox';
import type { AiEngine, Grounding } from '../../ai/engine';
import { AiEngineError } from '../../ai/engine';
import { CREDIT_COSTS, creditsExhausted, debit } from '../../credits/ledger';
import { countRequest } from '../../db/request-counter';
import { AppError } from '../../errors';
import { parseMessage } from '../../mail/mime/parse-message';
import { creditsDebited } from '../../metrics/counters';
import { discardEarlierWebmailDrafts, recordAiDraft } from '../../pipeline/ai-drafts';
import { categoryOfMessage, replyText } from '../../pipeline/reply-text';
import { earlierInThread } from '../../pipeline/thread';
import { findSpecialFolder } from '../../mail/special-folders';
import { requireAccount } from '../mail-settings/mail-settings.service';
import { creditAccountOf } from '../subscriptions/subscriptions.service';
import { type MailboxDeps, withMailbox } from './mailbox.service';
import { rawMessage } from './read-messages';
import { type ActorRef, assertSelf } from '../../access/actor';

/** The caller's engine (DESIGN §6; their own provider's or the operator's), built by the HTTP app as the worker builds the pipeline's. */
export type AiDraftDeps = MailboxDeps & { engineOf(userId: string): Promise<AiEngine>; grounding: Grounding };

const noCredits = () => new AppError(409, 'NO_CREDITS', 'inbox.errors.noCredits');
/** More than anyone clicks by hand: credits alone do not bound the engine when billing is off. */
export const AI_DRAFTS_PER_MINUTE = 20;
const WINDOW_MS = 60_000;

/**
 * POST /api/mailbox/messages/{uid}/ai-draft ("Draft with AI" in a reply or a forward): the reply the
 * active engine writes to that message, through the pipeline's own `replyText` — the same grounding
 * (knowledge, past replies, the owner's prompt, the category's instructions when the pipeline filed
 * the message) — for the owner to edit. It costs what a pipeline draft costs (DESIGN §10), debited
 * from the owner's credits once the text is written; a plan with no credits left is refused before
 * the engine is asked. The text goes into the compose panel with its review (sources, points to
 * check); it is kept as an AI draft for its usage figures (draft-usage.ts).
 */
export async function aiDraft(deps: AiDraftDeps, caller: ActorRef, uid: string, input: { folder: string; userId?: string }) {
  assertSelf(caller, input.userId);
  const account = await requireAccount(deps.db, caller);
  const credits = await creditAccountOf(deps.db, caller, deps.billingEnabled);
  if (await creditsExhausted(deps.db, credits)) throw noCredits();
  const { count, windowStartedAt } = await countRequest(deps.db, `ai-draft:${caller.id}`, WINDOW_MS);
  if (count > AI_DRAFTS_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil((windowStartedAt + WINDOW_MS - Date.now()) / 1000));
    throw new AppError(429, 'RATE_LIMIT', 'inbox.errors.aiDraftRateLimit', { retryAfter, limit: AI_DRAFTS_PER_MINUTE });
  }
  const engine = await deps.engineOf(caller.id);
  const { parsed, address, thread } = await withMailbox(deps, caller, async (provider, ops, address) => {
    const parsed = await parseMessage(await rawMessage(deps, caller, ops, input.folder, uid));
    // An engine that reads it is given the conversation so far; the built-in one writes from the knowledge alone.
    if (engine.name === 'local') return { parsed, address, thread: [] };
    const sent = findSpecialFolder(await provider.listFolders(), '\\Sent');
    return { parsed, address, thread: await earlierInThread(ops, [input.folder, ...(sent ? [sent.id] : [])], parsed) };
  });
  const name = account.connection.kind === 'smtp' ? account.connection.name : '';
  const categoryId = await categoryOfMessage(deps.db, account.id, parsed.messageId);
  const { text, review } = await replyText(
    { ...deps, engine },
    {
      userId: caller.id,
      mailAccountId: account.id,
      categoryId,
      parsed,
      thread,
      senderName: name || address,
    },
  ).catch((error: unknown) => {
    if (error instanceof AiEngineError) throw new AppError(503, 'AI_UNAVAILABLE', 'inbox.errors.aiUnavailable');
    throw error;
  });
  if (!text.trim()) throw new AppError(503, 'AI_UNAVAILABLE', 'inbox.errors.aiUnavailable');
  // The last credits may have gone to the pipeline meanwhile: the debit decides, under the owner's lock.
  const paid = await deps.db.transaction((tx) =>
    debit(tx, credits, {
      userId: caller.id,
      amount: CREDIT_COSTS.aiDraft,
      reason: 'AI draft (webmail)',
      key: `webmail-draft:${randomUUID()}`,
    }),
  );
  if (!paid.ok) throw noCredits();
  if (paid.applied) creditsDebited.inc(CREDIT_COSTS.aiDraft);
  // Kept for its usage figures: a newer draft to the same message replaces an earlier one unsent.
  if (parsed.messageId) {
    await discardEarlierWebmailDrafts(deps.db, caller.id, parsed.messageId, new Date());
    await recordAiDraft(deps.db, {
      userId: caller.id,
      mailAccountId: account.id,
      categoryId,
      origin: 'webmail',
      inReplyTo: parsed.messageId,
      draftMessageId: null,
      text,
      review,
    });
  }
  return { text, engine: engine.name, review } satisfies AiDraft;
}
