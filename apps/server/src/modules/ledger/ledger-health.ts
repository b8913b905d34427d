import type { Database } from '../../db/client.js';

/**
 * The ledger's own invariants, each read in one statement: every currency sums to zero, no wallet
 * (nor a system account that may not go negative) is below zero, and every balance equals its
 * transfers (what it received minus what it sent). Shared by the bank test, the money-model
 * property test, the ledger and load benchmarks and /metrics (ledger health, cached: the last
 * check reads every transfer). Answers one line per violation, none when healthy.
 */
export async function ledgerViolations(database: Pick<Database, 'query'>): Promise<string[]> {
  const found: string[] = [];
  const sums = await database.query<{ currency: string; s: string }>(
    'select currency, sum(balance)::text as s from ledger_account group by currency',
  );
  for (const s of sums) if (s.s !== '0') found.push(`${s.currency} books sum to ${s.s}`);
  const negative = await database.query<{ code: string; balance: string }>(
    "select code, balance::text as balance from ledger_account where (code like 'wallet:%' or not allow_negative) and balance < 0",
  );
  for (const n of negative) found.push(`${n.code} is negative: ${n.balance}`);
  const drift = await database.query<{ code: string; balance: string; moved: string }>(
    `select a.code, a.currency, a.balance::text as balance,
       (coalesce((select sum(amount) from ledger_transfer where credit_account_id = a.id), 0)
        - coalesce((select sum(amount) from ledger_transfer where debit_account_id = a.id), 0))::text as moved
     from ledger_account a
     where a.balance <> coalesce((select sum(amount) from ledger_transfer where credit_account_id = a.id), 0)
                      - coalesce((select sum(amount) from ledger_transfer where debit_account_id = a.id), 0)`,
  );
  for (const d of drift) found.push(`${d.code} holds ${d.balance} but its transfers make ${d.moved}`);
  return found;
}
