/**
 * Accuracy on the owner's past mail (issue 36, item 1): at each initialisation the mail filed in the
 * AI categories' folders is replayed as the assistant would have filed it, each message judged by a
 * model that never saw it (ai/past-mail-replay.ts), and so is the mail left in the inbox (what it
 * would have moved, reported apart), the owner's latest replies are set next to the
 * drafts it would have written (reply-replay.ts), and the figures replace the mailbox's report.
 * Only with the built-in engine, which costs nothing; with an AI provider the replay would spend
 * credits and is not run by itself.
 */
import { type AccuracyReport, DISAGREEMENTS_KEPT } from '@app/shared/accuracy';
import { eq } from 'drizzle-orm';
import type { AiEngine, Grounding } from '../../ai/engine';
import { CREDIT_COSTS, spendable } from '../../credits/ledger';
import { type InboxReplay, REPLAY_CHUNKS, replayPastMail } from '../../ai/past-mail-replay';
import type { Db } from '../../db/client';
import { mailAccuracyReports } from '../../db/schema/index';
import type { MailProvider } from '../../mail/port';
import { toEngineCategory } from '../../pipeline/classify';
import { currentAccuracy } from '../../pipeline/live-accuracy';
import type { MailAccountRow, MailCategoryRow } from './mail-settings.repository';
import { creditAccountOfUser } from '../subscriptions/subscriptions.service';
import { payingEngine } from './accuracy-replay';
import type { FiledMessage, InboxMessage } from './past-mail-reading';
import { type OwnerReply, replayReplies } from './reply-replay';
import type { ActorRef } from '../../access/actor';

export async function measurePastMail(
  deps: { db: Db; engine: AiEngine; grounding: Grounding; billingEnabled: boolean },
  account: MailAccountRow,
  provider: MailProvider,
  past: { categories: MailCategoryRow[]; filed: FiledMessage[]; inbox?: InboxMessage[]; replies: OwnerReply[] },
  now: Date,
) {
  const { db, engine } = deps;
  const { categories } = past;
  // With an AI provider every judgement costs credits: only when the owner asked (accuracy-replay.ts).
  const paid = engine.name !== 'local';
  if (paid && account.accuracyReplayRequested === null) return;
  if (categories.length === 0) {
    await db.delete(mailAccuracyReports).where(eq(mailAccuracyReports.mailAccountId, account.id));
    return;
  }
  let judge = engine;
  let filed = past.filed;
  if (paid) {
    const credits = await creditAccountOfUser(db, account.userId, deps.billingEnabled);
    const left = await spendable(db, credits);
    const affordable = left === null ? Infinity : Math.floor(left / CREDIT_COSTS.aiClassification);
    filed = newest(filed, Math.min(account.accuracyReplayRequested ?? 0, affordable));
    // Nothing could be paid for (the credits were spent meanwhile): the previous report stays.
    if (filed.length === 0 && past.filed.length > 0) return;
    judge = payingEngine(db, engine, credits, { userId: account.userId, run: `${account.id}:${now.toISOString()}` });
  }
  // With an AI provider the paid replay judges the newest filed mail only.
  const inbox = paid ? [] : (past.inbox ?? []);
  const replay = await replayPastMail(judge, categories.map(toEngineCategory), filed, inbox);
  const nameOf = new Map(categories.map((c) => [c.id, c.name || c.existCategoryName || c.mailboxId]));
  const category = (id: string) => ({ id, name: nameOf.get(id) ?? id });
  const report: AccuracyReport = {
    generatedAt: now.toISOString(),
    engine: engine.name,
    chunks: REPLAY_CHUNKS,
    judged: replay.judged,
    agreed: replay.agreed,
    categories: replay.categories.map((c) => ({
      ...c,
      name: nameOf.get(c.categoryId) ?? c.categoryId,
      precision: c.chosen ? c.agreed / c.chosen : null,
      recall: c.filed ? c.agreed / c.filed : null,
    })),
    disagreements: replay.disagreements.slice(0, DISAGREEMENTS_KEPT).map((d) => ({
      date: d.date?.toISOString() ?? null,
      from: d.ref.summary.from,
      subject: d.ref.summary.subject,
      folder: d.ref.folder,
      uid: d.ref.summary.id,
      owner: category(d.owner),
      assistant: d.assistant ? category(d.assistant) : null,
    })),
    ...(inbox.length > 0 && { inbox: inboxPart(account.trackedMailbox, replay.inbox, category) }),
    // With an AI provider each draft would be paid too: the replies are not replayed.
    replies: paid
      ? { judged: 0, meanSimilarity: null, examples: [] }
      : await replayReplies(deps, account, provider, past.replies, [...filed, ...inbox]),
  };
  await db
    .insert(mailAccuracyReports)
    .values({ userId: account.userId, mailAccountId: account.id, report, updatedAt: now })
    .onConflictDoUpdate({ target: mailAccuracyReports.mailAccountId, set: { report, updatedAt: now } });
}

function inboxPart(
  folder: string,
  replay: InboxReplay<InboxMessage['ref']>,
  category: (id: string) => { id: string; name: string },
): NonNullable<AccuracyReport['inbox']> {
  return {
    folder,
    judged: replay.judged,
    heldAsSpam: replay.heldAsSpam,
    moved: [...replay.moved].map(([id, count]) => ({ ...category(id), count })).sort((a, b) => b.count - a.count),
    examples: replay.movedList.slice(0, DISAGREEMENTS_KEPT).map((m) => ({
      date: m.date?.toISOString() ?? null,
      from: m.ref.summary.from,
      subject: m.ref.summary.subject,
      uid: m.ref.summary.id,
      assistant: category(m.assistant),
    })),
  };
}

/** The `count` newest messages (date order, as the replay judges them). */
function newest(filed: FiledMessage[], count: number) {
  const time = (f: FiledMessage) => f.message.date?.getTime() ?? -Infinity;
  return [...filed].sort((a, b) => time(b) - time(a)).slice(0, count);
}

/** GET /api/email-settings/accuracy: the caller's report with the mail filed since, or null before the first one. */
export async function accuracyReport(db: Db, caller: ActorRef, accountId: string): Promise<AccuracyReport | null> {
  const [row] = await db
    .select({ userId: mailAccuracyReports.userId })
    .from(mailAccuracyReports)
    .where(eq(mailAccuracyReports.mailAccountId, accountId));
  return row && row.userId === caller.id ? currentAccuracy(db, accountId) : null;
}
