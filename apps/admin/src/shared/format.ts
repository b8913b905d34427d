/** `2025-03-01 14:05:09` in the operator's local time; `—` when there is no moment. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** An amount (a decimal string from the server) with its currency. */
export function formatMoney(amount: string, currency: string): string {
  return `${amount} ${currency}`;
}

/**
 * The instant a day (YYYY-MM-DD, the browser's time zone) starts, `plus` days later; undefined for
 * no day. "To" is the start of the day after, so the picked day is included.
 */
export function dayStart(day: string, plus = 0): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plus).toISOString();
}

/**
 * Compares two decimal amounts exactly (`'500.01'` > `'500'`): -1, 0 or 1. Amounts never pass
 * through floating point.
 */
export function compareAmounts(a: string, b: string): number {
  const digits = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const scaled = (v: string) => {
    const [whole = '0', fraction = ''] = v.split('.');
    return BigInt(whole || '0') * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  };
  const x = scaled(a);
  const y = scaled(b);
  return x === y ? 0 : x > y ? 1 : -1;
}

/** An amount as the server accepts it (digits, at most 6 decimals). */
export const AMOUNT_PATTERN = /^\d{1,15}(\.\d{1,6})?$/;
