import { describe, expect, it } from 'vitest';
import { shiftDay, sumAmounts } from './dashboard-figures';

describe('dashboard figures', () => {
  it('add decimal strings exactly', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(['1000', '2.5', '-0.25'])).toBe('1002.25');
    expect(sumAmounts(['-3.00', '1.00'])).toBe('-2.00');
    expect(sumAmounts([])).toBe('0');
    expect(sumAmounts(['0.000001', '12.999999'])).toBe('13.000000');
  });
  it('shift days across months and years', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2025-12-31', 1)).toBe('2026-01-01');
  });
});
