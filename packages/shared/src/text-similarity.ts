/**
 * How close a draft is to the reply the owner really wrote (issue 36; the AI-provider issue uses the
 * same measure for how much of a draft was kept): the share of words they have in common, counted
 * both ways (the F1 of their word overlap, each word counted as often as it appears in both), case
 * and accents ignored. 1: the same words; 0: none in common.
 */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

export function textSimilarity(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  if (left.length === 0 && right.length === 0) return 1;
  if (left.length === 0 || right.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const w of left) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of right) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common += 1;
      counts.set(w, n - 1);
    }
  }
  return (2 * common) / (left.length + right.length);
}
