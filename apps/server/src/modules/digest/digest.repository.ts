import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  mailAccounts,
  mailActions,
  mailCategories,
  mailCorrections,
  mailMessages,
  userProfiles,
  users,
} from '../../db/schema/index';
import { ALREADY_HANDLED } from '../../pipeline/mailbox-state';
import { LIKELY_SPAM } from '../../pipeline/spam-check';

/**
 * The digest's own reads. The activity's queries (`mail-settings.repository.ts`) look back from now
 * without an end; a digest covers a closed window that ends at 8:00, before it is sent, so these
 * bound both ends (and DESIGN §3 keeps one module out of another's repository).
 */

type Window = { from: Date; to: Date };

/**
 * Owners (not invited members) with the digest on and a connected mailbox whose last digest may be
 * older than their local date at `utcDate` (a local date is at most one day past the UTC date).
 */
export async function digestCandidates(db: Db, utcDate: string) {
  return db
    .select({
      userId: userProfiles.userId,
      email: users.email,
      language: userProfiles.language,
      timeZone: userProfiles.timeZone,
      accountId: mailAccounts.id,
    })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.userId))
    .innerJoin(mailAccounts, eq(mailAccounts.userId, userProfiles.userId))
    .where(
      and(
        eq(userProfiles.dailyDigest, true),
        isNull(users.referrerId),
        or(isNull(userProfiles.lastDigestDate), lte(userProfiles.lastDigestDate, utcDate)),
      ),
    );
}

/**
 * Claims the owner's digest of the local `date`, once: the row changes only when no digest of that
 * date (or a later one) was claimed and the digest is still on. Two workers, or a run after a crash,
 * find it claimed; a claimed digest whose sending failed is not sent again (at most once).
 */
export async function claimDigestDay(db: Db, userId: string, date: string) {
  const rows = await db
    .update(userProfiles)
    .set({ lastDigestDate: date })
    .where(
      and(
        eq(userProfiles.userId, userId),
        eq(userProfiles.dailyDigest, true),
        or(isNull(userProfiles.lastDigestDate), lt(userProfiles.lastDigestDate, date)),
      ),
    )
    .returning({ userId: userProfiles.userId });
  return rows.length > 0;
}

/** Turns the owner's digest off (the one-click link). */
export async function turnDigestOff(db: Db, userId: string) {
  const rows = await db
    .update(userProfiles)
    .set({ dailyDigest: false, updatedAt: new Date() })
    .where(eq(userProfiles.userId, userId))
    .returning({ userId: userProfiles.userId });
  return rows.length > 0;
}

const processedIn = (w: Window) =>
  and(eq(mailMessages.status, 'done'), gte(mailMessages.processedAt, w.from), lt(mailMessages.processedAt, w.to));

/**
 * Mail handled in the window, per category (`category` null: filed nowhere, left where it arrived;
 * `spam`: likely spam, only marked). Messages found already handled are not counted again.
 */
export async function handledByCategory(db: Db, accountId: string, w: Window) {
  const category = sql<string | null>`coalesce(nullif(${mailCategories.name}, ''), ${mailCategories.mailboxPath})`;
  const spam = sql<boolean>`coalesce(${mailMessages.skipReason} = ${LIKELY_SPAM}, false)`;
  return (
    db
      .select({ category, spam, count: sql<number>`count(*)::int` })
      .from(mailMessages)
      .leftJoin(mailCategories, eq(mailCategories.id, mailMessages.categoryId))
      .where(
        and(
          eq(mailMessages.mailAccountId, accountId),
          processedIn(w),
          sql`${mailMessages.skipReason} is distinct from ${ALREADY_HANDLED}`,
        ),
      )
      // By position: the same expression written twice carries parameters PostgreSQL does not compare.
      .groupBy(sql`1, 2`)
      .orderBy(sql`3 desc, 1`)
  );
}

/** Drafts written and automatic replies sent in the window. */
export async function outgoingCounts(db: Db, accountId: string, w: Window) {
  const [row] = await db
    .select({
      drafts: sql<number>`count(*) filter (where ${mailActions.kind} = 'draft')::int`,
      replies: sql<number>`count(*) filter (where ${mailActions.kind} = 'reply')::int`,
    })
    .from(mailActions)
    .where(
      and(
        eq(mailActions.mailAccountId, accountId),
        eq(mailActions.status, 'done'),
        inArray(mailActions.kind, ['draft', 'reply']),
        gte(mailActions.doneAt, w.from),
        lt(mailActions.doneAt, w.to),
      ),
    );
  return row ?? { drafts: 0, replies: 0 };
}

/** Sends in doubt, whatever their age (as on the settings screen): they wait for the owner. */
export async function sendsInDoubt(db: Db, accountId: string, limit = 10) {
  return db
    .select({ subject: mailMessages.subject, target: mailActions.target, startedAt: mailActions.startedAt })
    .from(mailActions)
    .innerJoin(mailMessages, eq(mailMessages.id, mailActions.mailMessageId))
    .where(and(eq(mailActions.mailAccountId, accountId), eq(mailActions.status, 'in_doubt')))
    .orderBy(desc(mailActions.startedAt))
    .limit(limit);
}

/** The owner's corrections learned in the window: how many, and the latest few with their categories. */
export async function correctionsIn(db: Db, accountId: string, w: Window, limit = 5) {
  const inWindow = and(
    eq(mailCorrections.mailAccountId, accountId),
    gte(mailCorrections.createdAt, w.from),
    lt(mailCorrections.createdAt, w.to),
  );
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailCorrections)
    .where(inWindow);
  const to = alias(mailCategories, 'to_category');
  const from = alias(mailCategories, 'from_category');
  const latest = await db
    .select({
      subject: mailCorrections.subject,
      to: sql<string | null>`coalesce(nullif(${to.name}, ''), ${to.mailboxPath})`,
      from: sql<string | null>`coalesce(nullif(${from.name}, ''), ${from.mailboxPath})`,
    })
    .from(mailCorrections)
    .leftJoin(to, eq(to.id, mailCorrections.categoryId))
    .leftJoin(from, eq(from.id, mailCorrections.fromCategoryId))
    .where(inWindow)
    .orderBy(desc(mailCorrections.createdAt))
    .limit(limit);
  return { count: total?.count ?? 0, latest };
}

/**
 * What was held back in the window, as on the settings screen: automatic actions skipped for a
 * reason the owner can act on, and likely spam only marked (`action` null, `reason` 'likely_spam').
 */
export async function heldBackIn(db: Db, accountId: string, w: Window, reasons: readonly string[], limit = 20) {
  const skipped = await db
    .select({ subject: mailMessages.subject, action: mailActions.kind, reason: mailActions.detail, at: mailActions.createdAt })
    .from(mailActions)
    .innerJoin(mailMessages, eq(mailMessages.id, mailActions.mailMessageId))
    .where(
      and(
        eq(mailActions.mailAccountId, accountId),
        eq(mailActions.status, 'skipped'),
        inArray(mailActions.detail, [...reasons]),
        gte(mailActions.createdAt, w.from),
        lt(mailActions.createdAt, w.to),
      ),
    );
  const spam = await db
    .select({ subject: mailMessages.subject, at: mailMessages.processedAt })
    .from(mailMessages)
    .where(and(eq(mailMessages.mailAccountId, accountId), eq(mailMessages.skipReason, LIKELY_SPAM), processedIn(w)));
  const all = [
    ...skipped.map((s) => ({ subject: s.subject, action: s.action, reason: s.reason ?? '', at: s.at })),
    ...spam.map((s) => ({ subject: s.subject, action: null, reason: 'likely_spam', at: s.at ?? w.to })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  return { count: all.length, latest: all.slice(0, limit) };
}

/**
 * Messages the AI filed into a category in the window (rules excluded), and how many of them the
 * owner corrected since (a correction is kept per Message-ID).
 */
export async function aiFiled(db: Db, accountId: string, w: Window) {
  const corrected = sql<boolean>`exists (
    select 1 from ${mailCorrections}
    where ${mailCorrections.mailAccountId} = ${mailMessages.mailAccountId}
      and ${mailCorrections.messageId} = ${mailMessages.messageId})`;
  const [row] = await db
    .select({
      filed: sql<number>`count(*)::int`,
      corrected: sql<number>`count(*) filter (where ${corrected})::int`,
    })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.mailAccountId, accountId),
        processedIn(w),
        isNotNull(mailMessages.categoryId),
        isNotNull(mailMessages.classifiedBy),
        ne(mailMessages.classifiedBy, 'rules'),
      ),
    );
  return row ?? { filed: 0, corrected: 0 };
}
