import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../errors';
import type { ResolvedSession, SessionUserRow } from '../modules/auth/session-resolver';

export type RequestUser = SessionUserRow;

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
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

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
