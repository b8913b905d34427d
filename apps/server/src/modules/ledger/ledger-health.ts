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
  // ledger_balance: each account with its whole balance (a system account's row plus its shards).
  const sums = await database.query<{ currency: string; s: string }>(
    'select currency, sum(balance)::text as s from ledger_balance group by currency',
  );
  for (const s of sums) if (s.s !== '0') found.push(`${s.currency} books sum to ${s.s}`);
  const negative = await database.query<{ code: string; balance: string }>(
    "select code, balance::text as balance from ledger_balance where (code like 'wallet:%' or not allow_negative) and balance < 0",
  );
  for (const n of negative) found.push(`${n.code} is negative: ${n.balance}`);
  const sharded = await database.query<{ code: string }>(
    'select distinct a.code from ledger_account_shard s join ledger_account a on a.id = s.account_id where not a.allow_negative',
  );
  for (const w of sharded) found.push(`${w.code} has shards, which only system accounts may have`);
  const moved = `(coalesce((select sum(amount) from ledger_transfer where credit_account_id = b.id), 0)
        - coalesce((select sum(amount) from ledger_transfer where debit_account_id = b.id), 0))`;
  const drift = await database.query<{ code: string; balance: string; moved: string }>(
    `select b.code, b.balance::text as balance, ${moved}::text as moved from ledger_balance b where b.balance <> ${moved}`,
  );
  for (const d of drift) found.push(`${d.code} holds ${d.balance} but its transfers make ${d.moved}`);
  return found;
}
