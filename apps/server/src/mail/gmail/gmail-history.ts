import { z } from 'zod';
import { MailError } from '../errors';
import type { IncomingMessage, NewMessages } from '../port';
import { type GmailCall, gmailQuery, gmailSummaries } from './gmail-messages';

/**
 * New mail in a label through Gmail's history (https://developers.google.com/gmail/api/guides/sync):
 * the checkpoint is a history id, and the history records after it that add a message carrying the
 * label are the new mail. Gmail keeps history for about a week; an older id answers 404, and the
 * label is then searched for mail received since the last round before going on from the mailbox's
 * current history id (what was already recorded is recognised by its id and not recorded twice).
 */
const historySchema = z.object({
  history: z
    .array(
      z.object({
        id: z.string(),
        messagesAdded: z
          .array(z.object({ message: z.object({ id: z.string(), labelIds: z.array(z.string()).default([]) }) }))
          .default([]),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
  historyId: z.string(),
});
const listSchema = z.object({
  messages: z.array(z.object({ id: z.string() })).default([]),
  nextPageToken: z.string().optional(),
});

const checkpointSchema = z.object({ historyId: z.string().regex(/^\d+$/), at: z.number() });
type GmailCheckpoint = z.infer<typeof checkpointSchema>;

/** How far back before the last round the fallback search looks (clock skew, delivery delays). */
const RECOVERY_MARGIN_MS = 60 * 60 * 1000;
/** The most messages the fallback search records in one go. */
const RECOVERY_LIMIT = 500;

export function gmailNewMessages(call: GmailCall) {
  async function current(): Promise<GmailCheckpoint> {
    const profile = z.object({ historyId: z.string() }).parse(await call('/profile'));
    return { historyId: profile.historyId, at: Date.now() };
  }

  async function incoming(ids: string[]): Promise<IncomingMessage[]> {
    const summaries = await gmailSummaries(call, ids);
    return summaries.map((m) => ({ providerId: m.id, messageId: m.messageId, subject: m.subject, from: m.from, date: m.date }));
  }

  /** The label's mail received since the last round, oldest first, then the current history id. */
  async function recover(labelId: string, previous: GmailCheckpoint): Promise<NewMessages> {
    const next = await current();
    const after = Math.floor((previous.at - RECOVERY_MARGIN_MS) / 1000);
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = listSchema.parse(
        await call(`/messages?${gmailQuery({ labelIds: labelId, q: `after:${after}`, maxResults: 100, pageToken })}`),
      );
      ids.push(...page.messages.map((m) => m.id));
      pageToken = page.nextPageToken;
    } while (pageToken && ids.length < RECOVERY_LIMIT);
    return { messages: await incoming(ids.slice(0, RECOVERY_LIMIT).reverse()), checkpoint: next };
  }

  return async function listNewMessages(labelId: string, checkpoint: unknown, limit: number): Promise<NewMessages> {
    const parsed = checkpointSchema.safeParse(checkpoint);
    if (!parsed.success) return { messages: [], checkpoint: await current() };
    const previous = parsed.data;
    const startedAt = Date.now();
    let body: z.infer<typeof historySchema>;
    try {
      const query = gmailQuery({
        startHistoryId: previous.historyId,
        labelId,
        historyTypes: 'messageAdded',
        maxResults: Math.min(limit, 500),
      });
      body = historySchema.parse(await call(`/history?${query}`));
    } catch (error) {
      if (error instanceof MailError && error.kind === 'not_found') return recover(labelId, previous);
      throw error;
    }
    const added = body.history.flatMap((h) => h.messagesAdded.map((a) => a.message));
    const ids = [...new Set(added.filter((m) => m.labelIds.includes(labelId)).map((m) => m.id))];
    // More pages: go on after the last record read. Otherwise the mailbox's own history id, kept
    // as it was when nothing happened so that the caller sees the folder is read to the end.
    const next: GmailCheckpoint = body.nextPageToken
      ? { historyId: body.history.at(-1)?.id ?? previous.historyId, at: previous.at }
      : body.historyId === previous.historyId
        ? previous
        : { historyId: body.historyId, at: startedAt };
    return { messages: await incoming(ids), checkpoint: next };
  };
}
