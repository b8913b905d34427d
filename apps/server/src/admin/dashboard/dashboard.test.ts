import { unchecked } from '../../test/client.js';
import { accountCalls, adminApi, adminDashboardApi, api } from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { createLedger } from '../../modules/ledger/ledger.service.js';
import { createMembershipService } from '../../modules/membership/membership.service.js';
import { createTeamRewards } from '../../modules/team/team-rewards.js';
import { PAY_PASSWORD, walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';

let t: TestApp;
let f: WalletFixtures;
/** An owner's session (operator sessions last 12 hours: made again after the clock moves). */
let owner: string;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true', SESSION_IDLE_DAYS: '365' });
  f = walletFixtures(t);
});
afterAll(() => t.close());

const stats = (token: string, query: Record<string, string> = {}) =>
  f.admin(adminDashboardApi.stats, { token, query });

const zeroMoney = {
  recharges: { count: 0, amount: '0.00' },
  withdrawals: { count: 0, amount: '0.00' },
  revenue: { cards: '0.00', copyrights: '0.00', total: '0.00' },
  payouts: {
    teamRewards: '0.00',
    copyrightRevenue: '0.00',
    salary: '0.00',
    dividends: '0.00',
    checkinTasks: '0.00',
    total: '0.00',
  },
  redPackets: '0.00',
};

describe('dashboard figures', () => {
  it('count users, Star Card holders, recharges, withdrawals, revenue and payouts per day of the tenant', async () => {
    // 2026-03-01 10:00 in Manila (the default tenant's time zone, UTC+8).
    t.clock.set('2026-03-01T02:00:00Z');
    owner = await f.operator('owner', []);
    const inviter = await f.user();
    await f.call(api.test.openVipLevel, { token: inviter.token, body: { level: 1 } });
    const buyer = await f.user('000000', inviter.inviteCode);
    await f.recharge(buyer, '1000');
    // Primary card 299.00: revenue; the inviter's level-1 referral reward (10 %) 29.90: a payout.
    expect(
      (
        await f.call(api.user.openvipByBalance, {
          token: buyer.token,
          body: { tier: 'primary', requestId: randomUUID() },
        })
      ).status,
    ).toBe(200);
    expect((await f.call(api.user.signin, { token: buyer.token })).body.data).toMatchObject({
      reward: '1.00',
    });

    // 2026-03-02 01:30 in Manila (still 2026-03-01 in UTC): counts on the 2nd.
    t.clock.set('2026-03-01T17:30:00Z');
    const saver = await f.withdrawer('500');
    expect(
      (
        await f.call(accountCalls.applyWithdrawal, {
          token: saver.token,
          body: { amount: '200', payPassword: PAY_PASSWORD, requestId: randomUUID() },
        })
      ).status,
    ).toBe(200);
    const [order] = await t.database.query<{ order_no: string }>(
      'select order_no from withdrawal where user_id = $1',
      [saver.userId],
    );

    // Paid on 2026-03-03 (Manila).
    t.clock.set('2026-03-03T03:00:00Z');
    owner = await f.operator('owner', []);
    for (const action of ['approve', 'process', 'pay'])
      expect(
        (
          await f.admin(adminApi.withdrawalAction, {
            token: owner,
            body: unchecked({
              orderNo: order!.order_no,
              action,
              ...(action === 'pay' ? { reference: 'BANK-REF-1' } : {}),
            }),
          })
        ).status,
      ).toBe(200);

    const res = await stats(owner, { from: '2026-03-01', to: '2026-03-03' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      tenantId: '000000',
      timeZone: 'Asia/Manila',
      currency: 'PHP',
      from: '2026-03-01',
      to: '2026-03-03',
      days: [
        { day: '2026-03-01', newUsers: 2, activeMembers: 2 },
        { day: '2026-03-02', newUsers: 1, activeMembers: 3 },
        { day: '2026-03-03', newUsers: 0, activeMembers: 3 },
      ],
      money: [
        {
          currency: 'PHP',
          days: [
            {
              ...zeroMoney,
              day: '2026-03-01',
              recharges: { count: 1, amount: '1000.00' },
              revenue: { cards: '299.00', copyrights: '0.00', total: '299.00' },
              // The referral reward on the card (29.90) is held until the card ends: not paid yet.
              payouts: { ...zeroMoney.payouts, checkinTasks: '1.00', total: '1.00' },
            },
            { ...zeroMoney, day: '2026-03-02', recharges: { count: 1, amount: '500.00' } },
            { ...zeroMoney, day: '2026-03-03', withdrawals: { count: 1, amount: '200.00' } },
          ],
        },
      ],
    });

    // Cards run 30 days: two end on 03-31 10:00, the third on 04-01 01:30 (Manila); a card counts on
    // every day it covers in part, and not after it ends.
    const later = await stats(owner, { from: '2026-03-30', to: '2026-04-02' });
    expect(later.body.data.days.map((d: { activeMembers: number }) => d.activeMembers)).toEqual([3, 3, 1, 0]);
  });

  it('count team rewards when they are paid: a card’s when it ends, none on the share credited back', async () => {
    const ledger = createLedger(t.clock);
    const memberships = createMembershipService({ clock: t.clock, ledger, purchaseHooks: [] });
    const rewards = createTeamRewards({ clock: t.clock, ledger, memberships });
    // Rewards of earlier tests whose cards have ended are paid on 06-30.
    t.clock.set('2026-06-30T02:00:00Z');
    await rewards.releaseDue(t.database.db);
    t.clock.set('2026-07-01T02:00:00Z');
    owner = await f.operator('owner', []);
    const inviter = await f.user();
    await f.call(api.test.openVipLevel, { token: inviter.token, body: { level: 1, days: 90 } });
    const buyer = await f.user('000000', inviter.inviteCode);
    await f.recharge(buyer, '999');
    for (const tier of ['primary', 'premium'])
      expect(
        (
          await f.call(api.user.openvipByBalance, {
            token: buyer.token,
            body: unchecked({ tier, requestId: randomUUID() }),
          })
        ).status,
      ).toBe(200);
    // Primary 299 then Premium for 999 - 299 = 700: Primary's reward cancelled (all of it credited
    // back), Premium's 99.90 held until the card ends on 07-31.
    const day = (await stats(owner, { from: '2026-07-01', to: '2026-07-01' })).body.data.money[0]!.days[0]!;
    expect(day.revenue).toEqual({ cards: '999.00', copyrights: '0.00', total: '999.00' });
    expect(day.payouts).toMatchObject({ teamRewards: '0.00', total: '0.00' });
    t.clock.set('2026-07-31T03:00:00Z');
    expect(await rewards.releaseDue(t.database.db)).toBe(1);
    owner = await f.operator('owner', []);
    const paid = (await stats(owner, { from: '2026-07-31', to: '2026-07-31' })).body.data.money[0]!.days[0]!;
    expect(paid.payouts).toMatchObject({ teamRewards: '99.90', total: '99.90' });
  });

  it('default to the last 30 days of the operator’s first tenant and refuse other tenants and long ranges', async () => {
    t.clock.set('2026-05-20T20:00:00Z'); // 2026-05-21 04:00 in Manila, 2026-05-21 03:00 in Hanoi
    owner = await f.operator('owner', []);
    const all = (await stats(owner)).body.data;
    expect(all).toMatchObject({ tenantId: '000000', from: '2026-04-22', to: '2026-05-21' });
    expect(all.days).toHaveLength(30);

    const vnFinance = await f.operator('finance', ['000001']);
    const vn = await stats(vnFinance);
    expect(vn.body.data).toMatchObject({ tenantId: '000001', currency: 'VND', timeZone: 'Asia/Ho_Chi_Minh' });
    expect(vn.body.data.money[0]!.days[0]!.recharges).toEqual({ count: 0, amount: '0' });
    expect((await stats(vnFinance, { tenantId: '000000' })).status).toBe(403);
    expect((await stats(owner, { tenantId: '000001' })).status).toBe(200);
    for (const role of ['support', 'content'] as const)
      expect((await stats(await f.operator(role, ['000000']))).status).toBe(403);

    expect(await stats(owner, { from: '2026-01-01', to: '2026-04-30' })).toMatchObject({
      status: 400,
      body: { field: 'from' },
    });
    expect((await stats(owner, { from: '2026-01-01', to: '2026-04-02' })).status).toBe(200); // 92 days
    expect((await stats(owner, { from: '2026-01-01', to: '2026-04-03' })).status).toBe(400);
    expect(await stats(owner, { from: '2026-03-05', to: '2026-03-04' })).toMatchObject({ status: 400 });
    expect(await stats(owner, { from: '2026-02-30' })).toMatchObject({
      status: 400,
      body: { field: 'from' },
    });
    expect(await stats(owner, { to: '2026/03/01' })).toMatchObject({ status: 400, body: { field: 'to' } });
  });
});
