import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { withBcc } from '../bcc-header';
import { MailError } from '../errors';
import { type BrowsedMessage, type FolderCounts, LIKELY_SPAM_MARK, type MessageOperations } from '../port';
import { type TokenSource, type VendorHttpOptions, type VendorRequest, vendorErrorText } from '../vendor-http';

/**
 * Message operations over Microsoft Graph (https://learn.microsoft.com/graph/api/resources/message).
 * Folders are mail folder ids; a message id is Graph's. `\Seen` is `isRead`, `\Flagged` is
 * `flag.flagStatus`; `$Junk`/`Junk`/`\Answered` have no Graph property and are ignored (the webmail's
 * spam action is a move to Junk Email; the pipeline's mark for likely spam is the category
 * `LIKELY_SPAM_MARK`). Whole messages travel as MIME: read through `/$value` (bytes, streamed for the
 * webmail's attachment downloads), created and sent with a base64 `text/plain` body (Graph's MIME
 * format). `sendMail` keeps the Sent Items copy itself.
 */
export type GraphCall = <T>(url: string, init?: VendorRequest) => Promise<T>;

const recipient = z.object({ emailAddress: z.object({ name: z.string().nullish(), address: z.string().nullish() }) });
const messageSchema = z.object({
  id: z.string(),
  internetMessageId: z.string().nullish(),
  subject: z.string().nullish(),
  from: recipient.nullish(),
  toRecipients: z.array(recipient).default([]),
  ccRecipients: z.array(recipient).default([]),
  receivedDateTime: z.string().nullish(),
  isRead: z.boolean().default(false),
  flag: z.object({ flagStatus: z.string() }).nullish(),
  hasAttachments: z.boolean().default(false),
  isDraft: z.boolean().nullish(),
  parentFolderId: z.string().nullish(),
  categories: z.array(z.string()).default([]),
});
type GraphMessage = z.infer<typeof messageSchema>;
const pageSchema = z.object({ value: z.array(messageSchema), '@odata.nextLink': z.string().optional() });
const folderCountsSchema = z.object({ totalItemCount: z.number().default(0), unreadItemCount: z.number().default(0) });

const SELECT =
  '$select=id,internetMessageId,subject,from,toRecipients,ccRecipients,receivedDateTime,isRead,flag,hasAttachments,isDraft,parentFolderId,categories';

const person = (r: z.infer<typeof recipient> | null | undefined) =>
  r?.emailAddress.address ? { name: r.emailAddress.name ?? '', address: r.emailAddress.address.toLowerCase() } : null;

function toBrowsed(m: GraphMessage): BrowsedMessage {
  const date = m.receivedDateTime ? new Date(m.receivedDateTime) : null;
  return {
    id: m.id,
    messageId: m.internetMessageId ?? null,
    subject: m.subject ?? '',
    from: person(m.from),
    to: m.toRecipients.flatMap((r) => person(r) ?? []),
    cc: m.ccRecipients.flatMap((r) => person(r) ?? []),
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    seen: m.isRead,
    flagged: m.flag?.flagStatus === 'flagged',
    junk: m.categories.includes(LIKELY_SPAM_MARK),
    hasAttachments: m.hasAttachments,
    // Graph gives no size nor References without extended properties.
    size: 0,
    threadDepth: 0,
  };
}

/** A failed Graph answer as MailError, with Graph's own error text when it gave one. */
function graphError(status: number, text: string): MailError {
  let detail = text;
  try {
    detail = vendorErrorText(JSON.parse(text)) || text;
  } catch {
    // not JSON
  }
  const message = `oauth request failed (${status}): ${detail}`;
  if (status === 404) return new MailError('not_found', 'oauth', 'protocol', message);
  if (status === 401 || status === 403) return new MailError('auth', 'oauth', 'auth', message);
  return new MailError(status >= 500 || status === 429 ? 'transient' : 'invalid', 'oauth', 'protocol', message);
}

const unreachable = (error: unknown) =>
  new MailError(
    'transient',
    'oauth',
    (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable',
    `oauth request failed: ${(error as Error).message}`,
  );

export function outlookMessageOperations(
  call: GraphCall,
  apiBase: string,
  tokens: TokenSource,
  http: VendorHttpOptions = {},
): MessageOperations {
  const enc = encodeURIComponent;

  /** Adds or removes a category of each message, keeping the others (Graph replaces the whole list). */
  async function changeCategory(ids: string[], category: string, present: boolean) {
    for (const id of ids) {
      const { categories } = z
        .object({ categories: z.array(z.string()).default([]) })
        .parse(await call(`/me/messages/${enc(id)}?$select=categories`));
      if (categories.includes(category) === present) continue;
      const next = present ? [...categories, category] : categories.filter((c) => c !== category);
      await call(`/me/messages/${enc(id)}`, { method: 'PATCH', body: { categories: next } });
    }
  }

  /**
   * A call whose body or answer is MIME, not JSON: one refresh after a 401, errors as MailError.
   * With `stream` the timeout covers the wait for the answer's headers only: the body is then read
   * at the pace of whoever consumes it.
   */
  async function graphFetch(path: string, init: { method: string; body?: Buffer; stream?: boolean }): Promise<Response> {
    let token = await tokens.accessToken();
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await send(path, init, token);
      if (res.ok) return res;
      const text = await res.text().catch(() => '');
      if (res.status === 401 && attempt === 0) {
        token = await tokens.refresh(token);
        continue;
      }
      throw graphError(res.status, text);
    }
    throw new MailError('auth', 'oauth', 'auth', 'oauth request failed: the token was refused');
  }

  async function send(path: string, init: { method: string; body?: Buffer; stream?: boolean }, token: string) {
    const deadline = AbortSignal.timeout(http.timeoutMs ?? 30_000);
    const untilHeaders = new AbortController();
    const abort = () => untilHeaders.abort(deadline.reason);
    if (init.stream) deadline.addEventListener('abort', abort, { once: true });
    try {
      return await fetch(`${apiBase}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body && { 'content-type': 'text/plain' }),
        },
        body: init.body ? init.body.toString('base64') : undefined,
        signal: init.stream ? untilHeaders.signal : deadline,
      });
    } catch (error) {
      throw unreachable(error);
    } finally {
      deadline.removeEventListener('abort', abort);
    }
  }

  /** A call answering MIME text or JSON, read whole as text. */
  async function mime(path: string, init: { method: string; body?: Buffer }): Promise<string> {
    const res = await graphFetch(path, init);
    return res.text().catch((error: unknown) => {
      throw unreachable(error);
    });
  }

  /** The `$value` answer (the message's MIME as Graph serves it, bytes), or null when the message is gone. */
  async function value(id: string, stream = false): Promise<Response | null> {
    try {
      return await graphFetch(`/me/messages/${enc(id)}/$value`, { method: 'GET', stream });
    } catch (error) {
      if (error instanceof MailError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  /** The raw source, read whole as bytes: MIME may hold 8-bit text in any charset, never decoded here. */
  async function rawBytes(id: string): Promise<Buffer | null> {
    const res = await value(id);
    if (!res) return null;
    try {
      return Buffer.from(await res.arrayBuffer());
    } catch (error) {
      throw unreachable(error);
    }
  }

  async function getMessage(id: string): Promise<GraphMessage | null> {
    try {
      return messageSchema.parse(await call(`/me/messages/${enc(id)}?${SELECT}`));
    } catch (error) {
      if (error instanceof MailError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  async function counts(folderId: string) {
    return folderCountsSchema.parse(await call(`/me/mailFolders/${enc(folderId)}?$select=totalItemCount,unreadItemCount`));
  }

  async function browse(folderId: string, page: { offset: number; limit: number; search?: string }) {
    if (page.search) {
      // $search cannot be combined with $orderby or $skip: the first pages are read and cut here.
      const messages: GraphMessage[] = [];
      let next: string | undefined =
        `/me/mailFolders/${enc(folderId)}/messages?$search=${enc(`"${page.search.replace(/"/g, '')}"`)}&$top=50&${SELECT}`;
      while (next && messages.length < page.offset + page.limit) {
        const body = pageSchema.parse(await call(next));
        messages.push(...body.value);
        next = body['@odata.nextLink'];
      }
      const total = next ? messages.length + 1 : messages.length;
      return { total, messages: messages.slice(page.offset, page.offset + page.limit).map(toBrowsed) };
    }
    const [body, folder] = await Promise.all([
      call<unknown>(
        `/me/mailFolders/${enc(folderId)}/messages?$orderby=receivedDateTime desc&$top=${page.limit}&$skip=${page.offset}&${SELECT}`,
      ),
      counts(folderId),
    ]);
    return { total: folder.totalItemCount, messages: pageSchema.parse(body).value.map(toBrowsed) };
  }

  async function inFolder(folderId: string, id: string) {
    const message = await getMessage(id);
    return message && message.parentFolderId === folderId ? message : null;
  }

  return {
    async fetchRaw(folderId, id) {
      return (await inFolder(folderId, id)) ? rawBytes(id) : null;
    },

    async fetchWithFlags(folderId, id) {
      const message = await inFolder(folderId, id);
      const raw = message && (await rawBytes(id));
      return raw
        ? {
            raw,
            seen: message.isRead,
            flagged: message.flag?.flagStatus === 'flagged',
            draft: message.isDraft === true,
            junk: message.categories.includes(LIKELY_SPAM_MARK),
          }
        : null;
    },

    async withRawStream(folderId, id, consume) {
      const res = (await inFolder(folderId, id)) && (await value(id, true));
      if (!res) return null;
      const raw = res.body ? Readable.fromWeb(res.body as WebReadableStream<Uint8Array>) : Readable.from([]);
      try {
        return await consume(raw);
      } finally {
        // Cancels the body when `consume` stopped early: Graph's connection is dropped, not drained.
        raw.destroy();
      }
    },

    async list(folderId, page) {
      const { total, messages } = await browse(folderId, page);
      return { total, messages: messages.map(({ cc: _cc, threadDepth: _depth, ...summary }) => summary) };
    },

    browse,

    async markLikelySpam(_folderId, ids) {
      await changeCategory(ids, LIKELY_SPAM_MARK, true);
    },

    async clearLikelySpam(_folderId, ids) {
      await changeCategory(ids, LIKELY_SPAM_MARK, false);
    },

    async setFlags(_folderId, ids, change) {
      const patch: { isRead?: boolean; flag?: { flagStatus: string } } = {};
      if (change.add?.includes('\\Seen')) patch.isRead = true;
      if (change.remove?.includes('\\Seen')) patch.isRead = false;
      if (change.add?.includes('\\Flagged')) patch.flag = { flagStatus: 'flagged' };
      if (change.remove?.includes('\\Flagged')) patch.flag = { flagStatus: 'notFlagged' };
      if (!Object.keys(patch).length) return;
      for (const id of ids) await call(`/me/messages/${enc(id)}`, { method: 'PATCH', body: patch });
    },

    async move(folderId, ids, targetFolderId) {
      if (folderId === targetFolderId) return;
      for (const id of ids)
        await call(`/me/messages/${enc(id)}/move`, { method: 'POST', body: { destinationId: targetFolderId } });
    },

    async append(folderId, raw, flags) {
      // A MIME message is created in Drafts, then filed where it belongs.
      const created = messageSchema.parse(JSON.parse(await mime('/me/messages', { method: 'POST', body: raw })));
      const isRead = flags.includes('\\Seen') || flags.includes('\\Draft');
      if (created.isRead !== isRead) await call(`/me/messages/${enc(created.id)}`, { method: 'PATCH', body: { isRead } });
      if (created.parentFolderId === folderId) return created.id;
      // A move gives the message a new id in its new folder: the answer is the moved message.
      const moved = await call<unknown>(`/me/messages/${enc(created.id)}/move`, {
        method: 'POST',
        body: { destinationId: folderId },
      });
      return messageSchema.safeParse(moved).data?.id ?? null;
    },

    async findByMessageId(folderId, messageId) {
      const filter = enc(`internetMessageId eq '${messageId.replace(/'/g, "''")}'`);
      const body = pageSchema.parse(await call(`/me/mailFolders/${enc(folderId)}/messages?$filter=${filter}&$top=1&${SELECT}`));
      return body.value[0]?.id ?? null;
    },

    async send(raw, envelope) {
      // Graph reads the recipients, Bcc included, from the MIME headers and keeps the Sent Items copy.
      await mime('/me/sendMail', { method: 'POST', body: withBcc(raw, envelope.to) });
    },

    async folderCounts(folderIds) {
      const out: Record<string, FolderCounts> = {};
      await Promise.all(
        folderIds.map(async (id) => {
          try {
            const c = await counts(id);
            out[id] = { messages: c.totalItemCount, unseen: c.unreadItemCount };
          } catch {
            // A folder removed meanwhile has no counts.
          }
        }),
      );
      return out;
    },

    async expunge(_folderId, ids) {
      for (const id of ids) await call(`/me/messages/${enc(id)}/permanentDelete`, { method: 'POST' });
    },

    async deleteDraft(folderId, id) {
      // Only a draft still in that folder: an id that moved elsewhere names another copy now.
      if (!(await inFolder(folderId, id))) return;
      await call(`/me/messages/${enc(id)}/permanentDelete`, { method: 'POST' }).catch((error: unknown) => {
        if (!(error instanceof MailError && error.kind === 'not_found')) throw error;
      });
    },
  };
}
