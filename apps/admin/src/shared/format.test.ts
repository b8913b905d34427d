import { describe, expect, it } from 'vitest';
import { dayStart } from './format';

describe('dayStart', () => {
  it('answers the local midnight of a day, or of a later day, as an instant', () => {
    expect(new Date(dayStart('2026-11-22')!).getTime()).toBe(new Date(2026, 10, 22).getTime());
    // The end of a range is the start of the next day (month ends roll over).
    expect(new Date(dayStart('2026-11-30', 1)!).getTime()).toBe(new Date(2026, 11, 1).getTime());
  });

  it('answers undefined for no day (a cleared field) or a malformed one', () => {
    expect(dayStart('')).toBeUndefined();
    expect(dayStart('22/11/2026')).toBeUndefined();
  });
});
