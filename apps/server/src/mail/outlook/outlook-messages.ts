import { z } from 'zod';
import { withBcc } from '../bcc-header';
import { MailError } from '../errors';
import type { BrowsedMessage, FolderCounts, MessageOperations } from '../port';
import { type TokenSource, type VendorHttpOptions, type VendorRequest, vendorErrorText } from '../vendor-http';

/**
 * Message operations over Microsoft Graph (https://learn.microsoft.com/graph/api/resources/message).
 * Folders are mail folder ids; a message id is Graph's. `\Seen` is `isRead`, `\Flagged` is
 * `flag.flagStatus`; `$Junk`/`Junk`/`\Answered` have no Graph property and are ignored (spam is a
 * move to Junk Email). Whole messages travel as MIME: read through `/$value`, created and sent with
 * a base64 `text/plain` body (Graph's MIME format). `sendMail` keeps the Sent Items copy itself.
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
  parentFolderId: z.string().nullish(),
});
type GraphMessage = z.infer<typeof messageSchema>;
const pageSchema = z.object({ value: z.array(messageSchema), '@odata.nextLink': z.string().optional() });
const folderCountsSchema = z.object({ totalItemCount: z.number().default(0), unreadItemCount: z.number().default(0) });

const SELECT =
  '$select=id,internetMessageId,subject,from,toRecipients,ccRecipients,receivedDateTime,isRead,flag,hasAttachments,parentFolderId';

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
    hasAttachments: m.hasAttachments,
    // Graph gives no size nor References without extended properties.
    size: 0,
    threadDepth: 0,
  };
}

export function outlookMessageOperations(
  call: GraphCall,
  apiBase: string,
  tokens: TokenSource,
  http: VendorHttpOptions = {},
): MessageOperations {
  const enc = encodeURIComponent;

  /** A call whose body or answer is MIME text, not JSON: one refresh after a 401, errors as MailError. */
  async function mime(path: string, init: { method: string; body?: Buffer }): Promise<string> {
    let token = await tokens.accessToken();
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await fetch(`${apiBase}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body && { 'content-type': 'text/plain' }),
        },
        body: init.body ? init.body.toString('base64') : undefined,
        signal: AbortSignal.timeout(http.timeoutMs ?? 30_000),
      }).catch((error: unknown) => {
        throw new MailError('transient', 'oauth', 'unreachable', `oauth request failed: ${(error as Error).message}`);
      });
      const text = await res.text();
      if (res.ok) return text;
      if (res.status === 401 && attempt === 0) {
        token = await tokens.refresh(token);
        continue;
      }
      let detail = text;
      try {
        detail = vendorErrorText(JSON.parse(text)) || text;
      } catch {
        // not JSON
      }
      const message = `oauth request failed (${res.status}): ${detail}`;
      if (res.status === 404) throw new MailError('not_found', 'oauth', 'protocol', message);
      if (res.status === 401 || res.status === 403) throw new MailError('auth', 'oauth', 'auth', message);
      throw new MailError(res.status >= 500 || res.status === 429 ? 'transient' : 'invalid', 'oauth', 'protocol', message);
    }
    throw new MailError('auth', 'oauth', 'auth', 'oauth request failed: the token was refused');
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
      if (!(await inFolder(folderId, id))) return null;
      return Buffer.from(await mime(`/me/messages/${enc(id)}/$value`, { method: 'GET' }), 'utf8');
    },

    async fetchWithFlags(folderId, id) {
      const message = await inFolder(folderId, id);
      if (!message) return null;
      const raw = Buffer.from(await mime(`/me/messages/${enc(id)}/$value`, { method: 'GET' }), 'utf8');
      return { raw, seen: message.isRead, flagged: message.flag?.flagStatus === 'flagged' };
    },

    async list(folderId, page) {
      const { total, messages } = await browse(folderId, page);
      return { total, messages: messages.map(({ cc: _cc, threadDepth: _depth, ...summary }) => summary) };
    },

    browse,

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
      if (created.parentFolderId !== folderId) {
        await call(`/me/messages/${enc(created.id)}/move`, { method: 'POST', body: { destinationId: folderId } });
      }
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
  };
}
