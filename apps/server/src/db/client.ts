import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { paths } from '../paths';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'postgres' | 'pglite';

export interface Database {
  db: Db;
  kind: DbKind;
  /**
   * Raw rows of a SQL statement, the same shape on both drivers. With a `name`, PostgreSQL prepares the
   * statement once per connection and may reuse its plan: only for statements whose best plan does not
   * depend on the parameters (planning costs as much as running a small indexed query).
   */
  query<T extends Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  /**
   * LISTEN on a channel (DESIGN §7: live events travel by LISTEN/NOTIFY); resolves to the unlisten.
   * `onConnection` hears when the listener is connected and when it lost its connection (whatever
   * was sent meanwhile is missed).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onConnection?: (connected: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Takes the advisory lock (`space`, hash of `name`) on a connection of its own and holds it for as
   * long as this process lives: when the process dies, its connection closes and the server drops the
   * lock at once, which tells the other processes it is gone (pipeline leases). A dropped connection
   * is opened again and the lock taken again. Resolves to the release, or null when another session
   * holds the lock.
   */
  holdSessionLock(space: number, name: string): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

/** The statements of a session lock keyed by a name (the key a `pg_locks` row shows as `objid`). */
export const SESSION_LOCK_KEY = 'hashtext($2) & 2147483647';
const TAKE_LOCK = `select pg_try_advisory_lock($1, ${SESSION_LOCK_KEY}) as taken`;
const RELEASE_LOCK = `select pg_advisory_unlock($1, ${SESSION_LOCK_KEY})`;

/**
 * Connections per process. A busy mailbox has up to twenty-four messages in progress (pipeline/process-pending.ts),
 * each holding a connection through its transactions: with ten, 20 quiet mailboxes beside it brought
 * it from 50 to 35 messages/s (bench/pipeline-latency.ts, ADR 0154).
 */
const POOL_SIZE = 20;

/** PostgreSQL when a URL is given, otherwise PGlite stored in `dataDir` (or in memory when null). */
export async function openDatabase(opts: { url?: string; pgliteDir?: string | null; poolSize?: number }): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts.poolSize ?? POOL_SIZE) : openPglite(opts.pgliteDir ?? null);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client dropped by the server (restart, terminated backend) must not crash the process:
  // the pool discards it and opens a new one on demand.
  pool.on('error', (error) => console.warn(`database: idle connection lost (${error.message})`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    query: async <T extends Record<string, unknown>>(text: string, params?: unknown[], name?: string) =>
      (await (name ? pool.query<T>({ name, text, values: params }) : pool.query<T>(text, params))).rows,
    listen: (channel, onPayload, onConnection) => listenPostgres(url, channel, onPayload, onConnection),
    holdSessionLock: (space, name) => holdPostgresLock(url, space, name),
    close: () => pool.end(),
  };
}

/**
 * A connection of its own (a pooled one would be handed to other queries), set up by `setUp`, which
 * says whether it took (a session lock may still be held by the old session). A dropped connection,
 * or one that did not take, is opened again after a second, so a database restart ends neither live
 * events nor a presence lock. Resolves to whether the first one took, and the stop.
 */
async function ownConnection(
  url: string,
  setUp: (client: pg.Client) => Promise<boolean>,
  onConnection: (connected: boolean) => void = () => undefined,
) {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<boolean> => {
    const next = new pg.Client({ connectionString: url });
    next.on('error', () => undefined); // a failed connect rejects; a lost connection ends (below)
    try {
      await next.connect();
      if (!(await setUp(next)) || stopped) {
        void next.end().catch(() => undefined);
        return false;
      }
    } catch (error) {
      void next.end().catch(() => undefined);
      throw error;
    }
    next.once('end', () => {
      onConnection(false);
      retry();
    });
    client = next;
    onConnection(true);
    return true;
  };
  const retry = () => {
    if (!stopped) setTimeout(() => void connect().then((taken) => taken || retry(), retry), 1000);
  };
  const taken = await connect();
  const stop = async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
  return { taken, stop };
}

async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onConnection?: (connected: boolean) => void,
) {
  const { stop } = await ownConnection(
    url,
    async (client) => {
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client.on('notification', (n) => n.channel === channel && n.payload !== undefined && onPayload(n.payload));
      return true;
    },
    onConnection,
  );
  return stop;
}

async function holdPostgresLock(url: string, space: number, name: string) {
  const { taken, stop } = await ownConnection(url, async (client) => {
    const { rows } = await client.query<{ taken: boolean }>(TAKE_LOCK, [space, name]);
    return rows[0]?.taken === true;
  });
  if (taken) return stop;
  await stop();
  return null;
}

/** PGlite in a thread of its own (`pglite-client.ts`), loaded only when it is used: with PostgreSQL its ~40 MB would be paid for nothing. */
async function openPglite(dir: string | null): Promise<Database> {
  const [{ PgliteThread }, { drizzle: drizzlePglite }] = await Promise.all([
    import('./pglite-client'),
    import('drizzle-orm/pglite'),
  ]);
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PgliteThread.start(dir);
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    query: async (text, params) => (await client.query(text, params)).rows as never,
    listen: async (channel, onPayload, onConnection) => {
      const unlisten = await client.listen(channel, onPayload);
      onConnection?.(true); // in this process: never disconnected
      return unlisten;
    },
    // One process holds the directory: a lock lives exactly as long as this process and its client.
    holdSessionLock: async (space, name) => {
      const { rows } = await client.query(TAKE_LOCK, [space, name]);
      if (!(rows[0] as { taken?: boolean } | undefined)?.taken) return null;
      return async () => void (await client.query(RELEASE_LOCK, [space, name]).catch(() => undefined));
    },
    close: () => client.close(),
  };
}

/** Applies pending migrations; on PostgreSQL under an advisory lock so that several processes can start at once. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: paths.migrations });
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    await migratePg(tx as never, { migrationsFolder: paths.migrations });
  });
}
