import { describe, expect, it } from 'vitest';
import { formatMinor, formatMoney, parseAmount, plainAmount, readAmountInput } from './money';

describe('formatMoney', () => {
  it('writes PHP and PKR with comma groups and always two decimals', () => {
    expect(formatMoney('1250.5', 'PHP')).toBe('₱1,250.50');
    expect(formatMoney('0', 'PHP')).toBe('₱0.00');
    expect(formatMoney('1234567.89', 'PHP')).toBe('₱1,234,567.89');
    expect(formatMoney('300', 'PKR')).toBe('Rs 300.00');
  });

  it('writes VND with dot groups and no decimals', () => {
    expect(formatMoney('100000000', 'VND')).toBe('100.000.000 ₫');
    expect(formatMoney('6000', 'VND')).toBe('6.000 ₫');
    expect(formatMoney('999', 'VND')).toBe('999 ₫');
  });

  it('writes IDR without decimals unless there is a fraction', () => {
    expect(formatMoney('10000.00', 'IDR')).toBe('Rp 10.000');
    expect(formatMoney('10000', 'IDR')).toBe('Rp 10.000');
    expect(formatMoney('10000.5', 'IDR')).toBe('Rp 10.000,50');
  });

  it('writes USDT with 2 to 6 decimals, trailing zeros trimmed', () => {
    expect(formatMoney('10', 'USDT')).toBe('$10.00');
    expect(formatMoney('10.5', 'USDT')).toBe('$10.50');
    expect(formatMoney('1234.123400', 'USDT')).toBe('$1,234.1234');
    expect(formatMoney('0.000001', 'USDT')).toBe('$0.000001');
  });

  it('keeps the sign of movements and can add a plus', () => {
    expect(formatMoney('-52.5', 'PHP')).toBe('-₱52.50');
    expect(formatMoney('52.5', 'PHP', { sign: true })).toBe('+₱52.50');
    expect(formatMoney('0', 'PHP', { sign: true })).toBe('₱0.00');
    expect(formatMoney('-6000', 'VND', { sign: true })).toBe('-6.000 ₫');
  });

  it('can leave the symbol out, and a fraction of zeros', () => {
    expect(formatMoney('1000', 'PHP', { symbol: false })).toBe('1,000.00');
    expect(formatMoney('1000.00', 'PHP', { symbol: false, round: true })).toBe('1,000');
    expect(formatMoney('1000.50', 'PHP', { symbol: false, round: true })).toBe('1,000.50');
    expect(formatMoney('10', 'USDT', { round: true })).toBe('$10');
  });

  it('never goes through floats: large amounts stay exact', () => {
    expect(formatMoney('123456789012345678.99', 'PHP')).toBe('₱123,456,789,012,345,678.99');
    expect(formatMoney('0.1', 'PHP')).toBe('₱0.10');
  });

  it('shows something that is not an amount as it came', () => {
    expect(formatMoney('n/a', 'PHP')).toBe('n/a');
    expect(formatMoney('1.234', 'PHP')).toBe('1.234');
  });

  it('formats minor units', () => {
    expect(formatMinor(125050n, 'PHP')).toBe('₱1,250.50');
    expect(formatMinor(1_500_000n, 'USDT')).toBe('$1.50');
  });
});

describe('parseAmount', () => {
  it('reads decimal strings into minor units of the currency', () => {
    expect(parseAmount('1250.5', 'PHP')).toBe(125050n);
    expect(parseAmount('1000.00', 'VND')).toBe(1000n);
    expect(parseAmount('1.5', 'VND')).toBeNull();
    expect(parseAmount('-3', 'PHP')).toBe(-300n);
    expect(parseAmount('abc', 'PHP')).toBeNull();
  });
});

describe('plainAmount', () => {
  it('drops trailing zeros for input fields', () => {
    expect(plainAmount('500.00', 'PHP')).toBe('500');
    expect(plainAmount('12.50', 'PHP')).toBe('12.5');
    expect(plainAmount('6000', 'VND')).toBe('6000');
  });
});

describe('readAmountInput', () => {
  it('accepts what a person types', () => {
    expect(readAmountInput(' 1500 ', 'PHP')).toEqual({ ok: true, minor: 150000n });
    expect(readAmountInput('99.', 'PHP')).toEqual({ ok: true, minor: 9900n });
    expect(readAmountInput('10.123456', 'USDT')).toEqual({ ok: true, minor: 10_123_456n });
  });

  it('refuses signs, grouping, letters and too many decimals', () => {
    expect(readAmountInput('', 'PHP')).toEqual({ ok: false, error: 'empty' });
    expect(readAmountInput('-5', 'PHP')).toEqual({ ok: false, error: 'InvalidAmount' });
    expect(readAmountInput('1,000', 'PHP')).toEqual({ ok: false, error: 'InvalidAmount' });
    expect(readAmountInput('1e3', 'PHP')).toEqual({ ok: false, error: 'InvalidAmount' });
    expect(readAmountInput('1.005', 'PHP')).toEqual({ ok: false, error: 'TooManyDecimals' });
    expect(readAmountInput('100.5', 'VND')).toEqual({ ok: false, error: 'TooManyDecimals' });
  });
});
