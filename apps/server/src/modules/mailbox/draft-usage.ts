import type { ActorRef } from '../../access/actor';
import type { Db } from '../../db/client';
import { ownText } from '../../mail/mime/quoted-text';
import { settleDiscardedDraft, settleSentDraft } from '../../pipeline/ai-drafts';
import { keepReplyExample } from '../mail-settings/past-replies';

/**
 * What the owner did with an AI draft (issue 39, item 6), seen from the webmail: a reply sent to the
 * message a draft answers settles it by how much of the draft it kept; the owner's own words (an
 * edited or rewritten draft) become an example for the next drafts. The send has happened already:
 * nothing here may fail it.
 */
export async function draftSent(
  db: Db,
  caller: ActorRef,
  sent: { inReplyTo?: string; subject: string; body: string },
  now = new Date(),
) {
  if (!sent.inReplyTo) return;
  const text = ownText(sent.body).trim();
  const settled = await settleSentDraft(db, caller.id, { inReplyTo: sent.inReplyTo, text }, now);
  if (settled && settled.outcome !== 'unchanged')
    await keepReplyExample(db, { userId: caller.id, mailAccountId: settled.mailAccountId, subject: sent.subject, text });
}

/** A draft the owner deleted in the webmail: the AI draft it was counts as discarded. */
export async function draftDiscarded(
  db: Db,
  caller: ActorRef,
  draft: { messageId: string | null; inReplyTo: string | null },
  now = new Date(),
) {
  await settleDiscardedDraft(db, caller.id, draft, now);
}
