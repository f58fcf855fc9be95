/** One mailbox of an address header: the address lower-cased, the display name trimmed ('' when none). */
export interface MailAddress {
  name: string;
  address: string;
}

export interface AttachmentMeta {
  filename: string | null;
  contentType: string;
  /** Decoded size in bytes. */
  size: number;
  /** The Content-ID without angle brackets, as `cid:` URLs name it. */
  contentId: string | null;
  /** Shown in the body (inline disposition or an embedded image of multipart/related). */
  inline: boolean;
  /** Only when parseMessage was asked for `withAttachments`. */
  content?: Buffer;
}

/**
 * The top-level headers the pipeline decides on (the loop guard above all), keyed by lower-case
 * name, every occurrence in order, unfolded and trimmed. Only the names of LOOP_HEADER_NAMES and
 * every `List-*` header are kept.
 */
export type MessageHeaders = Readonly<Record<string, readonly string[]>>;

export const LOOP_HEADER_NAMES = [
  'auto-submitted',
  'precedence',
  'x-loop',
  'return-path',
  'authentication-results',
  'x-autoreply',
  'x-autorespond',
  'x-auto-response-suppress',
  // The top-level type tells a delivery report (multipart/report); the receiving server's spam verdict.
  'content-type',
  'x-spam-flag',
  'x-spam-status',
] as const;

/** Our normalised view of an RFC 5322 message. */
export interface ParsedMessage {
  /** Canonical `<id@host>` form, or null when the message has none. */
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  /** Null when the Date header is missing or cannot be read (never "now"). */
  date: Date | null;
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  replyTo: MailAddress[];
  text: string;
  html: string | null;
  attachments: AttachmentMeta[];
  headers: MessageHeaders;
  /** The message, its text or its html was longer than the configured caps and was cut. */
  truncated: boolean;
  /** Set when the message could not be parsed as a whole and this is a best-effort reading. */
  parseError: string | null;
}

/** The message's words: its text, or its html with the tags dropped when the html was too long for the parser to convert. */
export function readableText(parsed: Pick<ParsedMessage, 'text' | 'html'>): string {
  return parsed.text || (parsed.html ?? '').replace(/<[^>]*>/g, ' ');
}
