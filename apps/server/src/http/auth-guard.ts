import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError, unauthorized } from '../errors';
import type { Auth } from '../modules/auth/auth';

export interface RequestUser {
  id: string;
  email: string;
  emailVerified: boolean;
  referrerId: string | null;
  createdAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

/** A preHandler that loads the session user or answers 401; unverified e-mails get 403. */
export function makeRequireUser(auth: Auth) {
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw unauthorized();
    const user = session.user as typeof session.user & { referrerId?: string | null };
    if (!user.emailVerified) throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email before logging in');
    request.user = {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      referrerId: user.referrerId ?? null,
      createdAt: new Date(user.createdAt),
    };
  };
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
