import type { MailboxNode } from '@app/shared/mail-settings';
import type { MailFolder } from '../../mail/port';

const SPECIAL_ORDER = ['\\Inbox', '\\Drafts', '\\Sent', '\\Archive', '\\Junk', '\\Trash'];

/** The provider's flat folder list as the tree the screens show: special folders first, then by name. */
export function toMailboxTree(folders: MailFolder[]): MailboxNode[] {
  const nodes = new Map<string, MailboxNode>();
  for (const f of folders) nodes.set(f.id, { id: f.id, name: f.path, shortName: f.name, specialUse: f.specialUse, children: [] });
  const roots: MailboxNode[] = [];
  for (const f of folders) {
    const node = nodes.get(f.id)!;
    const parent = f.parentId ? nodes.get(f.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const rank = (n: MailboxNode) => {
    const i = n.specialUse ? SPECIAL_ORDER.indexOf(n.specialUse) : -1;
    return i === -1 ? SPECIAL_ORDER.length : i;
  };
  const sort = (list: MailboxNode[]) => {
    list.sort((a, b) => rank(a) - rank(b) || a.shortName.localeCompare(b.shortName));
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** Every folder id of a tree. */
export function mailboxIds(tree: MailboxNode[]): Set<string> {
  const ids = new Set<string>();
  const walk = (list: MailboxNode[]) => {
    for (const n of list) {
      ids.add(n.id);
      walk(n.children);
    }
  };
  walk(tree);
  return ids;
}
