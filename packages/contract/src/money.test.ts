import { describe, expect, it } from 'vitest';
import { parseMinor, toMajor, toMinor } from './money.js';

describe('money', () => {
  it.each([
    ['1250.5', 'PHP', 125050n],
    ['1250', 'PHP', 125000n],
    ['0.01', 'PHP', 1n],
    ['100000000', 'VND', 100000000n],
    ['12.345678', 'USDT', 12345678n],
    ['-3.10', 'PKR', -310n],
    ['1000.00', 'VND', 1000n],
    ['1.500', 'PHP', 150n],
  ] as const)('reads %s %s as %s minor units', (text, currency, minor) => {
    expect(toMinor(text, currency)).toBe(minor);
  });

  it.each([
    [125050n, 'PHP', '1250.50'],
    [5n, 'PHP', '0.05'],
    [6000n, 'VND', '6000'],
    [-310n, 'PKR', '-3.10'],
    [12345678n, 'USDT', '12.345678'],
  ] as const)('writes %s minor %s as %s', (minor, currency, text) => {
    expect(toMajor(minor, currency)).toBe(text);
  });

  it('refuses more decimals than the currency has, and anything not a number', () => {
    expect(() => toMinor('1.005', 'PHP')).toThrow(/2 decimal places/);
    expect(() => toMinor('10.5', 'VND')).toThrow(/0 decimal places/);
    expect(() => toMinor('1e3', 'PHP')).toThrow(/not an amount/);
    expect(() => toMinor('', 'PHP')).toThrow(/not an amount/);
  });

  it('is the one parser: parseMinor answers null where toMinor refuses', () => {
    expect(parseMinor(' 1000.00 ', 'VND')).toBe(1000n);
    expect(parseMinor('10.5', 'VND')).toBeNull();
    expect(parseMinor('1,000', 'PHP')).toBeNull();
    expect(parseMinor('1.0000001', 'USDT')).toBeNull();
  });
});
