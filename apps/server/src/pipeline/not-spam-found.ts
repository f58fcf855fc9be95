/**
 * The owner's "not spam", made in any client: a message the assistant marked as spam, found since
 * without the mark (the `$Junk` keyword, the Gmail label or Outlook category removed) or back out of
 * the Junk folder the assistant moved it to. Its sender is remembered: their mail is never taken for
 * spam again in this mailbox (the webmail's "Not spam" does the same at once).
 */
import type { MailboxContext } from './context';
import { type NewestMessages, newestMessages } from './corrections';
import { markedSpamByAssistant, rememberNotSpamSenders } from './not-spam.repository';
import type { CategoryRow } from './pipeline.repository';

/** The webmail's "Not spam" remembers the senders the same way (modules/mailbox/not-spam.ts). */
export { rememberNotSpamSenders } from './not-spam.repository';

/** Looks for new "not spam" verdicts of the owner and remembers their senders. */
export async function findNotSpam(
  ctx: MailboxContext,
  categories: CategoryRow[],
  newest: NewestMessages = newestMessages(ctx),
): Promise<void> {
  const folders = new Set([ctx.account.trackedMailbox, ...categories.map((c) => c.mailboxId)]);
  const senders: string[] = [];
  for (const folder of folders) {
    const page = await newest(folder);
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
      const sender = message.from?.address ?? mark.fromAddress;
      if (sender) senders.push(sender);
    }
  }
  // Senders already known are kept as they are.
  await rememberNotSpamSenders(ctx.deps.db, ctx.account.userId, ctx.account.id, senders);
}
