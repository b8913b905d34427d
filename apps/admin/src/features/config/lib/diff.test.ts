import { describe, expect, it } from 'vitest';
import { diffSummary, fieldPath } from './diff';

describe('diffSummary', () => {
  it('lists changed, added and removed leaves by path', () => {
    const before = { tiers: [{ price: '299', days: 30 }], banks: [{ code: 'A' }], on: true };
    const after = { tiers: [{ price: '349', days: 30 }], banks: [{ code: 'A' }, { code: 'B' }], on: true };
    expect(diffSummary(before, after)).toEqual([
      { path: 'tiers.0.price', before: '299', after: '349' },
      { path: 'banks.1.code', before: '—', after: 'B' },
    ]);
    expect(diffSummary({ a: [1, 2] }, { a: [1] })).toEqual([{ path: 'a.1', before: '2', after: '—' }]);
  });

  it('is empty when nothing changed', () => {
    expect(diffSummary({ a: { b: ['x'] } }, { a: { b: ['x'] } })).toEqual([]);
  });
});

describe('fieldPath', () => {
  it('turns list indexes into numbers', () => {
    expect(fieldPath('tiers.1.price')).toEqual(['tiers', 1, 'price']);
  });
});
