/**
 * Reading a folder's past messages one after another waits for the server at every message. A first
 * run asks for them a window ahead instead: the messages of the next window are asked for together
 * while those of the current one are parsed. Over IMAP the requests of a window become one UID FETCH
 * (gathered-commands.ts); the vendors' APIs get a few requests at a time, under their per-mailbox
 * limits (Graph allows 4 concurrent requests per mailbox; Gmail's quota about 50 message reads a
 * second). A window also stops at a size, so that a few large messages are not all held at once.
 */
import type { MailProvider, MessageSummary } from '../../mail/port';
import type { MailAccountRow } from './mail-settings.repository';

const TOGETHER: Record<MailAccountRow['provider'], number> = { smtp: 25, gmail: 5, outlook: 4 };
const WINDOW_BYTES = 4 * 1024 * 1024;

/** How many messages of a mailbox are asked for together. */
export const readTogether = (provider: MailAccountRow['provider']) => TOGETHER[provider];

/** `summaries` cut into windows of at most `together` messages and WINDOW_BYTES (at least one message each). */
export function windowsOf(summaries: MessageSummary[], together: number) {
  const windows: MessageSummary[][] = [];
  let bytes = 0;
  for (const summary of summaries) {
    const last = windows.at(-1);
    if (!last || last.length >= together || bytes + summary.size > WINDOW_BYTES) {
      windows.push([summary]);
      bytes = summary.size;
    } else {
      last.push(summary);
      bytes += summary.size;
    }
  }
  return windows;
}

/**
 * The raw message of each of `summaries`, asked for when the one before its window is reached:
 * `rawOf` must be called in the order of `summaries`, and only for them.
 */
export function readAhead(provider: MailProvider, folderId: string, summaries: MessageSummary[], together: number) {
  const windows = windowsOf(summaries, together);
  const windowOf = new Map(windows.flatMap((window, i) => window.map((s) => [s.id, i] as const)));
  const asked = new Map<number, Map<string, Promise<Buffer | null>>>();
  const ask = (i: number) => {
    if (i >= windows.length || asked.has(i)) return;
    const raws = new Map<string, Promise<Buffer | null>>();
    for (const summary of windows[i]!) {
      const raw = provider.messages!.fetchRaw(folderId, summary.id);
      // Its failure is raised when its message is reached; until then it must not count as unhandled.
      raw.catch(() => undefined);
      raws.set(summary.id, raw);
    }
    asked.set(i, raws);
  };
  return {
    rawOf(summary: MessageSummary): Promise<Buffer | null> {
      const i = windowOf.get(summary.id)!;
      ask(i);
      ask(i + 1);
      asked.delete(i - 1);
      return asked.get(i)!.get(summary.id)!;
    },
  };
}
