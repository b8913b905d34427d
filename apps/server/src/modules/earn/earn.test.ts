import { accountCalls, api } from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, unchecked } from '../../test/client.js';
import { buildTestApp, secondInstance, type TestApp } from '../../test/helper.js';
import { walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';
import { createLedger } from '../ledger/ledger.service.js';
import { createMembershipService } from '../membership/membership.service.js';
import { createTeamRewards } from '../team/team-rewards.js';
import { createRedPacketService, splitShares } from './red-packet.service.js';

const HOUR = 3_600_000;
let t: TestApp;
let f: WalletFixtures;
let refunds: ReturnType<typeof createRedPacketService>;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true', SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
  f = walletFixtures(t);
  const ledger = createLedger(t.clock);
  const memberships = createMembershipService({ clock: t.clock, ledger, purchaseHooks: [] });
  const { settleDebt } = createTeamRewards({ clock: t.clock, ledger, memberships });
  refunds = createRedPacketService({ db: t.database.db, clock: t.clock, ledger, settleOwed: settleDebt });
});
afterAll(() => t.close());

/** Moves the manual clock to the next 00:30 in Manila (the default tenant's day boundary). */
function toNextManilaMorning() {
  const now = t.clock.now().getTime();
  const manila = now + 8 * HOUR;
  const nextMidnight = Math.floor(manila / (24 * HOUR)) * 24 * HOUR + 24 * HOUR;
  t.clock.advance(nextMidnight - manila + HOUR / 2);
}

const signin = (token: string) => f.call(api.user.signin, { token });

describe('daily check-in', () => {
  it('pays the streak day’s reward once a day in the tenant’s time zone, and a missed day resets the streak', async () => {
    toNextManilaMorning();
    const who = await f.user();
    expect((await f.call(api.user.querySigninDayNum, { token: who.token })).body.data).toMatchObject({
      streak: 0,
      checkedToday: false,
      nextReward: '1',
      rewards: ['1', '1', '2', '2', '3', '3', '5'],
    });
    expect((await signin(who.token)).body.data).toMatchObject({
      streak: 1,
      checkedToday: true,
      reward: '1.00',
      balance: '1.00',
    });
    expect(await signin(who.token)).toMatchObject({ status: 409, body: { errorKey: 'AlreadyCheckedIn' } });
    t.clock.advance(22 * HOUR); // 22:30 the same day: still today
    expect((await signin(who.token)).body.errorKey).toBe('AlreadyCheckedIn');
    t.clock.advance(2 * HOUR); // 00:30 the next day
    expect((await signin(who.token)).body.data).toMatchObject({ streak: 2, reward: '1.00' });
    t.clock.advance(24 * HOUR);
    expect((await signin(who.token)).body.data).toMatchObject({ streak: 3, reward: '2.00', balance: '4.00' });
    t.clock.advance(48 * HOUR); // a day missed
    expect((await f.call(api.user.querySigninDayNum, { token: who.token })).body.data).toMatchObject({
      streak: 0,
    });
    expect((await signin(who.token)).body.data).toMatchObject({ streak: 1, reward: '1.00' });
    const records = (
      await f.call(accountCalls.walletRecords, { token: who.token, query: { type: 'checkin' } })
    ).body.data;
    expect(records.total).toBe(4);
  });

  it('two check-ins at once pay once', async () => {
    const who = await f.user();
    const answers = await Promise.all([signin(who.token), signin(who.token), signin(who.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await f.balance(who.token)).toBe('1.00');
  });
});

describe('tasks', () => {
  it('measure progress from real events and pay each reward once per period', async () => {
    toNextManilaMorning();
    const who = await f.user();
    const list = async () => (await f.call(api.task.queryFinish, { token: who.token })).body.data.tasks;
    const task = async (code: string) => (await list()).find((x: { code: string }) => x.code === code);
    expect(await task('invite_1')).toMatchObject({ progress: 0, target: 1, status: 'open', reward: '10' });
    expect(
      (await f.call(api.task.submitTask, { token: who.token, body: { code: 'invite_1' } })).body.errorKey,
    ).toBe('TaskNotDone');
    await f.user('000000', who.inviteCode);
    expect(await task('invite_1')).toMatchObject({ progress: 1, status: 'done' });
    expect((await f.call(api.task.queryInviteTaskNum, { token: who.token })).body.data).toEqual({
      today: 1,
      total: 1,
    });
    // The code in the body or, as the spec has it, in the query string: one claim either way.
    const claims = await Promise.all([
      f.call(api.task.submitTask, { token: who.token, body: { code: 'invite_1' } }),
      f.call('/appTask/submitTask', { token: who.token, query: { code: 'invite_1' } }), // off the declaration's body
    ]);
    expect(claims.map((c) => c.status).sort()).toEqual([200, 409]);
    expect(await f.balance(who.token)).toBe('10.00');
    expect(await task('invite_1')).toMatchObject({ status: 'claimed' });
    // A daily task opens again the next day (and needs a new invitation).
    toNextManilaMorning();
    expect(await task('invite_1')).toMatchObject({ progress: 0, status: 'open' });
    // A once task: the first recharge.
    await f.recharge(who, '100');
    expect(await task('first_recharge')).toMatchObject({ status: 'done' });
    expect(
      (await f.call(api.task.submitTask, { token: who.token, body: { code: 'first_recharge' } })).status,
    ).toBe(200);
    toNextManilaMorning();
    expect(await task('first_recharge')).toMatchObject({ status: 'claimed' });
    expect(
      (await f.call(api.task.submitTask, { token: who.token, body: { code: 'nope' } })).body.errorKey,
    ).toBe('TaskNotFound');
  });
});

describe('task progress from each owner', () => {
  it('counts episodes watched today (not ones opened at 0 s), and a Star Card and a copyright bought ever', async () => {
    toNextManilaMorning();
    const who = await f.user();
    const task = async (code: string) =>
      ((await f.call(api.task.queryFinish, { token: who.token })).body.data.tasks as { code: string }[]).find(
        (x) => x.code === code,
      );
    // A published series of five episodes, as rows (no transcoding needed to record watching).
    const [series] = await t.database.query<{ id: number }>(
      `insert into series (tenant_id, slug, title, description, cover, tags, category, free_episodes, status, created_at)
       values ('000000', $1, '{"en":"Task series"}', '{"en":""}', '/c.jpg', '[]', 'romance', 5, 'published', now())
       returning id::int as id`,
      [`task-${randomUUID().slice(0, 8)}`],
    );
    const episodes = await t.database.query<{ id: number }>(
      `insert into episode (series_id, number, duration, poster, hls_key, created_at)
       select $1, n, 60, '/media/posters/x.jpg', 'hls/x', now() from generate_series(1, 5) n
       returning id::int as id`,
      [series!.id],
    );
    const watch = (videoId: number, progress: number) =>
      f.call(api.video.addViewHis, {
        token: who.token,
        query: { seriesId: String(series!.id), videoId: String(videoId), progress: String(progress) },
      });
    await watch(episodes[0]!.id, 0);
    expect(await task('watch_5')).toMatchObject({ progress: 0, status: 'open' });
    for (const e of episodes.slice(0, 3)) await watch(e.id, 2);
    expect(await task('watch_5')).toMatchObject({ progress: 3, target: 5, status: 'open' });
    toNextManilaMorning(); // a daily task counts the day's watching only
    expect(await task('watch_5')).toMatchObject({ progress: 0, status: 'open' });
    for (const e of episodes.slice(0, 5)) await watch(e.id, 3);
    expect(await task('watch_5')).toMatchObject({ progress: 5, status: 'done' });

    // Once tasks: a card granted by the test call is not a purchase; one bought is.
    await f.call(api.test.openVipLevel, { token: who.token, body: { level: 1 } });
    expect(await task('first_card')).toMatchObject({ progress: 0, status: 'open' });
    await f.recharge(who, '5000');
    const bought = await f.call(api.user.openvipByBalance, {
      token: who.token,
      body: unchecked({ tier: 'director', requestId: randomUUID() }),
    });
    expect(bought.status).toBe(200);
    expect(await task('first_copyright')).toMatchObject({ progress: 0, status: 'open' });
    const [product] = await t.database.query<{ id: string }>(
      `insert into copyright_product (tenant_id, code, title, total_quantity, price, daily_profit, term_days, per_user_max, starts_at, ends_at, created_at)
       values ('000000', $1, '{"en":"Task test"}', 10, 10000, 100, 30, 5, $2, $3, now()) returning id::text`,
      [
        `task-${randomUUID().slice(0, 8)}`,
        new Date(t.clock.now().getTime() - HOUR).toISOString(),
        new Date(t.clock.now().getTime() + 30 * 24 * HOUR).toISOString(),
      ],
    );
    await f.buyCopyright(who, product!.id, 1);
    toNextManilaMorning(); // once tasks count whatever the day
    expect(await task('first_card')).toMatchObject({ progress: 1, status: 'done' });
    expect(await task('first_copyright')).toMatchObject({ progress: 1, status: 'done' });
  });
});

describe('red packets', () => {
  const send = (token: string, body: Record<string, unknown>) =>
    f.call(api.redPacket.sendRedPacket, {
      token,
      body: unchecked({ requestId: randomUUID(), split: 'random', ...body }),
    });
  const claim = (token: string, id: string, c = f.call) =>
    c(api.redPacket.receiveRedPacket, { token, query: { redPacketId: id } });

  it('split into shares that sum to the amount, each at least the minimum', () => {
    for (let i = 0; i < 50; i++) {
      const parts = splitShares(10_000n, 7, 100n, 'random');
      expect(parts.reduce((a, b) => a + b, 0n)).toBe(10_000n);
      expect(parts.every((p) => p >= 100n)).toBe(true);
    }
    expect(splitShares(1000n, 3, 1n, 'equal')).toEqual([334n, 333n, 333n]);
  });

  it('go from the balance into escrow; others claim one share each; the sender cannot', async () => {
    const sender = await f.user();
    await f.recharge(sender, '100');
    expect((await send(sender.token, { amount: '200', shares: 2 })).body.errorKey).toBe('InsufficientFunds');
    expect((await send(sender.token, { amount: '1.50', shares: 2 })).body).toMatchObject({
      errorKey: 'RedPacketShareTooSmall',
    });
    expect((await send(sender.token, { amount: '10', shares: 101 })).status).toBe(409);
    const packet = (
      await send(sender.token, { amount: '30', shares: 3, split: 'equal', greeting: 'Happy Friday' })
    ).body.data;
    expect(packet).toMatchObject({
      amount: '30.00',
      shares: 3,
      state: 'opened',
      greeting: 'Happy Friday',
      mine: true,
    });
    expect(await f.balance(sender.token)).toBe('70.00');
    expect((await claim(sender.token, packet.id)).body.errorKey).toBe('RedPacketOwn');
    const [a, b, c, d] = [await f.user(), await f.user(), await f.user(), await f.user()];
    expect((await claim(a.token, packet.id)).body.data).toMatchObject({
      amount: '10.00',
      packet: { myClaim: '10.00', claimedShares: 1 },
    });
    expect((await claim(a.token, packet.id)).body.errorKey).toBe('RedPacketAlreadyClaimed');
    await claim(b.token, packet.id);
    await claim(c.token, packet.id);
    expect(await claim(d.token, packet.id)).toMatchObject({
      status: 409,
      body: { errorKey: 'RedPacketClaimed', msg: 'Sorry, the red envelopes have been claimed' },
    });
    const seen = (
      await f.call(api.redPacket.queryRedPacket, { token: d.token, query: { redPacketId: packet.id } })
    ).body.data;
    expect(seen).toMatchObject({ state: 'claimed', claimedAmount: '30.00', myClaim: null });
    expect(seen.claims).toHaveLength(3);
    const mine = (await f.call(accountCalls.queryDkRedPacket, { token: a.token })).body.data;
    expect(mine.received.map((p: { id: string }) => p.id)).toEqual([packet.id]);
  });

  it('are claimed by an unguessable token, never by counting sequential numbers', async () => {
    const sender = await f.user();
    await f.recharge(sender, '100');
    const first = (await send(sender.token, { amount: '10', shares: 2 })).body.data;
    const second = (await send(sender.token, { amount: '10', shares: 2, split: 'equal' })).body.data;
    for (const packet of [first, second]) expect(packet.id).toMatch(/^[0-9a-f]{32}$/);
    expect(first.id).not.toBe(second.id);
    const [row] = await t.database.query<{ id: string }>('select id::text from red_packet where token = $1', [
      second.id,
    ]);
    const claimer = await f.user();
    // The packet's sequential number (and its neighbours) claim nothing.
    for (const guess of [row!.id, String(Number(row!.id) - 1), '1']) {
      expect(await claim(claimer.token, guess)).toMatchObject({
        status: 400,
        body: { errorKey: 'RedPacketNotFound', field: 'redPacketId' },
      });
    }
    expect(await claim(claimer.token, 'f'.repeat(32))).toMatchObject({
      status: 404,
      body: { errorKey: 'RedPacketNotFound' },
    });
    expect(await f.balance(claimer.token)).toBe('0.00');
    expect((await claim(claimer.token, second.id.toUpperCase())).body.data).toMatchObject({ amount: '5.00' });
  });

  it('return what is left to the sender exactly once 24 hours after creation; claims then refused', async () => {
    const sender = await f.user();
    await f.recharge(sender, '100');
    const packet = (await send(sender.token, { amount: '50', shares: 5 })).body.data;
    const claimer = await f.user();
    const got = (await claim(claimer.token, packet.id)).body.data.amount;
    t.clock.advance(24 * HOUR - 1000);
    await refunds.refundExpired();
    expect(await f.balance(sender.token)).toBe('50.00');
    t.clock.advance(1000);
    expect(await claim((await f.user()).token, packet.id)).toMatchObject({
      status: 409,
      body: { errorKey: 'RedPacketExpired', msg: 'This red envelope has expired' },
    });
    await Promise.all([refunds.refundExpired(), refunds.refundExpired()]);
    await refunds.refundExpired();
    const expected = (5000 - Math.round(Number(got) * 100)) / 100;
    expect(await f.balance(sender.token)).toBe((50 + expected).toFixed(2));
    const view = (
      await f.call(api.redPacket.queryRedPacket, { token: sender.token, query: { redPacketId: packet.id } })
    ).body.data;
    expect(view.state).toBe('expired');
    // Claimed + refunded = funded.
    expect(Math.round((Number(view.claimedAmount) + Number(view.refunded)) * 100)).toBe(5000);
    const refundsSeen = (
      await f.call(accountCalls.walletRecords, { token: sender.token, query: { type: 'red_packet_refund' } })
    ).body.data;
    expect(refundsSeen.total).toBe(1);
  });

  it('never give more shares or money than funded under concurrent claims (two instances on PostgreSQL)', async () => {
    const second = await secondInstance(t, { SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
    try {
      const sender = await f.user();
      await f.recharge(sender, '1000');
      const packet = (await send(sender.token, { amount: '100', shares: 10 })).body.data;
      const claimers = [];
      for (let i = 0; i < 30; i++) claimers.push(await f.user());
      const calls = [caller(t.app), second ? caller(second.app) : caller(t.app)];
      const answers = await Promise.all(
        claimers.flatMap((who, i) => [
          claim(who.token, packet.id, calls[i % 2]),
          claim(who.token, packet.id, calls[(i + 1) % 2]),
        ]),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(10);
      const total = won.reduce((s, a) => s + Math.round(Number(a.body.data.amount) * 100), 0);
      expect(total).toBe(10_000);
      const [sum] = await t.database.query<{ n: number; s: string }>(
        'select count(*)::int as n, sum(s.amount)::text as s from red_packet_share s join red_packet p on p.id = s.packet_id where p.token = $1 and s.claimed_by is not null',
        [packet.id],
      );
      expect(sum).toEqual({ n: 10, s: '10000' });
      const [books] = await t.database.query<{ s: string }>(
        "select coalesce(sum(balance), 0)::text as s from ledger_balance where currency = 'PHP'",
      );
      expect(books!.s).toBe('0');
    } finally {
      await second?.close();
    }
  });
});

describe('the rank board', () => {
  it('orders by earnings with ties sharing a rank, by day, and shows the viewer’s place', async () => {
    const tenantFresh = '000003'; // PKR: nobody else earns there in these tests
    const [x, y, z] = [await f.user(tenantFresh), await f.user(tenantFresh), await f.user(tenantFresh)];
    await signin(x.token); // 5 each on day 1
    await signin(y.token);
    await signin(z.token);
    await f.call(api.test.openVipLevel, { token: z.token, body: { level: 3 } });
    await f.call(accountCalls.daliyAward, { token: z.token, body: { claim: true } }); // + 50
    const board = (await f.call(api.reward.ranking, { token: x.token, query: { type: 'earnings' } })).body
      .data;
    expect(board.list.map((r: { rank: number; value: string }) => [r.rank, r.value])).toEqual([
      [1, '55.00'],
      [2, '5.00'],
      [2, '5.00'],
    ]);
    expect(board.me).toEqual({ rank: 2, value: '5.00' });
    const guest = (
      await f.call(api.reward.rankingByDay, { query: { type: 'earnings', tenantId: tenantFresh } })
    ).body.data;
    expect(guest).toMatchObject({ me: null, day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(guest.list).toHaveLength(3);
    const yesterday = (
      await f.call(api.reward.rankingByDay, {
        query: { type: 'earnings', tenantId: tenantFresh, day: '2020-01-01' },
      })
    ).body.data;
    expect(yesterday.list).toEqual([]);
    await f.user(tenantFresh, x.inviteCode);
    const invites = (await f.call(api.reward.ranking, { token: x.token, query: { type: 'invites' } })).body
      .data;
    expect(invites.list[0]).toMatchObject({ rank: 1, value: '1' });
  });
});

describe('the daily award', () => {
  it('is for Star Card holders, once a day', async () => {
    const who = await f.user();
    expect((await f.call(accountCalls.daliyAward, { token: who.token })).body.data).toMatchObject({
      tier: null,
      amount: '0',
      claimedToday: false,
    });
    expect(
      (await f.call(accountCalls.daliyAward, { token: who.token, body: { claim: true } })).body.errorKey,
    ).toBe('MembershipRequired');
    await f.call(api.test.openVipLevel, { token: who.token, body: { level: 2 } });
    expect(
      (await f.call(accountCalls.daliyAward, { token: who.token, body: { claim: true } })).body.data,
    ).toMatchObject({ tier: 'premium', amount: '3', claimedToday: true });
    expect(
      (await f.call(accountCalls.daliyAward, { token: who.token, body: { claim: true } })).body.errorKey,
    ).toBe('DailyAwardClaimed');
    expect(await f.balance(who.token)).toBe('3.00');
  });
});

describe('the earn switch', () => {
  it('off: earning calls are refused and change nothing', async () => {
    const who = await f.user('000002');
    await t.database.query("update tenant set earn_enabled = false where id = '000002'");
    try {
      for (const declared of [api.user.signin, api.task.queryFinish, api.user.querySigninDayNum]) {
        expect(await f.call(declared, { token: who.token }), declared.path).toMatchObject({
          status: 403,
          body: { errorKey: 'EarnDisabled' },
        });
      }
      expect(
        (
          await f.call(api.redPacket.sendRedPacket, {
            token: who.token,
            body: { amount: '10', shares: 1, requestId: randomUUID() },
          })
        ).status,
      ).toBe(403);
      expect((await f.call(api.reward.ranking, { query: { tenantId: '000002' } })).status).toBe(403);
      expect(await f.balance(who.token)).toBe('0.00');
    } finally {
      await t.database.query("update tenant set earn_enabled = true where id = '000002'");
    }
  });
});

describe('customer service', () => {
  it('lists the tenant’s contacts and the Telegram agent of a domain', async () => {
    const contacts = (await f.call(api.config.customerService, { query: { tenantId: '000001' } })).body.data;
    expect(contacts.contacts.map((c: { kind: string }) => c.kind)).toEqual(['chat', 'telegram', 'email']);
    expect(
      (await f.call(api.config.queryTgAgent, { query: { domain: 'vn.localhost' } })).body.data.url,
    ).toMatch(/^https:\/\/t\.me\//);
  });
});
