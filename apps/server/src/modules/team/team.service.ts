import { REVENUE_KINDS, TEAM_LEVELS, toMajor } from '@dramastar/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { onePage, type Page } from '../../db/paging.js';
import { dividendGrants, salaryClaims } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { MembershipService } from '../membership/membership.service.js';
import { paidFrom, tenantTeam } from './team-rewards.js';
import { walletEarningsByKind } from '../ledger/earnings.js';
import { starHolders } from '../membership/membership-rows.js';
import { joinedTeamOn, largestTeams, levelCounts, teamLinksOf, teamMemberPage } from '../user/team-tree.js';
import { largestCredited } from '../wallet/recharge-orders.js';
import { inviteeCount, inviteePage, lockUser, userCard, userCards } from '../user/user-rows.js';
import { parseAmount } from '../../money.js';
import { addDays, dayIn } from '../../clock.js';
import { rowsOf } from '../../db/rows.js';
import { onLocalDay } from '../../db/days.js';

type User = { userId: bigint; tenantId: string };
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
    // The team's links (the user module's) among the Star Card holders (the membership module's).
    const rows = await rowsOf<{ depth: number; n: number }>(
      on,
      sql`select l.depth, count(distinct l.descendant_id)::int as n
          from (${teamLinksOf([userId])}) l join (${starHolders(clock.now())}) c on c.user_id = l.descendant_id
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
      const fresh = await joinedTeamOn(db, user.userId, { timeZone, day: today });
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
        newToday: fresh,
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
      // The page of invitees is the user module's; their purchases and rewards are this module's.
      const invitees = await inviteePage(db, me, page);
      const ids = invitees.map((u) => u.id);
      const rows = ids.length
        ? await rowsOf<{
            id: string;
            purchase: string;
            welfare: string;
            referral: string;
            today: string;
            mine: string;
          }>(
            db,
            sql`select u.id::text,
                  coalesce((select sum(h.paid) from copyright_holding h where h.user_id = u.id), 0)::text as purchase,
                  coalesce((select sum(r.amount) from team_reward r where r.beneficiary_id = ${me} and r.source_user_id = u.id and r.status = 'paid' and r.kind = 'welfare'), 0)::text as welfare,
                  coalesce((select sum(r.amount) from team_reward r where r.beneficiary_id = ${me} and r.source_user_id = u.id and r.status = 'paid' and r.kind = 'referral_reward' and r.cause = 'copyright'), 0)::text as referral,
                  coalesce((select sum(r.amount) from team_reward r where r.beneficiary_id = ${me} and r.source_user_id = u.id and r.status = 'paid' and ${onLocalDay(sql`r.paid_at`, { timeZone, day: today })}), 0)::text as today,
                  coalesce((select sum(r.amount) from team_reward r where r.beneficiary_id = ${me} and r.source_user_id = u.id and r.status = 'paid'), 0)::text as mine
                from unnest(array[${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )}]::bigint[]) as u(id)`,
          )
        : [];
      const sums = new Map(rows.map((r) => [BigInt(r.id), r]));
      const total = await inviteeCount(db, me);
      const money = (v: string | undefined) => toMajor(BigInt(v ?? '0'), currency);
      return {
        list: invitees.map((u) => {
          const s = sums.get(u.id);
          return {
            userId: String(u.id),
            nickname: u.nickname,
            joinedAt: u.createdAt.toISOString(),
            directInvites: u.invites,
            copyrightPurchase: money(s?.purchase),
            copyrightWelfare: money(s?.welfare),
            copyrightReferral: money(s?.referral),
            todayRevenue: money(s?.today),
            referralBps: settings.referralBps[0] ?? 0,
            myRevenue: money(s?.mine),
          };
        }),
        total,
      };
    },

    /** Earnings by kind from the ledger: the chosen day (default today), the day before, all time. */
    async revenueDetail(user: User, date: string | undefined) {
      const { currency, timeZone } = await tenantTeam(db, user.tenantId);
      const day = date ?? dayIn(timeZone, clock.now());
      const before = addDays(day, -1);
      const rows = await walletEarningsByKind(db, user, REVENUE_KINDS, { timeZone, day, before });
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
      // The largest teams and the names are the user module's; the teams' copyright purchases this
      // module's, summed over the teams' links in one statement (the leaders' and the user's).
      const teams = await largestTeams(db, user.tenantId, 20);
      const ids = teams.map((t) => t.userId);
      const sums = await rowsOf<{ id: string; size: number; purchase: string }>(
        db,
        sql`select l.ancestor_id::text as id, count(*)::int as size,
              coalesce(sum((select sum(h.paid) from copyright_holding h where h.user_id = l.descendant_id)), 0)::text as purchase
            from (${teamLinksOf([...ids, user.userId])}) l group by l.ancestor_id`,
      );
      const purchaseOf = (id: bigint) => BigInt(sums.find((r) => BigInt(r.id) === id)?.purchase ?? '0');
      const names = await userCards(db, ids);
      const myPurchase = purchaseOf(user.userId);
      return {
        currency,
        goal: settings.leaderGoal,
        me: {
          teamSize: sums.find((r) => BigInt(r.id) === user.userId)?.size ?? 0,
          teamPurchase: toMajor(myPurchase, currency),
          progress: progress(myPurchase),
        },
        leaders: teams
          .flatMap((t) => {
            const u = names.get(t.userId);
            return u ? [{ userId: t.userId, nickname: u.nickname, avatar: u.avatar, size: t.size }] : [];
          })
          .map((r, i) => ({
            rank: i + 1,
            nickname: r.nickname,
            avatar: r.avatar,
            teamSize: r.size,
            teamPurchase: toMajor(purchaseOf(r.userId), currency),
            progress: progress(purchaseOf(r.userId)),
          })),
      };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
