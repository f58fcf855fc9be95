import { createHash, randomBytes } from 'node:crypto';
import {
  type bulkInvitationsSchema,
  type Invitation,
  INVITATION_TOKEN_TTL_DAYS,
  type invitationInputSchema,
  type invitationUpdateSchema,
  teamSizeLimit,
  type VerifyInvitationResponse,
} from '@app/shared/invitations';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import type { Mailer } from '../../notifications/mailer';
import { invitationMail, type MailLanguage } from '../../notifications/templates';
import type { SessionChanges } from '../auth/session-cache';
import { type MailSettingsDeps, revokeMailGrantOf } from '../mail-settings/mail-settings.service';
import { accountPlan } from '../subscriptions/subscriptions.service';
import * as repo from './invitations.repository';
import { type Actor, assertSelf } from '../../access/actor';

export type InvitationsDeps = {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  billingEnabled: boolean;
  /** Invitation mails an owner may send per 24 hours (the mailer must not become a spam relay). */
  dailyCap: number;
  createMember(input: { email: string; name: string; password: string; ownerId: string; hasAiConfig: boolean }): Promise<string>;
  mail: Pick<MailSettingsDeps, 'db' | 'providers' | 'secretBox'>;
  sessionChanges: SessionChanges;
};
/** The account owner: the routes' `owner` access policy admits no one else. */
type Owner = Pick<Actor, 'id' | 'email' | 'referrerId'>;

type NewInvite = Pick<
  z.output<typeof invitationInputSchema>,
  'email' | 'firstName' | 'lastName' | 'connectionMethod' | 'metadata'
>;

const DAY_MS = 86_400_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token), tokenExpiresAt: new Date(Date.now() + INVITATION_TOKEN_TTL_DAYS * DAY_MS) };
}

export function toInvitation(row: repo.InvitationRow): Invitation {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    connectionMethod: row.connectionMethod,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    referrerId: row.ownerId,
    userId: row.memberId,
    uid: row.memberId,
    metadata: { hasAiConfig: row.hasAiConfig },
    role: 'User',
  };
}

async function assertTeamRoom(deps: InvitationsDeps, owner: Owner, adding: number) {
  const { plan } = await accountPlan(deps.db, owner, deps.billingEnabled);
  const limit = teamSizeLimit(plan);
  if (limit === null) return;
  const size = await repo.teamSize(deps.db, owner.id);
  if (size + adding > limit) {
    const message = `Your plan allows ${limit} ${limit === 1 ? 'user' : 'users'}, you included: upgrade to invite more`;
    throw new AppError(409, 'TEAM_LIMIT_REACHED', message, { limit });
  }
}

/** For the members quota banner: more people on the account than the plan allows (after a downgrade). */
export async function membersQuotaExceeded(db: Db, owner: { id: string; referrerId: string | null }, plan: string) {
  if (owner.referrerId !== null) return false;
  const limit = teamSizeLimit(plan);
  return limit !== null && 1 + (await repo.memberCount(db, owner.id)) > limit;
}

async function assertDailyCap(deps: InvitationsDeps, owner: Owner, adding: number) {
  const sent = await repo.sentSince(deps.db, owner.id, new Date(Date.now() - DAY_MS));
  if (sent + adding > deps.dailyCap) {
    throw new AppError(429, 'INVITATION_DAILY_LIMIT', `At most ${deps.dailyCap} invitations can be sent per day`, {
      limit: deps.dailyCap,
    });
  }
}

/** Refuses addresses already invited by this owner or already registered. */
async function assertNewAddresses(deps: InvitationsDeps, owner: Owner, emails: string[]) {
  const [invited, registered] = await Promise.all([
    repo.liveEmails(deps.db, owner.id, emails),
    repo.registeredEmails(deps.db, emails),
  ]);
  const taken = emails.find((e) => invited.has(e) || registered.has(e));
  if (taken) {
    const code = invited.has(taken) ? 'INVITATION_EXISTS' : 'USER_EXISTS';
    throw new AppError(
      409,
      code,
      code === 'INVITATION_EXISTS' ? `${taken} is already invited` : `${taken} already has an account`,
      { email: taken },
    );
  }
}

/** Sends the mail: SENT when it leaves, FAILED when the mail server refuses it. */
async function deliver(deps: InvitationsDeps, owner: Owner, row: repo.InvitationRow, token: string, lang: MailLanguage) {
  const url = `${deps.appUrl}/invitations/verify?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(invitationMail(lang, row.email, { inviter: owner.email, firstName: row.firstName }, url));
    return (await repo.updateInvitation(deps.db, row.id, { status: 'SENT', sentAt: new Date() }))!;
  } catch {
    return (await repo.updateInvitation(deps.db, row.id, { status: 'FAILED' }))!;
  }
}

export async function listInvitations(
  deps: InvitationsDeps,
  owner: Owner,
  query: { page: number; limit: number; searchTerm: string; referrerId?: string },
) {
  assertSelf(owner, query.referrerId);
  await repo.expireStale(deps.db, owner.id);
  const { rows, total } = await repo.listInvitations(
    deps.db,
    owner.id,
    query.searchTerm,
    (query.page - 1) * query.limit,
    query.limit,
  );
  return { invitations: rows.map(toInvitation), total };
}

/** Invites several people at once; every row is checked before anything is saved or sent. */
export async function inviteMany(deps: InvitationsDeps, owner: Owner, invites: NewInvite[], lang: MailLanguage) {
  const emails = invites.map((i) => i.email);
  const duplicate = emails.find((e, i) => emails.indexOf(e) !== i);
  if (duplicate) throw new AppError(400, 'BAD_REQUEST', `Duplicate email address: ${duplicate}`);
  await assertNewAddresses(deps, owner, emails);
  await assertTeamRoom(deps, owner, invites.length);
  await assertDailyCap(deps, owner, invites.length);
  const tokens = invites.map(() => newToken());
  const rows = await repo.insertInvitations(
    deps.db,
    invites.map((invite, i) => ({
      ownerId: owner.id,
      email: invite.email,
      firstName: invite.firstName,
      lastName: invite.lastName,
      connectionMethod: invite.connectionMethod,
      hasAiConfig: invite.metadata.hasAiConfig,
      tokenHash: tokens[i]!.tokenHash,
      tokenExpiresAt: tokens[i]!.tokenExpiresAt,
    })),
  );
  const sent: repo.InvitationRow[] = [];
  for (const [i, row] of rows.entries()) sent.push(await deliver(deps, owner, row, tokens[i]!.token, lang));
  return sent.map(toInvitation);
}

export async function invite(
  deps: InvitationsDeps,
  owner: Owner,
  input: z.output<typeof invitationInputSchema>,
  lang: MailLanguage,
) {
  assertSelf(owner, input.referrerId);
  const [created] = await inviteMany(deps, owner, [input], lang);
  return created!;
}

export async function inviteBulk(
  deps: InvitationsDeps,
  owner: Owner,
  input: z.output<typeof bulkInvitationsSchema>,
  lang: MailLanguage,
) {
  assertSelf(owner, input.referrerId);
  const invitations = await inviteMany(deps, owner, input.invitations, lang);
  return { invitations, total: invitations.length };
}

async function requireInvitation(deps: InvitationsDeps, owner: Owner, id: string) {
  const row = await repo.findInvitation(deps.db, owner.id, id);
  if (!row || row.status === 'DELETED') throw notFound('Invitation not found');
  return row;
}

export async function updateInvitation(
  deps: InvitationsDeps,
  owner: Owner,
  id: string,
  input: z.output<typeof invitationUpdateSchema>,
) {
  assertSelf(owner, input.referrerId);
  const row = await requireInvitation(deps, owner, id);
  const updated = await repo.updateInvitation(deps.db, row.id, {
    firstName: input.firstName,
    lastName: input.lastName,
    connectionMethod: input.connectionMethod,
    hasAiConfig: input.metadata.hasAiConfig,
  });
  if (row.memberId) {
    await repo.setMemberAiConfig(deps.db, owner.id, row.memberId, input.metadata.hasAiConfig);
    deps.sessionChanges.forgetUser(row.memberId);
  }
  return toInvitation(updated!);
}

/**
 * Deletes an invitation. Once accepted, the member's account goes with it (with their personal data,
 * after revoking their mailbox grant): the member existed for this team only.
 */
export async function deleteInvitation(
  deps: InvitationsDeps,
  owner: Owner,
  input: { memberId: string; referrerId?: string; userId?: string },
) {
  assertSelf(owner, input.referrerId ?? input.userId);
  const row = await requireInvitation(deps, owner, input.memberId);
  if (row.memberId) {
    await revokeMailGrantOf(deps.mail, row.memberId);
    await repo.deleteMember(deps.db, owner.id, row.memberId);
    deps.sessionChanges.forgetUser(row.memberId);
  }
  await repo.updateInvitation(deps.db, row.id, { status: 'DELETED', tokenHash: null, memberId: null });
}

/** Sends a new link (the old one stops working); every status but ACCEPTED. */
export async function resendInvitation(
  deps: InvitationsDeps,
  owner: Owner,
  input: { _id: string; referrerId?: string },
  lang: MailLanguage,
) {
  assertSelf(owner, input.referrerId);
  const row = await requireInvitation(deps, owner, input._id);
  if (row.status === 'ACCEPTED') throw conflict('INVITATION_ACCEPTED', 'This invitation has already been accepted');
  // An invitation that no longer holds a place in the team takes one again.
  if (row.status !== 'PENDING' && row.status !== 'SENT') await assertTeamRoom(deps, owner, 1);
  await assertDailyCap(deps, owner, 1);
  const { token, tokenHash, tokenExpiresAt } = newToken();
  const renewed = await repo.updateInvitation(deps.db, row.id, { status: 'PENDING', tokenHash, tokenExpiresAt });
  return toInvitation(await deliver(deps, owner, renewed!, token, lang));
}

const tokenProblems = {
  invalid: 'This invitation link is invalid.',
  expired: 'This invitation has expired. Ask for a new one.',
  used: 'This invitation has already been used.',
} as const;

/** What a token is worth, without consuming it (mail scanners open links too). */
async function inspectToken(deps: Pick<InvitationsDeps, 'db'>, token: string) {
  const row = await repo.findByTokenHash(deps.db, hashToken(token));
  if (!row) return { problem: 'invalid' as const };
  const live = row.status === 'PENDING' || row.status === 'SENT';
  if (live && row.tokenExpiresAt && row.tokenExpiresAt <= new Date()) {
    // This public call marks only its own invitation, never sweeps the table.
    await repo.updateInvitation(deps.db, row.id, { status: 'EXPIRED' });
    return { problem: 'expired' as const };
  }
  if (row.status === 'EXPIRED') return { problem: 'expired' as const };
  if (row.status === 'ACCEPTED') return { problem: 'used' as const };
  if (row.status !== 'PENDING' && row.status !== 'SENT') return { problem: 'invalid' as const };
  return { row };
}

export async function verifyToken(deps: InvitationsDeps, token: string): Promise<VerifyInvitationResponse> {
  const { row, problem } = await inspectToken(deps, token);
  if (!row) return { success: false, error: problem, message: tokenProblems[problem] };
  return {
    success: true,
    error: null,
    _id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    connectionMethod: row.connectionMethod,
  };
}

/**
 * Accepts an e-mail/password invitation: the member's verified account is created under the owner
 * and the token consumed. The token is all the browser gives; the address comes from the invitation.
 */
export async function acceptWithPassword(deps: InvitationsDeps, input: { token: string; password: string }) {
  const { row, problem } = await inspectToken(deps, input.token);
  if (!row) throw new AppError(400, 'INVALID_INVITATION', tokenProblems[problem], { reason: problem });
  if (row.connectionMethod !== 'email/password') {
    throw new AppError(400, 'WRONG_CONNECTION_METHOD', `This invitation is accepted by signing in with ${row.connectionMethod}`);
  }
  if ((await repo.registeredEmails(deps.db, [row.email])).size > 0) {
    throw new AppError(409, 'USER_EXISTS', `${row.email} already has an account`, { email: row.email });
  }
  const name = `${row.firstName} ${row.lastName}`.trim();
  const memberId = await deps.createMember({
    email: row.email,
    name,
    password: input.password,
    ownerId: row.ownerId,
    hasAiConfig: row.hasAiConfig,
  });
  if (!(await repo.consumeToken(deps.db, hashToken(input.token), memberId))) {
    // Another acceptance won the race: the account made here must not survive.
    await repo.deleteMember(deps.db, row.ownerId, memberId);
    throw new AppError(400, 'INVALID_INVITATION', tokenProblems.used, { reason: 'used' });
  }
  return { success: true as const };
}

const invalidInvitation = (problem: keyof typeof tokenProblems) =>
  new AppError(400, 'INVALID_INVITATION', tokenProblems[problem], { reason: problem });

/** A live invitation whose connection method is this provider, before the provider sign-in starts. */
export async function assertProviderInvitation(db: Db, token: string, provider: string) {
  const { row, problem } = await inspectToken({ db }, token);
  if (!row) throw invalidInvitation(problem);
  if (row.connectionMethod !== provider) {
    throw new AppError(400, 'WRONG_CONNECTION_METHOD', `This invitation is accepted by signing in with ${row.connectionMethod}`);
  }
  if ((await repo.registeredEmails(db, [row.email])).size > 0) {
    throw new AppError(409, 'USER_EXISTS', `${row.email} already has an account`, { email: row.email });
  }
  return row;
}

/**
 * The member fields of the account a provider sign-in creates for an invitation. The provider's
 * address must be the invited one (case-insensitive): anything else is refused before any account
 * exists.
 */
export async function providerMemberFields(db: Db, token: string, provider: string, email: string) {
  const row = await assertProviderInvitation(db, token, provider);
  if (row.email.toLowerCase() !== email.toLowerCase()) {
    throw new AppError(403, 'INVITATION_EMAIL_MISMATCH', `Sign in with the address the invitation was sent to (${row.email})`, {
      email: row.email,
    });
  }
  return { referrerId: row.ownerId, hasAiConfig: row.hasAiConfig, emailVerified: true };
}

/** Consumes the token for the account just created; when another acceptance won, that account is removed. */
export async function consumeForProviderMember(db: Db, token: string, member: { id: string; referrerId: string }) {
  if (await repo.consumeToken(db, hashToken(token), member.id)) return;
  await repo.deleteMember(db, member.referrerId, member.id);
  throw invalidInvitation('used');
}

/** Whether this user is the member the invitation was accepted for. */
export async function acceptedBy(db: Db, token: string, userId: string) {
  const row = await repo.findByTokenHash(db, hashToken(token));
  return row?.status === 'ACCEPTED' && row.memberId === userId;
}
