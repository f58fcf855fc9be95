import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPrompts } from '../../db/schema/index';

export type PromptRow = typeof userPrompts.$inferSelect;
export type PromptFields = Omit<typeof userPrompts.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

export async function findPrompt(db: Db, userId: string) {
  const [row] = await db.select().from(userPrompts).where(eq(userPrompts.userId, userId));
  return row ?? null;
}

/** Inserts the user's prompt; null when they already have one. */
export async function insertPrompt(db: Db, userId: string, fields: PromptFields) {
  const [row] = await db
    .insert(userPrompts)
    .values({ userId, ...fields })
    .onConflictDoNothing({ target: userPrompts.userId })
    .returning();
  return row ?? null;
}

export async function updatePrompt(db: Db, userId: string, fields: Partial<PromptFields>) {
  const [row] = await db
    .update(userPrompts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(userPrompts.userId, userId))
    .returning();
  return row ?? null;
}
