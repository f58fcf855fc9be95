import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../errors';
import { type Actor, assertFeature, assertOwner, type ResolvedSession } from '../access/actor';

/**
 * Who may call a route, declared on the route itself (`config: { access }`) and applied here,
 * before validation, so a signed-out caller learns nothing about the body it sent:
 * - `public`: no session (the route has its own credential, or holds no one's data);
 * - `user`: a signed-in user with a verified e-mail, acting on their own data;
 * - `owner`: the account owner only, never an invited member (team, subscription);
 * - `aiConfig`: anyone signed in reads; a member changes the AI configuration only when granted.
 * Which rows a call may touch is then the services' part (`assertSelf` and queries scoped to the actor).
 */
export type Access = 'public' | 'user' | 'owner' | 'aiConfig';

declare module 'fastify' {
  interface FastifyRequest {
    user: Actor | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A preHandler that loads the session user or answers 401; unverified e-mails get 403. */
export function makeRequireUser(resolveSession: (headers: FastifyRequest['headers']) => Promise<ResolvedSession | null>): Guard {
  return async function requireUser(request, reply) {
    const session = await resolveSession(request.headers);
    if (!session) throw unauthorized();
    if (!session.user.emailVerified) throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email before logging in');
    if (session.setCookie.length) reply.header('set-cookie', session.setCookie);
    request.user = session.user;
  };
}

const readOnly = new Set(['GET', 'HEAD', 'OPTIONS']);

function guardOf(access: Exclude<Access, 'public'>, requireUser: Guard): Guard {
  if (access === 'user') return requireUser;
  if (access === 'owner')
    return async (request, reply) => {
      await requireUser(request, reply);
      assertOwner(currentUser(request), 'errors.ownerOnly');
    };
  // A member invited without `hasAiConfig` has the assistant only (spec 02 §6): they may read the AI configuration, not change it.
  return async (request, reply) => {
    await requireUser(request, reply);
    if (!readOnly.has(request.method)) assertFeature(currentUser(request), 'aiConfig');
  };
}

/**
 * Every /api route must declare its access: one registered without it stops the app from starting
 * (and every test with it). Must be called before the first /api route is registered.
 */
export function enforceAccessPolicies(app: FastifyInstance, requireUser: Guard) {
  const guards = new Map<Access, Guard>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access policy (config.access)`);
    if (access === 'public') return;
    if (!guards.has(access)) guards.set(access, guardOf(access, requireUser));
    route.preValidation = [guards.get(access)!, ...[route.preValidation ?? []].flat()];
  });
}

/** The signed-in user of a route that is not public. */
export function currentUser(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return request.user;
}
