import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailActions, mailCategories, mailMessages } from '../../db/schema/index';

const dryRunOf = (accountId: string) => and(eq(mailMessages.mailAccountId, accountId), eq(mailMessages.dryRun, true));

/** A page of the messages handled in dry run, newest first, with their actions and the review figures. */
export async function dryRunPage(db: Db, accountId: string, offset: number, limit: number) {
  const messages = await db
    .select({
      id: mailMessages.id,
      providerId: mailMessages.providerId,
      createdAt: mailMessages.createdAt,
      fromName: mailMessages.fromName,
      fromAddress: mailMessages.fromAddress,
      subject: mailMessages.subject,
      folder: mailMessages.folder,
      categoryId: mailMessages.categoryId,
      categoryName: sql<
        string | null
      >`coalesce(nullif(${mailCategories.name}, ''), ${mailCategories.existCategoryName}, ${mailCategories.mailboxId})`,
      reason: mailMessages.reason,
      skipReason: mailMessages.skipReason,
      verdict: mailMessages.dryRunVerdict,
    })
    .from(mailMessages)
    .leftJoin(mailCategories, eq(mailCategories.id, mailMessages.categoryId))
    .where(dryRunOf(accountId))
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(limit)
    .offset(offset);
  const actions = messages.length
    ? await db
        .select()
        .from(mailActions)
        .where(
          inArray(
            mailActions.mailMessageId,
            messages.map((m) => m.id),
          ),
        )
    : [];
  const [figures] = await db
    .select({
      total: count(),
      reviewed: count(mailMessages.dryRunVerdict),
      wrong: sql<number>`count(*) filter (where ${mailMessages.dryRunVerdict} = 'wrong')::int`,
    })
    .from(mailMessages)
    .where(dryRunOf(accountId));
  return { messages, actions, figures: figures ?? { total: 0, reviewed: 0, wrong: 0 } };
}

export type DryRunMessage = Awaited<ReturnType<typeof dryRunPage>>['messages'][number];
export type DryRunAction = typeof mailActions.$inferSelect;

export async function findDryRunMessage(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(and(dryRunOf(accountId), eq(mailMessages.id, id)));
  return row ?? null;
}

export async function setVerdict(db: Db, accountId: string, id: string, verdict: 'right' | 'wrong') {
  await db
    .update(mailMessages)
    .set({ dryRunVerdict: verdict })
    .where(and(dryRunOf(accountId), eq(mailMessages.id, id)));
}
