/** The same server, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The maintenance database of the server DATABASE_URL points at, to create and drop test databases. */
export const adminUrl = (url: string) => databaseUrlFor(url, 'postgres');
