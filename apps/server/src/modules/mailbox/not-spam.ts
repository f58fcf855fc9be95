/**
 * POST /api/mailbox/messages/not-spam/{folder}: the owner's "Not spam" in the webmail (not in the
 * spec; decisions.md). The mark goes, the senders are remembered (their mail is never taken for spam
 * again in this mailbox) and a message in the Junk folder goes back to the tracked folder.
 */
import type { NotSpamResult } from '@app/shared/mailbox';
import { parseMessage } from '../../mail/mime/parse-message';
import type { MessageOperations } from '../../mail/port';
import { findSpecialFolder } from '../../mail/special-folders';
import { rememberNotSpamSenders } from '../../pipeline/not-spam-found';
import { requireAccount } from '../mail-settings/mail-settings.service';
import { assertFolder } from './mailbox-folders';
import { type MailboxDeps, withMailbox } from './mailbox.service';
import { rawMessage } from './read-messages';
import { type ActorRef, assertSelf } from '../../access/actor';

export async function markNotSpam(
  deps: MailboxDeps,
  caller: ActorRef,
  folder: string,
  input: { uids: string[]; userId?: string },
): Promise<NotSpamResult> {
  assertSelf(caller, input.userId);
  const account = await requireAccount(deps.db, caller);
  return withMailbox(deps, caller, async (provider, ops) => {
    await assertFolder(provider, folder);
    const senders = await sendersOf(deps, caller, ops, folder, input.uids);
    if (ops.clearLikelySpam) await ops.clearLikelySpam(folder, input.uids);
    else await ops.setFlags(folder, input.uids, { add: ['$NotJunk'], remove: ['$Junk', 'Junk'] });
    await rememberNotSpamSenders(deps.db, account.userId, account.id, senders);
    const junk = findSpecialFolder(await provider.listFolders(), '\\Junk');
    if (junk?.id !== folder || account.trackedMailbox === folder) return { success: true as const, movedTo: null };
    await ops.move(folder, input.uids, account.trackedMailbox);
    return { success: true as const, movedTo: account.trackedMailbox };
  });
}

/** The senders of these messages (ones gone meanwhile are left out). */
async function sendersOf(deps: MailboxDeps, caller: ActorRef, ops: MessageOperations, folder: string, uids: string[]) {
  const senders: string[] = [];
  for (const uid of uids) {
    const raw = await rawMessage(deps, caller, ops, folder, uid).catch(() => null);
    if (!raw) continue;
    const from = (await parseMessage(raw, { maxBodyChars: 2_000 })).from?.address;
    if (from) senders.push(from);
  }
  return senders;
}
