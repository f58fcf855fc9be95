import type { MessageOperations } from '../../mail/port';
import { findSpecialFolder } from '../../mail/special-folders';

import { type ComposeFields, compose, senderName, type Upload, withForwarded } from './compose-message';
import { draftSent } from './draft-usage';
import { deleteDraft, draftOf } from './drafts';
import { type CachedProvider, type MailboxDeps, withMailbox } from './mailbox.service';
import { type ActorRef, assertSelf } from '../../access/actor';

/**
 * POST /api/mailbox/messages/send: sent through the provider, which keeps a copy in Sent. The message
 * answered gets `\Answered`; a draft the message was written from is deleted once it has left, and
 * an AI draft answering the same message is settled by what was kept of it (draft-usage.ts).
 */
export async function sendMessage(deps: MailboxDeps, caller: ActorRef, fields: ComposeFields, uploads: Upload[]) {
  assertSelf(caller, fields.userId);
  const name = await senderName(deps, caller);
  return withMailbox(deps, caller, async (provider, ops, address) => {
    // Checked before sending: a send never deletes a message that is not a draft.
    const draft = await draftOf(provider, ops, fields);
    const files = await withForwarded(deps, caller, ops, fields, uploads);
    const { raw, messageId } = await compose(address, name, fields, files);
    await ops.send(raw, { from: address, to: [...new Set([...fields.to, ...fields.cc, ...fields.bcc])] });
    // The message has left: what follows must not make the caller think otherwise.
    await markAnswered(provider, ops, fields).catch(() => undefined);
    if (draft) await deleteDraft(ops, draft).catch(() => undefined);
    await draftSent(deps.db, caller, fields).catch(() => undefined);
    return { success: true as const, messageId };
  });
}

/**
 * The answered message gets `\Answered`: the one the reply was opened from, or — for a draft
 * reopened later, which no longer knows it — the message its In-Reply-To names in the Inbox.
 */
async function markAnswered(provider: CachedProvider, ops: MessageOperations, fields: ComposeFields) {
  if (fields.replyToUid && fields.replyToFolder) {
    await ops.setFlags(fields.replyToFolder, [fields.replyToUid], { add: ['\\Answered'] });
    return;
  }
  if (!fields.draftUid || !fields.inReplyTo) return;
  const inbox = findSpecialFolder(await provider.listFolders(), '\\Inbox');
  const original = inbox ? await ops.findByMessageId(inbox.id, fields.inReplyTo) : null;
  if (inbox && original) await ops.setFlags(inbox.id, [original], { add: ['\\Answered'] });
}
