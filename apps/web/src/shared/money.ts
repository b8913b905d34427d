import {
  CURRENCIES,
  type CurrencyKey,
  formatMinor,
  type FormatMoneyOptions,
  parseMinor,
} from '@dramastar/contract';

/**
 * Money on screen. Amounts arrive as decimal strings in major units and are handled as integer
 * minor units (bigint): never as floats. How each currency is written is the contract's
 * `formatMinor`, shared with the server's messages.
 */

export { formatMinor, type FormatMoneyOptions } from '@dramastar/contract';

/** Splits a decimal string into sign and minor units, or null when it is not an amount of that currency. */
export { parseMinor as parseAmount } from '@dramastar/contract';

/**
 * Formats a decimal string of major units for display: `formatMoney('1250.5', 'PHP')` is
 * "₱1,250.50". A string that is not an amount is shown as it came.
 */
export function formatMoney(amount: string, currency: CurrencyKey, options: FormatMoneyOptions = {}): string {
  const minor = parseMinor(amount, currency);
  return minor === null ? amount : formatMinor(minor, currency, options);
}

/** A decimal string as a person would type it: "500.00" → "500", "12.50" → "12.5". */
export function plainAmount(amount: string, currency: CurrencyKey): string {
  const minor = parseMinor(amount, currency);
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
  const minor = parseMinor(`${match[1] ?? '0'}${match[2] ? `.${match[2]}` : ''}`, currency);
  return minor === null ? { ok: false, error: 'TooManyDecimals' } : { ok: true, minor };
}
