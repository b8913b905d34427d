import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { copyrightHoldings, copyrightRevenue, dividendGrants } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { type TeamRewards, tenantTeam } from './team-rewards.js';
import { addDays, dayIn } from '../../clock.js';
import { rowsOf } from '../../db/rows.js';
import { allTenants } from '../tenant/tenant-rows.js';

type HoldingRow = typeof copyrightHoldings.$inferSelect;

/**
 * The copyrights' scheduled payouts: each holding's daily revenue (with welfare to the uplines)
 * and the dividend grants that have come due, each paid exactly once however often, late or on
 * how many instances the jobs run.
 */
export function createCopyrightPayouts(deps: { db: Db; clock: Clock; ledger: Ledger; rewards: TeamRewards }) {
  const { db, clock, ledger, rewards } = deps;

  /** Pays every due, unpaid day of one holding (each day in its own transaction). */
  async function payHolding(h: HoldingRow, timeZone: string): Promise<number> {
    const today = dayIn(timeZone, clock.now());
    const until = h.lastDay < today ? h.lastDay : today;
    if (h.firstDay > until) return 0;
    const paidDays = new Set(
      (
        await db
          .select({ day: copyrightRevenue.day })
          .from(copyrightRevenue)
          .where(eq(copyrightRevenue.holdingId, h.id))
      ).map((r) => r.day),
    );
    let paid = 0;
    for (let day = h.firstDay; day <= until; day = addDays(day, 1)) {
      if (paidDays.has(day)) continue;
      const done = await withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(copyrightRevenue)
          .values({ holdingId: h.id, day, userId: h.userId, amount: h.dailyRevenue, paidAt: clock.now() })
          .onConflictDoNothing()
          .returning({ day: copyrightRevenue.day });
        if (!row) return false; // another run paid it
        const { currency } = await tenantTeam(tx, h.tenantId);
        const reference = `copyright:${h.id}:${day}`;
        await ledger.transfer(tx, {
          tenantId: h.tenantId,
          currency,
          from: { system: 'copyright_pool' },
          to: { userId: h.userId },
          amount: h.dailyRevenue,
          kind: 'copyright_revenue',
          reference,
          idempotencyKey: `copyright_revenue:${h.id}:${day}`,
        });
        await rewards.pay(tx, {
          tenantId: h.tenantId,
          sourceUserId: h.userId,
          base: h.dailyRevenue,
          kind: 'welfare',
          cause: 'copyright',
          reference,
        });
        return true;
      });
      if (done) paid++;
    }
    return paid;
  }

  return {
    /**
     * The daily revenue job: every due, unpaid day of every holding, caught up after gaps.
     * Safe to run twice, late, or on several instances at once (one row per holding and day).
     */
    async runDailyRevenue(): Promise<number> {
      const now = clock.now().toISOString();
      let paid = 0;
      // Per tenant: a holding's days are counted in its tenant's time zone.
      for (const { id: tenantId, timeZone } of await allTenants(db)) {
        const today = sql`(${now}::timestamptz at time zone ${timeZone})::date`;
        const due = await rowsOf<{ id: string }>(
          db,
          sql`select h.id::text from copyright_holding h
              where h.tenant_id = ${tenantId} and h.first_day <= ${today}
                and (select count(*) from copyright_revenue r where r.holding_id = h.id)
                    < least(h.last_day, ${today}) - h.first_day + 1`,
        );
        for (const { id } of due) {
          const [h] = await db
            .select()
            .from(copyrightHoldings)
            .where(eq(copyrightHoldings.id, BigInt(id)));
          if (h) paid += await payHolding(h, timeZone);
        }
      }
      return paid;
    },

    /** Pays dividend grants whose payout time has come, each once. */
    async runDividends(): Promise<number> {
      const due = await rowsOf<{ id: string }>(
        db,
        sql`select id::text from dividend_grant where paid_at is null and payout_at <= ${clock.now().toISOString()}::timestamptz`,
      );
      let paid = 0;
      for (const { id } of due) {
        const done = await withTransaction(db, async (tx) => {
          const [grant] = await tx
            .update(dividendGrants)
            .set({ paidAt: clock.now() })
            .where(and(eq(dividendGrants.id, BigInt(id)), sql`${dividendGrants.paidAt} is null`))
            .returning();
          if (!grant) return false;
          const { currency } = await tenantTeam(tx, grant.tenantId);
          await ledger.transfer(tx, {
            tenantId: grant.tenantId,
            currency,
            from: { system: 'rewards_expense' },
            to: { userId: grant.userId },
            amount: grant.value,
            kind: 'dividend',
            reference: grant.reference,
            idempotencyKey: `dividend:${grant.id}`,
          });
          return true;
        });
        if (done) paid++;
      }
      return paid;
    },
  };
}
