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

/** A message seen by ingest: just what is needed to record it; the pipeline fetches the rest. */
export interface IncomingMessage {
  /** Unique in the mailbox for good: for IMAP `<uidvalidity>:<uid>`. */
  providerId: string;
  messageId: string | null;
  subject: string;
  from: { name: string; address: string } | null;
  date: Date | null;
}

export interface NewMessages {
  messages: IncomingMessage[];
  /** Where the next call goes on from; opaque to the caller, stored with the rows in one transaction. */
  checkpoint: unknown;
}

export interface MailProvider {
  /** Proves every login the account needs (IMAP and SMTP, or the OAuth token). */
  verify(): Promise<void>;
  /** The mailbox's own e-mail address. */
  address(): Promise<string>;
  listFolders(): Promise<MailFolder[]>;
  /** Creates the folder (or label) at `segments`, nested under `parentId` when given; idempotent. */
  ensureFolder(segments: string[], parentId?: string | null): Promise<MailFolder>;
  /**
   * Messages that arrived in a folder after `checkpoint` (at most `limit`). Without a checkpoint, or
   * when the folder was recreated, it starts from now: the past is the initialisation's job.
   * Gmail (history) and Graph (delta) ingest come with the pipeline, hence optional for now.
   */
  listNewMessages?(folderId: string, checkpoint: unknown, limit: number): Promise<NewMessages>;
  close(): Promise<void>;
}
