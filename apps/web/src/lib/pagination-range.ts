export type PageItem = number | 'ellipsis';

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/**
 * The numbered pages of a pagination bar with `siblings` pages around the current one and
 * `boundaries` pages at each end; gaps become 'ellipsis'. The result always has the same length
 * once there are enough pages, so the bar does not jump.
 */
export function paginationRange(current: number, total: number, siblings = 1, boundaries = 1): PageItem[] {
  const slots = siblings * 2 + 3 + boundaries * 2;
  if (slots >= total) return range(1, total);
  const page = Math.min(Math.max(current, 1), total);
  const left = Math.max(page - siblings, boundaries);
  const right = Math.min(page + siblings, total - boundaries);
  const leftGap = left > boundaries + 2;
  const rightGap = right < total - (boundaries + 1);
  if (!leftGap) {
    return [...range(1, siblings * 2 + boundaries + 2), 'ellipsis', ...range(total - boundaries + 1, total)];
  }
  if (!rightGap) {
    return [...range(1, boundaries), 'ellipsis', ...range(total - (boundaries + 1 + 2 * siblings), total)];
  }
  return [...range(1, boundaries), 'ellipsis', ...range(left, right), 'ellipsis', ...range(total - boundaries + 1, total)];
}
