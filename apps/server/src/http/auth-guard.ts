import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../errors';
import { type Actor, assertFeature, type ResolvedSession } from '../access/actor';

declare module 'fastify' {
  interface FastifyRequest {
    user: Actor | null;
  }
}

/** A preHandler that loads the session user or answers 401; unverified e-mails get 403. */
export function makeRequireUser(resolveSession: (headers: FastifyRequest['headers']) => Promise<ResolvedSession | null>) {
  return async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    const session = await resolveSession(request.headers);
    if (!session) throw unauthorized();
    if (!session.user.emailVerified) throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email before logging in');
    if (session.setCookie.length) reply.header('set-cookie', session.setCookie);
    request.user = session.user;
  };
}

/**
 * The guard of the AI configuration's routes (knowledge, prompt, mailbox settings and categories):
 * a member invited without `hasAiConfig` has the assistant only (spec 02 §6), so they may read but
 * not change it. Owners always may.
 */
export function makeRequireAiConfigChange(requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  return async function requireAiConfigChange(request: FastifyRequest, reply: FastifyReply) {
    await requireUser(request, reply);
    if (!readOnly.has(request.method)) assertFeature(currentUser(request), 'aiConfig');
  };
}

const readOnly = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return request.user;
}
