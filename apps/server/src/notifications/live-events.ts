import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';

/**
 * Live events for the screens (DESIGN §7): a process that changes a user's mail state NOTIFYs, every
 * API process LISTENs once and hands the event to that user's open streams. Several processes share
 * nothing in memory, so this works with the worker and the API apart.
 */
export const MAIL_EVENTS_CHANNEL = 'mail_events';

/** `setting`: the mailbox's settings, batch or sync state changed; `activity`: mail was processed. */
export type MailEventKind = 'setting' | 'activity';
export interface MailEvent {
  userId: string;
  kind: MailEventKind;
}

/** Tells every process; never fails the caller (a lost event only delays the screen until its next poll). */
export async function notifyMail(db: Db, event: MailEvent) {
  await db.execute(sql`SELECT pg_notify(${MAIL_EVENTS_CHANNEL}, ${JSON.stringify(event)})`).catch(() => undefined);
}

export interface LiveEvents {
  /** Resolves once the process is listening, so no event sent after it is missed. */
  subscribe(userId: string, onEvent: (event: MailEvent) => void): Promise<() => void>;
  close(): Promise<void>;
}

export function createLiveEvents(database: Database): LiveEvents {
  const listeners = new Map<string, Set<(event: MailEvent) => void>>();
  let unlisten: Promise<() => Promise<void>> | null = null;

  const dispatch = (payload: string) => {
    try {
      const event = JSON.parse(payload) as MailEvent;
      for (const listener of listeners.get(event.userId) ?? []) listener(event);
    } catch {
      // Not ours: ignored.
    }
  };

  return {
    async subscribe(userId, onEvent) {
      unlisten ??= database.listen(MAIL_EVENTS_CHANNEL, dispatch);
      await unlisten;
      const set = listeners.get(userId) ?? new Set();
      set.add(onEvent);
      listeners.set(userId, set);
      return () => {
        set.delete(onEvent);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async close() {
      if (unlisten) await (await unlisten)();
    },
  };
}
