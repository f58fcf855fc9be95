import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailAccounts, mailCategories } from '../../db/schema/index';

/** The user's categories as the assistant may show them: no recipients, no rules. */
export function listCategories(db: Db, userId: string) {
  return db
    .select({
      id: mailCategories.id,
      name: mailCategories.name,
      kind: mailCategories.classifierType,
      instruction: mailCategories.instruction,
      action: mailCategories.action,
    })
    .from(mailCategories)
    .where(eq(mailCategories.userId, userId))
    .orderBy(asc(mailCategories.createdAt))
    .limit(100);
}

/** The user's mail settings without server, login or secret. */
export async function findMailSettings(db: Db, userId: string) {
  const [row] = await db
    .select({
      provider: mailAccounts.provider,
      responseType: mailAccounts.responseType,
      trackedMailbox: mailAccounts.trackedMailbox,
      isSyncEnabled: mailAccounts.isSyncEnabled,
      isClassificationEnabled: mailAccounts.isClassificationEnabled,
      connection: mailAccounts.connection,
    })
    .from(mailAccounts)
    .where(eq(mailAccounts.userId, userId));
  return row ?? null;
}

/** The shared request counter (db/request-counter.ts). */
export { countRequest } from '../../db/request-counter';
