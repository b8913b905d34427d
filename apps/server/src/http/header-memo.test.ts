import { describe, expect, it } from 'vitest';
import { headerMemo } from './header-memo.js';

describe('headerMemo', () => {
  it('parses each value once and answers it again from memory', () => {
    const seen: string[] = [];
    const length = headerMemo((value: string) => {
      seen.push(value);
      return value.length;
    });
    expect([length('en'), length('vi-VN'), length('en'), length('vi-VN')]).toEqual([2, 5, 2, 5]);
    expect(seen).toEqual(['en', 'vi-VN']);
  });

  it('keeps at most `max` values, the oldest making room', () => {
    const seen: string[] = [];
    const upper = headerMemo((value: string) => {
      seen.push(value);
      return value.toUpperCase();
    }, 2);
    upper('a');
    upper('b');
    upper('c'); // 'a' makes room
    upper('b');
    upper('c');
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(upper('a')).toBe('A');
    expect(seen).toEqual(['a', 'b', 'c', 'a']);
  });
});
