import type { LiveFigures } from '@app/shared/accuracy';
import { and, count, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailActions, mailCategories, mailCorrections, mailMessages } from '../db/schema/index';

export type CorrectionRow = typeof mailCorrections.$inferSelect;

export interface Placement {
  /** The category the assistant filed the message in. */
  assistant: string;
  /** Where it belongs now: the owner's latest correction (null: none), else the assistant's choice. */
  current: string | null;
}

/**
 * Where the assistant put each of these messages, by Message-ID: AI classifications whose move is
 * done (rules are the owner's own; a move still to come is not a placement yet), and where the owner
 * put them since.
 */
export async function placedByAssistant(db: Db, accountId: string, messageIds: string[]) {
  const placed = new Map<string, Placement>();
  if (messageIds.length === 0) return placed;
  const filed = await db
    .select({ messageId: mailMessages.messageId, categoryId: mailMessages.categoryId })
    .from(mailMessages)
    .innerJoin(
      mailActions,
      and(eq(mailActions.mailMessageId, mailMessages.id), eq(mailActions.kind, 'move'), eq(mailActions.status, 'done')),
    )
    .where(
      and(
        eq(mailMessages.mailAccountId, accountId),
        inArray(mailMessages.messageId, messageIds),
        isNotNull(mailMessages.categoryId),
        ne(mailMessages.classifiedBy, 'rules'),
      ),
    );
  for (const row of filed) placed.set(row.messageId!, { assistant: row.categoryId!, current: row.categoryId });
  const corrected = await db
    .select({ messageId: mailCorrections.messageId, categoryId: mailCorrections.categoryId })
    .from(mailCorrections)
    .where(and(eq(mailCorrections.mailAccountId, accountId), inArray(mailCorrections.messageId, messageIds)));
  for (const row of corrected) {
    const placement = placed.get(row.messageId);
    if (placement) placement.current = row.categoryId;
  }
  return placed;
}

/**
 * What the assistant filed since `since` (its move done, rules excluded) per category, and where the
 * owner put those messages since: the accuracy report's figures brought up to date.
 */
export async function liveFilings(db: Db, accountId: string, since: Date): Promise<LiveFigures[]> {
  const corrected = sql<boolean>`${mailCorrections.id} is not null`;
  const rows = await db
    .select({ assistant: mailMessages.categoryId, owner: mailCorrections.categoryId, corrected, n: count() })
    .from(mailMessages)
    .innerJoin(
      mailActions,
      and(
        eq(mailActions.mailMessageId, mailMessages.id),
        eq(mailActions.kind, 'move'),
        eq(mailActions.status, 'done'),
        gte(mailActions.doneAt, since),
      ),
    )
    .leftJoin(
      mailCorrections,
      and(eq(mailCorrections.mailAccountId, mailMessages.mailAccountId), eq(mailCorrections.messageId, mailMessages.messageId)),
    )
    .where(
      and(eq(mailMessages.mailAccountId, accountId), isNotNull(mailMessages.categoryId), ne(mailMessages.classifiedBy, 'rules')),
    )
    .groupBy(mailMessages.categoryId, mailCorrections.categoryId, corrected);
  const figures = new Map<string, LiveFigures>();
  const of = (categoryId: string) => {
    let f = figures.get(categoryId);
    if (!f) figures.set(categoryId, (f = { categoryId, filed: 0, corrected: 0, movedIn: 0 }));
    return f;
  };
  for (const row of rows) {
    const filed = of(row.assistant!);
    filed.filed += row.n;
    if (!row.corrected || row.owner === row.assistant) continue;
    filed.corrected += row.n;
    if (row.owner) of(row.owner).movedIn += row.n;
  }
  return [...figures.values()];
}

export async function saveCorrection(db: Db, values: typeof mailCorrections.$inferInsert) {
  await db
    .insert(mailCorrections)
    .values(values)
    .onConflictDoUpdate({
      target: [mailCorrections.mailAccountId, mailCorrections.messageId],
      set: { categoryId: values.categoryId ?? null, fromCategoryId: values.fromCategoryId ?? null, createdAt: new Date() },
    });
}

/** Every correction of the mailbox, for training. */
export async function listCorrections(db: Db, accountId: string) {
  return db.select().from(mailCorrections).where(eq(mailCorrections.mailAccountId, accountId)).orderBy(mailCorrections.createdAt);
}

/** The latest corrections since `since`, with the names of the categories, for the activity. */
export async function recentCorrections(db: Db, accountId: string, since: Date, limit = 5) {
  const rows = await db
    .select({
      subject: mailCorrections.subject,
      categoryId: mailCorrections.categoryId,
      fromCategoryId: mailCorrections.fromCategoryId,
      at: mailCorrections.createdAt,
    })
    .from(mailCorrections)
    .where(and(eq(mailCorrections.mailAccountId, accountId), gte(mailCorrections.createdAt, since)))
    .orderBy(desc(mailCorrections.createdAt))
    .limit(limit);
  const ids = [...new Set(rows.flatMap((r) => [r.categoryId, r.fromCategoryId]).filter((id): id is string => !!id))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: mailCategories.id, name: mailCategories.name, path: mailCategories.mailboxPath })
            .from(mailCategories)
            .where(inArray(mailCategories.id, ids))
        ).map((c) => [c.id, c.name || c.path] as const),
  );
  return rows.map((r) => ({
    subject: r.subject,
    to: r.categoryId ? (names.get(r.categoryId) ?? null) : null,
    from: r.fromCategoryId ? (names.get(r.fromCategoryId) ?? null) : null,
    at: r.at,
  }));
}
