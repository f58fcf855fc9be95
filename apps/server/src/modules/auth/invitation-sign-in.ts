import { addOAuthServerContext, APIError, getOAuthState } from 'better-auth/api';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import * as invitations from '../invitations/invitations.service';

/**
 * Accepting a google/microsoft invitation by signing in with that provider (spec 02 §2, DESIGN §10).
 * The set-password page starts Better Auth's social sign-in with the invitation token as
 * `additionalData`; the `/sign-in/social` hook checks it and moves it into the flow's server context
 * (signed into the OAuth state, so the client cannot change it on the way back). On the callback the
 * user hooks read it back: the account is created as the owner's verified member only when the
 * provider's address is the invited one, and the token is consumed with it.
 */

type HookContext = { path?: string; params?: Record<string, string | undefined>; body?: unknown } | null | undefined;

const CALLBACK_PATH = '/callback/:id';
const STATUS = { 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 409: 'CONFLICT' } as const;

/** Better Auth redirects an APIError's code and message to the error URL; other errors would be a 500. */
async function asAuthError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const status = STATUS[error.status as keyof typeof STATUS] ?? 'BAD_REQUEST';
    throw new APIError(status, { code: error.code, message: error.message });
  }
}

/** `/sign-in/social` with an invitation token: refuse early, or carry it through the provider. */
export async function startInvitationSignIn(db: Db, ctx: HookContext) {
  const body = ctx?.body as { provider?: unknown; additionalData?: { invitationToken?: unknown } } | undefined;
  const token = body?.additionalData?.invitationToken;
  if (token === undefined) return;
  if (typeof token !== 'string' || token.length > 200) throw new APIError('BAD_REQUEST', { message: 'Invalid invitation token' });
  await asAuthError(() => invitations.assertProviderInvitation(db, token, String(body?.provider)));
  await addOAuthServerContext({ invitationToken: token });
}

/** The invitation the current provider callback accepts, if any. */
async function invitationInFlow(ctx: HookContext) {
  if (ctx?.path !== CALLBACK_PATH) return null;
  const token = (await getOAuthState())?.serverContext?.invitationToken;
  return typeof token === 'string' ? { token, provider: ctx.params?.id ?? '' } : null;
}

export async function invitedUserFields(db: Db, ctx: HookContext, email: string) {
  const flow = await invitationInFlow(ctx);
  if (!flow) return {};
  return asAuthError(() => invitations.providerMemberFields(db, flow.token, flow.provider, email));
}

export async function consumeInvitation(db: Db, ctx: HookContext, user: { id: string; referrerId?: string | null }) {
  const flow = await invitationInFlow(ctx);
  if (!flow || !user.referrerId) return;
  const referrerId = user.referrerId;
  await asAuthError(() => invitations.consumeForProviderMember(db, flow.token, { id: user.id, referrerId }));
}

/**
 * In an invitation flow only the member just created may get a session: a provider account that
 * already belongs to someone signs nobody in here, and the invitation stays open.
 */
export async function assertInvitationSession(
  db: Db,
  ctx: HookContext,
  userId: string,
  findUser: (id: string) => Promise<{ id: string; email: string } | null>,
) {
  const flow = await invitationInFlow(ctx);
  if (!flow || (await invitations.acceptedBy(db, flow.token, userId))) return;
  const user = await findUser(userId);
  // The invited address has an account now, or the provider's is another one: say which.
  await asAuthError(() => invitations.providerMemberFields(db, flow.token, flow.provider, user?.email ?? ''));
  throw new APIError('FORBIDDEN', {
    code: 'INVITATION_EMAIL_MISMATCH',
    message: 'Sign in with the address the invitation was sent to',
  });
}
