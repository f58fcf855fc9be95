import { z } from 'zod';
import { MailError } from '../errors';
import { withBcc } from '../bcc-header';
import { type BrowsedMessage, type FolderCounts, LIKELY_SPAM_MARK, type MessageFlag, type MessageOperations } from '../port';
import type { VendorRequest } from '../vendor-http';

/**
 * Message operations over the Gmail REST API (https://developers.google.com/gmail/api/reference/rest).
 * Folders are label ids; a message id is Gmail's message id. Flags map to labels: `\Seen` is the
 * absence of UNREAD, `\Flagged` is STARRED; `$Junk`/`Junk` and `\Answered` have no label and are
 * ignored (the webmail's spam action is a move to SPAM; the pipeline's mark for likely spam is the
 * user label `LIKELY_SPAM_MARK`, created when first needed). Gmail keeps its own Sent copy. The mail-modify scope does not
 * allow deleting for good, so `expunge` is left out (drafts go for good through `drafts.delete`). So is `withRawStream`: the API gives raw MIME
 * only whole, base64url inside JSON, and its parts (`format=full`, `attachments.get`) come from
 * Gmail's own MIME parser, which nothing documents to split and number parts as ours does, so an
 * attachment is read from the whole message.
 */
export type GmailCall = <T>(path: string, init?: VendorRequest) => Promise<T>;

const MAX_PAGE = 500;
const METADATA_HEADERS = ['From', 'To', 'Cc', 'Subject', 'Date', 'Message-ID', 'References'];

const listSchema = z.object({
  messages: z.array(z.object({ id: z.string() })).default([]),
  nextPageToken: z.string().optional(),
  resultSizeEstimate: z.number().optional(),
});

const headerSchema = z.object({ name: z.string(), value: z.string() });
type Part = { mimeType?: string; filename?: string; headers?: { name: string; value: string }[]; parts?: Part[] };
const partSchema: z.ZodType<Part> = z.lazy(() =>
  z.object({
    mimeType: z.string().optional(),
    filename: z.string().optional(),
    headers: z.array(headerSchema).optional(),
    parts: z.array(partSchema).optional(),
  }),
);
const messageSchema = z.object({
  id: z.string(),
  labelIds: z.array(z.string()).default([]),
  sizeEstimate: z.number().default(0),
  internalDate: z.string().optional(),
  raw: z.string().optional(),
  payload: partSchema.optional(),
});
type GmailMessage = z.infer<typeof messageSchema>;

const draftSchema = z.object({ id: z.string(), message: z.object({ id: z.string() }) });
const draftListSchema = z.object({ drafts: z.array(draftSchema).default([]), nextPageToken: z.string().optional() });

const labelSchema = z.object({ id: z.string(), messagesTotal: z.number().default(0), messagesUnread: z.number().default(0) });

/** One address list of a header (`Name <a@b>, c@d`), lower-cased addresses. */
function addresses(value: string | undefined) {
  if (!value) return [];
  return value.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).flatMap((part) => {
    const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(part) ?? /^\s*()([^\s<>]+@[^\s<>]+)\s*$/.exec(part);
    return match ? [{ name: match[1]!.trim(), address: match[2]!.trim().toLowerCase() }] : [];
  });
}

function hasAttachment(part: Part | undefined): boolean {
  if (!part) return false;
  if (part.filename) return true;
  return (part.parts ?? []).some(hasAttachment);
}

/** Gmail's own SPAM label, or the assistant's likely-spam label when it exists. */
const isJunk = (labelIds: string[], likelySpamLabel: string | null) =>
  labelIds.includes('SPAM') || (likelySpamLabel !== null && labelIds.includes(likelySpamLabel));

function toBrowsed(m: GmailMessage, likelySpamLabel: string | null): BrowsedMessage {
  const header = (name: string) => m.payload?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
  const from = addresses(header('From'))[0] ?? null;
  const dateText = header('Date');
  const date = dateText ? new Date(dateText) : m.internalDate ? new Date(Number(m.internalDate)) : null;
  return {
    id: m.id,
    messageId: header('Message-ID') ?? null,
    subject: header('Subject') ?? '',
    from,
    to: addresses(header('To')),
    cc: addresses(header('Cc')),
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    seen: !m.labelIds.includes('UNREAD'),
    flagged: m.labelIds.includes('STARRED'),
    junk: isJunk(m.labelIds, likelySpamLabel),
    hasAttachments: hasAttachment(m.payload),
    size: m.sizeEstimate,
    threadDepth: (header('References')?.match(/<[^<>\s]+>/g) ?? []).length,
  };
}

/** A message's labels and the headers a listing shows. */
async function metadata(call: GmailCall, id: string) {
  const headers = METADATA_HEADERS.map((h) => `metadataHeaders=${encodeURIComponent(h)}`).join('&');
  return messageSchema.parse(await call(`/messages/${encodeURIComponent(id)}?format=metadata&${headers}`));
}

/** Listing summaries of messages by id, in that order; messages deleted meanwhile are left out. */
export async function gmailSummaries(call: GmailCall, ids: string[]): Promise<BrowsedMessage[]> {
  const found = await Promise.all(
    ids.map((id) =>
      metadata(call, id).catch((error: unknown) => {
        if (error instanceof MailError && error.kind === 'not_found') return null;
        throw error;
      }),
    ),
  );
  return found.filter((m) => m !== null).map((m) => toBrowsed(m, null));
}

export const gmailQuery = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
};

const base64url = (raw: Buffer) => raw.toString('base64url');

/** The label changes that stand for these flags. */
function labelChanges(change: { add?: MessageFlag[]; remove?: MessageFlag[] }) {
  const add: string[] = [];
  const remove: string[] = [];
  for (const flag of change.add ?? []) {
    if (flag === '\\Seen') remove.push('UNREAD');
    if (flag === '\\Flagged') add.push('STARRED');
  }
  for (const flag of change.remove ?? []) {
    if (flag === '\\Seen') add.push('UNREAD');
    if (flag === '\\Flagged') remove.push('STARRED');
  }
  return { add, remove };
}

export function gmailMessageOperations(call: GmailCall): MessageOperations {
  /** The ids of a label's messages at `offset`, newest first (Gmail's order), walking page tokens. */
  async function ids(labelId: string, offset: number, limit: number, q?: string) {
    const found: string[] = [];
    let pageToken: string | undefined;
    let estimate = 0;
    do {
      const body = listSchema.parse(
        await call(
          `/messages?${gmailQuery({ labelIds: labelId, q, maxResults: Math.min(MAX_PAGE, offset + limit - found.length), pageToken })}`,
        ),
      );
      found.push(...body.messages.map((m) => m.id));
      estimate = Math.max(estimate, body.resultSizeEstimate ?? 0);
      pageToken = body.nextPageToken;
    } while (pageToken && found.length < offset + limit);
    return { ids: found.slice(offset, offset + limit), more: Boolean(pageToken), seen: found.length, estimate };
  }

  async function getRaw(id: string): Promise<GmailMessage | null> {
    try {
      return messageSchema.parse(await call(`/messages/${encodeURIComponent(id)}?format=raw`));
    } catch (error) {
      if (error instanceof MailError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  /** The id of the draft whose message is `messageId`, walking `drafts.list`; null when it is gone. */
  async function draftIdOf(messageId: string) {
    let pageToken: string | undefined;
    do {
      const page = draftListSchema.parse(await call(`/drafts?${gmailQuery({ maxResults: MAX_PAGE, pageToken })}`));
      const found = page.drafts.find((d) => d.message.id === messageId);
      if (found) return found.id;
      pageToken = page.nextPageToken;
    } while (pageToken);
    return null;
  }

  async function labelCounts(labelId: string) {
    return labelSchema.parse(await call(`/labels/${encodeURIComponent(labelId)}`));
  }

  /** The id of the likely-spam label, found or created once per connection. */
  let likelySpamLabel: Promise<string> | null = null;
  async function findLikelySpamLabel(): Promise<string | null> {
    const listed = z
      .object({ labels: z.array(z.object({ id: z.string(), name: z.string() })).default([]) })
      .parse(await call('/labels'));
    return listed.labels.find((l) => l.name.toLowerCase() === LIKELY_SPAM_MARK.toLowerCase())?.id ?? null;
  }
  /** The label's id for reading marks: looked up, never created (null until the first spam is marked). */
  async function existingLikelySpamLabel(): Promise<string | null> {
    if (likelySpamLabel) return likelySpamLabel;
    const found = await findLikelySpamLabel();
    if (found) likelySpamLabel = Promise.resolve(found);
    return found;
  }
  function likelySpamLabelId(): Promise<string> {
    likelySpamLabel ??= (async () => {
      const found = await findLikelySpamLabel();
      if (found) return found;
      const body = { name: LIKELY_SPAM_MARK, labelListVisibility: 'labelShow', messageListVisibility: 'show' };
      return z.object({ id: z.string() }).parse(await call('/labels', { method: 'POST', body })).id;
    })().catch((error: unknown) => {
      likelySpamLabel = null;
      throw error;
    });
    return likelySpamLabel;
  }

  async function modify(idList: string[], add: string[], remove: string[]) {
    if (!idList.length || (!add.length && !remove.length)) return;
    await call('/messages/batchModify', { method: 'POST', body: { ids: idList, addLabelIds: add, removeLabelIds: remove } });
  }

  async function browse(folderId: string, page: { offset: number; limit: number; search?: string }) {
    const listed = await ids(folderId, page.offset, page.limit, page.search || undefined);
    const [messages, spamLabel] = await Promise.all([
      Promise.all(listed.ids.map((id) => metadata(call, id))),
      existingLikelySpamLabel(),
    ]);
    const total = page.search
      ? listed.more
        ? Math.max(listed.estimate, listed.seen + 1)
        : listed.seen
      : (await labelCounts(folderId)).messagesTotal;
    return { total, messages: messages.map((m) => toBrowsed(m, spamLabel)) };
  }

  return {
    async fetchRaw(folderId, id) {
      const message = await getRaw(id);
      return message?.raw && message.labelIds.includes(folderId) ? Buffer.from(message.raw, 'base64url') : null;
    },

    async fetchWithFlags(folderId, id) {
      const message = await getRaw(id);
      if (!message?.raw || !message.labelIds.includes(folderId)) return null;
      return {
        raw: Buffer.from(message.raw, 'base64url'),
        seen: !message.labelIds.includes('UNREAD'),
        flagged: message.labelIds.includes('STARRED'),
        draft: message.labelIds.includes('DRAFT'),
        junk: isJunk(message.labelIds, await existingLikelySpamLabel()),
      };
    },

    async list(folderId, page) {
      const { total, messages } = await browse(folderId, page);
      return { total, messages: messages.map(({ cc: _cc, threadDepth: _depth, ...summary }) => summary) };
    },

    browse,

    async setFlags(_folderId, idList, change) {
      const { add, remove } = labelChanges(change);
      await modify(idList, add, remove);
    },

    async markLikelySpam(_folderId, idList) {
      await modify(idList, [await likelySpamLabelId()], []);
    },

    async clearLikelySpam(_folderId, idList) {
      const label = await existingLikelySpamLabel();
      await modify(idList, [], ['SPAM', ...(label ? [label] : [])]);
    },

    async move(folderId, idList, targetFolderId) {
      if (targetFolderId === 'TRASH') {
        for (const id of idList) await call(`/messages/${encodeURIComponent(id)}/trash`, { method: 'POST' });
        return;
      }
      await modify(idList, [targetFolderId], folderId === targetFolderId ? [] : [folderId]);
    },

    async append(folderId, raw, flags) {
      if (folderId === 'DRAFT') {
        const created = draftSchema.parse(await call('/drafts', { method: 'POST', body: { message: { raw: base64url(raw) } } }));
        return created.message.id;
      }
      const labelIds = [
        folderId,
        ...(flags.includes('\\Seen') ? [] : ['UNREAD']),
        ...(flags.includes('\\Flagged') ? ['STARRED'] : []),
      ];
      const inserted = z
        .object({ id: z.string() })
        .parse(
          await call('/messages?internalDateSource=dateHeader', { method: 'POST', body: { raw: base64url(raw), labelIds } }),
        );
      return inserted.id;
    },

    async deleteDraft(_folderId, id) {
      // drafts.delete takes the draft's id, not its message's: found among the drafts (mail-modify may do this).
      const draftId = await draftIdOf(id);
      if (!draftId) return;
      await call(`/drafts/${encodeURIComponent(draftId)}`, { method: 'DELETE' }).catch((error: unknown) => {
        if (!(error instanceof MailError && error.kind === 'not_found')) throw error;
      });
    },

    async findByMessageId(folderId, messageId) {
      const found = await ids(folderId, 0, 1, `rfc822msgid:${messageId.replace(/^<|>$/g, '')}`);
      return found.ids[0] ?? null;
    },

    async send(raw, envelope) {
      // Gmail takes the recipients from the headers and files the copy in Sent itself: recipients of
      // the envelope that no header names (Bcc) go in a Bcc header, which Gmail removes.
      await call('/messages/send', { method: 'POST', body: { raw: base64url(withBcc(raw, envelope.to)) } });
    },

    async folderCounts(folderIds) {
      const counts: Record<string, FolderCounts> = {};
      await Promise.all(
        folderIds.map(async (id) => {
          try {
            const label = await labelCounts(id);
            counts[id] = { messages: label.messagesTotal, unseen: label.messagesUnread };
          } catch {
            // A label removed meanwhile has no counts.
          }
        }),
      );
      return counts;
    },
  };
}
