import { REVENUE_KINDS, TEAM_LEVELS, toMajor } from '@dramastar/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { onePage, pageClause, type Page } from '../../db/paging.js';
import { dividendGrants, salaryClaims } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { MembershipService } from '../membership/membership.service.js';
import { earningsAmount, earningsJoin, paidFrom, tenantTeam } from './team-rewards.js';
import { levelCounts, teamMemberPage } from '../user/team-tree.js';
import { largestCredited } from '../wallet/recharge-orders.js';
import { inviteeCount, lockUser, userCard } from '../user/user-rows.js';
import { parseAmount } from '../../money.js';
import { addDays, dayIn } from '../../clock.js';
import { rowsOf } from '../../db/rows.js';

type User = { userId: bigint; tenantId: string };
const STAR = sql.raw(`('primary','premium','director')`);
const DAY_MS = 86_400_000;

/**
 * The team's read side (levels, members, invitation details, earnings) and the salary,
 * dividend and leader pages. Every team query goes through the closure table.
 */
export function createTeamService(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  memberships: MembershipService;
}) {
  const { db, clock, ledger, memberships } = deps;

  /** Members with an active Star Card now, by level, for one user's team. */
  async function starMembers(userId: bigint, on: DbOrTx = db): Promise<Map<number, number>> {
    const now = clock.now().toISOString();
    const rows = await rowsOf<{ depth: number; n: number }>(
      on,
      sql`select l.depth, count(distinct l.descendant_id)::int as n
          from team_link l join membership_card c on c.user_id = l.descendant_id
          where l.ancestor_id = ${userId} and c.tier in ${STAR} and c.replaced_at is null
            and c.starts_at <= ${now}::timestamptz and c.ends_at > ${now}::timestamptz
          group by l.depth`,
    );
    return new Map(rows.map((r) => [r.depth, r.n]));
  }

  /** Reads on `on`: inside a claim's transaction, its own connection. */
  async function salaryState(user: User, on: DbOrTx = db) {
    const { currency, timeZone, settings } = await tenantTeam(on, user.tenantId);
    const stars = await starMembers(user.userId, on);
    const direct = stars.get(1) ?? 0;
    const team = [...stars.values()].reduce((a, b) => a + b, 0);
    const reached = settings.salaryLevels
      .filter((l) => direct >= l.directStarMembers && team >= l.teamStarMembers)
      .sort((a, b) => b.level - a.level)[0];
    const [last] = await on
      .select()
      .from(salaryClaims)
      .where(eq(salaryClaims.userId, user.userId))
      .orderBy(desc(salaryClaims.sequence))
      .limit(1);
    const next = last ? new Date(last.claimedAt.getTime() + settings.salaryIntervalDays * DAY_MS) : null;
    const starCard = await memberships.hasStarCard(on, user.userId);
    return { currency, timeZone, settings, direct, team, reached, last, next, starCard };
  }

  return {
    async levels(user: User) {
      const counts = await levelCounts(db, user.userId);
      const levels = TEAM_LEVELS.map((level) => ({ level, count: counts.get(level) ?? 0 }));
      return { total: levels.reduce((s, l) => s + l.count, 0), levels };
    },

    async levelStatus(user: User) {
      const { currency } = await tenantTeam(db, user.tenantId);
      const counts = await levelCounts(db, user.userId);
      const stars = await starMembers(user.userId);
      const revenue = await rowsOf<{ level: number; total: string }>(
        db,
        sql`select level, sum(amount)::text as total from team_reward where beneficiary_id = ${user.userId} and status = 'paid' group by level`,
      );
      const byLevel = new Map(revenue.map((r) => [r.level, BigInt(r.total)]));
      return {
        currency,
        levels: TEAM_LEVELS.map((level) => ({
          level,
          members: counts.get(level) ?? 0,
          activeMembers: stars.get(level) ?? 0,
          revenue: toMajor(byLevel.get(level) ?? 0n, currency),
        })),
      };
    },

    async status(user: User, inviteLinkBase: string) {
      const { currency, timeZone } = await tenantTeam(db, user.tenantId);
      const me = await userCard(db, user.userId);
      const counts = await levelCounts(db, user.userId);
      const stars = await starMembers(user.userId);
      const today = dayIn(timeZone, clock.now());
      const [sums] = await rowsOf<{
        today: string;
        total: string;
        held: string;
        next_release: string | Date | null;
      }>(
        db,
        sql`select coalesce(sum(amount) filter (where status = 'paid' and (paid_at at time zone ${timeZone})::date = ${today}::date), 0)::text as today,
                   coalesce(sum(amount) filter (where status = 'paid'), 0)::text as total,
                   coalesce(sum(amount) filter (where status = 'held'), 0)::text as held,
                   min(releases_at) filter (where status = 'held') as next_release
            from team_reward where beneficiary_id = ${user.userId}`,
      );
      const [fresh] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from team_link l
            where l.ancestor_id = ${user.userId}
              and l.joined_at >= (${today}::date::timestamp at time zone ${timeZone})
              and l.joined_at < ((${today}::date + 1)::timestamp at time zone ${timeZone})`,
      );
      const tier = await memberships.activeTier(db, user.userId);
      const { settings: cards } = await memberships.settings(db, user.tenantId);
      const inviteCode = me?.inviteCode ?? '';
      return {
        currency,
        inviteCode,
        inviteLink: `${inviteLinkBase}?inviteCode=${inviteCode}`,
        teamSize: [...counts.values()].reduce((a, b) => a + b, 0),
        directCount: counts.get(1) ?? 0,
        activeMembers: [...stars.values()].reduce((a, b) => a + b, 0),
        newToday: fresh?.n ?? 0,
        todayRevenue: toMajor(BigInt(sums?.today ?? '0'), currency),
        totalRevenue: toMajor(BigInt(sums?.total ?? '0'), currency),
        heldRevenue: toMajor(BigInt(sums?.held ?? '0'), currency),
        nextRelease: sums?.next_release ? new Date(sums.next_release).toISOString() : null,
        rewardLevels: tier ? (cards.tiers.find((t) => t.tier === tier)?.rewardLevels ?? 0) : 0,
      };
    },

    /** Members of the team (one level, or all), newest first, or found by nickname, invite code or ID. */
    async members(user: User, query: Page & { level?: number | undefined; keyword?: string | undefined }) {
      const { currency } = await tenantTeam(db, user.tenantId);
      const { rows, total } = await teamMemberPage(db, user.userId, query);
      const ids = rows.map((r) => BigInt(r.id));
      const revenue = await paidFrom(db, user.userId, ids);
      const maxRecharge = await largestCredited(db, ids);
      const tiers = await memberships.activeTiers(db, ids);
      const list = rows.map((r) => ({
        userId: r.id,
        nickname: r.nickname,
        avatar: r.avatar,
        level: r.depth,
        joinedAt: new Date(r.created_at).toISOString(),
        revenue: toMajor(revenue.get(BigInt(r.id)) ?? 0n, currency),
        maxRecharge: toMajor(maxRecharge.get(BigInt(r.id)) ?? 0n, currency),
        membership: tiers.get(BigInt(r.id)) ?? null,
      }));
      return { list, total };
    },

    /** Per direct invitee: his invitations, copyright purchases and what he brought the user. */
    async invitationDetails(user: User, page: Page) {
      const { currency, timeZone, settings } = await tenantTeam(db, user.tenantId);
      const today = dayIn(timeZone, clock.now());
      const me = user.userId;
      const rows = await rowsOf<{
        id: string;
        nickname: string;
        created_at: string | Date;
        invites: number;
        purchase: string;
        welfare: string;
        referral: string;
        today: string;
        mine: string;
      }>(
        db,
        sql`select u.id::text, u.nickname, u.created_at,
              (select count(*)::int from app_user x where x.inviter_id = u.id) as invites,
              coalesce((select sum(h.paid) from copyright_holding h where h.user_id = u.id), 0)::text as purchase,
              coalesce((select sum(r.amount) from team_reward r where r.beneficiary_id = ${me} and r.source_user_id = u.id and r.status = 'paid' and r.kind = 'welfare'), 0)::text as welfare,
              coalesce((select sum(r.amount) from team_reward r where r.beneficiary_id = ${me} and r.source_user_id = u.id and r.status = 'paid' and r.kind = 'referral_reward' and r.cause = 'copyright'), 0)::text as referral,
              coalesce((select sum(r.amount) from team_reward r where r.beneficiary_id = ${me} and r.source_user_id = u.id and r.status = 'paid' and (r.paid_at at time zone ${timeZone})::date = ${today}::date), 0)::text as today,
              coalesce((select sum(r.amount) from team_reward r where r.beneficiary_id = ${me} and r.source_user_id = u.id and r.status = 'paid'), 0)::text as mine
            from app_user u where u.inviter_id = ${me}
            order by u.created_at desc, u.id desc
            ${pageClause(page)}`,
      );
      const total = await inviteeCount(db, me);
      const money = (v: string) => toMajor(BigInt(v), currency);
      return {
        list: rows.map((r) => ({
          userId: r.id,
          nickname: r.nickname,
          joinedAt: new Date(r.created_at).toISOString(),
          directInvites: r.invites,
          copyrightPurchase: money(r.purchase),
          copyrightWelfare: money(r.welfare),
          copyrightReferral: money(r.referral),
          todayRevenue: money(r.today),
          referralBps: settings.referralBps[0] ?? 0,
          myRevenue: money(r.mine),
        })),
        total,
      };
    },

    /** Earnings by kind from the ledger: the chosen day (default today), the day before, all time. */
    async revenueDetail(user: User, date: string | undefined) {
      const { currency, timeZone } = await tenantTeam(db, user.tenantId);
      const day = date ?? dayIn(timeZone, clock.now());
      const before = addDays(day, -1);
      const wallet = `wallet:${user.userId}`;
      const signed = earningsAmount;
      const rows = await rowsOf<{ kind: string; day: string; total: string; yesterday: string }>(
        db,
        sql`select t.kind,
              coalesce(sum(${signed}) filter (where (t.created_at at time zone ${timeZone})::date = ${day}::date), 0)::text as day,
              coalesce(sum(${signed}) filter (where (t.created_at at time zone ${timeZone})::date = ${before}::date), 0)::text as yesterday,
              coalesce(sum(${signed}), 0)::text as total
            from ledger_transfer t join ledger_account a on ${earningsJoin}
            where a.code = ${wallet} and a.tenant_id = ${user.tenantId} and t.kind in ${sql.raw(`(${REVENUE_KINDS.map((k) => `'${k}'`).join(',')})`)}
            group by t.kind`,
      );
      const byKind = new Map(rows.map((r) => [r.kind, r]));
      const sum = (key: 'day' | 'yesterday' | 'total') => rows.reduce((s, r) => s + BigInt(r[key]), 0n);
      return {
        currency,
        today: toMajor(sum('day'), currency),
        yesterday: toMajor(sum('yesterday'), currency),
        total: toMajor(sum('total'), currency),
        byKind: REVENUE_KINDS.map((kind) => ({
          kind,
          today: toMajor(BigInt(byKind.get(kind)?.day ?? '0'), currency),
          total: toMajor(BigInt(byKind.get(kind)?.total ?? '0'), currency),
        })),
      };
    },

    async salary(user: User) {
      const s = await salaryState(user);
      const now = clock.now();
      return {
        currency: s.currency,
        directStarMembers: s.direct,
        teamStarMembers: s.team,
        level: s.reached?.level ?? 0,
        amount: toMajor(parseAmount(s.reached?.amount ?? '0', s.currency), s.currency),
        levels: s.settings.salaryLevels.map((l) => ({
          ...l,
          amount: toMajor(parseAmount(l.amount, s.currency), s.currency),
        })),
        starCard: s.starCard,
        lastClaimAt: s.last?.claimedAt.toISOString() ?? null,
        nextClaimAt: s.next?.toISOString() ?? null,
        canClaim: s.starCard && s.reached !== undefined && (s.next === null || s.next <= now),
      };
    },

    /**
     * Claims the monthly salary of the level reached now: needs an active Star Card, a level, and
     * 30 days since the last claim. One claim per sequence number: a double tap pays once.
     */
    async claimSalary(user: User) {
      return withTransaction(db, async (tx) => {
        await lockUser(tx, user.userId);
        const s = await salaryState(user, tx);
        if (!s.starCard) throw new AppError('MembershipRequired');
        if (!s.reached) throw new AppError('SalaryNotQualified');
        if (s.next && s.next > clock.now()) {
          throw new AppError('SalaryTooSoon', { params: { date: dayIn(s.timeZone, s.next) } });
        }
        const amount = parseAmount(s.reached.amount, s.currency);
        const sequence = (s.last?.sequence ?? 0) + 1;
        const [record] = await tx
          .insert(salaryClaims)
          .values({
            tenantId: user.tenantId,
            userId: user.userId,
            sequence,
            level: s.reached.level,
            amount,
            claimedAt: clock.now(),
          })
          .returning();
        if (!record) throw new Error('salary claim not written');
        await ledger.transfer(tx, {
          tenantId: user.tenantId,
          currency: s.currency,
          from: { system: 'rewards_expense' },
          to: { userId: user.userId },
          amount,
          kind: 'salary',
          reference: `salary:${record.id}`,
          idempotencyKey: `salary:${user.userId}:${sequence}`,
        });
        const balance = await ledger.balance(tx, user.tenantId, s.currency, { userId: user.userId });
        return {
          record: {
            id: String(record.id),
            level: record.level,
            amount: toMajor(amount, s.currency),
            claimedAt: record.claimedAt.toISOString(),
          },
          balance: toMajor(balance, s.currency),
        };
      });
    },

    async salaryRecords(user: User, page: Page) {
      const { currency } = await tenantTeam(db, user.tenantId);
      const where = eq(salaryClaims.userId, user.userId);
      const { rows, total } = await onePage(
        db,
        db.select().from(salaryClaims).where(where).orderBy(desc(salaryClaims.sequence)).$dynamic(),
        page,
        { from: salaryClaims, where },
      );
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          level: r.level,
          amount: toMajor(r.amount, currency),
          claimedAt: r.claimedAt.toISOString(),
        })),
        total,
      };
    },

    async dividend(user: User) {
      const { currency, settings } = await tenantTeam(db, user.tenantId);
      const grants = await db
        .select()
        .from(dividendGrants)
        .where(eq(dividendGrants.userId, user.userId))
        .orderBy(desc(dividendGrants.grantedAt), desc(dividendGrants.id));
      const pending = grants.filter((g) => !g.paidAt);
      const next = pending.reduce<Date | null>(
        (d, g) => (d === null || g.payoutAt < d ? g.payoutAt : d),
        null,
      );
      return {
        currency,
        shares: grants.reduce((s, g) => s + g.shares, 0),
        pendingValue: toMajor(
          pending.reduce((s, g) => s + g.value, 0n),
          currency,
        ),
        paidValue: toMajor(
          grants.filter((g) => g.paidAt).reduce((s, g) => s + g.value, 0n),
          currency,
        ),
        shareUnit: settings.dividend.shareUnit,
        shareValue: settings.dividend.shareValue,
        months: settings.dividend.months,
        nextPayoutAt: next?.toISOString() ?? null,
        grants: grants.map((g) => ({
          id: String(g.id),
          shares: g.shares,
          value: toMajor(g.value, currency),
          grantedAt: g.grantedAt.toISOString(),
          payoutAt: g.payoutAt.toISOString(),
          paidAt: g.paidAt?.toISOString() ?? null,
        })),
      };
    },

    /** The leader programme: the tenant's largest teams and each one's copyright purchases toward the goal. */
    async leaders(user: User) {
      const { currency, settings } = await tenantTeam(db, user.tenantId);
      const goal = parseAmount(settings.leaderGoal, currency);
      const progress = (v: bigint) => Math.min(100, Number((v * 10_000n) / (goal > 0n ? goal : 1n)) / 100);
      const top = await rowsOf<{
        id: string;
        nickname: string;
        avatar: string | null;
        size: number;
        purchase: string;
      }>(
        db,
        sql`select u.id::text, u.nickname, u.avatar, t.size,
              coalesce((select sum(h.paid) from team_link l join copyright_holding h on h.user_id = l.descendant_id where l.ancestor_id = u.id), 0)::text as purchase
            from (select ancestor_id, count(*)::int as size from team_link l join app_user a on a.id = l.ancestor_id
                  where a.tenant_id = ${user.tenantId} group by ancestor_id order by size desc, ancestor_id limit 20) t
            join app_user u on u.id = t.ancestor_id
            order by t.size desc, u.id`,
      );
      const [mine] = await rowsOf<{ size: number; purchase: string }>(
        db,
        sql`select count(*)::int as size, coalesce(sum((select sum(h.paid) from copyright_holding h where h.user_id = l.descendant_id)), 0)::text as purchase
            from team_link l where l.ancestor_id = ${user.userId}`,
      );
      const myPurchase = BigInt(mine?.purchase ?? '0');
      return {
        currency,
        goal: settings.leaderGoal,
        me: {
          teamSize: mine?.size ?? 0,
          teamPurchase: toMajor(myPurchase, currency),
          progress: progress(myPurchase),
        },
        leaders: top.map((r, i) => ({
          rank: i + 1,
          nickname: r.nickname,
          avatar: r.avatar,
          teamSize: r.size,
          teamPurchase: toMajor(BigInt(r.purchase), currency),
          progress: progress(BigInt(r.purchase)),
        })),
      };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
