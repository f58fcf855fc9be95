import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import type { PushInbox } from '../../pipeline/mailbox-runner';

/**
 * The webhooks (API process) tell the worker holding a mailbox that its vendor pushed: a NOTIFY on
 * this channel carrying the mail account id (DESIGN §1: the processes share only PostgreSQL).
 */
export const MAIL_PUSH_CHANNEL = 'mail_push';

/** Never fails the caller: a lost wake-up only delays the mail until the fallback poll. */
export async function wakeMailbox(db: Db, accountId: string) {
  await db.execute(sql`SELECT pg_notify(${MAIL_PUSH_CHANNEL}, ${accountId})`).catch(() => undefined);
}

export interface PushArrivals {
  open(accountId: string): PushInbox;
  close(): Promise<void>;
}

/** Listens once per worker process and hands each wake-up to the runner of that mailbox, if it runs here. */
export function listenForPushes(database: Pick<Database, 'listen'>, onError?: (error: unknown) => void): PushArrivals {
  const inboxes = new Map<string, Set<() => void>>();
  const unlisten = database
    .listen(MAIL_PUSH_CHANNEL, (accountId) => inboxes.get(accountId)?.forEach((arrived) => arrived()))
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
