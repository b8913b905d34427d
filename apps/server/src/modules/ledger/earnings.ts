import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type LocalDay, onLocalDay } from '../../db/days.js';
import { rowsOf } from '../../db/rows.js';

/**
 * A wallet's earnings over transfers `t` and the wallet's account `a`: money in, less team rewards
 * taken back (reversed on an upgrade or set off against a debt), which leave the wallet.
 */
const earningsJoin = sql`(a.id = t.credit_account_id or (a.id = t.debit_account_id and t.kind in ('referral_reward', 'welfare')))`;
const earningsAmount = sql`case when a.id = t.credit_account_id then t.amount else -t.amount end`;

const kindList = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/**
 * Each user's earnings of `kinds` in a tenant (on the day `on`, or ever), as a subquery of
 * (user_id, value): the earnings rank board ranks it.
 */
export function earningsScores(tenantId: string, kinds: readonly string[], on?: LocalDay): SQL {
  return sql`select a.user_id as user_id, sum(${earningsAmount}) as value
    from ledger_transfer t join ledger_account a on ${earningsJoin}
    where a.tenant_id = ${tenantId} and a.user_id is not null and t.kind in (${kindList(kinds)})
      ${on ? sql`and ${onLocalDay(sql`t.created_at`, on)}` : sql``}
    group by a.user_id`;
}

/**
 * A user's wallet earnings of `kinds`, by kind (minor units, as text): on `day`, on `before` (both
 * days of `timeZone`) and in all.
 */
export function walletEarningsByKind(
  db: DbOrTx,
  wallet: { tenantId: string; userId: bigint },
  kinds: readonly string[],
  days: { timeZone: string; day: string; before: string },
) {
  const on = (day: string) => onLocalDay(sql`t.created_at`, { timeZone: days.timeZone, day });
  return rowsOf<{ kind: string; day: string; total: string; yesterday: string }>(
    db,
    sql`select t.kind,
          coalesce(sum(${earningsAmount}) filter (where ${on(days.day)}), 0)::text as day,
          coalesce(sum(${earningsAmount}) filter (where ${on(days.before)}), 0)::text as yesterday,
          coalesce(sum(${earningsAmount}), 0)::text as total
        from ledger_transfer t join ledger_account a on ${earningsJoin}
        where a.code = ${`wallet:${wallet.userId}`} and a.tenant_id = ${wallet.tenantId} and t.kind in (${kindList(kinds)})
        group by t.kind`,
  );
}
