import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userProfiles, users } from '../../db/schema/index';

export type ProfileRow = typeof userProfiles.$inferSelect;
type ProfileFields = Pick<ProfileRow, 'businessSector' | 'role' | 'phoneNumber' | 'website'> &
  Partial<Pick<ProfileRow, 'language' | 'timeZone' | 'dailyDigest'>>;

export async function findProfileByUser(db: Db, userId: string) {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row ?? null;
}

/** Inserts the user's profile; null when they already have one. */
export async function insertProfile(db: Db, userId: string, fields: ProfileFields) {
  const [row] = await db
    .insert(userProfiles)
    .values({ userId, ...fields })
    .onConflictDoNothing({ target: userProfiles.userId })
    .returning();
  return row ?? null;
}

export async function updateProfile(db: Db, id: string, fields: Partial<ProfileFields>) {
  const [row] = await db
    .update(userProfiles)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(userProfiles.id, id))
    .returning();
  return row ?? null;
}

export async function findProfileById(db: Db, id: string) {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.id, id));
  return row ?? null;
}

/** The help guide flag lives on the user row (it is part of the session user). */
export async function setShowGuide(db: Db, userId: string, showGuide: boolean) {
  await db.update(users).set({ showGuide, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Marks the help guide seen or the Getting started button closed, for good. */
export async function setGuideDone(db: Db, userId: string, done: { helpGuideSeen?: true; gettingStartedClosed?: true }) {
  await db
    .update(users)
    .set({ ...done, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
