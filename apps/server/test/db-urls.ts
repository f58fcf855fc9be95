/** The same server, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Test databases are created and dropped through the database DATABASE_URL names (CI gives each run a fresh one). */
export const adminUrl = (url: string) => url;
