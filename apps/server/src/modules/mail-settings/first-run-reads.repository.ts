import { and, eq } from 'drizzle-orm';
import type { EngineMessage } from '../../ai/engine';
import type { Db } from '../../db/client';
import { mailFirstRunReads } from '../../db/schema/index';

export interface StoredRead {
  folder: string;
  messageRef: string;
  messageId: string | null;
  message: EngineMessage;
  heldAsSpam: boolean;
}

/** A stored read's key in `storedReads`. */
export const readKey = (folder: string, messageRef: string) => `${folder}\u0000${messageRef}`;

/** What an earlier, unfinished first run of the mailbox read, by folder and message. */
export async function storedReads(db: Db, accountId: string): Promise<Map<string, StoredRead>> {
  const rows = await db.select().from(mailFirstRunReads).where(eq(mailFirstRunReads.mailAccountId, accountId));
  return new Map(
    rows.map((r) => {
      const message = r.message as Omit<EngineMessage, 'date'> & { date: string | null };
      const read = { ...r, message: { ...message, date: message.date ? new Date(message.date) : null } };
      return [readKey(r.folder, r.messageRef), read];
    }),
  );
}

export async function storeReads(db: Db, account: { id: string; userId: string }, reads: StoredRead[]) {
  if (reads.length === 0) return;
  await db
    .insert(mailFirstRunReads)
    .values(reads.map((r) => ({ ...r, userId: account.userId, mailAccountId: account.id })))
    .onConflictDoNothing();
}

export async function forgetReads(db: Db, account: { id: string; userId: string }) {
  await db
    .delete(mailFirstRunReads)
    .where(and(eq(mailFirstRunReads.mailAccountId, account.id), eq(mailFirstRunReads.userId, account.userId)));
}
