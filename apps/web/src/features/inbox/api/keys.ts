export type MailboxPageParams = { folder: string; page: number; search: string };

/**
 * Query keys of the webmail, all under one root: sending, moving or discarding refreshes the lists,
 * the folder counts and the messages at once.
 */
export const mailboxKeys = {
  all: ['mailbox'] as const,
  lists: () => [...mailboxKeys.all, 'list'] as const,
  list: (params: MailboxPageParams) => [...mailboxKeys.lists(), params] as const,
  folders: () => [...mailboxKeys.all, 'folders'] as const,
  message: (folder: string, uid: string) => [...mailboxKeys.all, 'message', folder, uid] as const,
};
