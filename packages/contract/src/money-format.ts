import { CURRENCIES, type CurrencyKey } from './constants.js';

/**
 * Money for people to read, the same in the app, the console and the server's messages. Each
 * currency is written the way its market writes it: VND groups with dots and puts the symbol after
 * ("50.000 ₫"), IDR groups with dots and shows decimals only when there is a fraction
 * ("Rp 10.000"), PHP, PKR and USDT group with commas and use a decimal point (PHP/PKR always 2
 * decimals, USDT 2 to 6 with trailing zeros trimmed).
 */

interface Style {
  group: string;
  decimal: string;
  /** Digits shown after the decimal point for the minor-unit fraction (all minor digits). */
  fraction: (digits: string) => string;
  /** The symbol after the number with a space, as Vietnam writes it ("50.000 ₫"). */
  symbolAfter?: boolean;
}

const always = (digits: string) => digits;
const none = () => '';

const STYLES: Record<CurrencyKey, Style> = {
  PHP: { group: ',', decimal: '.', fraction: always },
  PKR: { group: ',', decimal: '.', fraction: always },
  VND: { group: '.', decimal: ',', fraction: none, symbolAfter: true },
  IDR: { group: '.', decimal: ',', fraction: (digits) => (/^0*$/.test(digits) ? '' : digits) },
  USDT: { group: ',', decimal: '.', fraction: (digits) => digits.replace(/0+$/, '').padEnd(2, '0') },
};

export interface FormatMoneyOptions {
  /** "+" before positive amounts (wallet movements). */
  sign?: boolean;
  /** The currency symbol before the number (default true). */
  symbol?: boolean;
  /** Leaves out a fraction of zeros ("1,000" rather than "1,000.00"), e.g. on amount buttons. */
  round?: boolean;
}

function groupDigits(whole: string, separator: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** The symbol with a space after letter symbols ("Rp 10.000", "Rs 300.00"), none after signs ("₱110.00"). */
function symbolOf(currency: CurrencyKey): string {
  const symbol = CURRENCIES[currency].symbol;
  return /[A-Za-z]$/.test(symbol) ? `${symbol} ` : symbol;
}

/** Formats an amount in minor units. */
export function formatMinor(minor: bigint, currency: CurrencyKey, options: FormatMoneyOptions = {}): string {
  const { sign = false, symbol = true, round = false } = options;
  const style = STYLES[currency];
  const digits = CURRENCIES[currency].minorDigits;
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const scale = 10n ** BigInt(digits);
  const whole = groupDigits((abs / scale).toString(), style.group);
  const rest = abs % scale;
  const fraction =
    digits > 0 && !(round && rest === 0n) ? style.fraction(rest.toString().padStart(digits, '0')) : '';
  const number = fraction ? `${whole}${style.decimal}${fraction}` : whole;
  const prefix = negative ? '-' : sign && abs > 0n ? '+' : '';
  if (!symbol) return `${prefix}${number}`;
  if (style.symbolAfter) return `${prefix}${number} ${CURRENCIES[currency].symbol}`;
  return `${prefix}${symbolOf(currency)}${number}`;
}
