import { CURRENCIES, type CurrencyKey } from './constants.js';

/**
 * Money crosses the API as decimal strings in major units ("1250.50") and lives as integer minor
 * units (bigint) with its currency; no float ever holds an amount.
 */
export function toMinor(amount: string, currency: CurrencyKey): bigint {
  const digits = CURRENCIES[currency].minorDigits;
  const match = /^(-?)(\d{1,18})(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`not an amount: ${amount}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > digits) throw new RangeError(`${currency} has ${digits} decimal places: ${amount}`);
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  return sign === '-' ? -minor : minor;
}

export function toMajor(minor: bigint, currency: CurrencyKey): string {
  const digits = CURRENCIES[currency].minorDigits;
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const scale = 10n ** BigInt(digits);
  const whole = (abs / scale).toString();
  const fraction = digits > 0 ? `.${(abs % scale).toString().padStart(digits, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
