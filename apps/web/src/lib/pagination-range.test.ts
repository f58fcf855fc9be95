import { describe, expect, it } from 'vitest';
import { paginationRange } from './pagination-range';

describe('paginationRange (one sibling, one boundary)', () => {
  it('lists every page when they fit', () => {
    expect(paginationRange(1, 1)).toEqual([1]);
    expect(paginationRange(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('puts an ellipsis on the right near the start', () => {
    expect(paginationRange(1, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
    expect(paginationRange(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
  });
  it('puts an ellipsis on the left near the end', () => {
    expect(paginationRange(10, 10)).toEqual([1, 'ellipsis', 6, 7, 8, 9, 10]);
    expect(paginationRange(7, 10)).toEqual([1, 'ellipsis', 6, 7, 8, 9, 10]);
  });
  it('puts ellipses on both sides in the middle', () => {
    expect(paginationRange(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(paginationRange(50, 100)).toEqual([1, 'ellipsis', 49, 50, 51, 'ellipsis', 100]);
  });
  it('clamps a page outside the range', () => {
    expect(paginationRange(99, 10)).toEqual([1, 'ellipsis', 6, 7, 8, 9, 10]);
  });
  it('honours other sibling and boundary counts', () => {
    expect(paginationRange(10, 20, 2, 2)).toEqual([1, 2, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 19, 20]);
  });
});
