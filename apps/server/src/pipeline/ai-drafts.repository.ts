import { DRAFT_UNUSED_DAYS, type DraftOutcome, type DraftReview } from '@app/shared/draft-review';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { aiDrafts, mailCategories } from '../db/schema/index';

export interface NewAiDraft {
  userId: string;
  mailAccountId: string;
  categoryId: string | null;
  origin: 'pipeline' | 'webmail';
  inReplyTo: string | null;
  draftMessageId: string | null;
  text: string;
  review: DraftReview;
}

/** Records a draft once: a pipeline retry stores the same draft (Message-ID) again and adds nothing. */
export async function recordAiDraft(db: Db, draft: NewAiDraft) {
  await db.insert(aiDrafts).values(draft).onConflictDoNothing();
}

/**
 * The review of a draft in the mailbox: the AI draft stored with its Message-ID, else (a version the
 * owner saved since has a new one) the newest unsettled AI draft answering the same message.
 */
export async function reviewOfDraft(db: Db, userId: string, draft: { messageId: string | null; inReplyTo: string | null }) {
  const stored = draft.messageId ? await reviewWhere(db, userId, eq(aiDrafts.draftMessageId, draft.messageId)) : null;
  if (stored || !draft.inReplyTo) return stored;
  return reviewWhere(db, userId, and(eq(aiDrafts.inReplyTo, draft.inReplyTo), isNull(aiDrafts.outcome))!);
}

async function reviewWhere(db: Db, userId: string, match: SQL) {
  const [row] = await db
    .select({ review: aiDrafts.review })
    .from(aiDrafts)
    .where(and(eq(aiDrafts.userId, userId), match))
    .orderBy(desc(aiDrafts.createdAt))
    .limit(1);
  return row?.review ?? null;
}

/** The newest draft answering `inReplyTo` (or stored as `draftMessageId`) that nothing has settled yet. */
export async function openDraft(db: Db, userId: string, by: { inReplyTo?: string; draftMessageId?: string }) {
  const match = by.draftMessageId ? eq(aiDrafts.draftMessageId, by.draftMessageId) : eq(aiDrafts.inReplyTo, by.inReplyTo ?? '');
  const [row] = await db
    .select({ id: aiDrafts.id, text: aiDrafts.text, mailAccountId: aiDrafts.mailAccountId })
    .from(aiDrafts)
    .where(and(eq(aiDrafts.userId, userId), match, isNull(aiDrafts.outcome)))
    .orderBy(desc(aiDrafts.createdAt))
    .limit(1);
  return row ?? null;
}

/** The webmail's drafts answering `inReplyTo` that nothing has settled yet, discarded: a newer one replaces them. */
export async function discardEarlierWebmailDrafts(db: Db, userId: string, inReplyTo: string, at: Date) {
  await db
    .update(aiDrafts)
    .set({ outcome: 'discarded', settledAt: at })
    .where(
      and(
        eq(aiDrafts.userId, userId),
        eq(aiDrafts.inReplyTo, inReplyTo),
        eq(aiDrafts.origin, 'webmail'),
        isNull(aiDrafts.outcome),
      ),
    );
}

/** Settles a draft once: a second send or discard of the same draft changes nothing. */
export async function settleDraft(db: Db, id: string, outcome: DraftOutcome, similarity: number | null, at: Date) {
  const rows = await db
    .update(aiDrafts)
    .set({ outcome, similarity, settledAt: at })
    .where(and(eq(aiDrafts.id, id), isNull(aiDrafts.outcome)))
    .returning({ id: aiDrafts.id });
  return rows.length > 0;
}

/**
 * What became of the mailbox's AI drafts, per category: a draft nothing settled counts as waiting
 * for DRAFT_UNUSED_DAYS, then as discarded.
 */
export async function usageByCategory(db: Db, mailAccountId: string, now: Date) {
  const unusedSince = new Date(now.getTime() - DRAFT_UNUSED_DAYS * 86_400_000);
  const counted = (outcome: DraftOutcome) => sql<number>`count(*) filter (where ${aiDrafts.outcome} = ${outcome})::int`;
  return db
    .select({
      categoryId: aiDrafts.categoryId,
      name: mailCategories.name,
      unchanged: counted('unchanged'),
      edited: counted('edited'),
      rewritten: counted('rewritten'),
      discarded: sql<number>`count(*) filter (where ${aiDrafts.outcome} = 'discarded' or (${aiDrafts.outcome} is null and ${aiDrafts.createdAt} < ${unusedSince.toISOString()}::timestamptz))::int`,
      waiting: sql<number>`count(*) filter (where ${aiDrafts.outcome} is null and ${aiDrafts.createdAt} >= ${unusedSince.toISOString()}::timestamptz)::int`,
    })
    .from(aiDrafts)
    .leftJoin(mailCategories, eq(mailCategories.id, aiDrafts.categoryId))
    .where(eq(aiDrafts.mailAccountId, mailAccountId))
    .groupBy(aiDrafts.categoryId, mailCategories.name)
    .orderBy(mailCategories.name);
}
