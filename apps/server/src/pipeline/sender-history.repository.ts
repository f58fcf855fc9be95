import { and, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { SenderExchange } from '../ai/engine';
import type { Db } from '../db/client';
import { mailActions, mailMessages } from '../db/schema';

/** How many earlier messages of a sender a draft is written with. */
export const EXCHANGES_READ = 3;

/**
 * The last messages of this mailbox from `address` that came before `message`, newest first, each
 * with the reply or draft the assistant wrote to it (null when none was written).
 */
export async function lastExchangesWith(
  db: Db,
  message: { id: string; mailAccountId: string; fromAddress: string; createdAt: Date },
): Promise<SenderExchange[]> {
  const rows = await db
    .select({ subject: mailMessages.subject, sentAt: mailMessages.sentAt, reply: mailActions.body })
    .from(mailMessages)
    .leftJoin(mailActions, and(eq(mailActions.mailMessageId, mailMessages.id), inArray(mailActions.kind, ['reply', 'draft'])))
    .where(
      and(
        eq(mailMessages.mailAccountId, message.mailAccountId),
        eq(mailMessages.fromAddress, message.fromAddress),
        lt(mailMessages.createdAt, message.createdAt),
        ne(mailMessages.id, message.id),
      ),
    )
    .orderBy(desc(mailMessages.createdAt))
    .limit(EXCHANGES_READ);
  return rows.map((row) => ({ date: row.sentAt, subject: row.subject, reply: row.reply }));
}
