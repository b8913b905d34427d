import { randomUUID } from 'node:crypto';
import { defaultMembershipSettings, defaultPointsRules, api, consoleCalls } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERIES } from '../../seed/demo-catalog.js';
import { caller, unchecked } from '../../test/client.js';
import { usingPostgres } from '../../test/database.js';
import { buildTestApp, secondInstance, type TestApp } from '../../test/helper.js';
import { walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';

const DAY = 86_400_000;
let t: TestApp;
let f: WalletFixtures;
let paidEpisode: number;

beforeAll(async () => {
  t = await buildTestApp(
    { DEMO_CONTENT: 'true', MEDIA_DIR: '/tmp/dramastar-test-media', SESSION_IDLE_DAYS: '365' },
    { demoSeries: DEMO_SERIES.filter((s) => s.slug === 'jakarta-hearts') },
  );
  f = walletFixtures(t);
  const [series] = await t.database.query<{ id: number }>(
    "select id::int as id from series where slug = 'jakarta-hearts' and tenant_id = '000000'",
  );
  paidEpisode = (await f.call(api.video.videos, { params: { seriesId: series!.id } })).body.data.episodes[3]!
    .id;
});
afterAll(() => t.close());

const buy = (token: string, tier: string, requestId: string = randomUUID()) =>
  f.call(api.user.openvipByBalance, { token, body: unchecked({ tier, requestId }) });
const status = async (token: string) => (await f.call(api.user.queryGreatestVipcard, { token })).body.data;
const canPlay = async (token: string) =>
  (await f.call(api.video.play, { params: { videoId: paidEpisode }, token })).status === 200;
const cards = async (userId: bigint) =>
  (
    await t.database.query<{ n: number }>(
      'select count(*)::int as n from membership_card where user_id = $1',
      [userId],
    )
  )[0]!.n;

describe('Star Card tiers', () => {
  it('are shown with price in the tenant currency, days, privileges and what buying now costs', async () => {
    const who = await f.user();
    const s = await status(who.token);
    expect(s).toMatchObject({ currency: 'PHP', active: null, userType: 0, trial: { activeUntil: null } });
    expect(
      s.tiers.map((x: { tier: string; price: string; days: number }) => [x.tier, x.price, x.days]),
    ).toEqual([
      ['week', '49.00', 7],
      ['primary', '299.00', 30],
      ['premium', '999.00', 30],
      ['director', '2999.00', 30],
    ]);
    expect(s.tiers[0]!.privileges).toEqual(['viewing']);
    expect(s.tiers[1]).toMatchObject({
      level: 1,
      trialCardsPerPeriod: 5,
      quote: { action: 'buy', pay: '299.00', credit: '0.00' },
    });
    expect(s.tiers[1]!.privileges).toEqual([
      'viewing',
      'welfare',
      'referral',
      'trialCards',
      'gifting',
      'withdrawal',
    ]);
    const vnd = await status((await f.user('000001')).token);
    expect(vnd.tiers[1]!.price).toBe('129000');
  });

  it('are shown to guests too, with the same prices, days and privileges, before any sign-in', async () => {
    const who = await f.user();
    const signedIn = await status(who.token);
    const guest = await f.call(api.user.starCardTiers);
    expect(guest.status).toBe(200);
    expect(guest.body.data).toEqual({ currency: 'PHP', tiers: signedIn.tiers });
    const vnd = await f.call(api.user.starCardTiers, { query: { tenantId: '000001' } });
    expect(vnd.body.data).toMatchObject({
      currency: 'VND',
      tiers: [{ tier: 'week' }, { price: '129000' }, {}, {}],
    });
    expect((await f.call(api.user.starCardTiers, { query: { tenantId: '123' } })).body).toMatchObject({
      code: 400,
      field: 'tenantId',
    });
    expect((await f.call(api.user.starCardTiers, { query: { tenantId: '999999' } })).body.errorKey).toBe(
      'TenantNotFound',
    );
  });
});

describe('buying from the balance', () => {
  it('refuses without enough money and changes nothing', async () => {
    const who = await f.user();
    await f.recharge(who, '200');
    expect(await buy(who.token, 'primary')).toMatchObject({
      status: 409,
      body: { errorKey: 'InsufficientFunds', msg: 'Insufficient funds' },
    });
    expect(await f.balance(who.token)).toBe('200.00');
    expect(await cards(who.userId)).toBe(0);
    expect(await buy(who.token, 'emperor')).toMatchObject({ status: 400, body: { field: 'tier' } });
  });

  it('activates the card at once, unlocks paid episodes until it ends, and answers a retry with the same card', async () => {
    const who = await f.user();
    await f.recharge(who, '1000');
    expect(await canPlay(who.token)).toBe(false);
    const requestId = randomUUID();
    const res = (await buy(who.token, 'primary', requestId)).body.data;
    expect(res).toMatchObject({
      action: 'buy',
      paid: '299.00',
      credit: '0.00',
      balance: '701.00',
      card: { tier: 'primary' },
    });
    expect(new Date(res.card.endsAt).getTime() - new Date(res.card.startsAt).getTime()).toBe(30 * DAY);
    expect((await buy(who.token, 'primary', requestId)).body.data.card).toEqual(res.card);
    expect(await buy(who.token, 'premium', requestId)).toMatchObject({
      status: 409,
      body: { errorKey: 'IdempotencyConflict' },
    });
    expect(await f.balance(who.token)).toBe('701.00');
    const records = (
      await f.call(api.account.walletRecords, { token: who.token, query: { type: 'membership' } })
    ).body.data.list;
    expect(records).toEqual([expect.objectContaining({ type: 'membership', amount: '-299.00' })]);
    expect((await status(who.token)).userType).toBe(1);
    expect(await canPlay(who.token)).toBe(true);
    expect(
      (await f.call(api.user.queryMustBankCardMsg, { token: who.token })).body.data.membershipActive,
    ).toBe(true);

    t.clock.advance(30 * DAY);
    // Expiry is decided by the clock at each use, not by a job.
    expect(await canPlay(who.token)).toBe(false);
    expect(await status(who.token)).toMatchObject({ active: null, userType: 0 });
    expect(
      (await f.call(api.user.queryMustBankCardMsg, { token: who.token })).body.data.membershipActive,
    ).toBe(false);
    expect((await f.call(api.user.queryCanSendTrialCard, { token: who.token })).body.data).toMatchObject({
      allowed: false,
      reason: 'MembershipRequired',
    });
    const history = (await f.call(api.account.queryVipCardCountAndStatus, { token: who.token })).body.data;
    expect(history).toMatchObject({
      count: 1,
      activeCount: 0,
      list: [{ tier: 'primary', status: 'expired', source: 'purchase' }],
    });
  });

  it('renews by extending the time, upgrades with the unused value credited, and refuses a lower tier', async () => {
    const who = await f.user();
    await f.recharge(who, '5000');
    const first = (await buy(who.token, 'primary')).body.data.card;
    t.clock.advance(10 * DAY);
    const renewId = randomUUID();
    const renewed = (await buy(who.token, 'primary', renewId)).body.data;
    expect(renewed).toMatchObject({ action: 'renew', paid: '299.00' });
    expect((await buy(who.token, 'primary', renewId)).body.data).toMatchObject({
      action: 'renew',
      card: renewed.card,
    });
    expect(renewed.card.startsAt).toBe(first.endsAt);
    expect(new Date(renewed.card.endsAt).getTime() - new Date(first.endsAt).getTime()).toBe(30 * DAY);

    // Unused: 20 of 30 days of the first (199.33) and all of the renewal (299) = 498.33.
    const quote = (await status(who.token)).tiers.find((x: { tier: string }) => x.tier === 'premium')!.quote;
    expect(quote).toMatchObject({ action: 'upgrade', credit: '498.33', pay: '500.67' });
    const up = (await buy(who.token, 'premium')).body.data;
    expect(up).toMatchObject({ action: 'upgrade', credit: '498.33', paid: '500.67', balance: '3901.33' });
    expect((await status(who.token)).active!.tier).toBe('premium');
    const history = (await f.call(api.account.queryVipCardCountAndStatus, { token: who.token })).body.data
      .list;
    expect(history.map((c: { tier: string; status: string }) => `${c.tier}:${c.status}`)).toEqual([
      'premium:active',
      'primary:replaced',
      'primary:replaced',
    ]);
    expect(await buy(who.token, 'primary')).toMatchObject({
      status: 409,
      body: { errorKey: 'CardLowerThanActive' },
    });
    expect(await buy(who.token, 'week')).toMatchObject({
      status: 409,
      body: { errorKey: 'CardLowerThanActive' },
    });
    expect(await f.balance(who.token)).toBe('3901.33');
  });

  it('a Drama Week Card unlocks viewing only', async () => {
    const who = await f.user();
    await f.recharge(who, '100');
    expect((await buy(who.token, 'week')).body.data).toMatchObject({ paid: '49.00' });
    expect(await canPlay(who.token)).toBe(true);
    expect((await status(who.token)).userType).toBe(0);
    expect(
      (await f.call(api.user.queryMustBankCardMsg, { token: who.token })).body.data.membershipActive,
    ).toBe(false);
    expect(
      (await f.call(api.user.sendTrialCard, { token: who.token, body: { requestId: randomUUID() } })).body
        .errorKey,
    ).toBe('MembershipRequired');
  });

  it('two purchases at once with money for one: one card, never a negative wallet', async () => {
    const who = await f.user();
    await f.recharge(who, '400');
    const answers = await Promise.all([buy(who.token, 'primary'), buy(who.token, 'primary')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await f.balance(who.token)).toBe('101.00');
    expect(await cards(who.userId)).toBe(1);
  });
});

describe('buying through a recharge channel', () => {
  it('pays the price on the gateway and activates the card when the money is credited', async () => {
    const who = await f.user();
    const order = (
      await f.call(api.user.openvip, {
        token: who.token,
        body: { tier: 'primary', channel: 'gateway', requestId: randomUUID() },
      })
    ).body.data;
    expect(order).toMatchObject({
      amount: '299.00',
      status: 'pending',
      purpose: { kind: 'membership', tier: 'primary' },
    });
    expect((await status(who.token)).active).toBeNull();
    await t.app.inject({ method: 'POST', url: `${new URL(order.payUrl!).pathname}/approve` });
    expect((await status(who.token)).active!.tier).toBe('primary');
    expect(await f.balance(who.token)).toBe('0.00');
    const types = (await f.call(api.account.walletRecords, { token: who.token })).body.data.list.map(
      (r: { type: string }) => r.type,
    );
    expect(types.sort()).toEqual(['membership', 'recharge']);
    expect(
      await f.call(api.user.openvip, {
        token: who.token,
        body: unchecked({ tier: 'primary', requestId: randomUUID() }),
      }),
    ).toMatchObject({
      status: 400,
      body: { errorKey: 'PleaseSelectPaymentMethod' },
    });
  });

  it('charges an upgrade no more than the order brought while the payer pays', async () => {
    const who = await f.user();
    await f.recharge(who, '299');
    await buy(who.token, 'primary');
    const order = (
      await f.call(api.user.openvip, {
        token: who.token,
        body: { tier: 'premium', channel: 'gateway', requestId: randomUUID() },
      })
    ).body.data;
    expect(order.amount).toBe('700.00'); // 999 - 299 unused
    t.clock.advance(4 * 60_000); // the credit shrinks while the payer pays
    await t.app.inject({ method: 'POST', url: `${new URL(order.payUrl!).pathname}/approve` });
    expect((await status(who.token)).active!.tier).toBe('premium');
    expect(await f.balance(who.token)).toBe('0.00');
  });

  it('honours the quoted price, and keeps the money in the wallet when the card can no longer be bought', async () => {
    const who = await f.user();
    const order = (
      await f.call(api.user.openvip, {
        token: who.token,
        body: { tier: 'primary', channel: 'gateway', requestId: randomUUID() },
      })
    ).body.data;
    // Meanwhile the user got a Director card: a Primary card would add nothing.
    await f.call(api.test.openVipLevel, { token: who.token, body: { level: 3 } });
    await t.app.inject({ method: 'POST', url: `${new URL(order.payUrl!).pathname}/approve` });
    const after = (
      await f.call(api.user.addAccountBalanceVerify, { token: who.token, body: { orderNo: order.orderNo } })
    ).body.data;
    expect(after).toMatchObject({
      status: 'credited',
      reason: expect.stringContaining('CardLowerThanActive'),
    });
    expect(await f.balance(who.token)).toBe('299.00');
    expect((await status(who.token)).active!.tier).toBe('director');
  });
});

describe('a channel order keeps its quote', () => {
  const order = async (token: string, tier: string) =>
    (
      await f.call(api.user.openvip, {
        token,
        body: unchecked({ tier, channel: 'gateway', requestId: randomUUID() }),
      })
    ).body.data;
  const pay = (o: { payUrl: string | null }) =>
    t.app.inject({ method: 'POST', url: `${new URL(o.payUrl!).pathname}/approve` });
  const reason = async (token: string, orderNo: string) =>
    (await f.call(api.user.addAccountBalanceVerify, { token, body: { orderNo } })).body.data.reason;

  it('upgrade orders paid after the first became renewals: they buy nothing, and the next upgrade makes no one richer', async () => {
    const who = await f.user();
    await f.recharge(who, '299');
    await buy(who.token, 'primary');
    // Five upgrade orders quoted at the same moment: 999 - 299 unused = 700 each.
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await order(who.token, 'premium'));
    expect(orders.map((o) => o.amount)).toEqual(Array(5).fill('700.00'));
    for (const o of orders) await pay(o);
    // The first upgraded; for the others the plan became a renewal at 999: the money stays.
    expect(await reason(who.token, orders[0]!.orderNo)).toBeNull();
    for (const o of orders.slice(1)) expect(await reason(who.token, o.orderNo)).toContain('CardQuoteChanged');
    expect(await f.balance(who.token)).toBe('2800.00');
    const paidIn = 299 + 5 * 700;

    // Upgrading from the balance credits what the Premium card really holds (999), no more.
    const up = (await buy(who.token, 'director')).body.data;
    expect(up).toMatchObject({ action: 'upgrade', credit: '999.00', paid: '2000.00' });
    // Withdrawable money + the value of what the user holds (the Director card, 2999 bought now)
    // never exceeds what they paid in. Before the fix: 1996.00 + 2999 = 4995 for 3799 paid.
    const balance = Number(await f.balance(who.token));
    expect(balance).toBe(800);
    expect(balance + 2999).toBeLessThanOrEqual(paidIn);
  });

  it('a card paid for less than its price credits only what was paid; an upgrade quote holds one day', async () => {
    const who = await f.user();
    await f.recharge(who, '299');
    await buy(who.token, 'primary');
    const o = await order(who.token, 'premium');
    expect(o.amount).toBe('700.00');
    t.clock.advance(3 * 3_600_000); // the payer takes three hours: the credit is now 299 × 717/720
    await pay(o);
    expect((await status(who.token)).active!.tier).toBe('premium');
    // The Premium card holds 700 paid + 297.75 credited = 997.75, not its 999 price.
    const [card] = await t.database.query<{ value: string }>(
      "select value::text from membership_card where user_id = $1 and tier = 'premium'",
      [who.userId],
    );
    expect(card!.value).toBe('99775');
    const quote = (await status(who.token)).tiers.find((x: { tier: string }) => x.tier === 'director')!.quote;
    expect(quote).toMatchObject({ action: 'upgrade', credit: '997.75' });

    // Paid 25 hours after the quote: the upgrade is not bought below its price; the money stays.
    const late = await f.user();
    await f.recharge(late, '299');
    await buy(late.token, 'primary');
    const lateOrder = await order(late.token, 'premium');
    t.clock.advance(25 * 3_600_000);
    await pay(lateOrder);
    expect(await reason(late.token, lateOrder.orderNo)).toContain('CardQuoteChanged');
    expect((await status(late.token)).active!.tier).toBe('primary');
    expect(await f.balance(late.token)).toBe('700.00');
  });

  it('money arriving while the user upgrades from the balance buys one upgrade, never a second card at the quote (two instances on PostgreSQL)', async () => {
    const second = await secondInstance(t, { SESSION_IDLE_DAYS: '365' });
    const apps = [t.app, second?.app ?? t.app];
    try {
      for (let round = 0; round < (usingPostgres ? 6 : 2); round++) {
        const who = await f.user();
        await f.recharge(who, '999'); // 299 for the Primary card, 700 to upgrade from the balance
        await buy(who.token, 'primary');
        const o = await order(who.token, 'premium');
        const [approved, bought] = await Promise.all([
          apps[round % 2]!.inject({ method: 'POST', url: `${new URL(o.payUrl!).pathname}/approve` }),
          caller(apps[(round + 1) % 2]!)(api.user.openvipByBalance, {
            token: who.token,
            body: { tier: 'premium', requestId: randomUUID() },
          }),
        ]);
        expect(approved.statusCode).toBe(303);
        expect([200, 409]).toContain(bought.status);
        // One upgrade to Premium (700), whichever came first; the other 700 stays in the wallet:
        // 700 + the Premium card's 999 = the 1699 paid in.
        expect(await f.balance(who.token)).toBe('700.00');
        const held = await t.database.query<{ tier: string; value: string }>(
          'select tier, value::text from membership_card where user_id = $1 and replaced_at is null',
          [who.userId],
        );
        expect(held).toEqual([{ tier: 'premium', value: '99900' }]);
      }
    } finally {
      await second?.close();
    }
  });

  it('a price change before the money arrives buys nothing; the money stays in the wallet', async () => {
    const who = await f.user();
    const o = await order(who.token, 'primary');
    const settings = defaultMembershipSettings('PHP');
    const tiers = settings.tiers.map((x) => (x.tier === 'primary' ? { ...x, price: '399.00' } : x));
    await t.database.query("update tenant set membership_settings = $1 where id = '000000'", [
      JSON.stringify({ ...settings, tiers }),
    ]);
    try {
      await pay(o);
    } finally {
      await t.database.query("update tenant set membership_settings = null where id = '000000'");
    }
    expect(await reason(who.token, o.orderNo)).toContain('CardQuoteChanged');
    expect((await status(who.token)).active).toBeNull();
    expect(await f.balance(who.token)).toBe('299.00');
  });

  it('an order whose purpose cannot be read is credited to the wallet and says the purchase was not made', async () => {
    const who = await f.user();
    const o = await order(who.token, 'primary');
    await t.database.query(
      "update recharge_order set purpose = jsonb_set(purpose, '{kind}', '\"gift\"') where order_no = $1",
      [o.orderNo],
    );
    await pay(o);
    expect(await reason(who.token, o.orderNo)).toContain('the purchase was not made');
    expect((await status(who.token)).active).toBeNull();
    expect(await f.balance(who.token)).toBe('299.00');
  });
});

describe('trial cards', () => {
  it('every user has one: 72 hours of paid episodes from activation, once', async () => {
    const who = await f.user();
    const mine = (await f.call(api.user.trialCards, { token: who.token })).body.data;
    expect(mine).toMatchObject({
      hours: 72,
      activeUntil: null,
      owned: [{ source: 'signup', status: 'unused' }],
      sent: [],
    });
    expect(await canPlay(who.token)).toBe(false);
    const active = (await f.call(api.user.getTrialCard, { token: who.token, body: {} })).body.data;
    expect(new Date(active.activeUntil!).getTime() - t.clock.now().getTime()).toBe(72 * 3_600_000);
    expect(await canPlay(who.token)).toBe(true);
    expect((await f.call(api.user.getTrialCard, { token: who.token, body: {} })).body.errorKey).toBe(
      'TrialCardActive',
    );
    t.clock.advance(72 * 3_600_000);
    expect(await canPlay(who.token)).toBe(false);
    expect((await f.call(api.user.trialCards, { token: who.token })).body.data.owned[0]!.status).toBe(
      'expired',
    );
    expect((await f.call(api.user.getTrialCard, { token: who.token, body: {} })).body).toMatchObject({
      code: 409,
      errorKey: 'TrialCardNone',
    });
  });

  it('Star Card holders gift five per period to their team or as codes; never to themselves or strangers', async () => {
    const giver = await f.user();
    const send = (body: Record<string, unknown>) =>
      f.call(api.user.sendTrialCard, { token: giver.token, body: { requestId: randomUUID(), ...body } });
    expect((await send({})).body.errorKey).toBe('MembershipRequired');
    await f.call(api.test.openVipLevel, { token: giver.token, body: { level: 1, days: 90 } });
    const friend = await f.user('000000', giver.inviteCode);
    const friendOfFriend = await f.user('000000', friend.inviteCode);
    const stranger = await f.user();

    expect((await send({ inviteCode: giver.inviteCode })).body.errorKey).toBe('TrialCardSelf');
    expect((await send({ inviteCode: 'ZZZZZZZZ' })).body).toMatchObject({
      errorKey: 'InvalidInviteCode',
      field: 'inviteCode',
    });
    expect((await send({ inviteCode: stranger.inviteCode })).body.errorKey).toBe('TrialCardNotInTeam');
    const requestId = randomUUID();
    expect((await send({ inviteCode: friend.inviteCode, requestId })).status).toBe(200);
    expect((await send({ inviteCode: friend.inviteCode, requestId })).status).toBe(200); // a retry, not a second gift
    await send({ inviteCode: friendOfFriend.inviteCode });
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) codes.push((await send({})).body.data.sent[0]!.code!);
    expect(codes.every((c: string) => /^TC[A-Z2-9]{8}$/.test(c))).toBe(true);
    expect((await f.call(api.user.queryCanSendTrialCard, { token: giver.token })).body.data).toEqual({
      allowed: false,
      reason: 'TrialCardGiftLimit',
      perPeriod: 5,
      used: 5,
      remaining: 0,
      periodDays: 30,
    });
    expect((await send({})).body).toMatchObject({
      errorKey: 'TrialCardGiftLimit',
      msg: 'You have gifted all 5 trial cards of this period',
    });

    const received = (await f.call(api.user.trialCards, { token: friend.token })).body.data.owned;
    expect(received.map((c: { source: string }) => c.source).sort()).toEqual(['gift', 'signup']);
    const claimed = (
      await f.call(api.user.getTrialCard, { token: stranger.token, body: { code: codes[0]!.toLowerCase() } })
    ).body.data;
    expect(claimed.activeUntil).not.toBeNull();
    expect(await canPlay(stranger.token)).toBe(true);
    expect(
      (await f.call(api.user.getTrialCard, { token: friend.token, body: { code: codes[0] } })).body.errorKey,
    ).toBe('TrialCardCodeInvalid');
    expect(
      (await f.call(api.user.getTrialCard, { token: giver.token, body: { code: codes[1] } })).body.errorKey,
    ).toBe('TrialCardCodeInvalid');

    t.clock.advance(30 * DAY + 1000);
    expect((await f.call(api.user.queryCanSendTrialCard, { token: giver.token })).body.data).toMatchObject({
      allowed: true,
      remaining: 5,
    });
  });
});

describe('points', () => {
  it('10 for a share that brings a new user, 30 / 300 / 1000 for their Primary / Premium / Director card, each once', async () => {
    const sharer = await f.user();
    const points = async () => (await f.call(api.user.queryVideoPoint, { token: sharer.token })).body.data;
    const newcomer = await f.user('000000', sharer.inviteCode);
    expect((await points()).balance).toBe(10);
    await f.recharge(newcomer, '10000');
    await buy(newcomer.token, 'week');
    expect((await points()).balance).toBe(10);
    await buy(newcomer.token, 'primary');
    await buy(newcomer.token, 'primary');
    expect((await points()).balance).toBe(40);
    await buy(newcomer.token, 'premium');
    await buy(newcomer.token, 'director');
    const after = await points();
    expect(after.balance).toBe(1340);
    expect(after.list.map((e: { kind: string; amount: number }) => `${e.kind}:${e.amount}`)).toEqual([
      'share_director:1000',
      'share_premium:300',
      'share_primary:30',
      'share_new_user:10',
    ]);
  });
});

describe('points rules per tenant', () => {
  const rules = {
    paidEpisode: 3,
    shareToNewUser: 25,
    sharePrimaryCard: 70,
    sharePremiumCard: 300,
    shareDirectorCard: 1000,
  };
  const entries = (data: { list: { kind: string; amount: number }[] }) =>
    data.list.map((e) => `${e.kind}:${e.amount}`);
  const save = (token: string, tenantId: string, currency: 'PHP' | 'VND', points: typeof rules) =>
    f.admin(consoleCalls.config.updateMembership, {
      token,
      body: { tenantId, ...defaultMembershipSettings(currency), points },
    });

  it('a tenant with changed rules pays the new share amounts while another keeps the defaults', async () => {
    const owner = await f.operator('owner', []);
    const saved = await save(owner, '000001', 'VND', rules);
    expect(saved.status).toBe(200);
    expect(saved.body.data.membership).toMatchObject({ isDefault: false, value: { points: rules } });

    const vnSharer = await f.user('000001');
    const vnNewcomer = await f.user('000001', vnSharer.inviteCode);
    await f.recharge(vnNewcomer, '129000');
    expect((await buy(vnNewcomer.token, 'primary')).status).toBe(200);
    const vn = (await f.call(api.user.queryVideoPoint, { token: vnSharer.token })).body.data;
    expect(vn.rules).toEqual(rules);
    expect(vn.balance).toBe(95);
    expect(entries(vn)).toEqual(['share_primary:70', 'share_new_user:25']);

    const sharer = await f.user();
    await f.user('000000', sharer.inviteCode);
    const ph = (await f.call(api.user.queryVideoPoint, { token: sharer.token })).body.data;
    expect(ph.rules).toEqual(defaultPointsRules());
    expect(entries(ph)).toEqual(['share_new_user:10']);
  });

  it('paid-episode points follow the tenant rules at the moment of the play, and reset to the defaults', async () => {
    const owner = await f.operator('owner', []);
    const [series] = await t.database.query<{ id: number }>(
      "select id::int as id from series where slug = 'jakarta-hearts' and tenant_id = '000000'",
    );
    const episodes = (await f.call(api.video.videos, { params: { seriesId: series!.id } })).body.data
      .episodes as { id: number }[];
    const viewer = await f.user();
    await f.call(api.test.openVipLevel, { token: viewer.token, body: { level: 1 } });
    const play = (id: number) => f.call(api.video.play, { params: { videoId: id }, token: viewer.token });
    try {
      expect((await play(episodes[3]!.id)).status).toBe(200);
      expect((await save(owner, '000000', 'PHP', rules)).status).toBe(200);
      expect((await play(episodes[4]!.id)).status).toBe(200);
      expect((await play(episodes[4]!.id)).status).toBe(200);
      // Zero turns the event's points off.
      expect((await save(owner, '000000', 'PHP', { ...rules, paidEpisode: 0 })).status).toBe(200);
      expect((await play(episodes[5]!.id)).status).toBe(200);
    } finally {
      await f.admin(consoleCalls.config.resetSection, {
        token: owner,
        body: { tenantId: '000000', section: 'membership' },
      });
    }
    const data = (await f.call(api.user.queryVideoPoint, { token: viewer.token })).body.data;
    expect(entries(data)).toEqual(['paid_episode:3', 'paid_episode:1']);
    expect(data.rules).toEqual(defaultPointsRules());
  });
});
