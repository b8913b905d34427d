import type { ReconciliationReport } from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import { csvFileName, reconciliationCsv } from './reconciliation-csv';

const report: ReconciliationReport = {
  tenantId: '000000',
  timeZone: 'Asia/Manila',
  date: '2027-03-11',
  from: '2027-03-10T16:00:00.000Z',
  to: '2027-03-11T16:00:00.000Z',
  balanced: false,
  currencies: [
    {
      currency: 'PHP',
      recharges: [
        { channel: 'gateway', count: 1, amount: '1000.00' },
        { channel: 'official', count: 1, amount: '5000.00' },
        { channel: 'usdt', count: 0, amount: '0.00' },
      ],
      rechargesTotal: '6000.00',
      withdrawalsPaid: { count: 1, amount: '500.00', fees: '25.00' },
      withdrawalsHeld: { count: 1, amount: '115.50' },
      sales: { cards: '0.00', copyrights: '0.00' },
      payouts: [{ kind: 'referral_reward', count: 2, amount: '40.00' }],
      ledgerSum: '0.01',
      systemAccounts: [{ code: 'fees', opening: '0.00', movements: '25.00', closing: '25.01', ok: false }],
      checks: [{ name: 'Ledger sum at day end = 0', expected: '0.00', actual: '0.01', ok: false }],
      balanced: false,
    },
  ],
};

describe('reconciliation CSV', () => {
  it('has one line per figure, with the checks and their outcome', () => {
    const lines = reconciliationCsv(report).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Section,Currency,Item,Count,Amount,Opening,Movements,Closing,Expected,Actual,OK');
    expect(lines).toContain('Recharges credited,PHP,official,1,5000.00,,,,,,');
    expect(lines).toContain('Withdrawals held,PHP,amount + fee at day end,1,115.50,,,,,,');
    expect(lines).toContain('Payouts,PHP,referral_reward,2,40.00,,,,,,');
    expect(lines).toContain('Account,PHP,fees,,,0.00,25.00,25.01,,,NO');
    expect(lines).toContain('Ledger,PHP,sum at day end,,0.01,,,,,,NO');
    expect(lines).toContain('Check,PHP,Ledger sum at day end = 0,,,,,,0.00,0.01,NO');
    expect(lines).toContain('Report,,balanced,,,,,,,,NO');
    expect(csvFileName(report)).toBe('reconciliation-000000-2027-03-11.csv');
  });

  it('quotes cells with commas or quotes', () => {
    const odd = {
      ...report,
      currencies: [{ ...report.currencies[0]!, payouts: [{ kind: 'a,"b"', count: 1, amount: '1.00' }] }],
    };
    expect(reconciliationCsv(odd)).toContain('Payouts,PHP,"a,""b""",1,1.00');
  });
});
