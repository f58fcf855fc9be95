import type { MailboxFolder } from '@app/shared/mailbox';
import {
  AlarmClock,
  Archive,
  Ban,
  FileText,
  Folder,
  Inbox,
  Mail,
  Send,
  ShieldAlert,
  Star,
  Tag,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const ICONS: Record<string, LucideIcon> = {
  '\\inbox': Inbox,
  '\\sent': Send,
  '\\drafts': FileText,
  '\\trash': Trash2,
  '\\junk': ShieldAlert,
  '\\spam': Ban,
  '\\important': Tag,
  '\\starred': Star,
  '\\flagged': Star,
  '\\snoozed': AlarmClock,
  '\\archive': Archive,
  '\\all': Mail,
};

const NAMED = new Set([
  'inbox',
  'sent',
  'drafts',
  'trash',
  'junk',
  'spam',
  'important',
  'starred',
  'flagged',
  'snoozed',
  'archive',
  'all',
]);

/** A special folder's name in the interface language; other folders keep their own. */
export function folderLabel(folder: Pick<MailboxFolder, 'name' | 'specialUse'>, t: (key: string) => string) {
  const use = folder.specialUse?.replace('\\', '').toLowerCase();
  return use && NAMED.has(use) ? t(`inbox.folders.names.${use}`) : folder.name;
}

/** The nested folder tree with special-use icons and unread badges. */
export function FolderTree({
  folders,
  current,
  onSelect,
}: {
  folders: MailboxFolder[];
  current: string;
  onSelect: (path: string) => void;
}) {
  const { t } = useTranslation();
  const render = (list: MailboxFolder[], depth: number) => (
    <ul
      className="grid gap-0.5"
      role={depth === 0 ? 'tree' : 'group'}
      aria-label={depth === 0 ? t('inbox.folders.title') : undefined}
    >
      {list.map((folder) => {
        const Icon = ICONS[folder.specialUse?.toLowerCase() ?? ''] ?? Folder;
        const active = folder.path === current;
        return (
          <li key={folder.path} role="treeitem" aria-selected={active} aria-expanded={folder.children.length ? true : undefined}>
            <button
              type="button"
              onClick={() => onSelect(folder.path)}
              className={cn(
                'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted',
                active && 'bg-muted font-semibold',
              )}
              style={{ paddingLeft: `${0.5 + depth * 0.75}rem` }}
              aria-current={active ? 'page' : undefined}
              data-folder={folder.path}
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{folderLabel(folder, t)}</span>
              {folder.status.unseen > 0 && (
                <span
                  className="rounded-full bg-accent px-1.5 text-xs font-medium text-accent-foreground"
                  aria-label={t('inbox.folders.unread', { count: folder.status.unseen })}
                >
                  {folder.status.unseen}
                </span>
              )}
            </button>
            {folder.children.length > 0 && render(folder.children, depth + 1)}
          </li>
        );
      })}
    </ul>
  );
  return render(folders, 0);
}

/** The first folder with this special use, anywhere in the tree. */
export function findByUse(folders: MailboxFolder[], ...uses: string[]): MailboxFolder | null {
  for (const folder of folders) {
    if (folder.specialUse && uses.includes(folder.specialUse.toLowerCase())) return folder;
    const inner = findByUse(folder.children, ...uses);
    if (inner) return inner;
  }
  return null;
}
