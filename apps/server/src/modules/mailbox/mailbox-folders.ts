import type { MailboxFolder } from '@app/shared/mailbox';
import { AppError } from '../../errors';
import type { MailFolder, MailProvider } from '../../mail/port';
import { DEFAULT_FOLDER_NAME, findSpecialFolder, type SpecialUse } from '../../mail/special-folders';

import { type CachedProvider, type MailboxDeps, withMailbox } from './mailbox.service';
import { type ActorRef, assertSelf } from '../../access/actor';

const SPECIAL_ORDER = [
  '\\inbox',
  '\\starred',
  '\\flagged',
  '\\important',
  '\\snoozed',
  '\\sent',
  '\\drafts',
  '\\archive',
  '\\all',
  '\\junk',
  '\\spam',
  '\\trash',
];

/** The folder tree with unread counts (spec 02 §3 folder), special folders first. */
export async function listFolders(deps: MailboxDeps, caller: ActorRef, userId?: string): Promise<MailboxFolder[]> {
  assertSelf(caller, userId);
  return withMailbox(deps, caller, async (provider, ops) => {
    const folders = await provider.freshFolders();
    const counts = ops.folderCounts ? await ops.folderCounts(folders.map((f) => f.id)) : {};
    const special = specialUses(folders);
    const nodes = new Map<string, MailboxFolder>();
    for (const f of folders) {
      nodes.set(f.id, {
        path: f.id,
        name: f.name,
        specialUse: special.get(f.id) ?? f.specialUse,
        parentPath: f.parentId,
        status: { unseen: counts[f.id]?.unseen ?? 0, messages: counts[f.id]?.messages ?? 0 },
        children: [],
      });
    }
    // A parent the server lists as \\NonExistent (created only as a path) still groups its children.
    for (const node of [...nodes.values()]) {
      let child = node;
      while (child.parentPath && !nodes.has(child.parentPath)) {
        const path = child.parentPath;
        const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('.'));
        const parent: MailboxFolder = {
          path,
          name: cut === -1 ? path : path.slice(cut + 1),
          specialUse: null,
          parentPath: cut === -1 ? null : path.slice(0, cut),
          status: { unseen: 0, messages: 0 },
          children: [],
        };
        nodes.set(path, parent);
        child = parent;
      }
    }
    const roots: MailboxFolder[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentPath ? nodes.get(node.parentPath) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    const rank = (f: MailboxFolder) => {
      const i = SPECIAL_ORDER.indexOf(f.specialUse?.toLowerCase() ?? '');
      return i === -1 ? SPECIAL_ORDER.length : i;
    };
    const sort = (list: MailboxFolder[]) => {
      list.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
      list.forEach((f) => sort(f.children));
      return list;
    };
    return sort(roots);
  });
}

/** Special uses found by flag or by usual name, so that a server without RFC 6154 still gets icons. */
function specialUses(folders: MailFolder[]) {
  const found = new Map<string, string>();
  for (const use of ['\\Inbox', '\\Sent', '\\Drafts', '\\Junk', '\\Trash'] as SpecialUse[]) {
    const folder = findSpecialFolder(folders, use);
    if (folder && !folder.specialUse) found.set(folder.id, use);
  }
  return found;
}

export async function specialFolder(provider: MailProvider, use: Exclude<SpecialUse, '\\Inbox'>) {
  const folders = await provider.listFolders();
  return findSpecialFolder(folders, use) ?? (await provider.ensureFolder([DEFAULT_FOLDER_NAME[use]]));
}

/** 404 for a folder the mailbox does not have (rather than the server's error). */
export async function assertFolder(provider: CachedProvider, folder: string) {
  const found =
    (await provider.listFolders()).find((f) => f.id === folder) ?? (await provider.freshFolders()).find((f) => f.id === folder);
  if (!found) throw new AppError(404, 'FOLDER_NOT_FOUND', 'inbox.errors.folderNotFound');
  return found;
}
