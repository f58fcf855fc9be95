import type { ServerResponse } from 'node:http';
import { askAnswerSchema, askInputSchema, type AskError } from '@app/shared/assistant';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AssistantLanguage } from '../../ai/assistant';
import { currentUser } from '../../http/auth-guard';
import { AppError } from '../../errors';
import { requestLanguage } from '../../notifications/templates';
import * as service from './assistant.service';

/** The app's language for this request (its i18next cookie, then Accept-Language): the answer's language unless the question shows another. */
function uiLanguage(req: FastifyRequest): AssistantLanguage {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  if (req.headers['accept-language']) headers.set('accept-language', req.headers['accept-language']);
  return requestLanguage(headers) === 'fr' ? 'fr' : 'en';
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

function streamError(error: unknown): AskError {
  if (error instanceof AppError) return { success: false, code: error.code, message: error.message, status: error.status };
  return { success: false, code: 'SERVER_ERROR', message: 'Unknown error occurred', status: 500 };
}

/** The AI service of spec 02 §7 under /api/ai: POST /ask, and its streamed variant (Server-Sent Events). */
export function registerAssistantRoutes(app: FastifyInstance, deps: service.AssistantDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'user' } as const;

  r.post('/api/ai/ask', { config, schema: { body: askInputSchema, response: { 200: askAnswerSchema } } }, async (req) =>
    service.ask(deps, currentUser(req), req.body, uiLanguage(req)),
  );

  // Open streams are ended when the server closes, which would otherwise wait for them.
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  /**
   * Refusals (validation, sign-in, rate limit) answer JSON with their status before the stream
   * starts; then `delta` events carry the answer as it comes, and one `done` (the answer as
   * POST /ask gives it) or `error` event ends the stream.
   */
  r.post('/api/ai/ask/stream', { config, schema: { body: askInputSchema } }, async (req, reply) => {
    const caller = currentUser(req);
    await service.checkRateLimit(deps, caller);
    const question = service.toQuestion(req.body);
    const context = await service.buildContext(deps, caller, question, uiLanguage(req));
    const engine = await deps.engineOf(caller.id);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    streams.add(raw);
    let closed = false;
    req.raw.on('close', () => {
      closed = true;
      streams.delete(raw);
    });
    // Ended by the server's shutdown (preClose) too: nothing may be written after that.
    const gone = () => closed || raw.writableEnded;
    let text = '';
    try {
      for await (const piece of engine.streamAnswer(question, context)) {
        if (gone()) break;
        text += piece;
        if (piece) raw.write(event('delta', { text: piece }));
      }
      if (!gone()) {
        const answer = service.finalAnswer(text);
        raw.write(event('done', { success: true, answer, message: '', status: 200, engine: engine.name }));
      }
    } catch (error) {
      const failure = streamError(error instanceof AppError ? error : catchEngine(error));
      if (failure.status >= 500) req.log.error({ err: error }, 'assistant stream failed');
      if (!gone()) raw.write(event('error', failure));
    } finally {
      streams.delete(raw);
      raw.end();
    }
  });
}

/** An engine failure as the AppError POST /ask would answer; anything else stays itself. */
function catchEngine(error: unknown): unknown {
  try {
    service.engineUnavailable(error);
  } catch (mapped) {
    return mapped;
  }
}
