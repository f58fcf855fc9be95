import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailActions, mailMessages, mailNotSpamSenders } from '../db/schema/index';
import { LIKELY_SPAM } from './spam-check';

/** Remembers senders the owner said are not spam in this mailbox; ones already known are kept as they are. */
export async function rememberNotSpamSenders(db: Db, userId: string, mailAccountId: string, addresses: string[]) {
  const unique = [...new Set(addresses.map((a) => a.trim().toLowerCase()).filter((a) => a.includes('@')))];
  if (unique.length === 0) return;
  await db
    .insert(mailNotSpamSenders)
    .values(unique.map((address) => ({ userId, mailAccountId, address })))
    .onConflictDoNothing();
}

export async function isNotSpamSender(db: Db, mailAccountId: string, address: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mailNotSpamSenders.id })
    .from(mailNotSpamSenders)
    .where(and(eq(mailNotSpamSenders.mailAccountId, mailAccountId), eq(mailNotSpamSenders.address, address.toLowerCase())))
    .limit(1);
  return row !== undefined;
}

/** Which of `addresses` (lower-case) the owner said are not spam in this mailbox. */
export async function notSpamSendersAmong(db: Db, mailAccountId: string, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .select({ address: mailNotSpamSenders.address })
    .from(mailNotSpamSenders)
    .where(and(eq(mailNotSpamSenders.mailAccountId, mailAccountId), inArray(mailNotSpamSenders.address, addresses)));
  return new Set(rows.map((r) => r.address));
}

/**
 * Of these Message-IDs, the messages the assistant marked as spam (the mark done), with their sender
 * and whether the assistant also moved them (to the Junk folder, when the owner asked for it).
 */
export async function markedSpamByAssistant(db: Db, mailAccountId: string, messageIds: string[]) {
  const marked = new Map<string, { fromAddress: string | null; moved: boolean }>();
  if (messageIds.length === 0) return marked;
  const rows = await db
    .select({ messageId: mailMessages.messageId, fromAddress: mailMessages.fromAddress, kind: mailActions.kind })
    .from(mailMessages)
    .innerJoin(mailActions, and(eq(mailActions.mailMessageId, mailMessages.id), eq(mailActions.status, 'done')))
    .where(
      and(
        eq(mailMessages.mailAccountId, mailAccountId),
        inArray(mailMessages.messageId, messageIds),
        eq(mailMessages.skipReason, LIKELY_SPAM),
        inArray(mailActions.kind, ['mark_spam', 'move']),
      ),
    );
  for (const row of rows) {
    const entry = marked.get(row.messageId!) ?? { fromAddress: row.fromAddress, moved: false };
    if (row.kind === 'move') entry.moved = true;
    marked.set(row.messageId!, entry);
  }
  return marked;
}
