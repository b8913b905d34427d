import { accountCalls, api, consoleCalls } from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, unchecked } from '../../test/client.js';
import { usingPostgres } from '../../test/database.js';
import { buildTestApp, secondInstance, type TestApp } from '../../test/helper.js';
import { PAY_PASSWORD, walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';

const DAY = 86_400_000;
let t: TestApp;
let f: WalletFixtures;

beforeAll(async () => {
  // Long idle sessions: these tests move the clock by months.
  t = await buildTestApp({ SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
  f = walletFixtures(t);
});
afterAll(() => t.close());

type Who = Awaited<ReturnType<WalletFixtures['user']>>;

/** A chain of n users, each invited by the one before: chain[0] is the top. */
async function chain(n: number, top?: Who): Promise<Who[]> {
  const list: Who[] = top ? [top] : [await f.user()];
  while (list.length < n) list.push(await f.user('000000', list[list.length - 1]!.inviteCode));
  return list;
}

let products = 0;
async function product(over: Partial<Record<string, string | number | null>> = {}) {
  const now = t.clock.now();
  const values = {
    code: `test-${++products}`,
    total: 100,
    price: 50_000, // 500.00
    profit: 1_000, // 10.00 a day
    term: 30,
    max: 20,
    starts: new Date(now.getTime() - DAY).toISOString(),
    ends: new Date(now.getTime() + 30 * DAY).toISOString(),
    ...over,
  };
  const [row] = await t.database.query<{ id: string }>(
    `insert into copyright_product (tenant_id, code, title, total_quantity, price, daily_profit, term_days, per_user_max, starts_at, ends_at, created_at)
     values ('000000', $1, $2, $3, $4, $5, $6, $7, $8, $9, now()) returning id::text`,
    [
      values.code,
      JSON.stringify({ en: `Test ${values.code}` }),
      values.total,
      values.price,
      values.profit,
      values.term,
      values.max,
      values.starts,
      values.ends,
    ],
  );
  return row!.id;
}

const buy = (who: Who, productId: string, quantity: number, requestId = randomUUID()) =>
  f.buyCopyright(who, productId, quantity, { requestId });
const card = (who: Who, level: number, days = 365) =>
  f.call(api.test.openVipLevel, { token: who.token, body: { level, days } });
const runJob = () => jobs().runDailyRevenue();
// The jobs run through the same service the scheduler uses.
let jobsRef:
  | { runDailyRevenue(): Promise<number>; runDividends(): Promise<number>; releaseDue(): Promise<number> }
  | undefined;
/** The held-reward release job, as the scheduler runs it (on a second instance's pool when given). */
let releaseOn: ((db: typeof t.database.db) => Promise<number>) | undefined;
const release = (db = t.database.db) => releaseOn!(db);
const jobs = () => {
  if (!jobsRef) throw new Error('no jobs');
  return jobsRef;
};

beforeAll(async () => {
  const { createCopyrightService } = await import('./copyright.service.js');
  const { createTeamRewards } = await import('./team-rewards.js');
  const { createLedger } = await import('../ledger/ledger.service.js');
  const { createMembershipService } = await import('../membership/membership.service.js');
  const ledger = createLedger(t.clock);
  const memberships = createMembershipService({ clock: t.clock, ledger, purchaseHooks: [] });
  const rewards = createTeamRewards({ clock: t.clock, ledger, memberships });
  releaseOn = (db) => rewards.releaseDue(db);
  jobsRef = {
    ...createCopyrightService({
      db: t.database.db,
      clock: t.clock,
      ledger,
      rewards,
      // Only its jobs run here; purchases go through the app.
      confirmPayPassword: () => Promise.reject(new Error('not for purchases')),
    }),
    releaseDue: () => rewards.releaseDue(t.database.db),
  };
});

describe('the team tree', () => {
  it('counts five levels and no more, also when someone with a team binds an inviter later', async () => {
    const users = await chain(7);
    const top = users[0]!;
    const levels = (await f.call(accountCalls.userLevelStatistic, { token: top.token })).body.data;
    expect(levels).toEqual({
      total: 5,
      levels: [1, 2, 3, 4, 5].map((level) => ({ level, count: 1 })),
    });
    // x already has a team (y, z under it) when it binds users[3] as its inviter.
    const x = await f.user();
    const y = await f.user('000000', x.inviteCode);
    await f.user('000000', y.inviteCode);
    expect(
      (await f.call(api.user.setInviteCode, { token: x.token, query: { inviteCode: users[3]!.inviteCode } }))
        .status,
    ).toBe(200);
    const after = (await f.call(accountCalls.userLevelStatistic, { token: users[1]!.token })).body.data
      .levels;
    // users[1] → [2] → [3] → x (level 3, beside [4]) → y (4, beside [5]) → z (5, beside [6]).
    expect(after.map((l: { count: number }) => l.count)).toEqual([1, 1, 2, 2, 2]);
    expect(
      (await f.call(accountCalls.userLevelStatistic, { token: top.token })).body.data.levels[4]!.count,
    ).toBe(2);
    const found = (
      await f.call(api.team.members, { token: users[1]!.token, query: { keyword: y.inviteCode } })
    ).body.data;
    expect(found.list).toEqual([
      expect.objectContaining({ userId: String(y.userId), level: 4, membership: null }),
    ]);
    const lvl3 = (
      await f.call(accountCalls.teamLevelStatus, { token: users[1]!.token, query: { level: '3' } })
    ).body.data;
    expect(lvl3.total).toBe(2);
  });
});

describe('the team list', () => {
  it('shows each member’s highest running Star Card, and none for a member without one', async () => {
    const top = await f.user();
    const none = await f.user('000000', top.inviteCode);
    const primary = await f.user('000000', top.inviteCode);
    const both = await f.user('000000', top.inviteCode);
    await card(primary, 1);
    await card(both, 1);
    await card(both, 2);
    const { list } = (await f.call(api.team.members, { token: top.token })).body.data;
    const tierOf = (who: Who) =>
      (list as { userId: string; membership: string | null }[]).find((m) => m.userId === String(who.userId))
        ?.membership;
    expect([tierOf(none), tierOf(primary), tierOf(both)]).toEqual([null, 'primary', 'premium']);
  });
});

describe('the team counts', () => {
  /** Every (ancestor, level) count kept, against a recount of the links; both sorted. */
  async function countsAndRecount() {
    const kept = await t.database.query<{ ancestor_id: string; depth: number; members: number }>(
      'select ancestor_id::text, depth, members from team_count where members > 0 order by 1, 2',
    );
    const recount = await t.database.query<{ ancestor_id: string; depth: number; members: number }>(
      'select ancestor_id::text, depth, count(*)::int as members from team_link group by 1, 2 order by 1, 2',
    );
    return { kept, recount };
  }

  it('stay equal to the links when many join and bind at once (two instances on PostgreSQL)', async () => {
    const second = await secondInstance(t, { SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
    const g = second ? walletFixtures(second) : f;
    try {
      const [top, mid, low] = await chain(3);
      // Users with a team of their own, who will bind an inviter while others join.
      const leaders = await Promise.all([f.user(), g.user()]);
      await Promise.all(leaders.map((l, i) => (i ? g : f).user('000000', l.inviteCode)));
      const joins = Array.from({ length: usingPostgres ? 40 : 10 }, (_, i) =>
        (i % 2 ? g : f).user('000000', [top, mid, low][i % 3]!.inviteCode),
      );
      const binds = leaders.map((l, i) =>
        (i ? caller(second?.app ?? t.app) : f.call)(api.user.setInviteCode, {
          token: l.token,
          query: { inviteCode: low!.inviteCode },
        }),
      );
      const [, bound] = await Promise.all([Promise.all(joins), Promise.all(binds)]);
      expect(bound.map((b) => b.status)).toEqual([200, 200]);
      const { kept, recount } = await countsAndRecount();
      expect(kept).toEqual(recount);
      const levels = (await f.call(accountCalls.userLevelStatistic, { token: top!.token })).body.data.levels;
      const n = usingPostgres ? 40 : 10;
      // top: mid and a third of the joins at 1; low and a third at 2; the rest at 3; leaders at 3, their members at 4.
      expect(levels.map((l: { count: number }) => l.count)).toEqual([
        1 + Math.ceil(n / 3),
        1 + Math.ceil((n - 1) / 3),
        Math.floor(n / 3) + 2,
        2,
        0,
      ]);
    } finally {
      await second?.close();
    }
  });
});

describe('binding an inviter', () => {
  it('never closes a loop, however many bind each other at once (two instances on PostgreSQL)', async () => {
    const second = await secondInstance(t, { SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
    const g = second ? walletFixtures(second) : f;
    try {
      // Pairs that each bind the other, and rings of three that each bind the next, all at once.
      const pairs = await Promise.all(
        Array.from({ length: usingPostgres ? 12 : 3 }, () => Promise.all([f.user(), g.user()])),
      );
      const rings = await Promise.all(
        Array.from({ length: usingPostgres ? 6 : 2 }, () => Promise.all([f.user(), g.user(), f.user()])),
      );
      const bind = (who: Who, inviter: Who, i: number) =>
        (i % 2 ? caller(second?.app ?? t.app) : f.call)(api.user.setInviteCode, {
          token: who.token,
          query: { inviteCode: inviter.inviteCode },
        });
      const answers = await Promise.all([
        ...pairs.map(([a, b]) => Promise.all([bind(a, b, 0), bind(b, a, 1)])),
        ...rings.map(([a, b, c]) => Promise.all([bind(a, b, 0), bind(b, c, 1), bind(c, a, 0)])),
      ]);
      for (const group of answers) {
        // Every bind but the one that would close the loop succeeds; that one is refused by name.
        expect(group.map((a) => a.status).sort()).toEqual([...group.map(() => 200).slice(1), 409].sort());
        expect(group.filter((a) => a.status === 409).map((a) => a.body.errorKey)).toEqual([
          'InviteCodeOwnTeam',
        ]);
      }
      // Nobody is their own upline: no user appears among their own ancestors.
      const loops = await t.database.query<{ n: number }>(
        'select count(*)::int as n from team_link where ancestor_id = descendant_id',
      );
      expect(loops[0]!.n).toBe(0);
      const cycles = await t.database.query<{ n: number }>(
        `with recursive up(start, id, depth) as (
           select id, inviter_id, 1 from app_user where inviter_id is not null
           union all
           select up.start, u.inviter_id, up.depth + 1 from up join app_user u on u.id = up.id
           where u.inviter_id is not null and up.depth < 50
         )
         select count(*)::int as n from up where id = start`,
      );
      expect(cycles[0]!.n).toBe(0);
    } finally {
      await second?.close();
    }
  });
});

describe('team rewards', () => {
  it('reach only uplines with an active Star Card of enough levels, with worked numbers', async () => {
    // p5 (Director) → p4 (Premium: 3 levels) → p3 (expired Premium) → p2 (no card) → p1 (Primary) → buyer
    const [p5, p4, p3, p2, p1, buyer] = await chain(6);
    await card(p5!, 3);
    await card(p4!, 2);
    await card(p3!, 2, 1);
    await card(p1!, 1);
    t.clock.advance(DAY + 1000); // p3's card has ended
    const id = await product();
    await f.recharge(buyer!, '5000');
    const res = await buy(buyer!, id, 10);
    expect(res.body.data).toMatchObject({
      balance: '0.00',
      holding: { quantity: 10, paid: '5000.00', dailyRevenue: '100.00' },
    });
    // 10 % to level 1 (p1, Primary reaches 2 levels) = 500; p2 no card; p3 expired; p4 at level 4
    // but Premium reaches 3; p5 at level 5, Director = 1 % = 50.
    expect(await f.balance(p1!.token)).toBe('500.00');
    expect(await f.balance(p2!.token)).toBe('0.00');
    expect(await f.balance(p3!.token)).toBe('0.00');
    expect(await f.balance(p4!.token)).toBe('0.00');
    expect(await f.balance(p5!.token)).toBe('50.00');

    t.clock.advance(DAY);
    await runJob();
    // Day 1 revenue 100; welfare 5 % to p1 = 5, 0.5 % to p5 = 0.50.
    expect(await f.balance(buyer!.token)).toBe('100.00');
    expect(await f.balance(p1!.token)).toBe('505.00');
    expect(await f.balance(p5!.token)).toBe('50.50');
    const levels = (await f.call(accountCalls.teamLevelStatusStatistic, { token: p5!.token })).body.data
      .levels;
    expect(levels[4]).toMatchObject({ level: 5, members: 1, activeMembers: 0, revenue: '50.50' });
    expect(levels[0]).toMatchObject({ level: 1, activeMembers: 1 });
    const invitations = (await f.call(api.team.invitationDetails, { token: p1!.token })).body.data;
    expect(invitations.total).toBe(1);
    expect(invitations.list).toEqual([
      expect.objectContaining({
        userId: String(buyer!.userId),
        nickname: expect.any(String),
        joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        directInvites: 0,
        copyrightPurchase: '5000.00',
        copyrightReferral: '500.00',
        copyrightWelfare: '5.00',
        // Today (Manila): the day's welfare; the referral was paid on the purchase's day.
        todayRevenue: '5.00',
        myRevenue: '505.00',
        referralBps: 1000,
      }),
    ]);
    // p2's one invitee (p1) invited one in turn.
    const p2Invites = (await f.call(api.team.invitationDetails, { token: p2!.token })).body.data.list;
    expect(p2Invites).toEqual([
      expect.objectContaining({ userId: String(p1!.userId), directInvites: 1, myRevenue: '0.00' }),
    ]);
    const detail = (await f.call(accountCalls.revenueDetail, { token: p1!.token })).body.data;
    expect(detail.byKind.find((k: { kind: string }) => k.kind === 'welfare')!.total).toBe('5.00');
    expect(detail.total).toBe('505.00');
  });

  it('on a team member’s Star Card are held until the card’s month ends, then paid once', async () => {
    const [upline, member] = await chain(2);
    await card(upline!, 1);
    await f.recharge(member!, '299');
    const bought = await f.call(api.user.openvipByBalance, {
      token: member!.token,
      body: { tier: 'primary', requestId: randomUUID() },
    });
    expect(bought.status).toBe(200);
    // Held: nothing in the wallet, the amount and its date on the team page.
    expect(await f.balance(upline!.token)).toBe('0.00');
    const status = (await f.call(accountCalls.teamStatus, { token: upline!.token })).body.data;
    expect(status).toMatchObject({ heldRevenue: '29.90', totalRevenue: '0.00' });
    expect(status.nextRelease).toBe(bought.body.data.card.endsAt);
    expect(await jobs().releaseDue()).toBe(0);
    t.clock.advance(30 * DAY);
    // The job on two instances at once (or twice) pays it once.
    const second = await secondInstance(t, { SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
    try {
      const runs = await Promise.all([release(), release(second?.database.db)]);
      expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await second?.close();
    }
    expect(await jobs().releaseDue()).toBe(0);
    expect(await f.balance(upline!.token)).toBe('29.90');
    const after = (await f.call(accountCalls.teamStatus, { token: upline!.token })).body.data;
    expect(after).toMatchObject({ heldRevenue: '0.00', totalRevenue: '29.90', todayRevenue: '29.90' });
    const records = (
      await f.call(accountCalls.walletRecords, { token: upline!.token, query: { type: 'referral_reward' } })
    ).body.data.list;
    expect(records).toHaveLength(1);
  });
});

describe('rewards follow the money kept', () => {
  const openvip = (who: Who, tier: string, requestId = randomUUID(), call = f.call) =>
    call(api.user.openvipByBalance, { token: who.token, body: unchecked({ tier, requestId }) });
  /** The inviter's referral rewards from a member that reached the wallet (the team statistics' sum). */
  const netRewards = async (beneficiary: Who) =>
    (await f.call(accountCalls.teamLevelStatusStatistic, { token: beneficiary.token })).body.data.levels[0]!
      .revenue;
  const held = async (who: Who) =>
    (await f.call(accountCalls.teamStatus, { token: who.token })).body.data.heldRevenue;
  const debt = async (who: Who) =>
    (
      await t.database.query<{ amount: string }>('select amount::text from reward_debt where user_id = $1', [
        who.userId,
      ])
    )[0]?.amount ?? '0';
  /** A member who bought a Primary card and `renewals` renewals at 299 each. */
  async function renewedMember(inviter: Who, renewals = 20) {
    const member = await f.user('000000', inviter.inviteCode);
    await f.recharge(member, String(299 * (renewals + 1)));
    for (let i = 0; i <= renewals; i++) expect((await openvip(member, 'primary')).status).toBe(200);
    return member;
  }
  const sendPacket = (who: Who, amount: string) =>
    f.call(api.redPacket.sendRedPacket, {
      token: who.token,
      body: { amount, shares: 1, split: 'equal', greeting: '', requestId: randomUUID() },
    });
  const withdraw = (who: Who, amount: string) =>
    f.call(api.account.applyWithdrawal, {
      token: who.token,
      body: { amount, payPassword: PAY_PASSWORD, requestId: randomUUID() },
    });

  // Issue 38, case 1: an inviter and an invitee together took out more than they paid in: the
  // rewards on 80 prepaid renewals were paid at once, sent back as a red packet, and the upgrade
  // that credited the renewals back found the inviter's wallet empty (a debt nothing collected).
  it('an inviter and an invitee acting together end with no more than they paid in', async () => {
    const inviter = await f.withdrawer('0');
    const member = await renewedMember(inviter, 80);
    expect(await f.balance(member.token)).toBe('0.00');
    // 81 × 29.90 = 2,421.90 earned on cards not yet delivered: held, so nothing to send or withdraw.
    expect(await held(inviter)).toBe('2421.90');
    expect(await f.balance(inviter.token)).toBe('0.00');
    expect((await sendPacket(inviter, '100')).body.errorKey).toBe('InsufficientFunds');
    expect((await withdraw(inviter, '1000')).body.errorKey).toBe('InsufficientFunds');
    t.clock.advance(60_000);
    const up = (await openvip(member, 'premium')).body.data;
    expect(up).toMatchObject({ action: 'upgrade', paid: '0.00' });
    // The 80 renewals are cancelled and the running card's used minute pays its share (0.00).
    expect(await held(inviter)).toBe('99.90');
    expect(await f.balance(inviter.token)).toBe('0.00');
    expect(await debt(inviter)).toBe('0');
    const paidIn = 299 * 81;
    const holds = Number(await f.balance(member.token)) + Number(await f.balance(inviter.token));
    expect(holds).toBeLessThanOrEqual(paidIn - 999);
    // When the Premium card's month is over, its 99.90 is paid: still below what they paid in.
    t.clock.advance(30 * DAY);
    await jobs().releaseDue();
    expect(await f.balance(inviter.token)).toBe('99.90');
    const total = Number(await f.balance(member.token)) + Number(await f.balance(inviter.token));
    expect(total).toBeLessThanOrEqual(paidIn);
    expect(await netRewards(inviter)).toBe('99.90');
  });

  it('an upgrade that credits back 21 Primary cards cancels their held rewards: the inviter keeps what the honest path pays', async () => {
    const inviter = await f.user();
    await card(inviter, 1);
    const member = await renewedMember(inviter);
    expect(await held(inviter)).toBe('627.90');
    // Premium credits all 21 cards (6279, none started using): 999 kept, 5280 back to the wallet.
    const upgradeId = randomUUID();
    const up = (await openvip(member, 'premium', upgradeId)).body.data;
    expect(up).toMatchObject({ action: 'upgrade', credit: '6279.00', paid: '0.00', balance: '5280.00' });
    // 627.90 cancelled (never paid), 10 % of the Premium card's 999 held: 99.90.
    expect(await held(inviter)).toBe('99.90');
    t.clock.advance(30 * DAY);
    await jobs().releaseDue();
    expect(await f.balance(inviter.token)).toBe('99.90');
    expect(await netRewards(inviter)).toBe('99.90');
    const detail = (await f.call(accountCalls.revenueDetail, { token: inviter.token })).body.data;
    expect(detail.byKind.find((k: { kind: string }) => k.kind === 'referral_reward')!.total).toBe('99.90');
    const board = (await f.call(api.reward.ranking, { token: inviter.token, query: { type: 'earnings' } }))
      .body.data;
    expect(board.me!.value).toBe('99.90');

    const honest = await f.user();
    await card(honest, 1, 400);
    const straight = await f.user('000000', honest.inviteCode);
    await f.recharge(straight, '999');
    await openvip(straight, 'primary');
    await openvip(straight, 'premium');
    t.clock.advance(30 * DAY);
    await jobs().releaseDue();
    expect(await f.balance(honest.token)).toBe('99.90');
    // A replay of the upgrade changes nothing.
    expect((await openvip(member, 'premium', upgradeId)).body.data).toMatchObject({
      card: up.card,
      paid: '0.00',
    });
    expect(await f.balance(inviter.token)).toBe('99.90');
  });

  it('pays the used share at the upgrade: a card used for 10 of 30 days pays a third of its reward', async () => {
    const inviter = await f.user();
    await card(inviter, 1);
    const member = await f.user('000000', inviter.inviteCode);
    await f.recharge(member, '1100');
    await openvip(member, 'primary');
    t.clock.advance(10 * DAY);
    // 199.33 of 299 credited: the used 99.67 pays 29.90 × 99.67 / 299 = 9.96 now (rounded down),
    // the rest is cancelled; 10 % of 999 held.
    expect((await openvip(member, 'premium')).body.data).toMatchObject({ credit: '199.33', paid: '799.67' });
    expect(await f.balance(inviter.token)).toBe('9.96');
    expect(await held(inviter)).toBe('99.90');
    t.clock.advance(30 * DAY);
    await jobs().releaseDue();
    expect(await f.balance(inviter.token)).toBe('109.86'); // 9.96 + 99.90
  });

  it('a debt left by the earlier rule is settled before money leaves: withdrawals, their refunds and red packets', async () => {
    const owe = (who: Who, minor: number) =>
      t.database.query(
        `insert into reward_debt (user_id, tenant_id, amount) values ($1, '000000', $2)
         on conflict (user_id) do update set amount = reward_debt.amount + $2`,
        [who.userId, minor],
      );
    // A red packet: 300.00 owed of 1,000.00; the packet of 800.00 no longer fits.
    const sender = await f.withdrawer('1000');
    await owe(sender, 30_000);
    expect((await sendPacket(sender, '800')).body.errorKey).toBe('InsufficientFunds');
    expect(await debt(sender)).toBe('0');
    expect(await f.balance(sender.token)).toBe('700.00');
    expect((await sendPacket(sender, '100')).status).toBe(200);

    // A withdrawal: 200.00 owed of 1,000.00, then 500.00 (+ 25.00 fee) leaves.
    const payee = await f.withdrawer('1000');
    await owe(payee, 20_000);
    const applied = await withdraw(payee, '500');
    expect(applied.status).toBe(200);
    expect(await debt(payee)).toBe('0');
    expect(await f.balance(payee.token)).toBe('275.00');

    // Owed while the money sits in an open withdrawal: finance rejects it, the refund settles the debt.
    await owe(payee, 40_000);
    const operator = await f.operator();
    const rejected = await f.admin(consoleCalls.core.withdrawalAction, {
      token: operator,
      body: { orderNo: applied.body.data.orderNo, action: 'reject', reason: 'Wrong account' },
    });
    expect(rejected.status).toBe(200);
    expect(await f.balance(payee.token)).toBe('400.00'); // 275 + 525 - 400
    expect(await debt(payee)).toBe('0');
    const records = (
      await f.call(accountCalls.walletRecords, {
        token: payee.token,
        query: { type: 'referral_reward', pageSize: '100' },
      })
    ).body.data.list.map((r: { amount: string }) => r.amount);
    expect(records.sort()).toEqual(['-200.00', '-400.00']);
  });

  it('two upgrades at once, and a release racing an upgrade, never lose or mint a reward (two instances on PostgreSQL)', async () => {
    const second = await secondInstance(t, { SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
    const calls = [f.call, second ? caller(second.app) : f.call];
    const advance = (ms: number) => {
      t.clock.advance(ms);
      second?.clock.advance(ms);
    };
    try {
      const inviter = await f.user();
      await card(inviter, 1);
      const member = await renewedMember(inviter);
      const answers = await Promise.all(calls.map((call) => openvip(member, 'premium', randomUUID(), call)));
      // One upgrades (21 cards credited back), the other renews the Premium card from the refund.
      expect(answers.map((a) => a.body.data.action).sort()).toEqual(['renew', 'upgrade']);
      const [cancelled] = await t.database.query<{ n: number }>(
        "select count(*)::int as n from team_reward where beneficiary_id = $1 and status = 'cancelled'",
        [inviter.userId],
      );
      expect(cancelled!.n).toBe(21);
      expect(await held(inviter)).toBe('199.80');
      expect(await f.balance(member.token)).toBe('4281.00'); // 6279 - 999 - 999
      advance(61 * DAY);
      await Promise.all([release(), release(second?.database.db)]);
      expect(await f.balance(inviter.token)).toBe('199.80');

      // A card's last second: an upgrade and the release job race; either way its reward is paid once.
      for (let round = 0; round < (usingPostgres ? 4 : 2); round++) {
        const up = await f.user();
        await card(up, 1, 400);
        const buyer = await f.user('000000', up.inviteCode);
        await f.recharge(buyer, '1298');
        await openvip(buyer, 'primary');
        advance(30 * DAY - 1);
        await Promise.all([openvip(buyer, 'premium', randomUUID(), calls[round % 2]), release()]);
        advance(31 * DAY);
        await release();
        // Primary's 29.90 (at most, the used share of 30 days less a millisecond) and Premium's 99.90.
        expect(await f.balance(up.token)).toMatch(/^129\.(80|79)$/);
      }
    } finally {
      await second?.close();
    }
  });
});

describe('copyright purchases', () => {
  it('are refused outside the window, beyond the quantity or the user’s maximum, and without money', async () => {
    const who = await f.user();
    await f.recharge(who, '20000');
    const upcoming = await product({ starts: new Date(t.clock.now().getTime() + DAY).toISOString() });
    expect(await buy(who, upcoming, 1)).toMatchObject({
      status: 409,
      body: { errorKey: 'NotWithinPurchaseTime', msg: 'Not within the purchase time range' },
    });
    const ended = await product({ ends: new Date(t.clock.now().getTime() - 1000).toISOString() });
    expect((await buy(who, ended, 1)).body).toMatchObject({ errorKey: 'InvestEnded', msg: 'invest ended' });
    const small = await product({ total: 3, max: 10 });
    expect((await buy(who, small, 4)).body).toMatchObject({
      errorKey: 'NoMoreQuantity',
      msg: 'No more quantity',
    });
    const limited = await product({ max: 2 });
    expect((await buy(who, limited, 2)).status).toBe(200);
    expect((await buy(who, limited, 1)).body).toMatchObject({
      errorKey: 'MaxPurchaseLimitReached',
      msg: 'The maximum purchase limit has been reached',
    });
    const dear = await product({ price: 10_000_000 });
    expect((await buy(who, dear, 1)).body.errorKey).toBe('InsufficientFunds');
    expect(await buy(who, '999999', 1)).toMatchObject({ status: 409, body: { errorKey: 'ProductNotFound' } });
    expect(await buy(who, limited, 0)).toMatchObject({ status: 400, body: { field: 'quantity' } });
    expect(await f.balance(who.token)).toBe('19000.00');
    const center = (await f.call(api.team.copyrights, { token: who.token })).body.data;
    const mine = center.products.find((p: { id: string }) => p.id === limited);
    expect(mine).toMatchObject({
      sold: 2,
      remaining: 98,
      mine: { quantity: 2 },
      state: 'open',
      annualizedBps: 73000,
      totalReturn: '300.00',
      termReturnBps: 6000,
    });
    expect(center.totalPurchase).toBe('1000.00');
  });

  it('answers a retry with the same holding and refuses the key with other details', async () => {
    const who = await f.user();
    await f.recharge(who, '2000');
    const id = await product();
    const requestId = randomUUID();
    const first = (await buy(who, id, 2, requestId)).body.data.holding;
    expect((await buy(who, id, 2, requestId)).body.data.holding.id).toBe(first.id);
    expect((await buy(who, id, 3, requestId)).body.errorKey).toBe('IdempotencyConflict');
    expect(await f.balance(who.token)).toBe('1000.00');
  });

  it('asks the payment password before money leaves the wallet, buying nothing without it', async () => {
    const who = await f.user();
    await f.recharge(who, '2000');
    const id = await product();
    const attempt = (payPassword: string) =>
      f.call(api.team.buyCopyright, {
        token: who.token,
        body: { productId: id, quantity: 1, payPassword, requestId: randomUUID() },
      });
    expect((await attempt('135790')).body).toMatchObject({ code: 409, errorKey: 'PaymentPasswordNotSet' });
    await f.payPassword(who.userId);
    expect((await attempt('000000')).body).toMatchObject({ code: 409, errorKey: 'WrongPaymentPassword' });
    const missing = await f.call(api.team.buyCopyright, {
      token: who.token,
      body: unchecked({ productId: id, quantity: 1, requestId: randomUUID() }),
    });
    expect(missing.body).toMatchObject({ code: 400, field: 'payPassword' });
    expect(await f.balance(who.token)).toBe('2000.00');
    const [row] = await t.database.query<{ sold: number }>(
      'select sold from copyright_product where id = $1',
      [id],
    );
    expect(row?.sold).toBe(0);
    expect((await attempt(PAY_PASSWORD)).status).toBe(200);
  });

  it('never oversell: 300 concurrent attempts at 100 copyrights sell exactly 100 (two instances on PostgreSQL)', async () => {
    const second = await secondInstance(t, { SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
    try {
      const id = await product({ total: 100, max: 1000, price: 100, term: 1 });
      // 75 buyers, 4 attempts each (fewer than the payment password's 5 tries, which concurrent
      // attempts of one user claim before any is checked).
      const buyers: Who[] = [];
      for (let i = 0; i < 75; i++) {
        const who = await f.user();
        await f.recharge(who, '100');
        await f.payPassword(who.userId);
        buyers.push(who);
      }
      const calls = [caller(t.app), second ? caller(second.app) : caller(t.app)];
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) => f.buyCopyright(buyers[i % 75]!, id, 1, { via: calls[i % 2] })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
      expect([
        ...new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.errorKey}`)),
      ]).toEqual(['409 NoMoreQuantity']);
      const [row] = await t.database.query<{ sold: number; held: number }>(
        'select sold, (select sum(quantity)::int from copyright_holding where product_id = $1) as held from copyright_product where id = $1',
        [id],
      );
      expect(row).toEqual({ sold: 100, held: 100 });
    } finally {
      await second?.close();
    }
  });
});

describe('daily copyright revenue', () => {
  it('pays each day once — run twice, concurrently, and after a 3-day gap — and stops at the term’s end', async () => {
    const who = await f.user();
    await f.recharge(who, '500');
    const id = await product({ term: 5 });
    await buy(who, id, 1);
    expect(await runJob()).toBeGreaterThanOrEqual(0);
    expect(await f.balance(who.token)).toBe('0.00'); // the purchase day pays nothing
    t.clock.advance(DAY);
    await Promise.all([runJob(), runJob(), runJob()]);
    expect(await f.balance(who.token)).toBe('10.00');
    t.clock.advance(3 * DAY);
    await runJob();
    expect(await f.balance(who.token)).toBe('40.00');
    t.clock.advance(10 * DAY);
    await runJob();
    await runJob();
    expect(await f.balance(who.token)).toBe('50.00');
    const holdings = (await f.call(api.team.copyrightHoldings, { token: who.token })).body.data.list;
    expect(holdings[0]).toMatchObject({ daysPaid: 5, revenue: '50.00' });
    const revenue = (await f.call(api.team.copyrightRevenue, { token: who.token })).body.data;
    expect(revenue.total).toBe(5);
  });

  it('lists each holding with what it has paid so far', async () => {
    const who = await f.user();
    await f.recharge(who, '1000');
    await buy(who, await product({ term: 5 }), 1);
    t.clock.advance(DAY);
    await runJob();
    t.clock.advance(DAY);
    await runJob();
    await buy(who, await product({ term: 5 }), 1);
    const holdings = (await f.call(api.team.copyrightHoldings, { token: who.token })).body.data.list;
    // Newest first: the one bought today has paid nothing yet.
    expect(holdings).toEqual([
      expect.objectContaining({ daysPaid: 0, revenue: '0.00' }),
      expect.objectContaining({ daysPaid: 2, revenue: '20.00' }),
    ]);
  });
});

describe('monthly salary', () => {
  it('needs the level’s Star Card members, pays once, then not again for 30 days', async () => {
    const boss = await f.user();
    expect((await f.call(api.team.claimSalary, { token: boss.token })).body.errorKey).toBe(
      'MembershipRequired',
    );
    await card(boss, 1);
    expect((await f.call(api.team.claimSalary, { token: boss.token })).body.errorKey).toBe(
      'SalaryNotQualified',
    );
    const directs: Who[] = [];
    for (let i = 0; i < 3; i++) directs.push(await f.user('000000', boss.inviteCode));
    for (const d of directs) await card(d, 1);
    const deeper = await chain(3, directs[0]);
    await card(deeper[1]!, 1);
    await card(deeper[2]!, 1);
    const status = (await f.call(api.team.salary, { token: boss.token })).body.data;
    expect(status).toMatchObject({
      directStarMembers: 3,
      teamStarMembers: 5,
      level: 1,
      amount: '500.00',
      canClaim: true,
    });
    const claims = await Promise.all([
      f.call(api.team.claimSalary, { token: boss.token }),
      f.call(api.team.claimSalary, { token: boss.token }),
    ]);
    expect(claims.map((c) => c.status).sort()).toEqual([200, 409]);
    expect(await f.balance(boss.token)).toBe('500.00');
    t.clock.advance(29 * DAY);
    expect((await f.call(api.team.claimSalary, { token: boss.token })).body).toMatchObject({
      errorKey: 'SalaryTooSoon',
    });
    t.clock.advance(DAY);
    expect((await f.call(api.team.claimSalary, { token: boss.token })).status).toBe(200);
    expect((await f.call(api.team.salaryRecords, { token: boss.token })).body.data.total).toBe(2);
  });
});

describe('dividends', () => {
  it('grant a share per 1000 spent on copyrights and pay at 10 months, not before', async () => {
    const who = await f.user();
    await f.recharge(who, '2500');
    const id = await product();
    await buy(who, id, 5); // 2500 → 2 shares
    const status = (await f.call(api.team.dividend, { token: who.token })).body.data;
    expect(status).toMatchObject({ shares: 2, pendingValue: '200.00', paidValue: '0.00', months: 10 });
    t.clock.advance(300 * DAY); // a little under 10 months
    await jobs().runDividends();
    expect((await f.call(api.team.dividend, { token: who.token })).body.data.paidValue).toBe('0.00');
    t.clock.advance(10 * DAY);
    await Promise.all([jobs().runDividends(), jobs().runDividends()]);
    const paid = (await f.call(api.team.dividend, { token: who.token })).body.data;
    expect(paid).toMatchObject({ paidValue: '200.00', pendingValue: '0.00' });
    const dividends = (
      await f.call(accountCalls.walletRecords, { token: who.token, query: { type: 'dividend' } })
    ).body.data.list;
    expect(dividends).toEqual([expect.objectContaining({ amount: '200.00' })]);
  });
});

describe('the leader board', () => {
  it('ranks the largest teams with their progress toward the goal', async () => {
    const [leader, , , last] = await chain(4);
    const id = await product();
    await f.recharge(last!, '1000');
    await buy(last!, id, 2); // 1,000.00 bought three levels down
    const board = (await f.call(api.team.leaders, { token: leader!.token })).body.data;
    expect(board.goal).toBe('1000000');
    expect(board.me).toEqual({ teamSize: 3, teamPurchase: '1000.00', progress: 0.1 });
    expect(board.leaders[0]!.teamSize).toBeGreaterThanOrEqual(3);
    // Each leader with its name and its team's purchases, largest teams first.
    for (const l of board.leaders)
      expect(l).toMatchObject({
        nickname: expect.any(String),
        teamPurchase: expect.stringMatching(/^\d+\.\d{2}$/),
      });
    const sizes = board.leaders.map((l: { teamSize: number }) => l.teamSize);
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));
    expect(board.leaders.map((l: { rank: number }) => l.rank)).toEqual(
      sizes.map((_: number, i: number) => i + 1),
    );
  });
});
