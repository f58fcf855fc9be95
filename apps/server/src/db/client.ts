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
  close(): Promise<void>;
}

/** PostgreSQL when a URL is given, otherwise PGlite stored in `dataDir` (or in memory when null). */
export async function openDatabase(opts: { url?: string; pgliteDir?: string | null; poolSize?: number }): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts.poolSize ?? 10) : openPglite(opts.pgliteDir ?? null);
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
    close: () => pool.end(),
  };
}

/**
 * One connection of its own per listener (a pooled one would be handed to other queries). A dropped
 * connection is opened again after a second, so a database restart does not end live events.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onConnection: (connected: boolean) => void = () => undefined,
) {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('error', () => undefined); // a failed connect rejects; a lost connection ends (below)
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) return void next.end().catch(() => undefined);
    next.on('notification', (n) => n.channel === channel && n.payload !== undefined && onPayload(n.payload));
    next.once('end', () => {
      onConnection(false);
      retry();
    });
    client = next;
    onConnection(true);
  };
  const retry = () => {
    if (!stopped) setTimeout(() => void connect().catch(retry), 1000);
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

/** PGlite is loaded only when it is used: with PostgreSQL its ~40 MB would be paid for nothing. */
async function openPglite(dir: string | null): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir ?? undefined, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    query: async (text, params) => (await client.query(text, params)).rows as never,
    listen: async (channel, onPayload, onConnection) => {
      const unlisten = await client.listen(channel, onPayload);
      onConnection?.(true); // in this process: never disconnected
      return () => unlisten();
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
