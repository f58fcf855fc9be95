/**
 * The one interface the product talks to mailboxes through (DESIGN §3). Adapters receive their
 * credentials as arguments, never read env, the database or the request, and throw MailError.
 * Later releases add the message operations (list, fetch, flags, move, send, drafts).
 */
export interface MailFolder {
  /** The provider's opaque identifier: the IMAP path, a Gmail label id, a Graph folder id. */
  id: string;
  /** The full display path, segments joined by '/'. */
  path: string;
  /** The last segment. */
  name: string;
  parentId: string | null;
  specialUse: string | null;
}

export interface MailProvider {
  /** Proves every login the account needs (IMAP and SMTP, or the OAuth token). */
  verify(): Promise<void>;
  /** The mailbox's own e-mail address. */
  address(): Promise<string>;
  listFolders(): Promise<MailFolder[]>;
  /** Creates the folder (or label) at `segments`, nested under `parentId` when given; idempotent. */
  ensureFolder(segments: string[], parentId?: string | null): Promise<MailFolder>;
  close(): Promise<void>;
}
