import type { GettingStarted } from '@app/shared/getting-started';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knowledgeEntries, mailAccounts, mailActions, mailCategories } from '../../db/schema/index';

/** The caller's own progress, from what is in the database: every query scoped to `userId`. */
export async function progressOf(db: Db, userId: string): Promise<GettingStarted> {
  const found = (rows: unknown[]) => rows.length > 0;
  const [accounts, categories, knowledge] = await Promise.all([
    db.select({ id: mailAccounts.id }).from(mailAccounts).where(eq(mailAccounts.userId, userId)).limit(1),
    db.select({ id: mailCategories.id }).from(mailCategories).where(eq(mailCategories.userId, userId)).limit(1),
    db.select({ id: knowledgeEntries.context }).from(knowledgeEntries).where(eq(knowledgeEntries.userId, userId)).limit(1),
  ]);
  const account = accounts[0];
  // By the mailbox (the actions' index starts with it), not by the user: this is asked on every screen.
  const firstDraft = account
    ? await db
        .select({ id: mailActions.id })
        .from(mailActions)
        .where(
          and(
            eq(mailActions.mailAccountId, account.id),
            inArray(mailActions.kind, ['draft', 'reply']),
            // Sent, or saved in Drafts (a reply held back is kept as a draft).
            or(eq(mailActions.status, 'done'), isNotNull(mailActions.outgoingMessageId)),
          ),
        )
        .limit(1)
    : [];
  return {
    mailbox: account !== undefined,
    categories: found(categories),
    knowledge: found(knowledge),
    firstDraft: found(firstDraft),
  };
}
