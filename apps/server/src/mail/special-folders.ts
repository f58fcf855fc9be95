import type { MailFolder } from './port';

export type SpecialUse = '\\Sent' | '\\Drafts' | '\\Junk' | '\\Trash' | '\\Inbox';

/** Names servers without RFC 6154 special-use flags commonly give these folders. */
const USUAL_NAMES: Record<SpecialUse, string[]> = {
  '\\Sent': ['sent', 'sent items', 'sent messages', 'sent mail', 'envoyés', 'éléments envoyés'],
  '\\Drafts': ['drafts', 'brouillons'],
  '\\Junk': ['junk', 'spam', 'junk e-mail', 'junk email', 'courrier indésirable'],
  '\\Trash': ['trash', 'deleted items', 'deleted messages', 'corbeille', 'éléments supprimés'],
  '\\Inbox': ['inbox'],
};

/** The folder with this special use, else a top-level folder with one of its usual names. */
export function findSpecialFolder(folders: readonly MailFolder[], use: SpecialUse): MailFolder | null {
  const flagged = folders.find((f) => f.specialUse?.toLowerCase() === use.toLowerCase());
  if (flagged) return flagged;
  const names = USUAL_NAMES[use];
  return folders.find((f) => f.parentId === null && names.includes(f.name.toLowerCase())) ?? null;
}

/** The default folder name created when a server has none for this use. */
export const DEFAULT_FOLDER_NAME: Record<Exclude<SpecialUse, '\\Inbox'>, string> = {
  '\\Sent': 'Sent',
  '\\Drafts': 'Drafts',
  '\\Junk': 'Junk',
  '\\Trash': 'Trash',
};
