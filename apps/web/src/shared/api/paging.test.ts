import { describe, expect, it } from 'vitest';
import { nextPageParam } from './paging';

const page = (n: number, total: number) => ({ list: Array.from({ length: n }, (_, i) => i), total });

describe('nextPageParam', () => {
  it('asks the next page while fewer items are loaded than the total', () => {
    expect(nextPageParam(page(20, 45), [page(20, 45)], 1)).toBe(2);
    expect(nextPageParam(page(20, 45), [page(20, 45), page(20, 45)], 2)).toBe(3);
  });

  it('stops when every item is loaded, or when a page comes back empty (the total shrank)', () => {
    expect(nextPageParam(page(5, 45), [page(20, 45), page(20, 45), page(5, 45)], 3)).toBeUndefined();
    expect(nextPageParam(page(0, 45), [page(20, 45), page(0, 45)], 2)).toBeUndefined();
  });
});
