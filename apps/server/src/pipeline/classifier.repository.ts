import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailClassifiers } from '../db/schema/index';

/** The mailbox's trained model: read before classifying, written by the initialisation and after a correction. */
export async function findClassifier(db: Db, accountId: string) {
  const [row] = await db.select().from(mailClassifiers).where(eq(mailClassifiers.mailAccountId, accountId));
  return row ?? null;
}

export async function saveClassifier(db: Db, row: typeof mailClassifiers.$inferInsert) {
  await db
    .insert(mailClassifiers)
    .values(row)
    .onConflictDoUpdate({
      target: mailClassifiers.mailAccountId,
      set: { engine: row.engine, categoriesKey: row.categoriesKey, model: row.model, trainedAt: new Date() },
    });
}
