import { sentDraftOutcome } from '@app/shared/draft-review';
import type { ActorRef } from '../../access/actor';
import type { Db } from '../../db/client';
import { ownText } from '../../mail/mime/quoted-text';
import { openDraft, settleDraft } from '../../pipeline/ai-drafts.repository';
import { addReplyExample } from '../mail-settings/reply-examples.repository';

/**
 * What the owner did with an AI draft (issue 39, item 6), seen from the webmail: a reply sent to the
 * message a draft answers settles it by how much of the draft it kept; the owner's own words (an
 * edited or rewritten draft) become an example for the next drafts. The send has happened already:
 * nothing here may fail it.
 */
export async function settleSentDraft(
  db: Db,
  caller: ActorRef,
  sent: { inReplyTo?: string; subject: string; body: string },
  now = new Date(),
) {
  if (!sent.inReplyTo) return;
  const draft = await openDraft(db, caller.id, { inReplyTo: sent.inReplyTo });
  if (!draft) return;
  const text = ownText(sent.body).trim();
  const { outcome, similarity } = sentDraftOutcome(draft.text, text);
  if (!(await settleDraft(db, draft.id, outcome, similarity, now))) return;
  if (outcome !== 'unchanged')
    await addReplyExample(db, { userId: caller.id, mailAccountId: draft.mailAccountId, subject: sent.subject, text });
}

/** A draft the owner deleted: the AI draft it was (by its Message-ID, else the one answering the same message) is discarded. */
export async function settleDiscardedDraft(
  db: Db,
  caller: ActorRef,
  draft: { messageId: string | null; inReplyTo: string | null },
  now = new Date(),
) {
  const open =
    (draft.messageId ? await openDraft(db, caller.id, { draftMessageId: draft.messageId }) : null) ??
    (draft.inReplyTo ? await openDraft(db, caller.id, { inReplyTo: draft.inReplyTo }) : null);
  if (open) await settleDraft(db, open.id, 'discarded', null, now);
}
