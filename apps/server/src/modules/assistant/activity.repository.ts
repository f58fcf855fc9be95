import { and, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { ActivityItem, ActivityQuery, SentItem } from '../../ai/assistant';
import type { Db } from '../../db/client';
import { mailActions, mailCategories, mailMessages } from '../../db/schema/index';

const ACTIVITY_MAX = 50;
const TEXT_CHARS = 1_000;

/** When a message came: the date it carries, else when ingest saw it. */
const dateOf = sql<string>`coalesce(${mailMessages.sentAt}, ${mailMessages.createdAt})`;
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The owner's processed mail in a period, newest first, with what was done with each message; scoped to `userId`. */
export async function activity(db: Db, userId: string, query: ActivityQuery): Promise<{ total: number; items: ActivityItem[] }> {
  const filters: (SQL | undefined)[] = [
    eq(mailMessages.userId, userId),
    ne(mailMessages.status, 'gone'),
    sql`${dateOf} >= ${at(query.since)}`,
    sql`${dateOf} < ${at(query.until)}`,
    query.categoryIds?.length ? inArray(mailMessages.categoryId, query.categoryIds) : undefined,
    query.sender
      ? or(ilike(mailMessages.fromAddress, like(query.sender)), ilike(mailMessages.fromName, like(query.sender)))
      : undefined,
    ...(query.subjectWords ?? []).map((word) => ilike(mailMessages.subject, like(word))),
  ];
  const where = and(...filters);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(mailMessages)
    .where(where);
  const rows = await db
    .select({
      id: mailMessages.id,
      date: dateOf,
      fromName: mailMessages.fromName,
      fromAddress: mailMessages.fromAddress,
      subject: mailMessages.subject,
      category: mailCategories.name,
      classifiedBy: mailMessages.classifiedBy,
      confidence: mailMessages.confidence,
      reason: mailMessages.reason,
      skipReason: mailMessages.skipReason,
    })
    .from(mailMessages)
    .leftJoin(mailCategories, eq(mailCategories.id, mailMessages.categoryId))
    .where(where)
    .orderBy(desc(dateOf))
    .limit(Math.min(query.limit ?? ACTIVITY_MAX, ACTIVITY_MAX));
  const actions = rows.length
    ? await db
        .select({
          messageId: mailActions.mailMessageId,
          kind: mailActions.kind,
          status: mailActions.status,
          detail: mailActions.detail,
          target: mailActions.target,
        })
        .from(mailActions)
        .where(
          and(
            eq(mailActions.userId, userId),
            inArray(
              mailActions.mailMessageId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : [];
  const items = rows.map(({ id, date, ...row }) => ({
    ...row,
    date: new Date(date),
    actions: actions
      .filter((a) => a.messageId === id)
      .map((a) => ({ kind: a.kind, status: a.status, detail: a.detail, to: a.target.to ?? [] })),
  }));
  return { total: counted?.total ?? 0, items };
}

/** Replies and forwards sent (done) to a recipient, by part of an address or of the answered sender's name; scoped to `userId`. */
export async function sentTo(db: Db, userId: string, recipient: string, since: Date): Promise<SentItem[]> {
  const pattern = like(recipient.trim());
  const rows = await db
    .select({
      date: sql<string>`coalesce(${mailActions.doneAt}, ${mailActions.createdAt})`,
      kind: mailActions.kind,
      target: mailActions.target,
      subject: mailMessages.subject,
      body: mailActions.body,
    })
    .from(mailActions)
    .innerJoin(mailMessages, eq(mailMessages.id, mailActions.mailMessageId))
    .where(
      and(
        eq(mailActions.userId, userId),
        inArray(mailActions.kind, ['reply', 'forward']),
        eq(mailActions.status, 'done'),
        sql`coalesce(${mailActions.doneAt}, ${mailActions.createdAt}) >= ${at(since)}`,
        or(
          sql`${mailActions.target}->>'to' ILIKE ${pattern}`,
          and(eq(mailActions.kind, 'reply'), or(ilike(mailMessages.fromName, pattern), ilike(mailMessages.fromAddress, pattern))),
        ),
      ),
    )
    .orderBy(desc(sql`coalesce(${mailActions.doneAt}, ${mailActions.createdAt})`))
    .limit(20);
  return rows.map((r) => ({
    date: new Date(r.date),
    kind: r.kind as 'reply' | 'forward',
    to: r.target.to ?? [],
    subject: r.subject,
    text: r.kind === 'reply' ? (r.body ?? '').slice(0, TEXT_CHARS) : '',
  }));
}
