import { randomUUID } from 'node:crypto';
import { adminAnalyticsApi, analyticsCalls, api, type AnalyticsEvent } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/client.js';
import { usingPostgres } from '../../test/database.js';
import { buildTestApp, secondInstance, type TestApp } from '../../test/helper.js';
import { walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';
import type { AnalyticsModule } from './analytics.module.js';
import { ensurePartitions } from './partitions.js';
import { rollupDay } from './rollup.js';
import { seriesViewers } from './series-viewers.js';

/*
 * A scripted set of viewers with known behaviour (tenant 000000, Asia/Manila, UTC+8). Day D is
 * 2026-01-01 local; the test clock starts at D 08:00 local (00:00 UTC). Series 7 has episodes 1-5,
 * its paywall at episode 4. Expected figures are worked out by hand in the comments.
 */
const D = '2026-01-01';
const T0 = Date.parse('2026-01-01T00:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const TENANT = { id: '000000', timeZone: 'Asia/Manila' };

let t: TestApp;
let f: WalletFixtures;
let operator: string;
const call = () => caller(t.app);
const admin = () => caller(t.app, '/admin-api');
const analytics = () => (t.app as unknown as { analytics: AnalyticsModule }).analytics;

type Ep = { seriesId: number; episode: number };
const ep = (episode: number, seriesId = 7): Ep => ({ seriesId, episode });
const ev = {
  visit: (at: number, source: 'invite' | 'direct'): AnalyticsEvent => ({
    id: randomUUID(),
    at,
    type: 'visit',
    source,
  }),
  start: (at: number, e: Ep, entry: 'banner' | 'shorts' | 'other' = 'other'): AnalyticsEvent => ({
    id: randomUUID(),
    at,
    type: 'episode_start',
    seriesId: e.seriesId,
    episodeId: e.seriesId * 100 + e.episode,
    episode: e.episode,
    entry,
  }),
  progress: (at: number, e: Ep, percent: 25 | 50 | 75): AnalyticsEvent => ({
    id: randomUUID(),
    at,
    type: 'episode_progress',
    seriesId: e.seriesId,
    episodeId: e.seriesId * 100 + e.episode,
    episode: e.episode,
    percent,
    seconds: percent,
  }),
  complete: (at: number, e: Ep): AnalyticsEvent => ({
    id: randomUUID(),
    at,
    type: 'episode_complete',
    seriesId: e.seriesId,
    episodeId: e.seriesId * 100 + e.episode,
    episode: e.episode,
    seconds: 100,
  }),
  paywall: (at: number, e: Ep): AnalyticsEvent => ({
    id: randomUUID(),
    at,
    type: 'paywall_shown',
    seriesId: e.seriesId,
    episodeId: e.seriesId * 100 + e.episode,
    episode: e.episode,
  }),
  unlock: (at: number, e: Ep, action: 'buy' | 'trial' | 'sign_in' | 'dismiss'): AnalyticsEvent => ({
    id: randomUUID(),
    at,
    type: 'unlock_action',
    seriesId: e.seriesId,
    episodeId: e.seriesId * 100 + e.episode,
    episode: e.episode,
    action,
  }),
};
/** Start, 25/50/75 % and completion of an episode (100 s watched). */
const watchAll = (at: number, e: Ep, entry: 'banner' | 'shorts' | 'other' = 'other') => [
  ev.start(at, e, entry),
  ev.progress(at + 1000, e, 25),
  ev.progress(at + 2000, e, 50),
  ev.progress(at + 3000, e, 75),
  ev.complete(at + 4000, e),
];

async function send(deviceId: string, events: AnalyticsEvent[], token?: string) {
  t.clock.set(new Date(Math.max(...events.map((e) => e.at))));
  const res = await call()(analyticsCalls.events, {
    body: { deviceId, events },
    ...(token ? { token } : {}),
  });
  expect(res.body.data).toEqual({ accepted: events.length });
}
async function buy(who: { token: string }, tier: 'primary' | 'premium', at: number) {
  t.clock.set(new Date(at));
  await f.recharge(who, '2000');
  const res = await call()(api.user.openvipByBalance, {
    token: who.token,
    body: { tier, requestId: randomUUID() },
  });
  expect(res.status).toBe(200);
}
async function signUp(at: number) {
  t.clock.set(new Date(at));
  return f.user();
}

let upgradeMinor = 0n;

beforeAll(async () => {
  t = await buildTestApp();
  f = walletFixtures(t);
  await ensurePartitions(t.database, new Date(T0 + 8 * 24 * HOUR), 10);

  // V1, a device never signed in: came directly, first play from a Home banner; watches episode 1
  // to the end and a quarter of episode 2. Its batch is sent twice (a retry).
  const v1 = [
    ev.visit(T0 + MIN, 'direct'),
    ...watchAll(T0 + 2 * MIN, ep(1), 'banner'),
    ev.start(T0 + 3 * MIN, ep(2)),
  ];
  v1.push(ev.progress(T0 + 3 * MIN + 1000, ep(2), 25));
  await send('device-v1-0000-0000', v1);
  await send('device-v1-0000-0000', v1);

  // V3: a quarter of episode 1 from Shorts. V5: a visit only.
  await send('device-v3-0000-0000', [
    ev.visit(T0 + MIN, 'direct'),
    ev.start(T0 + 2 * MIN, ep(1), 'shorts'),
    ev.progress(T0 + 2 * MIN + 1000, ep(1), 25),
  ]);
  await send('device-v5-0000-0000', [ev.visit(T0 + MIN, 'direct')]);

  // V2: from a shared invite link; episodes 1-3, the paywall at 4, signs in from the prompt,
  // signs up (U2), taps buy, buys a Primary card, then watches episode 4.
  await send('device-v2-0000-0000', [
    ev.visit(T0 + MIN, 'invite'),
    ...watchAll(T0 + 2 * MIN, ep(1)),
    ...watchAll(T0 + 3 * MIN, ep(2)),
    ...watchAll(T0 + 4 * MIN, ep(3)),
    ev.paywall(T0 + 5 * MIN, ep(4)),
    ev.unlock(T0 + 5 * MIN + 1000, ep(4), 'sign_in'),
  ]);
  const u2 = await signUp(T0 + 10 * MIN);
  await send('device-v2-0000-0000', [ev.unlock(T0 + 11 * MIN, ep(4), 'buy')], u2.token);
  await buy(u2, 'primary', T0 + 12 * MIN);
  await send('device-v2-0000-0000', watchAll(T0 + 13 * MIN, ep(4)), u2.token);

  // U4: signs up first, comes directly, episodes 1-3, dismisses the paywall at 4 (D 00:30 UTC).
  const u4 = await signUp(T0 + 20 * MIN);
  await send(
    'device-u4-0000-0000',
    [
      ev.visit(T0 + 21 * MIN, 'direct'),
      ...watchAll(T0 + 22 * MIN, ep(1)),
      ...watchAll(T0 + 23 * MIN, ep(2)),
      ...watchAll(T0 + 24 * MIN, ep(3)),
      ev.paywall(T0 + 30 * MIN, ep(4)),
      ev.unlock(T0 + 30 * MIN + 1000, ep(4), 'dismiss'),
    ],
    u4.token,
  );

  // D+1 (from 2026-01-02 00:00 UTC, 08:00 local).
  const D1 = T0 + 24 * HOUR;
  // U6 signs up, is shown two paywalls, then buys: only the later one gets the purchase.
  const u6 = await signUp(D1 + 30 * MIN);
  await send(
    'device-u6-0000-0000',
    [ev.paywall(D1 + 40 * MIN, ep(3, 8)), ev.paywall(D1 + 45 * MIN, ep(2, 9))],
    u6.token,
  );
  await buy(u6, 'primary', D1 + 50 * MIN);
  // U2 comes back and upgrades to Premium (its paywall was 24 h 55 min ago: not attributed).
  await send('device-v2-0000-0000', [ev.visit(D1 + 60 * MIN, 'direct')], u2.token);
  t.clock.set(new Date(D1 + 60 * MIN));
  const quote = (await call()(api.user.queryGreatestVipcard, { token: u2.token })).body.data.tiers.find(
    (x: { tier: string }) => x.tier === 'premium',
  )!.quote.pay;
  upgradeMinor = BigInt(quote.replace('.', ''));
  await buy(u2, 'premium', D1 + 60 * MIN);
  // U4 buys 25 h after its paywall: a purchase, but attributed to no paywall.
  await buy(u4, 'primary', T0 + 30 * MIN + 25 * HOUR + 1000);
  // D+7: U4 comes back.
  await send('device-u4-0000-0000', [ev.visit(T0 + 7 * 24 * HOUR + 2 * HOUR, 'direct')], u4.token);

  await analytics().service.buffer.flush();
  for (let i = 0; i <= 7; i++) await rollupDay(t.database.db, TENANT, addDay(i), t.clock.now());
  operator = await f.operator('finance');
});
afterAll(() => t.close());

function addDay(n: number) {
  return new Date(Date.parse(`${D}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
const overview = async (from: string, to: string) => {
  const res = await admin()(adminAnalyticsApi.overview, { token: operator, query: { from, to } });
  expect(res.status).toBe(200);
  return res.body.data;
};
const series = async (seriesId: number, from: string, to: string) => {
  const res = await admin()(adminAnalyticsApi.series, {
    token: operator,
    params: { seriesId },
    query: { from, to },
  });
  expect(res.status).toBe(200);
  return res.body.data;
};
const pick = (rows: Record<string, unknown>[], keys: string[]) =>
  rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));

describe('the rollup of scripted viewers', () => {
  it('gives the funnel by source: first visit in the range, steps reached by its end', async () => {
    expect((await overview(D, D)).funnel).toEqual([
      { source: 'invite', visitors: 1, played: 1, signedUp: 1, purchased: 1 }, // V2 (its device folded into U2)
      { source: 'direct', visitors: 2, played: 1, signedUp: 1, purchased: 0 }, // V5, U4
      { source: 'banner', visitors: 1, played: 1, signedUp: 0, purchased: 0 }, // V1
      { source: 'shorts', visitors: 1, played: 1, signedUp: 0, purchased: 0 }, // V3
    ]);
    // Over the week, U6 comes in directly (no play) and U4's purchase is reached.
    expect((await overview(D, addDay(7))).funnel[1]).toEqual({
      source: 'direct',
      visitors: 3,
      played: 1,
      signedUp: 2,
      purchased: 2,
    });
  });

  it("gives each episode's viewers, progress, where they stop, watch time, the paywall and its conversion", async () => {
    const detail = await series(7, D, D);
    expect(
      pick(detail.episodes, [
        'episode',
        'viewers',
        'p25',
        'p50',
        'p75',
        'completed',
        'stopped',
        'avgWatchSeconds',
      ]),
    ).toEqual([
      // V1, V2, V3, U4: 100 + 100 + 25 + 100 s.
      { episode: 1, viewers: 4, p25: 4, p50: 3, p75: 3, completed: 3, stopped: 1, avgWatchSeconds: 81 },
      // V1 (a quarter: it stops here), V2, U4.
      { episode: 2, viewers: 3, p25: 3, p50: 2, p75: 2, completed: 2, stopped: 1, avgWatchSeconds: 75 },
      { episode: 3, viewers: 2, p25: 2, p50: 2, p75: 2, completed: 2, stopped: 1, avgWatchSeconds: 100 },
      { episode: 4, viewers: 1, p25: 1, p50: 1, p75: 1, completed: 1, stopped: 1, avgWatchSeconds: 100 },
    ]);
    expect(detail.episodes[3]).toMatchObject({
      paywallViewers: 2,
      unlock: { buy: 1, trial: 0, signIn: 1, dismiss: 1 },
      purchases: 1,
      conversions: 1,
      revenue: '299.00',
    });
    const week = await overview(D, D);
    expect(week.series).toEqual([
      expect.objectContaining({
        seriesId: 7,
        viewers: 4,
        paywallViewers: 2,
        conversions: 1,
        conversionRate: 0.5,
        revenue: '299.00',
      }),
    ]);
  });

  it('gives the distinct viewers per series the "hot" ranking and the leader board read', async () => {
    expect(await seriesViewers(t.database.db, TENANT.id, { from: D, to: D })).toEqual([
      { seriesId: 7, viewers: 4 },
    ]);
    // Over the week: nobody watched series 7 again, and U6 only met paywalls (shown a prompt is not watching).
    expect(await seriesViewers(t.database.db, TENANT.id, { from: D, to: addDay(7) })).toEqual([
      { seriesId: 7, viewers: 4 },
    ]);
  });

  it('attributes a purchase to at most one paywall: the latest within 24 h, else none', async () => {
    const day1 = addDay(1);
    const s8 = await series(8, day1, day1);
    const s9 = await series(9, day1, day1);
    expect(pick(s8.episodes, ['episode', 'paywallViewers', 'purchases', 'conversions'])).toEqual([
      { episode: 3, paywallViewers: 1, purchases: 0, conversions: 0 },
    ]);
    expect(pick(s9.episodes, ['episode', 'paywallViewers', 'purchases', 'conversions', 'revenue'])).toEqual([
      { episode: 2, paywallViewers: 1, purchases: 1, conversions: 1, revenue: '299.00' },
    ]);
    // Three purchases on D+1 (U6, U2's upgrade, U4): only U6's is attributed.
    const attributed = await t.database.query<{ n: number }>(
      'select coalesce(sum(purchases), 0)::int as n from analytics_episode_day where day = $1',
      [day1],
    );
    expect(attributed[0]!.n).toBe(1);
  });

  it("names a series by its English title and free episodes (the content module's read); by its id when it has no row in the range's tenant", async () => {
    const insert = (tenantId: string, slug: string) =>
      t.database.query<{ id: number }>(
        `insert into series (tenant_id, slug, title, description, cover, tags, category, free_episodes, status, created_at)
         values ($1, $2, '{"en":"Analytics title","vn":"Tiêu đề"}', '{"en":""}', '/c.jpg', '[]', 'romance', 4, 'draft', now())
         returning id::int as id`,
        [tenantId, slug],
      );
    const [own] = await insert('000000', 'analytics-own');
    await t.database.query(
      `insert into tenant (id, name, currency, default_language, time_zone, invite_url)
       values ('an0002', 'Other', 'PHP', 'en', 'Asia/Manila', 'http://x') on conflict do nothing`,
    );
    const [other] = await insert('an0002', 'analytics-other');
    expect(await series(own!.id, D, D)).toMatchObject({
      title: 'Analytics title',
      freeEpisodes: 4,
      episodes: [],
    });
    // Another tenant's series (the operator may see every tenant), and one with no row at all.
    expect(await series(other!.id, D, D)).toMatchObject({ title: `#${other!.id}`, freeEpisodes: 0 });
    expect(await series(7, D, D)).toMatchObject({ title: '#7', freeEpisodes: 0 });
    expect((await overview(D, D)).series.map((x: { title: string }) => x.title)).toEqual(['#7']);
    // The overview asks the catalog for its rows' titles: this tenant's series by its title, another
    // tenant's by its id, most viewers first.
    const day = (id: number, viewers: number) =>
      t.database.query(
        `insert into analytics_series_day (tenant_id, day, series_id, viewers, watch_seconds) values ('000000', $1, $2, $3, 0)`,
        [D, id, viewers],
      );
    await day(own!.id, 1_000);
    await day(other!.id, 999);
    try {
      expect((await overview(D, D)).series.map((x: { title: string }) => x.title)).toEqual([
        'Analytics title',
        `#${other!.id}`,
        '#7',
      ]);
    } finally {
      await t.database.query(`delete from analytics_series_day where series_id in ($1, $2)`, [
        own!.id,
        other!.id,
      ]);
    }
  });

  it('gives D1/D7/D30 retention of sign-up cohorts, paying users, ARPPU, first purchases, renewals and upgrades', async () => {
    const week = await overview(D, addDay(7));
    // Cohort U2, U4 (D) and U6 (D+1). D1: U2 and U4 came back the next day, U6 did not.
    // D7: U2 and U4 are 7 days old by the range's end, U4 came back. D30: nobody is 30 days old.
    expect(week.retention).toEqual({
      cohort: 3,
      days: [
        { day: 1, eligible: 3, retained: 2, rate: 2 / 3 },
        { day: 7, eligible: 2, retained: 1, rate: 0.5 },
        { day: 30, eligible: 0, retained: 0, rate: null },
      ],
    });
    const revenue = 3n * 29_900n + upgradeMinor;
    const major = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    expect(week.paying).toEqual({
      payingUsers: 3,
      revenue: major(revenue),
      arppu: major(revenue / 3n),
      firstPurchases: 3,
      renewals: 0,
      upgrades: 1,
    });
  });

  it('counts an event sent twice once, and gives the same rows when a day is rolled up again', async () => {
    const snapshot = () =>
      t.database.query(`select * from analytics_episode_day where day = $1 order by series_id, episode`, [D]);
    const before = await snapshot();
    await rollupDay(t.database.db, TENANT, D, t.clock.now());
    expect(await snapshot()).toEqual(before);
    const events = await t.database.query<{ n: number }>(
      "select count(*)::int as n from analytics_event where device_id = 'device-v1-0000-0000'",
    );
    expect(events[0]!.n).toBe(8);
  });

  it.runIf(usingPostgres)('gives the same rows when two instances roll up the same day at once', async () => {
    const second = await secondInstance(t);
    try {
      const before = await t.database.query('select * from analytics_episode_day order by 1, 2, 3, 4');
      await Promise.all([
        rollupDay(t.database.db, TENANT, D, t.clock.now()),
        rollupDay(second!.database.db, TENANT, D, t.clock.now()),
      ]);
      expect(await t.database.query('select * from analytics_episode_day order by 1, 2, 3, 4')).toEqual(
        before,
      );
    } finally {
      await second?.close();
    }
  });

  it("counts a trial as a conversion from the unlock prompt's trial button, tapped within 24 h of its paywall", async () => {
    // Day 5 (Manila), series 11, episode 5's paywall.
    const at = T0 + 5 * 24 * HOUR + 2 * HOUR;
    const e5 = { seriesId: 11, episode: 5 };
    // TA: shown the paywall, taps "trial" 10 minutes later: a conversion.
    await send('device-ta-0000-0000', [ev.paywall(at, e5), ev.unlock(at + 10 * MIN, e5, 'trial')]);
    // TB: taps "trial" on a prompt whose paywall event never arrived: a trial, not a conversion.
    await send('device-tb-0000-0000', [ev.unlock(at + 5 * MIN, e5, 'trial')]);
    // TC: shown the paywall, dismisses it.
    await send('device-tc-0000-0000', [ev.paywall(at, e5), ev.unlock(at + MIN, e5, 'dismiss')]);
    await analytics().service.buffer.flush();
    await rollupDay(t.database.db, TENANT, addDay(5), t.clock.now());
    const detail = await series(11, addDay(5), addDay(5));
    expect(detail.episodes).toEqual([
      expect.objectContaining({
        episode: 5,
        paywallViewers: 2,
        unlock: { buy: 0, trial: 2, signIn: 0, dismiss: 1 },
        trials: 2,
        purchases: 0,
        conversions: 1,
      }),
    ]);
    const row = (await overview(addDay(5), addDay(5))).series.find(
      (x: { seriesId: number }) => x.seriesId === 11,
    );
    expect(row).toMatchObject({ paywallViewers: 2, conversions: 1, conversionRate: 0.5 });
  });
});
