import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

export async function countTeamMembers(db: Db, ownerId: string) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.referrerId, ownerId));
  return row?.n ?? 0;
}

/** Deletes the user; every table of theirs references it with ON DELETE CASCADE. */
export async function deleteUser(db: Db, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}
