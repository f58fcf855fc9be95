import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

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
    close: () => pool.end(),
  };
}

async function openPglite(dir: string | null): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir ?? undefined, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    query: async (text, params) => (await client.query(text, params)).rows as never,
    close: () => client.close(),
  };
}

/** Applies pending migrations; on PostgreSQL under an advisory lock so that several processes can start at once. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    await migratePg(tx as never, { migrationsFolder });
  });
}
