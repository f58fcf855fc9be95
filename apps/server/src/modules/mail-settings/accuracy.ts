/**
 * Accuracy on the owner's past mail (issue 36, item 1): at each initialisation the mail filed in the
 * AI categories' folders is replayed as the assistant would have filed it, each message judged by a
 * model that never saw it (ai/past-mail-replay.ts), the owner's latest replies are set next to the
 * drafts it would have written (reply-replay.ts), and the figures replace the mailbox's report.
 * Only with the built-in engine, which costs nothing; with an AI provider the replay would spend
 * credits and is not run by itself.
 */
import { type AccuracyReport, DISAGREEMENTS_KEPT } from '@app/shared/accuracy';
import { eq } from 'drizzle-orm';
import type { AiEngine, Grounding } from '../../ai/engine';
import { REPLAY_CHUNKS, replayPastMail } from '../../ai/past-mail-replay';
import type { Db } from '../../db/client';
import { mailAccuracyReports } from '../../db/schema/index';
import type { MailProvider } from '../../mail/port';
import { toEngineCategory } from '../../pipeline/classify';
import { currentAccuracy } from '../../pipeline/live-accuracy';
import type { MailAccountRow, MailCategoryRow } from './mail-settings.repository';
import type { FiledMessage } from './past-mail-reading';
import { type OwnerReply, replayReplies } from './reply-replay';
import type { ActorRef } from '../../access/actor';

export async function measurePastMail(
  deps: { db: Db; engine: AiEngine; grounding: Grounding },
  account: MailAccountRow,
  provider: MailProvider,
  past: { categories: MailCategoryRow[]; filed: FiledMessage[]; replies: OwnerReply[] },
  now: Date,
) {
  const { db, engine } = deps;
  const { categories, filed } = past;
  // The built-in engine only ('local', engine.ts): with an AI provider every judgement costs credits.
  if (engine.name !== 'local') return;
  if (categories.length === 0) {
    await db.delete(mailAccuracyReports).where(eq(mailAccuracyReports.mailAccountId, account.id));
    return;
  }
  const replay = await replayPastMail(engine, categories.map(toEngineCategory), filed);
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
    replies: await replayReplies(deps, account, provider, past.replies, filed),
  };
  await db
    .insert(mailAccuracyReports)
    .values({ userId: account.userId, mailAccountId: account.id, report, updatedAt: now })
    .onConflictDoUpdate({ target: mailAccuracyReports.mailAccountId, set: { report, updatedAt: now } });
}

/** GET /api/email-settings/accuracy: the caller's report with the mail filed since, or null before the first one. */
export async function accuracyReport(db: Db, caller: ActorRef, accountId: string): Promise<AccuracyReport | null> {
  const [row] = await db
    .select({ userId: mailAccuracyReports.userId })
    .from(mailAccuracyReports)
    .where(eq(mailAccuracyReports.mailAccountId, accountId));
  return row && row.userId === caller.id ? currentAccuracy(db, accountId) : null;
}
