import type { ThreadMessage } from '../ai/engine';
import { parseMessage } from '../mail/mime/parse-message';
import { readableText } from '../mail/mime/message';
import { newLines } from '../mail/mime/quoted-text';
import type { MessageOperations } from '../mail/port';

/** The conversation's latest earlier messages an AI provider is given, and how much of each. */
export const THREAD_MAX = 3;
const THREAD_TEXT_CHARS = 3_000;

/**
 * The earlier messages of a message's conversation, oldest first (issue 39, item 2): the ones its
 * References and In-Reply-To name, found by Message-ID in the given folders (where it arrived, then
 * Sent for the owner's own replies) through the provider's own search (IMAP SEARCH HEADER, Gmail's
 * and Graph's queries), each as its own words with the quoted history cut. A message not found, or a
 * provider that fails, leaves it out: the draft is written with what there is.
 */
export async function earlierInThread(
  ops: Pick<MessageOperations, 'findByMessageId' | 'fetchRaw'>,
  folderIds: string[],
  message: { messageId: string | null; references: string[]; inReplyTo: string | null },
): Promise<ThreadMessage[]> {
  const named = [...message.references, ...(message.inReplyTo ? [message.inReplyTo] : [])];
  const ids = [...new Set(named)].filter((id) => id !== message.messageId).slice(-THREAD_MAX);
  const found: ThreadMessage[] = [];
  for (const id of ids) {
    for (const folderId of folderIds) {
      const uid = await ops.findByMessageId(folderId, id).catch(() => null);
      const raw = uid ? await ops.fetchRaw(folderId, uid).catch(() => null) : null;
      if (!raw) continue;
      const parsed = await parseMessage(raw, { maxBodyChars: 50_000 });
      const from = parsed.from ? (parsed.from.name ? `${parsed.from.name} <${parsed.from.address}>` : parsed.from.address) : '';
      found.push({ date: parsed.date, from, text: newLines(readableText(parsed)).trim().slice(0, THREAD_TEXT_CHARS) });
      break;
    }
  }
  return found.sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0));
}
