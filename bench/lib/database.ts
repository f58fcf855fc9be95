import { type Database, openDatabase } from '../../apps/server/src/db/client';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  /** The URL of the new database, for the server and for this process. */
  url: string;
  /** Drops the database (whoever is still connected). */
  drop(): Promise<void>;
}

/** A new empty PostgreSQL database `name` on the server of DATABASE_URL (default: the local one). */
export async function freshDatabase(name: string): Promise<BenchDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  await asAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function asAdmin<T>(work: (admin: Database) => Promise<T>): Promise<T> {
  const admin = await openDatabase({ url: ADMIN_URL, poolSize: 1 });
  try {
    return await work(admin);
  } finally {
    await admin.close();
  }
}
