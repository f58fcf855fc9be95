import type { Readable } from 'node:stream';
/**
 * The one interface the product talks to mailboxes through (DESIGN §3). Adapters receive their
 * credentials as arguments, never read env, the database or the request, and throw MailError.
 * Message operations live in `MessageOperations`; an adapter without them yet leaves `messages` unset.
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
   * IMAP searches UIDs, Gmail reads its history, Graph its message delta. When nothing is new the
   * checkpoint comes back unchanged: that is how the caller knows it has read to the end.
   */
  listNewMessages(folderId: string, checkpoint: unknown, limit: number): Promise<NewMessages>;
  /**
   * Waits until the folder changes (new mail; IMAP IDLE), `timeoutMs` passes or `signal` aborts (which
   * counts as a timeout). Adapters that cannot
   * be told leave it unset and are polled.
   */
  waitForChange?(folderId: string, timeoutMs: number, signal?: AbortSignal): Promise<'changed' | 'timeout'>;
  /**
   * Push: asks the vendor to notify `target` when mail arrives in the folder (Gmail `users.watch`,
   * a Graph subscription), or renews `current`. Adapters without push leave it unset and are polled.
   */
  watch?(folderId: string, target: PushTarget, current: PushChannel | null): Promise<PushChannel>;
  /** Ends a channel `watch` opened; one already gone counts as ended. */
  unwatch?(channel: PushChannel): Promise<void>;
  /** Reading, filing, drafting and sending single messages (the pipeline and the webmail). */
  messages?: MessageOperations;
  close(): Promise<void>;
}

/**
 * Where push notifications go: Gmail publishes to a Pub/Sub topic, Graph posts to a URL with a secret
 * (and its lifecycle notifications, when given, to `lifecycleNotificationUrl`).
 */
export type PushTarget =
  { topicName: string } | { notificationUrl: string; lifecycleNotificationUrl?: string; clientState: string };

export interface PushChannel {
  /** Graph's subscription id; null for Gmail (one watch per mailbox). */
  id: string | null;
  folderId: string;
  expiresAt: Date;
}

/** A message's envelope as a folder listing shows it. */
export interface MessageSummary {
  /** The provider's opaque id of the message in its folder (as `IncomingMessage.providerId`). */
  id: string;
  messageId: string | null;
  subject: string;
  from: { name: string; address: string } | null;
  to: { name: string; address: string }[];
  date: Date | null;
  seen: boolean;
  flagged: boolean;
  hasAttachments: boolean;
  size: number;
  /** Marked as likely spam: IMAP `$Junk` or `Junk` without `$NotJunk`, Gmail's SPAM or `LIKELY_SPAM_MARK` label, that Outlook category. */
  junk: boolean;
}

/** IMAP system flags and keywords; adapters without flags map them (Gmail labels, Graph isRead/flag). */
export type MessageFlag = '\\Seen' | '\\Flagged' | '\\Draft' | '\\Answered' | '$Junk' | 'Junk' | '$NotJunk';

export interface OutgoingEnvelope {
  from: string;
  to: string[];
}

/**
 * How mail the assistant takes for spam is marked where no `$Junk` keyword exists: a Gmail label, an
 * Outlook category of this name. A mark, not a move: the owner sees it and decides.
 */
export const LIKELY_SPAM_MARK = 'Likely spam';

export interface MessageOperations {
  /** The raw RFC 822 source, or null when the message is no longer in the folder. */
  fetchRaw(folderId: string, id: string): Promise<Buffer | null>;
  /** A page of a folder, newest first. */
  list(folderId: string, page: { offset: number; limit: number }): Promise<{ total: number; messages: MessageSummary[] }>;
  setFlags(folderId: string, ids: string[], change: { add?: MessageFlag[]; remove?: MessageFlag[] }): Promise<void>;
  /** Files messages into another folder (IMAP MOVE; a label change where folders are labels). */
  move(folderId: string, ids: string[], targetFolderId: string): Promise<void>;
  /**
   * Stores a message in a folder (a draft in Drafts, a sent copy in Sent). Answers the stored
   * message's id when the provider tells it (IMAP UIDPLUS, the vendors' answers), else null.
   */
  append(folderId: string, raw: Buffer, flags: MessageFlag[]): Promise<string | null>;
  /** The id of the message carrying this Message-ID in the folder, or null: how drafts and sends are found again. */
  findByMessageId(folderId: string, messageId: string): Promise<string | null>;
  /**
   * Sends a complete message and keeps a copy in the Sent folder (adapters whose provider does not
   * do it itself append it there), so a send can be found again by its Message-ID after a crash.
   */
  send(raw: Buffer, envelope: OutgoingEnvelope): Promise<void>;
  /** Webmail: message and unseen counts per folder; folders that cannot be opened are left out. */
  folderCounts?(folderIds: string[]): Promise<Record<string, FolderCounts>>;
  /**
   * Webmail: a page of a folder, newest first, as `list` with the thread size and Cc, optionally
   * only the messages whose subject, addresses or text contain `search`.
   */
  browse?(
    folderId: string,
    page: { offset: number; limit: number; search?: string },
  ): Promise<{ total: number; messages: BrowsedMessage[] }>;
  /**
   * Webmail: the raw source with the message's flags in one round trip, or null when it is gone.
   * `draft`: IMAP's `\Draft`, Gmail's DRAFT label, Graph's `isDraft`.
   */
  fetchWithFlags?(
    folderId: string,
    id: string,
  ): Promise<{ raw: Buffer; seen: boolean; flagged: boolean; draft: boolean; junk: boolean } | null>;
  /**
   * Marks messages the assistant takes for spam where no `$Junk` keyword exists (a Gmail label, an
   * Outlook category: `LIKELY_SPAM_MARK`); without it the pipeline sets `$Junk` (IMAP).
   */
  markLikelySpam?(folderId: string, ids: string[]): Promise<void>;
  /** The owner's "not spam": removes that mark (and Gmail's SPAM label); without it `$Junk Junk` go and `$NotJunk` is set (IMAP). */
  clearLikelySpam?(folderId: string, ids: string[]): Promise<void>;
  /** Webmail: deletes messages for good (IMAP `\Deleted` then UID EXPUNGE of just those). */
  expunge?(folderId: string, ids: string[]): Promise<void>;
  /**
   * Webmail: deletes a draft for good, once it is sent or replaced by a newer version, or discarded
   * (IMAP `\Deleted` and UID EXPUNGE, Gmail `drafts.delete`, Graph `permanentDelete`). A draft
   * already gone counts as deleted.
   */
  deleteDraft?(folderId: string, id: string): Promise<void>;
  /**
   * Webmail: runs `consume` over the raw source as it is read from the server (never whole in
   * memory), or answers null when the message is gone. The source is closed when `consume` settles.
   */
  withRawStream?<T>(folderId: string, id: string, consume: (raw: Readable) => Promise<T>): Promise<T | null>;
}

export interface FolderCounts {
  messages: number;
  unseen: number;
}

/** A listed message as the webmail shows it. */
export interface BrowsedMessage extends MessageSummary {
  cc: { name: string; address: string }[];
  /** How many messages its References name: those before it in its thread. */
  threadDepth: number;
}
