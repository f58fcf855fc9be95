const MAX_TERMS = 8;

export interface SearchTerms {
  /** A to_tsquery('simple', …) expression: the words ANDed, the last one as a prefix. */
  tsquery: string | null;
  /** An ILIKE pattern for substring search in titles (only for 3+ characters, what trigrams index). */
  titlePattern: string | null;
}

/** Turns what the user typed into safe full-text and substring search terms. */
export function parseSearch(input: string): SearchTerms {
  const text = input.trim().toLowerCase();
  const words = (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
  const tsquery = words.length ? words.map((w, i) => (i === words.length - 1 && w.length >= 3 ? `${w}:*` : w)).join(' & ') : null;
  const titlePattern = text.length >= 3 ? `%${text.replace(/[\\%_]/g, '\\$&')}%` : null;
  return { tsquery, titlePattern };
}
