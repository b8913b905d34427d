import { CURRENCIES, type CurrencyKey } from './constants.js';

/**
 * Money crosses the API as decimal strings in major units ("1250.50") and lives as integer minor
 * units (bigint) with its currency; no float ever holds an amount.
 */
export function toMinor(amount: string, currency: CurrencyKey): bigint {
  const minor = parseMinor(amount, currency);
  if (minor !== null) return minor;
  const digits = CURRENCIES[currency].minorDigits;
  throw new RangeError(
    AMOUNT.test(amount.trim())
      ? `${currency} has ${digits} decimal places: ${amount}`
      : `not an amount: ${amount}`,
  );
}

const AMOUNT = /^(-?)(\d{1,18})(?:\.(\d+))?$/;

/**
 * The one reading of a decimal string of major units ("-1250.5") as minor units of a currency, or
 * null when it is not an amount of that currency. Zeros past the currency's decimal places change
 * nothing ("1000.00" VND is 1000); other digits there do ("10.5" VND is not an amount).
 */
export function parseMinor(amount: string, currency: CurrencyKey): bigint | null {
  const match = AMOUNT.exec(amount.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = CURRENCIES[currency].minorDigits;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) return null;
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(significant.padEnd(digits, '0') || '0');
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
