/**
 * The replies part of the accuracy on past mail (issue 36, item 1): for the owner's latest answers in
 * Sent, the draft the assistant would have written to the message they answer, compared with what
 * the owner wrote (the shared text similarity). The draft never sees that reply among its examples.
 */
import type { AccuracyReport } from '@app/shared/accuracy';
import { textSimilarity } from '@app/shared/text-similarity';
import type { AiEngine, Grounding } from '../../ai/engine';
import type { Db } from '../../db/client';
import { parseMessage } from '../../mail/mime/parse-message';
import type { MailProvider } from '../../mail/port';
import { replyText } from '../../pipeline/reply-text';
import type { FiledMessage, InboxMessage } from './past-mail-reading';
import type { MailAccountRow } from './mail-settings.repository';

/** How many of the owner's latest replies are replayed (a draft each: milliseconds with the built-in engine). */
const REPLIES_REPLAYED = 20;
/** How many are kept side by side for the screen, the closest and the farthest first. */
const EXAMPLES_KEPT = 4;

export interface OwnerReply {
  subject: string;
  /** The owner's own words (quoted history cut). */
  text: string;
  inReplyTo: string;
  date: Date | null;
}

export async function replayReplies(
  deps: { db: Db; engine: AiEngine; grounding: Grounding },
  account: Pick<MailAccountRow, 'id' | 'userId' | 'trackedMailbox' | 'connection' | 'username'>,
  provider: MailProvider,
  replies: OwnerReply[],
  /** The past mail the first run read (filed and left in the inbox), where the answered message is looked for first. */
  read: (FiledMessage | InboxMessage)[],
): Promise<AccuracyReport['replies']> {
  const ops = provider.messages!;
  const readById = new Map(read.filter((f) => f.ref.summary.messageId).map((f) => [f.ref.summary.messageId!, f]));
  const senderName = (account.connection.kind === 'smtp' ? account.connection.name : '') || account.username;
  const judged: AccuracyReport['replies']['examples'] = [];
  for (const reply of replies.slice(0, REPLIES_REPLAYED)) {
    const inFolder = readById.get(reply.inReplyTo);
    const folder = inFolder?.ref.folder ?? account.trackedMailbox;
    const uid = inFolder?.ref.summary.id ?? (await ops.findByMessageId(folder, reply.inReplyTo).catch(() => null));
    const raw = uid ? await ops.fetchRaw(folder, uid).catch(() => null) : null;
    if (!uid || !raw) continue;
    const parsed = await parseMessage(raw, { maxBodyChars: 20_000 });
    const { text: draft } = await replyText(deps, {
      userId: account.userId,
      mailAccountId: account.id,
      categoryId: inFolder && 'categoryId' in inFolder ? inFolder.categoryId : null,
      parsed,
      senderName,
      withoutPastReply: reply.text,
      // Written as the owner would have, the day the message came.
      now: parsed.date ?? undefined,
    });
    judged.push({
      subject: reply.subject,
      date: reply.date?.toISOString() ?? null,
      folder,
      uid,
      draft,
      reply: reply.text,
      similarity: textSimilarity(draft, reply.text),
    });
  }
  const mean = judged.length ? judged.reduce((sum, j) => sum + j.similarity, 0) / judged.length : null;
  const bySimilarity = [...judged].sort((a, b) => b.similarity - a.similarity);
  const half = Math.ceil(EXAMPLES_KEPT / 2);
  const examples =
    bySimilarity.length <= EXAMPLES_KEPT ? bySimilarity : [...bySimilarity.slice(0, half), ...bySimilarity.slice(-half)];
  return { judged: judged.length, meanSimilarity: mean, examples };
}
