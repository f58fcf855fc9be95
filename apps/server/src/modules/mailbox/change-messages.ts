import type { MailboxFlag } from '@app/shared/mailbox';
import { AppError } from '../../errors';
import type { MailProvider, MessageOperations } from '../../mail/port';
import { findSpecialFolder } from '../../mail/special-folders';

import { assertFolder, specialFolder } from './mailbox-folders';
import { type MailboxDeps, withMailbox } from './mailbox.service';
import { type ActorRef, assertSelf } from '../../access/actor';

function expunge(ops: MessageOperations, folder: string, ids: string[]) {
  if (!ops.expunge) throw new AppError(400, 'MAILBOX_NOT_SUPPORTED', 'This mailbox cannot delete messages for good yet');
  return ops.expunge(folder, ids);
}

const storable = (flags: MailboxFlag[]) => flags.filter((f): f is Exclude<MailboxFlag, '\\Deleted'> => f !== '\\Deleted');

type FlagChange = { uids: string[]; folder: string; flags: MailboxFlag[] };

/** POST (add) and DELETE (remove) of flags; adding `\Deleted` deletes the messages (to Trash, or for good from Trash). */
export async function changeFlags(deps: MailboxDeps, caller: ActorRef, input: FlagChange & { userId?: string }, add: boolean) {
  assertSelf(caller, input.userId);
  return withMailbox(deps, caller, async (provider, ops) => {
    await assertFolder(provider, input.folder);
    const flags = storable(input.flags);
    if (flags.length) await ops.setFlags(input.folder, input.uids, add ? { add: flags } : { remove: flags });
    if (add && input.flags.includes('\\Deleted')) await deleteMessages(provider, ops, input.folder, input.uids);
    return { success: true as const };
  });
}

async function deleteMessages(provider: MailProvider, ops: MessageOperations, folder: string, uids: string[]) {
  const trash = await specialFolder(provider, '\\Trash');
  if (trash.id === folder) {
    await expunge(ops, folder, uids);
    return;
  }
  await ops.setFlags(folder, uids, { add: ['\\Seen'] });
  await ops.move(folder, uids, trash.id);
}

/** POST /api/mailbox/messages/move/{from}/{to}: flags first (spam: `\Seen $Junk Junk`; trash: `\Seen`), then the move. */
export async function moveMessages(
  deps: MailboxDeps,
  caller: ActorRef,
  from: string,
  to: string,
  input: { uids: string[]; flags: MailboxFlag[]; userId?: string },
) {
  assertSelf(caller, input.userId);
  return withMailbox(deps, caller, async (provider, ops) => {
    const source = await assertFolder(provider, from);
    await assertFolder(provider, to);
    const flags = storable(input.flags);
    if (source.id === to) {
      // Deleting from the trash: the move would be a no-op, so the messages go for good.
      const trash = findSpecialFolder(await provider.listFolders(), '\\Trash');
      if (trash?.id === to) await expunge(ops, from, input.uids);
      return { success: true as const };
    }
    if (flags.length) await ops.setFlags(from, input.uids, { add: flags });
    await ops.move(from, input.uids, to);
    return { success: true as const };
  });
}
