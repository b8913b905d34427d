import {
  defaultEarnSettings,
  type EarnSettings,
  earnSettingsSchema,
  isCurrencyKey,
  isStarTier,
  REVENUE_KINDS,
  type TaskKind,
  toMajor,
  type TransferKind,
} from '@dramastar/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { checkins, dailyAwards, taskClaims } from '../../db/schema/index.js';
import { tenantSettingsRow } from '../tenant/tenant-rows.js';
import { lockUser } from '../user/user-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { MembershipService } from '../membership/membership.service.js';
import { addDays, dayIn } from '../../clock.js';
import { rowsOf } from '../../db/rows.js';
import type { LocalDay } from '../../db/days.js';
import { watchedEpisodeCount } from '../catalog/catalog-rows.js';
import { earningsScores } from '../ledger/earnings.js';
import { purchasedCardCount } from '../membership/membership-rows.js';
import { copyrightPurchaseCount } from '../team/copyright-rows.js';
import { inviteeCount, inviteScores, userCards } from '../user/user-rows.js';
import { creditedCount } from '../wallet/recharge-orders.js';
import { parseAmount } from '../../money.js';

type User = { userId: bigint; tenantId: string };

export async function tenantEarn(db: DbOrTx, tenantId: string) {
  const row = await tenantSettingsRow(db, tenantId);
  if (!row || !isCurrencyKey(row.currency)) throw new AppError('TenantNotFound');
  const settings: EarnSettings =
    row.earnSettings === null
      ? defaultEarnSettings(row.currency)
      : earnSettingsSchema.parse(row.earnSettings);
  return { currency: row.currency, timeZone: row.timeZone, enabled: row.earnEnabled, settings };
}

/** The tenant's earn rules; 403 EarnDisabled while its earn switch is off. */
export async function requireEarn(db: DbOrTx, tenantId: string) {
  const earn = await tenantEarn(db, tenantId);
  if (!earn.enabled) throw new AppError('EarnDisabled');
  return earn;
}

/**
 * Check-in, tasks, the daily award and the rank board. Each reward is one ledger transfer from
 * rewards expense with a key naming its cause, in the transaction of the row that records it.
 */
export function createEarnService(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  memberships: MembershipService;
}) {
  const { db, clock, ledger, memberships } = deps;

  async function checkinState(on: DbOrTx, user: User) {
    const { currency, timeZone, settings } = await tenantEarn(on, user.tenantId);
    const today = dayIn(timeZone, clock.now());
    const [last] = await on
      .select()
      .from(checkins)
      .where(eq(checkins.userId, user.userId))
      .orderBy(sql`${checkins.day} desc`)
      .limit(1);
    const checkedToday = last?.day === today;
    // The streak runs while the last check-in was today or yesterday; a missed day resets it.
    const streak = last && (last.day === today || last.day === addDays(today, -1)) ? last.streak : 0;
    const rewards = settings.checkinRewards;
    const nextDay = streak + 1;
    const reward = (day: number) => rewards[Math.min(day, rewards.length) - 1] ?? '0';
    return {
      currency,
      today,
      streak,
      checkedToday,
      nextReward: reward(nextDay),
      rewards,
      reward,
    };
  }

  /** Progress of a task from what happened (never from the client's word). */
  async function progressOf(
    on: DbOrTx,
    user: User,
    kind: TaskKind,
    daily: boolean,
    timeZone: string,
    today: string,
  ) {
    const day: LocalDay | undefined = daily ? { timeZone, day: today } : undefined;
    // Each count is asked of the module that owns what it counts.
    const counts: Record<TaskKind, (db: DbOrTx, userId: bigint, on?: LocalDay) => Promise<number>> = {
      watch_episodes: watchedEpisodeCount,
      invite_friends: inviteeCount,
      buy_card: purchasedCardCount,
      buy_copyright: copyrightPurchaseCount,
      recharge: creditedCount,
    };
    return counts[kind](on, user.userId, day);
  }

  async function tasks(on: DbOrTx, user: User) {
    const { currency, timeZone, settings } = await tenantEarn(on, user.tenantId);
    const today = dayIn(timeZone, clock.now());
    const claimed = await on
      .select({ code: taskClaims.code, period: taskClaims.period })
      .from(taskClaims)
      .where(eq(taskClaims.userId, user.userId));
    const list = [];
    for (const task of settings.tasks) {
      const daily = task.period === 'daily';
      const period = daily ? today : 'once';
      const progress = await progressOf(on, user, task.kind, daily, timeZone, today);
      const isClaimed = claimed.some((c) => c.code === task.code && c.period === period);
      list.push({
        code: task.code,
        kind: task.kind,
        period: task.period,
        target: task.target,
        progress: Math.min(progress, task.target),
        reward: task.reward,
        status: isClaimed
          ? ('claimed' as const)
          : progress >= task.target
            ? ('done' as const)
            : ('open' as const),
        periodKey: period,
      });
    }
    return { currency, tasks: list };
  }

  async function award(
    tx: Tx,
    user: User,
    currency: Parameters<typeof toMajor>[1],
    amount: bigint,
    kind: TransferKind,
    key: string,
  ) {
    if (amount <= 0n) return;
    await ledger.transfer(tx, {
      tenantId: user.tenantId,
      currency,
      from: { system: 'rewards_expense' },
      to: { userId: user.userId },
      amount,
      kind,
      reference: key,
      idempotencyKey: key,
    });
  }

  const balanceOf = async (tx: DbOrTx, user: User, currency: Parameters<typeof toMajor>[1]) =>
    toMajor(await ledger.balance(tx, user.tenantId, currency, { userId: user.userId }), currency);

  return {
    /** The tenant's red-packet limits, read on every call (the send page announces them). */
    async redPacketRules(user: User) {
      const { currency, settings } = await tenantEarn(db, user.tenantId);
      return { currency, ...settings.redPacket };
    },

    async checkinStatus(user: User) {
      await requireEarn(db, user.tenantId);
      const { reward: _, ...state } = await checkinState(db, user);
      return state;
    },

    /** Once per tenant day: the streak continues from yesterday or starts again at day 1. */
    async checkin(user: User) {
      await requireEarn(db, user.tenantId);
      return withTransaction(db, async (tx) => {
        await lockUser(tx, user.userId);
        const state = await checkinState(tx, user);
        if (state.checkedToday) throw new AppError('AlreadyCheckedIn');
        const streak = state.streak + 1;
        const amount = parseAmount(state.reward(streak), state.currency);
        await tx.insert(checkins).values({
          userId: user.userId,
          day: state.today,
          streak,
          amount,
          createdAt: clock.now(),
        });
        await award(tx, user, state.currency, amount, 'checkin', `checkin:${user.userId}:${state.today}`);
        const { reward: _, ...after } = await checkinState(tx, user);
        return {
          ...after,
          reward: toMajor(amount, state.currency),
          balance: await balanceOf(tx, user, state.currency),
        };
      });
    },

    async tasks(user: User) {
      await requireEarn(db, user.tenantId);
      const { currency, tasks: list } = await tasks(db, user);
      return { currency, tasks: list.map(({ periodKey: _, ...t }) => t) };
    },

    async inviteCounts(user: User) {
      const { timeZone } = await requireEarn(db, user.tenantId);
      const today = dayIn(timeZone, clock.now());
      return {
        today: await progressOf(db, user, 'invite_friends', true, timeZone, today),
        total: await progressOf(db, user, 'invite_friends', false, timeZone, today),
      };
    },

    /** Claims a reached task's reward, once per period (TaskNotFound, TaskNotDone, TaskClaimed). */
    async claimTask(user: User, code: string) {
      await requireEarn(db, user.tenantId);
      return withTransaction(db, async (tx) => {
        await lockUser(tx, user.userId);
        const { currency, tasks: list } = await tasks(tx, user);
        const task = list.find((t) => t.code === code);
        if (!task) throw new AppError('TaskNotFound', { field: 'code' });
        if (task.status === 'claimed') throw new AppError('TaskClaimed');
        if (task.status !== 'done') throw new AppError('TaskNotDone');
        const amount = parseAmount(task.reward, currency);
        await tx.insert(taskClaims).values({
          userId: user.userId,
          code,
          period: task.periodKey,
          amount,
          createdAt: clock.now(),
        });
        await award(
          tx,
          user,
          currency,
          amount,
          'task_reward',
          `task:${user.userId}:${code}:${task.periodKey}`,
        );
        const { periodKey: _, ...view } = task;
        return {
          task: { ...view, status: 'claimed' as const },
          balance: await balanceOf(tx, user, currency),
        };
      });
    },

    /** The Star Card holder's award of the day, by tier; `claim` takes it (once per tenant day). */
    async dailyAward(user: User, claim: boolean) {
      const { currency, timeZone, settings } = await requireEarn(db, user.tenantId);
      const run = async (tx: DbOrTx) => {
        const today = dayIn(timeZone, clock.now());
        const tier = await memberships.activeTier(tx, user.userId);
        const star = tier !== null && isStarTier(tier);
        const amount = star ? settings.dailyAward[tier as 'primary' | 'premium' | 'director'] : '0';
        const [taken] = await tx
          .select()
          .from(dailyAwards)
          .where(and(eq(dailyAwards.userId, user.userId), eq(dailyAwards.day, today)));
        return { currency, tier: star ? tier : null, amount, claimedToday: taken !== undefined, today };
      };
      if (!claim) return run(db);
      return withTransaction(db, async (tx) => {
        await lockUser(tx, user.userId);
        const state = await run(tx);
        if (!state.tier) throw new AppError('MembershipRequired');
        if (state.claimedToday) throw new AppError('DailyAwardClaimed');
        const amount = parseAmount(state.amount, currency);
        await tx.insert(dailyAwards).values({
          userId: user.userId,
          day: state.today,
          tier: state.tier,
          amount,
          createdAt: clock.now(),
        });
        await award(tx, user, currency, amount, 'daily_award', `daily_award:${user.userId}:${state.today}`);
        return { ...state, claimedToday: true };
      });
    },

    /**
     * The rank board of a tenant: by earnings (rewards received) or by invitations, overall or
     * for one day. Ties share a rank (1, 2, 2, 4); within a tie the earlier account comes first.
     */
    async ranking(
      tenantId: string,
      viewer: bigint | null,
      query: { type: 'earnings' | 'invites'; day?: string | undefined },
      byDay: boolean,
    ) {
      const { currency, timeZone } = await requireEarn(db, tenantId);
      const day = byDay ? (query.day ?? dayIn(timeZone, clock.now())) : null;
      const on = day ? { timeZone, day } : undefined;
      // The scores are the owners' (the ledger's earnings, the user module's invitations); the
      // board ranks them, and names its top 20 by asking the user module.
      const scores =
        query.type === 'earnings' ? earningsScores(tenantId, REVENUE_KINDS, on) : inviteScores(tenantId, on);
      const ranked = sql`select s.user_id, s.value, rank() over (order by s.value desc) as rank
                         from (${scores}) s`;
      const top = await rowsOf<{ user_id: string; value: string; rank: number }>(
        db,
        sql`select r.user_id::text as user_id, r.value::text as value, r.rank::int as rank
            from (${ranked}) r order by r.rank, r.user_id limit 20`,
      );
      const names = await userCards(
        db,
        top.map((r) => BigInt(r.user_id)),
      );
      const list = top.flatMap((r) => {
        const u = names.get(BigInt(r.user_id));
        return u ? [{ nickname: u.nickname, avatar: u.avatar, value: r.value, rank: r.rank }] : [];
      });
      const show = (v: string) => (query.type === 'earnings' ? toMajor(BigInt(v), currency) : v);
      let me: { rank: number | null; value: string } | null = null;
      if (viewer !== null) {
        const [mine] = await rowsOf<{ value: string; rank: number }>(
          db,
          sql`select r.value::text as value, r.rank::int as rank from (${ranked}) r where r.user_id = ${viewer}`,
        );
        me = mine ? { rank: mine.rank, value: show(mine.value) } : { rank: null, value: show('0') };
      }
      return {
        currency,
        type: query.type,
        day,
        list: list.map((r) => ({
          rank: r.rank,
          nickname: r.nickname,
          avatar: r.avatar,
          value: show(r.value),
        })),
        me,
      };
    },

    async customerService(tenantId: string) {
      const { currency, settings } = await tenantEarn(db, tenantId);
      return { currency, contacts: settings.customerService };
    },

    async telegramAgent(tenantId: string, host: string) {
      const { settings } = await tenantEarn(db, tenantId);
      // A Map, so a host named `constructor` or `__proto__` finds no agent, not Object's own.
      const agents = new Map(Object.entries(settings.telegramAgents));
      return { url: agents.get(host) ?? agents.get('*') ?? null };
    },
  };
}

export type EarnService = ReturnType<typeof createEarnService>;
