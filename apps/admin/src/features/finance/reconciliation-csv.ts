import type { ReconciliationReport } from '@dramastar/contract';

export const CSV_COLUMNS = [
  'Section',
  'Currency',
  'Item',
  'Count',
  'Amount',
  'Opening',
  'Movements',
  'Closing',
  'Expected',
  'Actual',
  'OK',
] as const;

type Row = Partial<Record<(typeof CSV_COLUMNS)[number], string | number | boolean>>;

function cell(value: string | number | boolean | undefined): string {
  if (value === undefined) return '';
  const text = typeof value === 'boolean' ? (value ? 'yes' : 'NO') : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The reconciliation report as CSV (built in the console from the report call's answer): one
 * line per figure, amounts as the server's decimal strings (major units), `OK` yes/NO per check.
 */
export function reconciliationCsv(report: ReconciliationReport): string {
  const rows: Row[] = [
    { Section: 'Report', Item: 'tenant', Amount: report.tenantId },
    { Section: 'Report', Item: 'date', Amount: report.date },
    { Section: 'Report', Item: 'time zone', Amount: report.timeZone },
    { Section: 'Report', Item: 'from (UTC)', Amount: report.from },
    { Section: 'Report', Item: 'to (UTC)', Amount: report.to },
    { Section: 'Report', Item: 'balanced', OK: report.balanced },
  ];
  for (const c of report.currencies) {
    const Currency = c.currency;
    for (const r of c.recharges)
      rows.push({
        Section: 'Recharges credited',
        Currency,
        Item: r.channel,
        Count: r.count,
        Amount: r.amount,
      });
    rows.push({ Section: 'Recharges credited', Currency, Item: 'total', Amount: c.rechargesTotal });
    rows.push({
      Section: 'Withdrawals paid',
      Currency,
      Item: 'amount',
      Count: c.withdrawalsPaid.count,
      Amount: c.withdrawalsPaid.amount,
    });
    rows.push({ Section: 'Withdrawals paid', Currency, Item: 'fees', Amount: c.withdrawalsPaid.fees });
    rows.push({
      Section: 'Withdrawals held',
      Currency,
      Item: 'amount + fee at day end',
      Count: c.withdrawalsHeld.count,
      Amount: c.withdrawalsHeld.amount,
    });
    rows.push({ Section: 'Sales', Currency, Item: 'Star Cards', Amount: c.sales.cards });
    rows.push({ Section: 'Sales', Currency, Item: 'copyrights', Amount: c.sales.copyrights });
    for (const p of c.payouts)
      rows.push({ Section: 'Payouts', Currency, Item: p.kind, Count: p.count, Amount: p.amount });
    for (const a of c.systemAccounts)
      rows.push({
        Section: 'Account',
        Currency,
        Item: a.code,
        Opening: a.opening,
        Movements: a.movements,
        Closing: a.closing,
        OK: a.ok,
      });
    rows.push({
      Section: 'Ledger',
      Currency,
      Item: 'sum at day end',
      Amount: c.ledgerSum,
      OK: c.ledgerSum.replace(/[0.]/g, '') === '',
    });
    for (const k of c.checks)
      rows.push({
        Section: 'Check',
        Currency,
        Item: k.name,
        Expected: k.expected,
        Actual: k.actual,
        OK: k.ok,
      });
  }
  const lines = [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((col) => cell(r[col])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

export function csvFileName(report: ReconciliationReport): string {
  return `reconciliation-${report.tenantId}-${report.date}.csv`;
}
