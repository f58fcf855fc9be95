/**
 * Who a request acts for, and the access policy every service applies first. One type for the
 * signed-in user, whatever the route, and three checks:
 * - assertSelf: a user id named in the request (the spec's `userId` fields) can only be the actor's own;
 * - assertOwner: what only the account owner may do (team, subscription), not an invited member;
 * - assertFeature: what a member may do only when the owner granted it (the AI configuration).
 * Data is then read and written for `actor.id` (or the owner's id for a member's shared data) only.
 */
import { AppError, forbidden } from '../errors';

export interface Actor {
  id: string;
  email: string;
  emailVerified: boolean;
  /** The owner who invited this member; null for an owner. */
  referrerId: string | null;
  /** Members only: may they change the AI configuration (knowledge, prompt, mailbox)? Owners always may. */
  hasAiConfig: boolean;
  createdAt: Date;
}

/** Who acts and for whose account: what most services need of the actor (the worker acts for an owner). */
export type ActorRef = Pick<Actor, 'id' | 'referrerId'>;

/** A session found from the request's cookie, with the cookies to set when it was refreshed. */
export interface ResolvedSession {
  user: Actor;
  /** Set-Cookie headers to pass on when the session was refreshed. */
  setCookie: string[];
}

/** The spec's `userId` fields may only name the actor; an absent or empty one means the actor. */
export function assertSelf(actor: Pick<Actor, 'id'>, requested: string | null | undefined) {
  if (requested && requested !== actor.id) throw forbidden();
}

/** What only the account owner may do; `message` says what, for the member who tried. */
export function assertOwner(actor: Pick<Actor, 'referrerId'>, message?: string) {
  if (actor.referrerId !== null) throw forbidden(message);
}

export type Feature = 'aiConfig';

/** A member may change the AI configuration only when the owner granted it; owners always may. */
export function assertFeature(actor: Pick<Actor, 'referrerId' | 'hasAiConfig'>, feature: Feature) {
  if (feature === 'aiConfig' && actor.referrerId !== null && !actor.hasAiConfig)
    throw new AppError(403, 'FORBIDDEN', 'errors.aiConfigNotAllowed');
}
