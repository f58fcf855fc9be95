import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailPushChannels } from '../../db/schema/index';

export type PushChannelRow = typeof mailPushChannels.$inferSelect;

export async function findChannel(db: Db, accountId: string) {
  const [row] = await db.select().from(mailPushChannels).where(eq(mailPushChannels.mailAccountId, accountId));
  return row ?? null;
}

export async function saveChannel(db: Db, row: typeof mailPushChannels.$inferInsert) {
  const { mailAccountId: _id, ...changes } = row;
  await db.insert(mailPushChannels).values(row).onConflictDoUpdate({ target: mailPushChannels.mailAccountId, set: changes });
}

export async function deleteChannel(db: Db, accountId: string) {
  await db.delete(mailPushChannels).where(eq(mailPushChannels.mailAccountId, accountId));
}

/** The channels a notification names: every mailbox watching that Gmail address, or one Graph subscription. */
export async function channelsNamed(db: Db, provider: PushChannelRow['provider'], externalId: string) {
  return db
    .select({ mailAccountId: mailPushChannels.mailAccountId, secretHash: mailPushChannels.secretHash })
    .from(mailPushChannels)
    .where(and(eq(mailPushChannels.provider, provider), eq(mailPushChannels.externalId, externalId)));
}

const sameChannel = (accountId: string, externalId: string) =>
  and(eq(mailPushChannels.mailAccountId, accountId), eq(mailPushChannels.externalId, externalId));

/** Renewed at its worker's next round, as if never renewed; a subscription replaced since is left alone. */
export async function markChannelDue(db: Db, accountId: string, externalId: string) {
  await db
    .update(mailPushChannels)
    .set({ renewedAt: new Date(0) })
    .where(sameChannel(accountId, externalId));
}

/** The vendor ended the channel: its worker opens a new one at its next round. */
export async function forgetChannel(db: Db, accountId: string, externalId: string) {
  await db.delete(mailPushChannels).where(sameChannel(accountId, externalId));
}
