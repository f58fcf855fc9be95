/**
 * The owner's corrections, made in any client (the webmail, Gmail labels, Outlook, a phone's mail app
 * over IMAP): a message the assistant filed into a category, found since in another category's folder
 * or back in the tracked folder. Found by a cheap periodic look at the newest messages of those
 * folders through the provider port (the same on IMAP, Gmail and Outlook), compared by Message-ID
 * with what the assistant did; the assistant's own moves are what it compares against, so they are
 * never corrections. Each one is stored with the text the engine reads, and the classifier learns
 * from it before the next message is classified.
 */
import { toEngineMessage } from './classify';
import type { MailboxContext } from './context';
import * as repo from './corrections.repository';
import type { CategoryRow } from './pipeline.repository';
import { parseMessage } from '../mail/mime/parse-message';
import type { MessageSummary } from '../mail/port';

/** The owner's corrections as the settings read and write them (activity, training, dry-run review). */
export { listCorrections, recentCorrections, saveCorrection } from './corrections.repository';

/** How many of each folder's newest messages are looked at: corrections are made on recent mail. */
const NEWEST = 30;
/** What of a corrected message's text is kept (what the local engine reads of a body). */
const TEXT_MAX = 6_000;

export type NewestMessages = (folder: string) => Promise<{ messages: MessageSummary[] } | null>;

/**
 * The newest messages of a folder, listed once per look whoever asks (the corrections and the
 * "not spam" look at the same folders); null for a folder deleted in another client.
 */
export function newestMessages(ctx: MailboxContext): NewestMessages {
  const pages = new Map<string, ReturnType<NewestMessages>>();
  return (folder) => {
    let page = pages.get(folder);
    if (!page) {
      page = ctx.ops.list(folder, { offset: 0, limit: NEWEST }).catch(() => null);
      pages.set(folder, page);
    }
    return page;
  };
}

/** Looks for new corrections; returns how many were found and stored. */
export async function findCorrections(
  ctx: MailboxContext,
  categories: CategoryRow[],
  newest: NewestMessages = newestMessages(ctx),
): Promise<number> {
  const ai = categories.filter((c) => c.classifierType === 'ai');
  if (ai.length === 0) return 0;
  const places = [
    ...ai.map((c) => ({ categoryId: c.id, folder: c.mailboxId })),
    { categoryId: null, folder: ctx.account.trackedMailbox },
  ];
  let found = 0;
  for (const place of places) {
    const page = await newest(place.folder);
    if (!page) continue;
    const here = new Map(page.messages.filter((m) => m.messageId).map((m) => [m.messageId!, m]));
    const placed = await repo.placedByAssistant(ctx.deps.db, ctx.account.id, [...here.keys()]);
    for (const [messageId, placement] of placed) {
      if (placement.current === place.categoryId) continue;
      const raw = await ctx.ops.fetchRaw(place.folder, here.get(messageId)!.id);
      if (!raw) continue;
      const parsed = await parseMessage(raw, { maxBodyChars: 20_000 });
      const message = toEngineMessage(parsed);
      await repo.saveCorrection(ctx.deps.db, {
        userId: ctx.account.userId,
        mailAccountId: ctx.account.id,
        messageId,
        categoryId: place.categoryId,
        fromCategoryId: placement.assistant,
        subject: message.subject,
        fromName: message.from?.name ?? '',
        fromAddress: message.from?.address ?? null,
        text: message.text.slice(0, TEXT_MAX),
        sentAt: message.date,
      });
      found++;
    }
  }
  return found;
}
