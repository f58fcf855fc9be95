/**
 * The owner's "not spam", made in any client: a message the assistant marked as spam, found since
 * without the mark (the `$Junk` keyword, the Gmail label or Outlook category removed) or back out of
 * the Junk folder the assistant moved it to. Its sender is remembered: their mail is never taken for
 * spam again in this mailbox (the webmail's "Not spam" does the same at once).
 */
import type { MailboxContext } from './context';
import { markedSpamByAssistant, notSpamSendersAmong, rememberNotSpamSenders } from './not-spam.repository';
import type { CategoryRow } from './pipeline.repository';

/** How many of each folder's newest messages are looked at, as for the category corrections. */
const NEWEST = 30;

/** Looks for new "not spam" verdicts of the owner; returns how many senders were learned. */
export async function findNotSpam(ctx: MailboxContext, categories: CategoryRow[]): Promise<number> {
  const folders = new Set([ctx.account.trackedMailbox, ...categories.map((c) => c.mailboxId)]);
  const learned = new Set<string>();
  for (const folder of folders) {
    const page = await ctx.ops.list(folder, { offset: 0, limit: NEWEST }).catch(() => null);
    if (!page) continue;
    const listed = page.messages.filter((m) => m.messageId);
    const marked = await markedSpamByAssistant(
      ctx.deps.db,
      ctx.account.id,
      listed.map((m) => m.messageId!),
    );
    for (const message of listed) {
      const mark = marked.get(message.messageId!);
      // Still marked where the assistant left it: the owner has not spoken.
      if (!mark || (message.junk && !mark.moved)) continue;
      const sender = (message.from?.address ?? mark.fromAddress)?.toLowerCase();
      if (sender) learned.add(sender);
    }
  }
  if (learned.size === 0) return 0;
  const known = await notSpamSendersAmong(ctx.deps.db, ctx.account.id, [...learned]);
  const fresh = [...learned].filter((a) => !known.has(a));
  await rememberNotSpamSenders(ctx.deps.db, ctx.account.userId, ctx.account.id, fresh);
  return fresh.length;
}
