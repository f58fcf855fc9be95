import { type DraftOutcome, sentDraftOutcome } from '@app/shared/draft-review';
import type { Db } from '../db/client';
import * as repo from './ai-drafts.repository';

/**
 * The AI drafts an owner was given and what became of them (issue 39, items 1 and 6; ADR 0159),
 * for the pipeline and the modules: every read and change is scoped to the owner.
 */
export { recordAiDraft, reviewOfDraft, discardEarlierWebmailDrafts } from './ai-drafts.repository';

/** A reply sent to the message a draft answers settles the newest open one by how much of it was kept. */
export async function settleSentDraft(
  db: Db,
  userId: string,
  sent: { inReplyTo: string; text: string },
  now: Date,
): Promise<{ outcome: DraftOutcome; mailAccountId: string } | null> {
  const draft = await repo.openDraft(db, userId, { inReplyTo: sent.inReplyTo });
  if (!draft) return null;
  const { outcome, similarity } = sentDraftOutcome(draft.text, sent.text);
  if (!(await repo.settleDraft(db, draft.id, outcome, similarity, now))) return null;
  return { outcome, mailAccountId: draft.mailAccountId };
}

/** A draft deleted: the AI draft it was (by its Message-ID, else the open one answering the same message) is discarded. */
export async function settleDiscardedDraft(
  db: Db,
  userId: string,
  draft: { messageId: string | null; inReplyTo: string | null },
  now: Date,
) {
  const open =
    (draft.messageId ? await repo.openDraft(db, userId, { draftMessageId: draft.messageId }) : null) ??
    (draft.inReplyTo ? await repo.openDraft(db, userId, { inReplyTo: draft.inReplyTo }) : null);
  if (open) await repo.settleDraft(db, open.id, 'discarded', null, now);
}

export const draftUsageByCategory = (db: Db, mailAccountId: string, now: Date) => repo.usageByCategory(db, mailAccountId, now);
