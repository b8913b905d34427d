import {
  type CurrencyKey,
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  type DashboardMoneyDay,
  type DashboardStats,
  DEFAULT_TENANT_ID,
  isCurrencyKey,
  toMajor,
  type WaitingQueue,
} from '@dramastar/contract';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { tenantDayRange } from '../../db/days.js';
import { AppError } from '../../http/errors.js';
import { failedTranscodes } from '../../modules/catalog/content/content-jobs.js';
import { unansweredCount } from '../../modules/chat/chat-conversations.js';
import { kindsPerDay } from '../../modules/ledger/ledger-read.js';
import { starHoldersPerDay } from '../../modules/membership/membership-rows.js';
import { type OperatorContext, tenantScope } from '../../modules/operator/operator.service.js';
import { tenantSettingsRow } from '../../modules/tenant/tenant-rows.js';
import { signUpsPerDay } from '../../modules/user/user-rows.js';
import { creditsToApprove } from '../../modules/wallet/credit.service.js';
import { creditedPerDay, rechargesToConfirm } from '../../modules/wallet/recharge-orders.js';
import { paidPerDay, withdrawalsWaiting } from '../../modules/wallet/withdrawal-orders.js';
import { addDays, dayIn } from '../../clock.js';

/**
 * How ledger movements count on the dashboard. Revenue: what users paid the platform for Star
 * Cards (net of upgrade refunds) and copyrights. Payouts: what the platform paid users, by source.
 * Red-packet claims are money between users (the sender paid it in) and are shown apart.
 */
const LEDGER_KINDS = {
  cards: ['membership'],
  cardRefunds: ['membership_refund'],
  copyrights: ['copyright_purchase'],
  teamRewards: ['referral_reward', 'welfare'],
  copyrightRevenue: ['copyright_revenue'],
  salary: ['salary'],
  dividends: ['dividend'],
  checkinTasks: ['checkin', 'task_reward', 'daily_award'],
  redPackets: ['red_packet'],
} as const;
const PAYOUT_KEYS = ['teamRewards', 'copyrightRevenue', 'salary', 'dividends', 'checkinTasks'] as const;
const ALL_KINDS = Object.values(LEDGER_KINDS).flat();

type Sums = {
  rechargeCount: number;
  recharges: bigint;
  withdrawalCount: number;
  withdrawals: bigint;
  cards: bigint;
  copyrights: bigint;
  redPackets: bigint;
} & Record<(typeof PAYOUT_KEYS)[number], bigint>;

const emptySums = (): Sums => ({
  rechargeCount: 0,
  recharges: 0n,
  withdrawalCount: 0,
  withdrawals: 0n,
  cards: 0n,
  copyrights: 0n,
  redPackets: 0n,
  teamRewards: 0n,
  copyrightRevenue: 0n,
  salary: 0n,
  dividends: 0n,
  checkinTasks: 0n,
});

/** A real calendar day (the contract checks the shape only), else 400 on `field`. */
function checkDay(value: string, field: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw new AppError('ValidationFailed', { status: 400, field });
  return value;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The console dashboard's figures for one tenant, per day of the tenant's time zone: new users,
 * Star Card holders, recharges credited, withdrawals paid, revenue and payouts per currency.
 */
export function createDashboardService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async stats(
      operator: OperatorContext,
      query: { from?: string | undefined; to?: string | undefined; tenantId?: string | undefined },
    ): Promise<DashboardStats> {
      const tenantId = query.tenantId ?? operator.tenantIds?.[0] ?? DEFAULT_TENANT_ID;
      tenantScope(operator, tenantId);
      const tenant = await tenantSettingsRow(db, tenantId);
      if (!tenant) throw new AppError('TenantNotFound');
      const tz = tenant.timeZone;
      const currency: CurrencyKey = isCurrencyKey(tenant.currency) ? tenant.currency : 'PHP';
      const to = query.to ? checkDay(query.to, 'to') : dayIn(tz, clock.now());
      const from = query.from ? checkDay(query.from, 'from') : addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
      const span = daysBetween(from, to) + 1;
      if (span < 1 || span > DASHBOARD_MAX_DAYS)
        throw new AppError('ValidationFailed', { status: 400, field: 'from' });
      const days = Array.from({ length: span }, (_, i) => addDays(from, i));

      // Each owner counts its table per day of the tenant's time zone (its midnights bound the range).
      const range = tenantDayRange(from, to, tz);
      const newUsers = await signUpsPerDay(db, tenantId, range);
      const members = await starHoldersPerDay(db, tenantId, range);
      const recharges = await creditedPerDay(db, tenantId, range);
      const paid = await paidPerDay(db, tenantId, range);
      const movements = await kindsPerDay(db, tenantId, range, ALL_KINDS);

      const byCurrency = new Map<CurrencyKey, Map<string, Sums>>();
      const sumsOf = (cur: string, day: string): Sums | null => {
        if (!isCurrencyKey(cur)) return null;
        let perDay = byCurrency.get(cur);
        if (!perDay) byCurrency.set(cur, (perDay = new Map<string, Sums>()));
        let sums = perDay.get(day);
        if (!sums) perDay.set(day, (sums = emptySums()));
        return sums;
      };
      sumsOf(currency, from);
      for (const r of recharges) {
        const s = sumsOf(r.currency, r.day);
        if (s) {
          s.rechargeCount += r.n;
          s.recharges += BigInt(r.total);
        }
      }
      for (const r of paid) {
        const s = sumsOf(r.currency, r.day);
        if (s) {
          s.withdrawalCount += r.n;
          s.withdrawals += BigInt(r.total);
        }
      }
      const has = (list: readonly string[], kind: string) => list.includes(kind);
      for (const m of movements) {
        const s = sumsOf(m.currency, m.day);
        if (!s) continue;
        const amount = BigInt(m.total);
        if (has(LEDGER_KINDS.cards, m.kind)) s.cards += amount;
        else if (has(LEDGER_KINDS.cardRefunds, m.kind)) s.cards -= amount;
        else if (has(LEDGER_KINDS.copyrights, m.kind)) s.copyrights += amount;
        // A red packet's own kind moves money in (sender → escrow) and out (escrow → claimer).
        else if (has(LEDGER_KINDS.redPackets, m.kind)) s.redPackets += m.fromSystem ? amount : 0n;
        // A team reward taken back (reversed on an upgrade, or set off against a debt) is a wallet's
        // transfer to the platform: it lessens the payouts.
        else
          for (const key of PAYOUT_KEYS)
            if (has(LEDGER_KINDS[key], m.kind)) s[key] += m.fromSystem ? amount : -amount;
      }

      const ordered = [currency, ...[...byCurrency.keys()].filter((c) => c !== currency).sort()];
      return {
        tenantId,
        timeZone: tz,
        currency,
        from,
        to,
        days: days.map((day) => ({
          day,
          newUsers: newUsers.find((r) => r.day === day)?.n ?? 0,
          activeMembers: members.find((r) => r.day === day)?.n ?? 0,
        })),
        money: ordered.map((cur) => ({
          currency: cur,
          days: days.map((day): DashboardMoneyDay => {
            const s = byCurrency.get(cur)?.get(day) ?? emptySums();
            const m = (v: bigint) => toMajor(v, cur);
            const payouts = PAYOUT_KEYS.reduce((sum, k) => sum + s[k], 0n);
            return {
              day,
              recharges: { count: s.rechargeCount, amount: m(s.recharges) },
              withdrawals: { count: s.withdrawalCount, amount: m(s.withdrawals) },
              revenue: { cards: m(s.cards), copyrights: m(s.copyrights), total: m(s.cards + s.copyrights) },
              payouts: {
                teamRewards: m(s.teamRewards),
                copyrightRevenue: m(s.copyrightRevenue),
                salary: m(s.salary),
                dividends: m(s.dividends),
                checkinTasks: m(s.checkinTasks),
                total: m(payouts),
              },
              redPackets: m(s.redPackets),
            };
          }),
        })),
      };
    },
  };
}

/**
 * Each queue's count, asked of the queue's owner: what is waiting within `scope` (tenant ids; null =
 * every tenant). `me` is the operator, whose own credits wait for someone else.
 */
type QueueCount = (db: Db, scope: string[] | null, me: bigint) => Promise<number>;
const WAITING_COUNTS: Record<WaitingQueue, QueueCount> = {
  rechargesToConfirm: (db, scope) => rechargesToConfirm(db, scope),
  withdrawalsToApprove: (db, scope) => withdrawalsWaiting(db, scope, 'applied'),
  withdrawalsToSend: (db, scope) => withdrawalsWaiting(db, scope, 'approved'),
  payoutsToMarkPaid: (db, scope) => withdrawalsWaiting(db, scope, 'processing'),
  creditsToApprove: (db, scope, me) => creditsToApprove(db, scope, me),
  // Open conversations whose last message is the user's: nobody has answered yet.
  chatsUnanswered: (db, scope) => unansweredCount(db, scope),
  // Uploads that failed and were not uploaded again since (no later job for the same episode).
  failedTranscodes: (db, scope) => failedTranscodes(db, scope),
};

/** What waits in each of `queues` within the operator's tenants (or `tenantId`), in `queues`' order. */
export async function waitingCounts(
  db: Db,
  operator: OperatorContext,
  tenantId: string | undefined,
  queues: WaitingQueue[],
): Promise<{ queue: WaitingQueue; count: number }[]> {
  const tenantIds = tenantScope(operator, tenantId);
  return Promise.all(
    queues.map(async (queue) => ({ queue, count: await WAITING_COUNTS[queue](db, tenantIds, operator.id) })),
  );
}

export type DashboardService = ReturnType<typeof createDashboardService>;
