import type { DraftSaved } from '@app/shared/mailbox';
import { AppError } from '../../errors';
import type { MessageOperations } from '../../mail/port';
import { findSpecialFolder } from '../../mail/special-folders';

import { type ComposeFields, compose, senderName, type Upload, withForwarded } from './compose-message';
import { parseMessage } from '../../mail/mime/parse-message';
import { draftDiscarded } from './draft-usage';
import { specialFolder } from './mailbox-folders';
import { rawMessage } from './read-messages';
import { type CachedProvider, type MailboxDeps, withMailbox } from './mailbox.service';
import { type ActorRef, assertSelf } from '../../access/actor';

/**
 * Drafts in the webmail (docs/decisions.md, "Webmail drafts"): a draft — the owner's own or one the
 * assistant wrote — opens in the compose panel; saving it stores the new version and deletes the
 * one it replaces; sending it deletes it; discarding deletes it. Only drafts are ever deleted here:
 * a message in the Drafts folder, or one flagged as a draft elsewhere (a category's draft folder).
 */

type DraftState = 'draft' | 'gone' | 'not_draft';

const notADraft = () => new AppError(400, 'NOT_A_DRAFT', 'inbox.errors.notADraft');

/** What `uid` in `folder` is: a draft (in the Drafts folder, or flagged as one), gone, or another message. */
export async function draftState(
  provider: CachedProvider,
  ops: MessageOperations,
  folder: string,
  uid: string,
): Promise<DraftState> {
  if (findSpecialFolder(await provider.listFolders(), '\\Drafts')?.id === folder) return 'draft';
  if (!ops.fetchWithFlags) return 'not_draft';
  const found = await ops.fetchWithFlags(folder, uid);
  if (!found) return 'gone';
  return found.draft ? 'draft' : 'not_draft';
}

/** The draft named by the compose fields, checked before anything is written or sent. */
export async function draftOf(provider: CachedProvider, ops: MessageOperations, fields: ComposeFields) {
  if (!fields.draftUid || !fields.draftFolder) return null;
  const state = await draftState(provider, ops, fields.draftFolder, fields.draftUid);
  if (state === 'not_draft') throw notADraft();
  return state === 'draft' ? { uid: fields.draftUid, folder: fields.draftFolder } : null;
}

/** Deletes a draft for good; one already gone counts as deleted. */
export async function deleteDraft(ops: MessageOperations, draft: { uid: string; folder: string }) {
  if (!ops.deleteDraft) throw new AppError(400, 'MAILBOX_NOT_SUPPORTED', 'This mailbox cannot delete drafts yet');
  await ops.deleteDraft(draft.folder, draft.uid);
}

/**
 * POST /api/mailbox/messages/draft: the draft is stored (in the folder of the draft it replaces, else
 * Drafts) with `\Draft \Seen`, then the version it replaces is deleted — in that order, so that a
 * failure never loses the text. Answers where the new version is, for the next save to replace it.
 */
export async function saveDraft(
  deps: MailboxDeps,
  caller: ActorRef,
  fields: ComposeFields,
  uploads: Upload[],
): Promise<DraftSaved> {
  assertSelf(caller, fields.userId);
  const name = await senderName(deps, caller);
  return withMailbox(deps, caller, async (provider, ops, address) => {
    const replaced = await draftOf(provider, ops, fields);
    const files = await withForwarded(deps, caller, ops, fields, uploads);
    const { raw, messageId } = await compose(address, name, fields, files, { keepBcc: true });
    const folder = replaced?.folder ?? (await specialFolder(provider, '\\Drafts')).id;
    const uid = (await ops.append(folder, raw, ['\\Draft', '\\Seen'])) ?? (await ops.findByMessageId(folder, messageId));
    if (replaced) await deleteDraft(ops, replaced);
    return { success: true as const, messageId, uid, folder };
  });
}

/** DELETE /api/mailbox/messages/{uid}/draft: the draft is discarded, for good (never another message). */
export async function discardDraft(deps: MailboxDeps, caller: ActorRef, uid: string, query: { folder: string; userId?: string }) {
  assertSelf(caller, query.userId);
  return withMailbox(deps, caller, async (provider, ops) => {
    const state = await draftState(provider, ops, query.folder, uid);
    if (state === 'not_draft') throw notADraft();
    if (state === 'draft') {
      // Read before it goes: an AI draft deleted counts as discarded (draft-usage.ts).
      const headers = await rawMessage(deps, caller, ops, query.folder, uid)
        .then((raw) => parseMessage(raw, { maxBodyChars: 1000 }))
        .catch(() => null);
      await deleteDraft(ops, { uid, folder: query.folder });
      if (headers) await draftDiscarded(deps.db, caller, headers).catch(() => undefined);
    }
    return { success: true as const };
  });
}
