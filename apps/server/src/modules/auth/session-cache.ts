import type { Database } from '../../db/client';

/** Where the database tells every process that sessions changed (triggers of migration 0020). */
export const SESSION_CHANGED_CHANNEL = 'session_changed';
const MAX_ENTRIES = 10_000;
/** A backstop only: a change is heard at once while the listener is connected. */
const LIFETIME_MS = 60_000;

export interface CachedSession<T> {
  sessionId: string;
  userId: string;
  value: T;
}

/**
 * The sessions this process resolved lately, so that a request does not read its session again.
 * It stays exact because the process hears every change: triggers on `session` and `"user"` NOTIFY
 * the session's or the user's id, and the entry is dropped. Nothing is kept while the listener is
 * not connected, everything is dropped when it reconnects (changes may have been missed), and an
 * entry read before a change was heard is not kept (see `mark`).
 */
export interface SessionCache<T> {
  /** The session kept under `key` (the resolver's key: the signed cookie value). */
  get(key: string): T | undefined;
  /** Taken before reading a session from the database, then given to `keep`. */
  mark(): number;
  /** Keeps what was read since `mark`, unless a change was heard meanwhile (it may concern this session). */
  keep(mark: number, key: string, session: CachedSession<T>): void;
  /**
   * This process changed a session or a user: what it kept of them goes now, so that this process's
   * next request sees the change (the database's notification comes back a moment later).
   */
  forgetSession(sessionId: string): void;
  forgetUser(userId: string): void;
  close(): Promise<void>;
}

/** What the code that changes sessions and users tells the cache. */
export type SessionChanges = Pick<SessionCache<unknown>, 'forgetSession' | 'forgetUser'>;

export function createSessionCache<T>(
  database: Pick<Database, 'listen'>,
  opts: { now?: () => number; onError?: (error: unknown) => void } = {},
): SessionCache<T> {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, CachedSession<T> & { storedAt: number }>();
  let listening = false;
  let changes = 0;

  const forget = (matches: (entry: CachedSession<T>) => boolean) => {
    changes += 1;
    for (const [key, entry] of entries) if (matches(entry)) entries.delete(key);
  };
  const forgetSession = (sessionId: string) => forget((entry) => entry.sessionId === sessionId);
  const forgetUser = (userId: string) => forget((entry) => entry.userId === userId);
  const changed = (payload: string) => {
    const id = payload.slice(1);
    if (payload[0] === 's') forgetSession(id);
    else if (payload[0] === 'u') forgetUser(id);
    else forget(() => true);
  };
  const connection = (connected: boolean) => {
    changes += 1;
    entries.clear();
    listening = connected;
  };
  const unlisten = database.listen(SESSION_CHANGED_CHANNEL, changed, connection).catch((error: unknown) => {
    opts.onError?.(error);
    return async () => undefined;
  });

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt < LIFETIME_MS) return entry.value;
      entries.delete(key);
      return undefined;
    },
    mark: () => changes,
    keep(mark, key, session) {
      if (!listening || mark !== changes) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { ...session, storedAt: now() });
    },
    forgetSession,
    forgetUser,
    async close() {
      connection(false);
      await (
        await unlisten
      )();
    },
  };
}
