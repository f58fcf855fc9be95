/**
 * How the first run reads past mail (issue 36, item 5): the category folders and the inbox are listed
 * first, then every listed message is read and kept as the engine reads it. What is read is stored as it goes
 * (`first-run-reads.repository.ts`), so that a run a dead worker left half done resumes where it
 * stopped instead of reading everything again.
 */
import { BODY_MAX, RECIPIENTS_MAX } from '../../ai/engine';
import type { LeftMessage, PastMessage } from '../../ai/past-mail-replay';
import type { Db } from '../../db/client';
import { parseMessage } from '../../mail/mime/parse-message';
import type { MailProvider, MessageSummary } from '../../mail/port';
import { toEngineMessage } from '../../pipeline/classify';
import { likelySpam, suspectedSpam } from '../../pipeline/spam-check';
import { readKey, type StoredRead, storedReads, storeReads } from './first-run-reads.repository';
import { readAhead, readTogether } from './read-ahead';
import type { MailAccountRow } from './mail-settings.repository';

/** Where a past message is, to open it in the webmail. */
export type PastMailRef = { folder: string; summary: MessageSummary };
/** A past message the owner filed in a category's folder, as the accuracy replay reads it. */
export type FiledMessage = PastMessage<PastMailRef>;
/** A past message the owner left in the inbox. */
export type InboxMessage = LeftMessage<PastMailRef>;

/** A folder to read: a category's (`categoryId`), or the inbox (null). */
export interface ListedFolder {
  folder: string;
  categoryId: string | null;
  summaries: MessageSummary[];
}

/** How often the progress is written for the screen while reading. */
const PROGRESS_EVERY_MS = 1_000;
/** Messages read between two writes of what was read. */
const STORE_EVERY = 200;

/** The messages of a folder dated within the range, newest first, at most `max`, as listed. */
export async function listInRange(provider: MailProvider, folderId: string, within: { start: Date; end: Date }, max: number) {
  const ops = provider.messages!;
  const picked: MessageSummary[] = [];
  for (let offset = 0; picked.length < max; offset += 50) {
    const page = await ops.list(folderId, { offset, limit: 50 });
    // Recipients are read from the message itself: a list's hundreds of addresses are not kept twice.
    for (const m of page.messages) if (m.date && m.date >= within.start && m.date <= within.end) picked.push({ ...m, to: [] });
    const oldest = page.messages.at(-1)?.date;
    if (page.messages.length < 50 || (oldest && oldest < within.start)) break;
  }
  return picked.slice(0, max);
}

/** One listed message cleaned once its raw source comes, and whether the pipeline would take it for spam; null when gone. */
async function readOne(summary: MessageSummary, source: Promise<Buffer | null>) {
  const raw = await source;
  if (!raw) return null;
  const parsed = await parseMessage(raw, { maxBodyChars: 20_000 });
  const message = toEngineMessage(parsed);
  // Kept for training and the replay, which read no further than the engine does (features.ts): the
  // text's first BODY_MAX characters and the first RECIPIENTS_MAX recipients.
  return {
    summary,
    message: { ...message, text: message.text.slice(0, BODY_MAX), to: message.to.slice(0, RECIPIENTS_MAX) },
    heldAsSpam: likelySpam(parsed) !== null || suspectedSpam(parsed),
  };
}

export async function readFolder(
  provider: MailProvider,
  folderId: string,
  within: { start: Date; end: Date },
  max: number,
  together: number,
) {
  const summaries = await listInRange(provider, folderId, within, max);
  const ahead = readAhead(provider, folderId, summaries, together);
  const read = [];
  for (const summary of summaries) {
    const one = await readOne(summary, ahead.rawOf(summary));
    if (one) read.push(one);
  }
  return read;
}

/**
 * The inbox's messages in the range, as listed, but those also in a category folder (Gmail's labels
 * leave a filed message in the inbox too: it counts as filed).
 */
export async function listInbox(
  provider: MailProvider,
  folder: string,
  within: { start: Date; end: Date },
  max: number,
  filed: ListedFolder[],
): Promise<ListedFolder | null> {
  if (filed.some((f) => f.folder === folder)) return null;
  const filedIds = new Set(filed.flatMap((f) => f.summaries.map((s) => s.messageId)).filter(Boolean));
  const summaries = (await listInRange(provider, folder, within, max)).filter((s) => !s.messageId || !filedIds.has(s.messageId));
  return { folder, categoryId: null, summaries };
}

/**
 * Every listed message, read or taken from what an unfinished run stored; `progress` hears the
 * folders and messages done, at most once a second and after each folder.
 */
export async function readListed(
  deps: { db: Db; account: MailAccountRow; provider: MailProvider; listed: ListedFolder[] },
  progress: (folders: number, messages: number) => Promise<void>,
): Promise<{ filed: FiledMessage[]; inbox: InboxMessage[] }> {
  const { db, account, provider, listed } = deps;
  const stored = await storedReads(db, account.id);
  const filed: FiledMessage[] = [];
  const inbox: InboxMessage[] = [];
  const toStore: StoredRead[] = [];
  // One write in flight at a time, overlapping the next fetches; its failure is raised at the next flush.
  let storing: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    const previous = await storing;
    if (previous instanceof Error) throw previous;
    storing = storeReads(db, account, toStore.splice(0)).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    );
  };
  try {
    let [done, shownAt] = [0, 0];
    const together = readTogether(account.provider);
    for (const [index, { folder, categoryId, summaries }] of listed.entries()) {
      const keptOf = (summary: MessageSummary) => {
        const kept = stored.get(readKey(folder, summary.id));
        return kept && kept.messageId === summary.messageId ? kept : null;
      };
      const ahead = readAhead(
        provider,
        folder,
        summaries.filter((s) => !keptOf(s)),
        together,
      );
      for (const summary of summaries) {
        const kept = keptOf(summary);
        const one = kept ? { message: kept.message, heldAsSpam: kept.heldAsSpam } : await readOne(summary, ahead.rawOf(summary));
        if (one) {
          const read = { message: one.message, heldAsSpam: one.heldAsSpam, ref: { folder, summary } };
          if (categoryId === null) inbox.push(read);
          else filed.push({ ...read, categoryId });
          if (!kept) toStore.push({ folder, messageRef: summary.id, messageId: summary.messageId, ...one });
        }
        if (toStore.length >= STORE_EVERY) await flush();
        done += 1;
        if (Date.now() - shownAt >= PROGRESS_EVERY_MS) {
          shownAt = Date.now();
          await progress(index, done);
        }
      }
      await flush();
      await progress(index + 1, done);
    }
    // Raises the last folder's write failure, if any.
    await flush();
    return { filed, inbox };
  } finally {
    // A run cut short (made stale, its connection lost) keeps what it read up to there; a killed
    // worker keeps what it stored every STORE_EVERY messages.
    await storing;
    if (toStore.length > 0) await storeReads(db, account, toStore.splice(0)).catch(() => undefined);
  }
}
