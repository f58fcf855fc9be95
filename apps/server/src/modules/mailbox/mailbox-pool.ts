import { AppError } from '../../errors';
import type { MailProvider } from '../../mail/port';

/**
 * Connected providers kept per user and reused across requests, so that a page or a message costs
 * no login (an IMAP client stays logged in; imapflow queues the commands of concurrent requests).
 * A provider idle for `idleMs` is logged out; one whose account changed (another password, another
 * server) is replaced; one that failed is dropped so that the next request connects afresh.
 * Each process has its own pool: nothing in it is state another process needs (DESIGN §1).
 */
export interface MailboxPool {
  use<T>(userId: string, key: string, open: () => MailProvider, work: (provider: MailProvider) => Promise<T>): Promise<T>;
  drop(userId: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  key: string;
  provider: MailProvider;
  timer: NodeJS.Timeout | null;
  busy: number;
}

export function createMailboxPool(options: { idleMs?: number; max?: number } = {}): MailboxPool {
  const idleMs = options.idleMs ?? 5 * 60_000;
  const max = options.max ?? 500;
  const entries = new Map<string, Entry>();

  const closeEntry = (entry: Entry) => entry.provider.close().catch(() => undefined);

  function schedule(userId: string, entry: Entry) {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      if (entries.get(userId) === entry && entry.busy === 0) {
        entries.delete(userId);
        void closeEntry(entry);
      }
    }, idleMs);
    entry.timer.unref();
  }

  async function drop(userId: string) {
    const entry = entries.get(userId);
    if (!entry) return;
    entries.delete(userId);
    if (entry.timer) clearTimeout(entry.timer);
    await closeEntry(entry);
  }

  return {
    async use(userId, key, open, work) {
      let entry = entries.get(userId);
      if (entry && entry.key !== key) {
        await drop(userId);
        entry = undefined;
      }
      if (!entry) {
        if (entries.size >= max) {
          const [oldest] = entries.keys();
          if (oldest !== undefined) await drop(oldest);
        }
        entry = { key, provider: open(), timer: null, busy: 0 };
        entries.set(userId, entry);
      } else {
        // Least recently used last: Map keeps insertion order.
        entries.delete(userId);
        entries.set(userId, entry);
      }
      entry.busy += 1;
      try {
        return await work(entry.provider);
      } catch (error) {
        // A refusal of ours (unknown folder, bad input) says nothing about the connection.
        if (!(error instanceof AppError) && entries.get(userId) === entry) await drop(userId);
        throw error;
      } finally {
        entry.busy -= 1;
        if (entries.get(userId) === entry) schedule(userId, entry);
      }
    },
    drop,
    async close() {
      await Promise.all([...entries.keys()].map(drop));
    },
  };
}
