import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiProviderSettings, aiUsageDays, creditEntries } from '../../db/schema/index';

export type AiProviderRow = typeof aiProviderSettings.$inferSelect;

export async function findSetting(db: Db, userId: string): Promise<AiProviderRow | null> {
  const [row] = await db.select().from(aiProviderSettings).where(eq(aiProviderSettings.userId, userId));
  return row ?? null;
}

export async function saveSetting(db: Db, row: Omit<AiProviderRow, 'updatedAt'>, at: Date) {
  await db
    .insert(aiProviderSettings)
    .values({ ...row, updatedAt: at })
    .onConflictDoUpdate({
      target: aiProviderSettings.userId,
      set: { provider: row.provider, model: row.model, baseUrl: row.baseUrl, secret: row.secret, updatedAt: at },
    });
}

export async function deleteSetting(db: Db, userId: string) {
  await db.delete(aiProviderSettings).where(eq(aiProviderSettings.userId, userId));
}

/** `calls` more calls for the user today (UTC); tokens added when the provider reported them. */
export async function addUsage(db: Db, userId: string, day: string, calls: number, tokens: { input?: number; output?: number }) {
  await db
    .insert(aiUsageDays)
    .values({ userId, day, calls, inputTokens: tokens.input ?? null, outputTokens: tokens.output ?? null })
    .onConflictDoUpdate({
      target: [aiUsageDays.userId, aiUsageDays.day],
      set: {
        calls: sql`${aiUsageDays.calls} + ${calls}`,
        inputTokens:
          tokens.input === undefined
            ? sql`${aiUsageDays.inputTokens}`
            : sql`coalesce(${aiUsageDays.inputTokens}, 0) + ${tokens.input}`,
        outputTokens:
          tokens.output === undefined
            ? sql`${aiUsageDays.outputTokens}`
            : sql`coalesce(${aiUsageDays.outputTokens}, 0) + ${tokens.output}`,
      },
    });
}

export function usageSince(db: Db, userId: string, since: string) {
  return db
    .select({
      day: aiUsageDays.day,
      calls: aiUsageDays.calls,
      inputTokens: aiUsageDays.inputTokens,
      outputTokens: aiUsageDays.outputTokens,
    })
    .from(aiUsageDays)
    .where(and(eq(aiUsageDays.userId, userId), gte(aiUsageDays.day, since)))
    .orderBy(desc(aiUsageDays.day));
}

/** The credits the user spent per UTC day since `since`. */
export function creditsSpentSince(db: Db, userId: string, since: string) {
  const day = sql<string>`to_char(${creditEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, credits: sql<number>`(-sum(${creditEntries.amount}))::int` })
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.userId, userId),
        eq(creditEntries.kind, 'debit'),
        sql`${creditEntries.createdAt} >= ${`${since}T00:00:00Z`}::timestamptz`,
      ),
    )
    .groupBy(day);
}
