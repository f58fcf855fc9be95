import { sql } from 'drizzle-orm';

/** An OR full-text query over terms as prefixes (`price:*`), or null when there are none. */
export function prefixQuery(terms: string[]) {
  return terms.length ? sql`to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(' | ')})` : null;
}
