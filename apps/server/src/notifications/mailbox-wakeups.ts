import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';

/**
 * Wake-ups for the worker holding a mailbox, sent by whichever process noticed something (DESIGN §1:
 * the processes share only PostgreSQL): a NOTIFY on a channel carrying the mail account id.
 */
export const MAIL_PUSH_CHANNEL = 'mail_push';
/** The mailbox's settings changed (or it was deleted): its runner reads them again at once. */
export const MAIL_ACCOUNT_CHANGED_CHANNEL = 'mail_account_changed';

/** Never fails the caller: a lost wake-up only delays until the runner's fallback check. */
export async function wakeMailbox(db: Db, channel: string, accountId: string) {
  await db.execute(sql`SELECT pg_notify(${channel}, ${accountId})`).catch(() => undefined);
}

/** Wake-ups for one mailbox: `next` resolves at the next one, at once when one came since the last call. */
export interface WakeupInbox {
  next(signal: AbortSignal): Promise<void>;
  close(): void;
}

export interface MailboxWakeups {
  open(accountId: string): WakeupInbox;
  close(): Promise<void>;
}

/** Listens once per worker process and hands each wake-up to the runner of that mailbox, if it runs here. */
export function listenForWakeups(
  database: Pick<Database, 'listen'>,
  channel: string,
  onError?: (error: unknown) => void,
): MailboxWakeups {
  const inboxes = new Map<string, Set<() => void>>();
  const unlisten = database
    .listen(channel, (accountId) => inboxes.get(accountId)?.forEach((arrived) => arrived()))
    .catch((error: unknown) => {
      onError?.(error);
      return async () => undefined;
    });

  return {
    open(accountId) {
      let pending = false;
      let wake: (() => void) | null = null;
      const arrived = () => {
        if (wake) wake();
        else pending = true;
      };
      const set = inboxes.get(accountId) ?? new Set();
      set.add(arrived);
      inboxes.set(accountId, set);
      return {
        next(signal) {
          if (pending) {
            pending = false;
            return Promise.resolve();
          }
          if (signal.aborted) return Promise.resolve();
          return new Promise<void>((resolve) => {
            const done = () => {
              wake = null;
              signal.removeEventListener('abort', done);
              resolve();
            };
            wake = done;
            signal.addEventListener('abort', done, { once: true });
          });
        },
        close() {
          set.delete(arrived);
          if (set.size === 0) inboxes.delete(accountId);
        },
      };
    },
    async close() {
      await (
        await unlisten
      )();
    },
  };
}
