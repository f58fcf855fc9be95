import { and, count, desc, eq, gt, ilike, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations, users } from '../../db/schema/index';

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;

const LIVE = ['PENDING', 'SENT'] as const;

/** The owner's live invitations whose token ran out become EXPIRED (lazily, before they are listed). */
export async function expireStale(db: Db, ownerId: string) {
  await db
    .update(invitations)
    // The token hash stays, so that the link can still say "expired" rather than "invalid".
    .set({ status: 'EXPIRED', updatedAt: new Date() })
    .where(
      and(eq(invitations.ownerId, ownerId), inArray(invitations.status, [...LIVE]), lt(invitations.tokenExpiresAt, new Date())),
    );
}

export async function listInvitations(db: Db, ownerId: string, search: string, offset: number, limit: number) {
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  const where = and(
    eq(invitations.ownerId, ownerId),
    ne(invitations.status, 'DELETED'),
    search
      ? or(ilike(invitations.email, pattern), ilike(invitations.firstName, pattern), ilike(invitations.lastName, pattern))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invitations)
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(invitations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findInvitation(db: Db, ownerId: string, id: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.ownerId, ownerId), or(eq(sql`${invitations.id}::text`, id), eq(invitations.memberId, id))));
  return row ?? null;
}

export async function findByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  return row ?? null;
}

/** Live (not deleted) invitations of these addresses for the owner. */
export async function liveEmails(db: Db, ownerId: string, emails: string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: invitations.email })
    .from(invitations)
    .where(and(eq(invitations.ownerId, ownerId), ne(invitations.status, 'DELETED'), inArray(invitations.email, emails)));
  return new Set(rows.map((r) => r.email));
}

/** Addresses that already have an account. */
export async function registeredEmails(db: Db, emails: string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/** The owner's members (accepted invitations). */
export async function memberCount(db: Db, ownerId: string) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.referrerId, ownerId));
  return row?.n ?? 0;
}

/** Team size as the plan limit counts it: the owner, the members, and invitations still open. */
export async function teamSize(db: Db, ownerId: string) {
  const [[members], [open]] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.referrerId, ownerId)),
    db
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.ownerId, ownerId), inArray(invitations.status, [...LIVE]))),
  ]);
  return 1 + (members?.n ?? 0) + (open?.n ?? 0);
}

/** Invitation mails sent (or re-sent) by the owner since `since`. */
export async function sentSince(db: Db, ownerId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.ownerId, ownerId), isNotNull(invitations.sentAt), gt(invitations.sentAt, since)));
  return row?.n ?? 0;
}

export async function insertInvitations(db: Db, rows: NewInvitation[]) {
  return db.insert(invitations).values(rows).returning();
}

export async function updateInvitation(db: Db, id: string, changes: Partial<NewInvitation>) {
  const [row] = await db
    .update(invitations)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(invitations.id, id))
    .returning();
  return row ?? null;
}

/**
 * Consumes a token: the invitation becomes ACCEPTED only if it is still live and unexpired, so two
 * acceptances racing with one token cannot both succeed.
 */
export async function consumeToken(db: Db, tokenHash: string, memberId: string) {
  const [row] = await db
    .update(invitations)
    // The hash stays so that the link, opened again, says "already used" rather than "invalid".
    .set({ status: 'ACCEPTED', memberId, acceptedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        inArray(invitations.status, [...LIVE]),
        gt(invitations.tokenExpiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

export async function setMemberAiConfig(db: Db, ownerId: string, memberId: string, hasAiConfig: boolean) {
  await db
    .update(users)
    .set({ hasAiConfig, updatedAt: new Date() })
    .where(and(eq(users.id, memberId), eq(users.referrerId, ownerId)));
}

export async function deleteMember(db: Db, ownerId: string, memberId: string) {
  await db.delete(users).where(and(eq(users.id, memberId), eq(users.referrerId, ownerId)));
}
