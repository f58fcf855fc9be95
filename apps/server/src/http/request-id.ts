import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A proxy's or client's id is kept only when it cannot break a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Fastify's `genReqId`: the incoming `x-request-id` when sane, else a random one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * `onRequest` hook: the id goes back in every answer. Set on the raw response so that hijacked
 * answers (the Server-Sent Event streams write their own head) carry it too.
 */
export async function exposeRequestId(request: FastifyRequest, reply: FastifyReply) {
  reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
}
