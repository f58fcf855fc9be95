import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  aiDraftInputSchema,
  aiDraftSchema,
  ATTACHMENTS_MAX_BYTES,
  ATTACHMENTS_MAX_COUNT,
  attachmentParamSchema,
  bodyQuerySchema,
  composeFieldsSchema,
  draftFieldsSchema,
  draftQuerySchema,
  draftSavedSchema,
  flagsBodySchema,
  mailboxFolderSchema,
  mailboxFoldersQuerySchema,
  mailboxListQuerySchema,
  mailboxPageSchema,
  messageDetailSchema,
  messageQuerySchema,
  moveBodySchema,
  moveParamSchema,
  notSpamBodySchema,
  notSpamParamSchema,
  notSpamResultSchema,
  sendResultSchema,
  successSchema,
  uidParamSchema,
} from '@app/shared/mailbox';
import { rulesPreviewInputSchema, rulesPreviewSchema } from '@app/shared/categories';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AiEngine, Grounding } from '../../ai/engine';
import { AppError } from '../../errors';
import { currentUser } from '../../http/auth-guard';
import type { MailSettingsDeps } from '../mail-settings/mail-settings.service';
import { aiDraft } from './ai-draft';
import { changeFlags, moveMessages } from './change-messages';
import type { Upload } from './compose-message';
import { discardDraft, saveDraft } from './drafts';
import { listFolders } from './mailbox-folders';
import { createMailboxPool } from './mailbox-pool';
import type { MailboxDeps } from './mailbox.service';
import { markNotSpam } from './not-spam';
import { attachment, getMessage, listPage, messageBody } from './read-messages';
import { previewRules } from './rules-preview';
import { createRawCache } from './raw-cache';
import type { ActorRef } from '../../access/actor';
import { searchMail } from './search-mail';
import { sendMessage } from './send-message';

/** Room for the form fields and multipart framing on top of the attachments. */
const FORM_OVERHEAD_BYTES = 2 * 1024 * 1024;
const FIELD_MAX_BYTES = 1024 * 1024;

const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'inbox.validation.attachmentsTooLarge');

/** The webmail's `/api/mailbox…` calls (spec 02 §7). Every call works on the session user's own mailbox. */
export async function registerMailboxRoutes(
  app: FastifyInstance,
  deps: MailSettingsDeps & { engineOf(userId: string): Promise<AiEngine>; grounding: Grounding },
) {
  const pool = createMailboxPool();
  const mailbox = { ...deps, pool, raw: createRawCache(), folders: new Map() } satisfies MailboxDeps;
  app.addHook('onClose', async () => pool.close());

  // Multipart parsing lives in this plugin only, so that no other route accepts it.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: ATTACHMENTS_MAX_BYTES,
        files: ATTACHMENTS_MAX_COUNT,
        fields: 50,
        fieldSize: FIELD_MAX_BYTES,
        parts: 100,
      },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    // Authentication runs before validation: a signed-out caller learns nothing about the input.
    const config = { access: 'user' } as const;

    r.get(
      '/api/mailbox',
      { config, schema: { querystring: mailboxListQuerySchema, response: { 200: mailboxPageSchema } } },
      async (req) => listPage(mailbox, currentUser(req), req.query),
    );

    r.get(
      '/api/mailbox/folders',
      { config, schema: { querystring: mailboxFoldersQuerySchema, response: { 200: z.array(mailboxFolderSchema) } } },
      async (req) => listFolders(mailbox, currentUser(req), req.query.userId),
    );

    r.get(
      '/api/mailbox/messages/:uid',
      {
        config,
        schema: { params: uidParamSchema, querystring: messageQuerySchema, response: { 200: messageDetailSchema } },
      },
      async (req) => getMessage(mailbox, currentUser(req), req.params.uid, req.query),
    );

    /** The sanitized body as its own document, for a sandboxed iframe (DESIGN §7). */
    r.get(
      '/api/mailbox/messages/:uid/body',
      { config, schema: { params: uidParamSchema, querystring: bodyQuerySchema } },
      async (req, reply) => {
        const { html, csp } = await messageBody(
          mailbox,
          currentUser(req),
          req.params.uid,
          req.query.folder,
          req.query.images === '1',
        );
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', csp)
          .header('x-content-type-options', 'nosniff')
          .header('x-frame-options', 'SAMEORIGIN')
          .header('referrer-policy', 'no-referrer')
          .header('cache-control', 'private, no-store')
          .send(html);
      },
    );

    /** Attachments are always downloaded, never rendered on our origin. */
    r.get(
      '/api/mailbox/messages/:uid/attachments/:index',
      { config, schema: { params: attachmentParamSchema, querystring: bodyQuerySchema.pick({ folder: true }) } },
      async (req, reply) => {
        const { uid, index } = req.params;
        await attachment(mailbox, currentUser(req), uid, req.query.folder, index, async (file) => {
          void reply
            .header('content-type', safeContentType(file.contentType))
            .header('content-disposition', contentDisposition(file.filename ?? `attachment-${index + 1}`))
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "default-src 'none'; sandbox")
            .header('cache-control', 'private, no-store')
            .send(file.content);
          // The mailbox stays in use until the last byte has left (or the download was abandoned).
          await finished(reply.raw).catch(() => undefined);
        });
        return reply;
      },
    );

    r.post(
      '/api/mailbox/messages/flags',
      { config, schema: { body: flagsBodySchema, response: { 200: successSchema } } },
      async (req) => changeFlags(mailbox, currentUser(req), req.body, true),
    );

    r.delete(
      '/api/mailbox/messages/flags',
      { config, schema: { body: flagsBodySchema, response: { 200: successSchema } } },
      async (req) => changeFlags(mailbox, currentUser(req), req.body, false),
    );

    r.post(
      '/api/mailbox/rules-preview',
      { config, schema: { body: rulesPreviewInputSchema, response: { 200: rulesPreviewSchema } } },
      async (req) => previewRules(mailbox, currentUser(req), req.body.rules),
    );

    r.post(
      '/api/mailbox/messages/move/:from/:to',
      { config, schema: { params: moveParamSchema, body: moveBodySchema, response: { 200: successSchema } } },
      async (req) => moveMessages(mailbox, currentUser(req), req.params.from, req.params.to, req.body),
    );

    r.post(
      '/api/mailbox/messages/not-spam/:folder',
      { config, schema: { params: notSpamParamSchema, body: notSpamBodySchema, response: { 200: notSpamResultSchema } } },
      async (req) => markNotSpam(mailbox, currentUser(req), req.params.folder, req.body),
    );

    r.post('/api/mailbox/messages/send', { config, schema: { response: { 200: sendResultSchema } } }, async (req) => {
      const { fields, uploads } = await readCompose(req);
      return sendMessage(mailbox, currentUser(req), parseFields(composeFieldsSchema, fields), uploads);
    });

    r.post('/api/mailbox/messages/draft', { config, schema: { response: { 200: draftSavedSchema } } }, async (req) => {
      const { fields, uploads } = await readCompose(req);
      return saveDraft(mailbox, currentUser(req), parseFields(draftFieldsSchema, fields), uploads);
    });

    r.delete(
      '/api/mailbox/messages/:uid/draft',
      { config, schema: { params: uidParamSchema, querystring: draftQuerySchema, response: { 200: successSchema } } },
      async (req) => discardDraft(mailbox, currentUser(req), req.params.uid, req.query),
    );

    /** "Draft with AI": the active engine's reply to that message, for the compose panel (paid in credits). */
    r.post(
      '/api/mailbox/messages/:uid/ai-draft',
      { config, schema: { params: uidParamSchema, body: aiDraftInputSchema, response: { 200: aiDraftSchema } } },
      async (req) => aiDraft(mailbox, currentUser(req), req.params.uid, req.body),
    );
  });
  // The chat assistant searches the mail through the same connections (issue 39, item 4).
  return {
    searchMail: (caller: ActorRef, query: string, where: 'inbox' | 'sent') => searchMail(mailbox, caller, query, where),
  };
}

type Fields = Record<string, unknown>;

/**
 * The compose form: multipart (with attachments) or JSON. Uploads are counted as they stream in and
 * refused past 25 MB in total before more is read; a declared length beyond it is refused at once.
 */
async function readCompose(req: FastifyRequest): Promise<{ fields: Fields; uploads: Upload[] }> {
  if (!req.isMultipart()) {
    const body = req.body;
    if (!body || typeof body !== 'object') throw new AppError(400, 'BAD_REQUEST', 'inbox.validation.recipientRequired');
    return { fields: normaliseFields(body as Fields), uploads: [] };
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > ATTACHMENTS_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
  // No prototype: a field named __proto__ is a field like any other.
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  const uploads: Upload[] = [];
  let total = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const previous = fields[part.fieldname];
        fields[part.fieldname] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) {
        total += (chunk as Buffer).length;
        if (total > ATTACHMENTS_MAX_BYTES) throw tooLarge();
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) throw tooLarge();
      uploads.push({
        filename: (part.filename || 'attachment').slice(0, 255),
        contentType: part.mimetype || 'application/octet-stream',
        content: Buffer.concat(chunks),
      });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooLarge();
    // Anything else the parser throws is the body's fault: a form cut short, broken framing, bad headers.
    throw new AppError(400, 'BAD_REQUEST', 'Invalid request parameters');
  }
  return { fields: normaliseFields(fields), uploads };
}

/** The spec's misspelt bcc field (`bbc`) is read alongside `bcc`. */
function normaliseFields(input: Fields): Fields {
  const { bbc, bcc, ...rest } = input;
  const join = (value: unknown): unknown[] =>
    Array.isArray(value) ? (value as unknown[]) : value === undefined || value === '' ? [] : [value];
  const merged = [...join(bcc), ...join(bbc)].flatMap((v): unknown[] => (typeof v === 'string' ? v.split(/[,;]/) : [v]));
  return { ...rest, bcc: merged };
}

function parseFields<S extends z.ZodType>(schema: S, fields: Fields): z.output<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppError(400, 'BAD_REQUEST', issues[0]?.message ?? 'Invalid request parameters', { issues });
}

/** Types a browser would render or run are sent as bytes. */
function safeContentType(type: string) {
  const t = type.toLowerCase().split(';')[0]!.trim();
  if (!/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(t)) return 'application/octet-stream';
  if (/html|xml|svg|javascript|ecmascript|x-shockwave/.test(t)) return 'application/octet-stream';
  return t;
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266). */
export function contentDisposition(filename: string) {
  const clean = filename.replace(/[\r\n"\\/]/g, '_').trim() || 'attachment';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}
