import { Readable } from 'node:stream';
import {
  EMAILS_PER_PAGE,
  type EmailListItem,
  type MailboxFlag,
  type MailboxFolder,
  type MailboxPage,
  type MessageDetail,
  type mailboxListQuerySchema,
} from '@app/shared/mailbox';
import type { z } from 'zod';
import { AppError, notFound } from '../../errors';
import { MailError, SendFailure } from '../../mail/errors';
import { parseMessage } from '../../mail/mime/parse-message';
import { AttachmentParseError, type StreamedAttachment, withAttachmentStream } from '../../mail/mime/stream-attachment';
import type { BrowsedMessage, MailFolder, MailProvider, MessageOperations, MessageSummary } from '../../mail/port';
import { DEFAULT_FOLDER_NAME, findSpecialFolder, type SpecialUse } from '../../mail/special-folders';
import {
  type Caller,
  type MailSettingsDeps,
  assertOwnUser,
  mailFailure,
  providerFor,
  requireAccount,
} from '../mail-settings/mail-settings.service';
import { htmlToText, mailBodyCsp, mailDocument, mentionsRemoteImages, sanitizeMailHtml, textAsHtml } from './mail-html';
import type { MailboxPool } from './mailbox-pool';
import type { RawCache } from './raw-cache';

export type MailboxDeps = MailSettingsDeps & { pool: MailboxPool; raw: RawCache; folders: FolderCache };

/** Folder lists per user, for 30 s: a page or a move checks its folders without a LIST each time. */
export type FolderCache = Map<string, { at: number; key: string; list: MailFolder[] }>;
const FOLDERS_TTL_MS = 30_000;

/** The provider seen through the folder cache; creating a folder or a missing folder refreshes it. */
export type CachedProvider = MailProvider & { freshFolders(): Promise<MailFolder[]> };

function throughCache(deps: MailboxDeps, userId: string, key: string, provider: MailProvider): CachedProvider {
  const view = Object.create(provider) as CachedProvider;
  view.freshFolders = async () => {
    const list = await provider.listFolders();
    deps.folders.set(userId, { at: Date.now(), key, list });
    return list;
  };
  view.listFolders = async () => {
    const cached = deps.folders.get(userId);
    return cached && cached.key === key && Date.now() - cached.at < FOLDERS_TTL_MS ? cached.list : view.freshFolders();
  };
  view.ensureFolder = async (segments, parentId) => {
    deps.folders.delete(userId);
    return provider.ensureFolder(segments, parentId);
  };
  return view;
}
export type { Caller };

type ListQuery = z.output<typeof mailboxListQuerySchema>;

/** Inline images are embedded as data: URLs up to this size each. */
const INLINE_IMAGE_MAX = 2 * 1024 * 1024;

/** Runs `work` with the caller's pooled provider and its message operations. */
export async function withMailbox<T>(
  deps: MailboxDeps,
  caller: Caller,
  work: (provider: CachedProvider, ops: MessageOperations, address: string) => Promise<T>,
): Promise<T> {
  const account = await requireAccount(deps.db, caller);
  const key = `${account.id}:${account.provider === 'smtp' ? account.secret : ''}:${JSON.stringify(account.connection)}`;
  try {
    return await deps.pool.use(
      caller.id,
      key,
      () => providerFor(deps, account),
      async (provider) => {
        if (!provider.messages) {
          throw new AppError(400, 'MAILBOX_NOT_SUPPORTED', `The webmail does not support ${account.provider} mailboxes yet`);
        }
        return work(throughCache(deps, caller.id, key, provider), provider.messages, account.username);
      },
    );
  } catch (error) {
    if (error instanceof SendFailure) {
      throw new AppError(400, 'SEND_FAILED', error.message, { stage: error.error.stage, reason: error.error.reason });
    }
    if (error instanceof MailError) mailFailure(error, 'MAILBOX_UNAVAILABLE');
    throw error;
  }
}

function expunge(ops: MessageOperations, folder: string, ids: string[]) {
  if (!ops.expunge) throw new AppError(400, 'MAILBOX_NOT_SUPPORTED', 'This mailbox cannot delete messages for good yet');
  return ops.expunge(folder, ids);
}

const storable = (flags: MailboxFlag[]) => flags.filter((f): f is Exclude<MailboxFlag, '\\Deleted'> => f !== '\\Deleted');

const SPECIAL_ORDER = [
  '\\inbox',
  '\\starred',
  '\\flagged',
  '\\important',
  '\\snoozed',
  '\\sent',
  '\\drafts',
  '\\archive',
  '\\all',
  '\\junk',
  '\\spam',
  '\\trash',
];

/** The folder tree with unread counts (spec 02 §3 folder), special folders first. */
export async function listFolders(deps: MailboxDeps, caller: Caller, userId?: string): Promise<MailboxFolder[]> {
  assertOwnUser(caller, userId);
  return withMailbox(deps, caller, async (provider, ops) => {
    const folders = await provider.freshFolders();
    const counts = ops.folderCounts ? await ops.folderCounts(folders.map((f) => f.id)) : {};
    const special = specialUses(folders);
    const nodes = new Map<string, MailboxFolder>();
    for (const f of folders) {
      nodes.set(f.id, {
        path: f.id,
        name: f.name,
        specialUse: special.get(f.id) ?? f.specialUse,
        parentPath: f.parentId,
        status: { unseen: counts[f.id]?.unseen ?? 0, messages: counts[f.id]?.messages ?? 0 },
        children: [],
      });
    }
    // A parent the server lists as \\NonExistent (created only as a path) still groups its children.
    for (const node of [...nodes.values()]) {
      let child = node;
      while (child.parentPath && !nodes.has(child.parentPath)) {
        const path = child.parentPath;
        const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('.'));
        const parent: MailboxFolder = {
          path,
          name: cut === -1 ? path : path.slice(cut + 1),
          specialUse: null,
          parentPath: cut === -1 ? null : path.slice(0, cut),
          status: { unseen: 0, messages: 0 },
          children: [],
        };
        nodes.set(path, parent);
        child = parent;
      }
    }
    const roots: MailboxFolder[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentPath ? nodes.get(node.parentPath) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    const rank = (f: MailboxFolder) => {
      const i = SPECIAL_ORDER.indexOf(f.specialUse?.toLowerCase() ?? '');
      return i === -1 ? SPECIAL_ORDER.length : i;
    };
    const sort = (list: MailboxFolder[]) => {
      list.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
      list.forEach((f) => sort(f.children));
      return list;
    };
    return sort(roots);
  });
}

/** Special uses found by flag or by usual name, so that a server without RFC 6154 still gets icons. */
function specialUses(folders: MailFolder[]) {
  const found = new Map<string, string>();
  for (const use of ['\\Inbox', '\\Sent', '\\Drafts', '\\Junk', '\\Trash'] as SpecialUse[]) {
    const folder = findSpecialFolder(folders, use);
    if (folder && !folder.specialUse) found.set(folder.id, use);
  }
  return found;
}

export async function specialFolder(provider: MailProvider, use: Exclude<SpecialUse, '\\Inbox'>) {
  const folders = await provider.listFolders();
  return findSpecialFolder(folders, use) ?? (await provider.ensureFolder([DEFAULT_FOLDER_NAME[use]]));
}

function toListItem(m: MessageSummary | BrowsedMessage): EmailListItem {
  return {
    uid: m.id,
    messageId: m.messageId,
    subject: m.subject,
    from: m.from,
    to: { value: m.to },
    date: m.date && !Number.isNaN(m.date.getTime()) ? m.date.toISOString() : null,
    isUnread: !m.seen,
    isFlagged: m.flagged,
    hasAttachments: m.hasAttachments,
    likelySpam: m.junk,
    replyCount: 'threadDepth' in m ? m.threadDepth : 0,
    size: m.size,
  };
}

/** GET /api/mailbox: a page of 25, newest first, with the "N of M" figures. */
export async function listPage(deps: MailboxDeps, caller: Caller, query: ListQuery): Promise<MailboxPage> {
  assertOwnUser(caller, query.userId);
  const page = query.page ?? query.pageRange ?? 1;
  const offset = (page - 1) * EMAILS_PER_PAGE;
  return withMailbox(deps, caller, async (provider, ops) => {
    await assertFolder(provider, query.folder);
    const result = ops.browse
      ? await ops.browse(query.folder, { offset, limit: EMAILS_PER_PAGE, search: query.search || undefined })
      : await ops.list(query.folder, { offset, limit: EMAILS_PER_PAGE });
    const messages = result.messages.map(toListItem);
    return {
      folder: query.folder,
      messages,
      total: result.total,
      page,
      pages: Math.max(1, Math.ceil(result.total / EMAILS_PER_PAGE)),
      from: messages.length ? offset + 1 : 0,
      to: offset + messages.length,
      emailsPerPage: EMAILS_PER_PAGE,
    };
  });
}

/** 404 for a folder the mailbox does not have (rather than the server's error). */
export async function assertFolder(provider: CachedProvider, folder: string) {
  const found =
    (await provider.listFolders()).find((f) => f.id === folder) ?? (await provider.freshFolders()).find((f) => f.id === folder);
  if (!found) throw new AppError(404, 'FOLDER_NOT_FOUND', 'inbox.errors.folderNotFound');
  return found;
}

/** The raw message, from the cache when it was read lately (ids are immutable: the content cannot change). */
export async function rawMessage(deps: MailboxDeps, caller: Caller, ops: MessageOperations, folder: string, uid: string) {
  const cached = deps.raw.get(caller.id, folder, uid);
  if (cached) return cached;
  const raw = await ops.fetchRaw(folder, uid);
  if (!raw) throw notFound('inbox.errors.messageNotFound');
  deps.raw.set(caller.id, folder, uid, raw);
  return raw;
}

/** GET /api/mailbox/messages/{uid}: the message, marked read as it is opened unless the caller only peeks. */
export async function getMessage(
  deps: MailboxDeps,
  caller: Caller,
  uid: string,
  query: { folder: string; userId?: string; peek?: '0' | '1' },
): Promise<MessageDetail> {
  assertOwnUser(caller, query.userId);
  const markRead = query.peek !== '1';
  return withMailbox(deps, caller, async (provider, ops) => {
    let raw: Buffer;
    let flagged = false;
    let unread = false;
    let junk = false;
    let draft = findSpecialFolder(await provider.listFolders(), '\\Drafts')?.id === query.folder;
    if (ops.fetchWithFlags) {
      const found = await ops.fetchWithFlags(query.folder, uid);
      if (!found) throw notFound('inbox.errors.messageNotFound');
      raw = found.raw;
      flagged = found.flagged;
      unread = !found.seen;
      junk = found.junk;
      draft ||= found.draft;
      deps.raw.set(caller.id, query.folder, uid, raw);
    } else {
      raw = await rawMessage(deps, caller, ops, query.folder, uid);
    }
    if (markRead && (unread || !ops.fetchWithFlags)) {
      await ops.setFlags(query.folder, [uid], { add: ['\\Seen'] });
      unread = false;
    }
    const parsed = await parseMessage(raw);
    const attachments = parsed.attachments
      .map((a, index) => ({
        index,
        filename: a.filename ?? `attachment-${index + 1}`,
        contentType: a.contentType,
        size: a.size,
        inline: a.inline,
      }))
      .filter((a) => !(a.inline && parsed.html?.includes(`cid:${parsed.attachments[a.index]?.contentId ?? '\u0000'}`)));
    return {
      uid,
      folder: query.folder,
      messageId: parsed.messageId,
      subject: parsed.subject,
      from: parsed.from,
      to: { value: parsed.to },
      cc: { value: parsed.cc },
      bcc: { value: parsed.bcc },
      replyTo: parsed.replyTo,
      inReplyTo: parsed.inReplyTo,
      references: parsed.references,
      date: parsed.date ? parsed.date.toISOString() : null,
      isUnread: unread,
      isFlagged: flagged,
      hasAttachments: attachments.length > 0,
      likelySpam: junk,
      replyCount: parsed.references.length,
      size: raw.length,
      text: parsed.text.trim() || !parsed.html ? parsed.text : htmlToText(parsed.html),
      hasHtml: parsed.html !== null && parsed.html.trim() !== '',
      hasRemoteImages: parsed.html ? mentionsRemoteImages(parsed.html) : false,
      attachments,
      isDraft: draft,
    };
  });
}

/** The sanitized body document and its CSP (the body endpoint). */
export async function messageBody(deps: MailboxDeps, caller: Caller, uid: string, folder: string, allowRemoteImages: boolean) {
  return withMailbox(deps, caller, async (_provider, ops) => {
    const raw = await rawMessage(deps, caller, ops, folder, uid);
    const parsed = await parseMessage(raw, { withAttachments: true });
    let body: string;
    if (parsed.html && parsed.html.trim()) {
      const inlineImages = new Map<string, string>();
      for (const a of parsed.attachments) {
        if (a.contentId && a.content && a.contentType.startsWith('image/') && a.content.length <= INLINE_IMAGE_MAX) {
          inlineImages.set(a.contentId, `data:${a.contentType};base64,${a.content.toString('base64')}`);
        }
      }
      body = sanitizeMailHtml(parsed.html, { allowRemoteImages, inlineImages }).html;
    } else {
      body = textAsHtml(parsed.text);
    }
    return { html: mailDocument(body), csp: mailBodyCsp(allowRemoteImages) };
  });
}

/**
 * One attachment, handed to `send` as a stream. A message read lately is still in memory; otherwise
 * it is streamed from the server where the provider can, and only that attachment goes through.
 */
export async function attachment(
  deps: MailboxDeps,
  caller: Caller,
  uid: string,
  folder: string,
  index: number,
  send: (file: StreamedAttachment) => Promise<void>,
) {
  await withMailbox(deps, caller, async (_provider, ops) => {
    if (ops.withRawStream && !deps.raw.get(caller.id, folder, uid)) {
      try {
        const sent = await ops.withRawStream(folder, uid, async (raw) => (await withAttachmentStream(raw, index, send)) ?? false);
        if (sent === null) throw notFound('inbox.errors.messageNotFound');
        if (!sent) throw notFound('inbox.errors.attachmentNotFound');
        return;
      } catch (error) {
        // A message the streaming parser cannot read is read whole below, with its fallbacks.
        if (!(error instanceof AttachmentParseError)) throw error;
      }
    }
    const raw = await rawMessage(deps, caller, ops, folder, uid);
    const parsed = await parseMessage(raw, { withAttachments: true });
    const found = parsed.attachments[index];
    if (!found || !found.content) throw notFound('inbox.errors.attachmentNotFound');
    await send({ filename: found.filename, contentType: found.contentType, content: Readable.from([found.content]) });
  });
}

type FlagChange = { uids: string[]; folder: string; flags: MailboxFlag[] };

/** POST (add) and DELETE (remove) of flags; adding `\Deleted` deletes the messages (to Trash, or for good from Trash). */
export async function changeFlags(deps: MailboxDeps, caller: Caller, input: FlagChange & { userId?: string }, add: boolean) {
  assertOwnUser(caller, input.userId);
  return withMailbox(deps, caller, async (provider, ops) => {
    await assertFolder(provider, input.folder);
    const flags = storable(input.flags);
    if (flags.length) await ops.setFlags(input.folder, input.uids, add ? { add: flags } : { remove: flags });
    if (add && input.flags.includes('\\Deleted')) await deleteMessages(provider, ops, input.folder, input.uids);
    return { success: true as const };
  });
}

async function deleteMessages(provider: MailProvider, ops: MessageOperations, folder: string, uids: string[]) {
  const trash = await specialFolder(provider, '\\Trash');
  if (trash.id === folder) {
    await expunge(ops, folder, uids);
    return;
  }
  await ops.setFlags(folder, uids, { add: ['\\Seen'] });
  await ops.move(folder, uids, trash.id);
}

/** POST /api/mailbox/messages/move/{from}/{to}: flags first (spam: `\Seen $Junk Junk`; trash: `\Seen`), then the move. */
export async function moveMessages(
  deps: MailboxDeps,
  caller: Caller,
  from: string,
  to: string,
  input: { uids: string[]; flags: MailboxFlag[]; userId?: string },
) {
  assertOwnUser(caller, input.userId);
  return withMailbox(deps, caller, async (provider, ops) => {
    const source = await assertFolder(provider, from);
    await assertFolder(provider, to);
    const flags = storable(input.flags);
    if (source.id === to) {
      // Deleting from the trash: the move would be a no-op, so the messages go for good.
      const trash = findSpecialFolder(await provider.listFolders(), '\\Trash');
      if (trash?.id === to) await expunge(ops, from, input.uids);
      return { success: true as const };
    }
    if (flags.length) await ops.setFlags(from, input.uids, { add: flags });
    await ops.move(from, input.uids, to);
    return { success: true as const };
  });
}
