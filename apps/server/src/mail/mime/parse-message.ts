import { simpleParser, type Attachment, type ParsedMail, type SimpleParserOptions } from 'mailparser';
import type { AttachmentMeta, ParsedMessage } from './message';
import { firstHeader, normaliseMessageId, normaliseReferences, parseDate, pickHeaders, toAddresses, toSender } from './normalise';

const MiB = 1024 * 1024;

export interface ParseOptions {
  /** Keep attachment contents (off by default: the pipeline needs their metadata only). */
  withAttachments?: boolean;
  /** Text and html are each cut to this many characters. */
  maxBodyChars?: number;
  /** Bytes of the raw message read at all; providers refuse larger mail anyway. */
  maxMessageBytes?: number;
  /** Longer html is not converted to text (html-to-text costs about 1 s per 3 MB on this machine). */
  maxHtmlToTextChars?: number;
}

type Limits = Required<ParseOptions>;

const DEFAULTS: Limits = {
  withAttachments: false,
  maxBodyChars: 5 * MiB,
  maxMessageBytes: 64 * MiB,
  maxHtmlToTextChars: 2 * MiB,
};

/** One header field in a best-effort re-read is cut to this, and the whole header block to HEAD_CAP. */
const FIELD_CAP = 16 * 1024;
const HEAD_CAP = 512 * 1024;

/** Fields any real message has at least one of; without them the input was not a message. */
const MESSAGE_FIELDS: ReadonlySet<string> = new Set(['from', 'date', 'message-id', 'subject', 'to', 'received', 'return-path']);

/** What one parsing attempt feeds mailparser, and what it already knows was cut or read aside. */
interface Attempt {
  source: Buffer;
  truncated: boolean;
  /** Text read from the raw body when mailparser is only given the header block. */
  rawText?: string;
}

/**
 * Parses a raw RFC 5322 message with mailparser into our ParsedMessage. Never throws: when the
 * message cannot be parsed whole (a header block over mailparser's 1 MB, too many MIME parts), it
 * is read again with its header fields bounded, then as headers plus raw body text, and the result
 * carries `parseError`.
 */
export async function parseMessage(raw: Buffer | string, options: ParseOptions = {}): Promise<ParsedMessage> {
  const limits: Limits = { ...DEFAULTS, ...options };
  let parseError: string | null = null;
  for (const read of [whole, withBoundedHead, headOnly]) {
    try {
      const attempt = read(raw, limits);
      const mail = await simpleParser(attempt.source, parserOptions(limits));
      return toParsedMessage(mail, attempt, limits, parseError);
    } catch (error) {
      parseError ??= error instanceof Error ? error.message : String(error);
    }
  }
  return unreadable(parseError ?? 'unreadable message');
}

function whole(raw: Buffer | string, limits: Limits): Attempt {
  const input = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
  return { source: input.subarray(0, limits.maxMessageBytes), truncated: input.length > limits.maxMessageBytes };
}

function withBoundedHead(raw: Buffer | string, limits: Limits): Attempt {
  const { head, separator, body } = splitHead(whole(raw, limits).source);
  return { source: Buffer.concat([boundHead(head), separator, body]), truncated: true };
}

function headOnly(raw: Buffer | string, limits: Limits): Attempt {
  const { head, body } = splitHead(whole(raw, limits).source);
  return {
    source: Buffer.concat([boundHead(head), Buffer.from('\r\n')]),
    truncated: true,
    rawText: body.subarray(0, limits.maxBodyChars).toString('utf8'),
  };
}

export function parserOptions(limits: Pick<Limits, 'maxHtmlToTextChars'> = DEFAULTS): SimpleParserOptions {
  return {
    // Plain text stays out of `html`, cid: links are not inlined as data: URLs, no hashing: the
    // pipeline wants the message's own parts, cheaply.
    skipTextToHtml: true,
    skipTextLinks: true,
    keepCidLinks: true,
    checksumAlgo: false,
    maxHtmlLengthToParse: limits.maxHtmlToTextChars,
  };
}

/** The header block (with its last newline), the blank line, and the body; no blank line: all head. */
function splitHead(message: Buffer): { head: Buffer; separator: Buffer; body: Buffer } {
  const ends = [message.indexOf('\n\n'), message.indexOf('\n\r\n')].filter((i) => i >= 0);
  if (ends.length === 0) return { head: message, separator: Buffer.from('\r\n'), body: Buffer.alloc(0) };
  const end = Math.min(...ends) + 1;
  const bodyStart = message[end] === 0x0d ? end + 2 : end + 1;
  return { head: message.subarray(0, end), separator: message.subarray(end, bodyStart), body: message.subarray(bodyStart) };
}

/** The header block with every field cut to FIELD_CAP and the fields past HEAD_CAP dropped. */
function boundHead(head: Buffer): Buffer {
  // latin1 maps bytes to code units one to one, so the bytes come back unchanged.
  const fields = head.toString('latin1').split(/\r?\n(?![ \t])/);
  const kept: string[] = [];
  let budget = HEAD_CAP;
  for (const field of fields) {
    // A cut field must not end in a newline, which would end the header block early.
    const bounded = field.slice(0, FIELD_CAP).trimEnd();
    if (!bounded) continue;
    if (bounded.length > budget) break;
    budget -= bounded.length;
    kept.push(bounded);
  }
  return Buffer.from(kept.map((f) => `${f}\r\n`).join(''), 'latin1');
}

function cap(value: string, max: number): { value: string; cut: boolean } {
  if (value.length <= max) return { value, cut: false };
  // Never leave half of a surrogate pair at the end.
  const end = /[\uD800-\uDBFF]/.test(value.charAt(max - 1)) ? max - 1 : max;
  return { value: value.slice(0, end), cut: true };
}

function toParsedMessage(mail: ParsedMail, attempt: Attempt, limits: Limits, parseError: string | null): ParsedMessage {
  const lines = mail.headerLines;
  const subject = cap(mail.subject ?? '', FIELD_CAP);
  const text = cap(attempt.rawText ?? mail.text ?? '', limits.maxBodyChars);
  const html = cap(typeof mail.html === 'string' ? mail.html : '', limits.maxBodyChars);
  return {
    messageId: normaliseMessageId(mail.messageId),
    inReplyTo: normaliseMessageId(mail.inReplyTo),
    references: normaliseReferences(firstHeader(lines, 'references'), mail.references),
    subject: subject.value,
    date: parseDate(firstHeader(lines, 'date')),
    from: toSender(mail.from, firstHeader(lines, 'from')),
    to: toAddresses(mail.to),
    cc: toAddresses(mail.cc),
    bcc: toAddresses(mail.bcc),
    replyTo: toAddresses(mail.replyTo),
    text: text.value,
    html: typeof mail.html === 'string' ? html.value : null,
    attachments: mail.attachments.map((a) => toAttachmentMeta(a, limits.withAttachments)),
    headers: pickHeaders(lines),
    truncated: attempt.truncated || subject.cut || text.cut || html.cut,
    parseError: parseError ?? (lines.some((l) => MESSAGE_FIELDS.has(l.key)) ? null : 'no message header fields'),
  };
}

function toAttachmentMeta(attachment: Attachment, withContent: boolean): AttachmentMeta {
  return {
    filename: attachment.filename ?? null,
    contentType: attachment.contentType,
    size: attachment.size,
    contentId: attachment.cid ?? null,
    inline: attachment.related === true || attachment.contentDisposition === 'inline',
    ...(withContent ? { content: attachment.content } : {}),
  };
}

function unreadable(parseError: string): ParsedMessage {
  return {
    messageId: null,
    inReplyTo: null,
    references: [],
    subject: '',
    date: null,
    from: null,
    to: [],
    cc: [],
    bcc: [],
    replyTo: [],
    text: '',
    html: null,
    attachments: [],
    headers: {},
    truncated: false,
    parseError,
  };
}
