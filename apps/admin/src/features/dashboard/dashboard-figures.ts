import type { DashboardMoneyDay } from '@dramastar/contract';

/** A decimal string as a chart value (charts draw numbers; amounts stay strings elsewhere). */
export const chartNumber = (amount: string): number => Number(amount);

/** The sum of decimal strings of one currency, exactly (as integers of the longest fraction). */
export function sumAmounts(amounts: string[]): string {
  const digits = Math.max(0, ...amounts.map((a) => a.split('.')[1]?.length ?? 0));
  const scale = 10n ** BigInt(digits);
  const toInt = (a: string) => {
    const negative = a.startsWith('-');
    const [whole = '0', fraction = ''] = a.replace('-', '').split('.');
    const value = BigInt(whole) * scale + BigInt((fraction + '0'.repeat(digits)).slice(0, digits) || '0');
    return negative ? -value : value;
  };
  const total = amounts.reduce((s, a) => s + toInt(a), 0n);
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const whole = (abs / scale).toString();
  const fraction = digits ? `.${(abs % scale).toString().padStart(digits, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Totals of a range in one currency. */
export function moneyTotals(days: DashboardMoneyDay[]) {
  return {
    rechargeCount: days.reduce((n, d) => n + d.recharges.count, 0),
    recharges: sumAmounts(days.map((d) => d.recharges.amount)),
    withdrawalCount: days.reduce((n, d) => n + d.withdrawals.count, 0),
    withdrawals: sumAmounts(days.map((d) => d.withdrawals.amount)),
    revenue: sumAmounts(days.map((d) => d.revenue.total)),
    payouts: sumAmounts(days.map((d) => d.payouts.total)),
  };
}

/** `YYYY-MM-DD` `days` before/after `day`. */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
