import { CURRENCIES, type CurrencyKey, formatMinor, type FormatMoneyOptions } from '@dramastar/contract';

/**
 * Money on screen. Amounts arrive as decimal strings in major units and are handled as integer
 * minor units (bigint): never as floats. How each currency is written is the contract's
 * `formatMinor`, shared with the server's messages.
 */

export { formatMinor, type FormatMoneyOptions } from '@dramastar/contract';

const AMOUNT = /^(-?)(\d{1,18})(?:\.(\d+))?$/;

/** Splits a decimal string into sign and minor units, or null when it is not an amount of that currency. */
export function parseAmount(amount: string, currency: CurrencyKey): bigint | null {
  const match = AMOUNT.exec(amount.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = CURRENCIES[currency].minorDigits;
  // Extra zeros past the currency's digits ("1000.00" for VND) change nothing; other digits do.
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) return null;
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(significant.padEnd(digits, '0') || '0');
  return sign === '-' ? -minor : minor;
}

/**
 * Formats a decimal string of major units for display: `formatMoney('1250.5', 'PHP')` is
 * "₱1,250.50". A string that is not an amount is shown as it came.
 */
export function formatMoney(amount: string, currency: CurrencyKey, options: FormatMoneyOptions = {}): string {
  const minor = parseAmount(amount, currency);
  return minor === null ? amount : formatMinor(minor, currency, options);
}

/** A decimal string as a person would type it: "500.00" → "500", "12.50" → "12.5". */
export function plainAmount(amount: string, currency: CurrencyKey): string {
  const minor = parseAmount(amount, currency);
  if (minor === null) return amount;
  const digits = CURRENCIES[currency].minorDigits;
  const scale = 10n ** BigInt(digits);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const fraction = digits > 0 ? (abs % scale).toString().padStart(digits, '0').replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${(abs / scale).toString()}${fraction ? `.${fraction}` : ''}`;
}

export type AmountInput =
  { ok: true; minor: bigint } | { ok: false; error: 'empty' | 'InvalidAmount' | 'TooManyDecimals' };

/**
 * Reads an amount typed by a person in major units ("1500", "99.5"): no sign, no grouping, at most
 * the currency's decimal places.
 */
export function readAmountInput(text: string, currency: CurrencyKey): AmountInput {
  const value = text.trim();
  if (value === '') return { ok: false, error: 'empty' };
  const match = /^(\d{1,15})(?:\.(\d*))?$/.exec(value);
  if (!match) return { ok: false, error: 'InvalidAmount' };
  const minor = parseAmount(`${match[1] ?? '0'}${match[2] ? `.${match[2]}` : ''}`, currency);
  return minor === null ? { ok: false, error: 'TooManyDecimals' } : { ok: true, minor };
}
