import { Readable } from 'node:stream';
import {
  EMAILS_PER_PAGE,
  type EmailListItem,
  type MailboxPage,
  type MessageDetail,
  type mailboxListQuerySchema,
} from '@app/shared/mailbox';
import type { z } from 'zod';
import { notFound } from '../../errors';
import { parseMessage } from '../../mail/mime/parse-message';
import { AttachmentParseError, type StreamedAttachment, withAttachmentStream } from '../../mail/mime/stream-attachment';
import type { BrowsedMessage, MessageOperations, MessageSummary } from '../../mail/port';
import { findSpecialFolder } from '../../mail/special-folders';
import { reviewOfDraft } from '../../pipeline/ai-drafts';

import { htmlToText, mailBodyCsp, mailDocument, mentionsRemoteImages, sanitizeMailHtml, textAsHtml } from './mail-html';
import { assertFolder } from './mailbox-folders';
import { type MailboxDeps, withMailbox } from './mailbox.service';
import { type ActorRef, assertSelf } from '../../access/actor';

type ListQuery = z.output<typeof mailboxListQuerySchema>;

/** Inline images are embedded as data: URLs up to this size each. */
const INLINE_IMAGE_MAX = 2 * 1024 * 1024;

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
export async function listPage(deps: MailboxDeps, caller: ActorRef, query: ListQuery): Promise<MailboxPage> {
  assertSelf(caller, query.userId);
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

/** The raw message, from the cache when it was read lately (ids are immutable: the content cannot change). */
export async function rawMessage(deps: MailboxDeps, caller: ActorRef, ops: MessageOperations, folder: string, uid: string) {
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
  caller: ActorRef,
  uid: string,
  query: { folder: string; userId?: string; peek?: '0' | '1' },
): Promise<MessageDetail> {
  assertSelf(caller, query.userId);
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
    const aiReview = draft ? await reviewOfDraft(deps.db, caller.id, parsed) : null;
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
      ...(aiReview ? { aiReview } : {}),
    };
  });
}

/** The sanitized body document and its CSP (the body endpoint). */
export async function messageBody(deps: MailboxDeps, caller: ActorRef, uid: string, folder: string, allowRemoteImages: boolean) {
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
  caller: ActorRef,
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
