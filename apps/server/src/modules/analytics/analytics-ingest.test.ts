import { randomUUID } from 'node:crypto';
import { ANALYTICS_BATCH_MAX, analyticsCalls, api, type AnalyticsEvent } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, unchecked } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';
import type { AnalyticsModule } from './analytics.module.js';
import { createIngestBuffer } from './ingest-buffer.js';
import {
  dropExpiredPartitions,
  ensurePartitions,
  listPartitions,
  PARTITIONS_AHEAD_DAYS,
} from './partitions.js';

let t: TestApp;
let f: WalletFixtures;
const call = () => caller(t.app);

beforeAll(async () => {
  t = await buildTestApp();
  f = walletFixtures(t);
});
afterAll(() => t.close());

const analytics = () => (t.app as unknown as { analytics: AnalyticsModule }).analytics;
const flush = () => analytics().service.buffer.flush();
const start = (at: number, episode = 1): AnalyticsEvent => ({
  id: randomUUID(),
  at,
  type: 'episode_start',
  seriesId: 7,
  episodeId: 70 + episode,
  episode,
  entry: 'shorts',
});
const stored = (ids: string[]) =>
  t.database.query<{
    id: string;
    user_id: string | null;
    device_id: string;
    tenant_id: string;
    type: string;
  }>(
    'select id, user_id::text, device_id, tenant_id, type from analytics_event where id = any($1::uuid[]) order by at',
    [ids],
  );
const metric = async (line: RegExp) => {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const found = text.split('\n').find((l) => line.test(l));
  return found ? Number(found.split(' ').pop()) : NaN;
};

describe('ingestion of viewing events', () => {
  it('takes a batch in one call, writes it in bulk, and counts an event sent twice once', async () => {
    const now = t.clock.now().getTime();
    const begun = start(now - 500);
    const events: AnalyticsEvent[] = [
      { id: randomUUID(), at: now - 1000, type: 'visit', source: 'invite' },
      begun,
      {
        id: randomUUID(),
        at: now,
        type: 'episode_progress',
        seriesId: 7,
        episodeId: 71,
        episode: 1,
        percent: 25,
        seconds: 12.5,
      },
    ];
    const batch = { deviceId: 'device-aaaa-0001', events };
    const first = await call()(analyticsCalls.events, { body: batch });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ accepted: 3 });
    // The app retries a batch whose answer it did not get: the same events again.
    expect((await call()(analyticsCalls.events, { body: batch })).body.data).toEqual({ accepted: 3 });
    await flush();
    const rows = await stored(events.map((e) => e.id));
    expect(rows.map((r) => [r.type, r.device_id, r.user_id, r.tenant_id])).toEqual([
      ['visit', 'device-aaaa-0001', null, '000000'],
      ['episode_start', 'device-aaaa-0001', null, '000000'],
      ['episode_progress', 'device-aaaa-0001', null, '000000'],
    ]);
  });

  it("records the session's user from the header, or from the batch's token (sendBeacon), never from the event", async () => {
    const who = await f.user();
    const now = t.clock.now().getTime();
    const byHeader = start(now);
    const byBeacon = start(now, 2);
    await call()(analyticsCalls.events, {
      token: who.token,
      body: { deviceId: 'device-bbbb-0000-0000', events: [byHeader] },
    });
    await call()(analyticsCalls.events, {
      body: { deviceId: 'device-bbbb-0000-0000', token: who.token, events: [byBeacon] },
    });
    // A token that is not a live session is only a device's batch.
    const stranger = start(now, 3);
    await call()(analyticsCalls.events, {
      body: { deviceId: 'device-cccc-0000-0000', token: 'nope', events: [stranger] },
    });
    await flush();
    const rows = await stored([byHeader.id, byBeacon.id, stranger.id]);
    expect(rows.map((r) => r.user_id)).toEqual([who.userId.toString(), who.userId.toString(), null]);
  });

  it('refuses a batch the contract does not allow (400), before anything is taken', async () => {
    const now = t.clock.now().getTime();
    const tooMany = Array.from({ length: ANALYTICS_BATCH_MAX + 1 }, () => start(now));
    expect(
      (await call()(analyticsCalls.events, { body: { deviceId: 'device-dddd-0000-0000', events: tooMany } }))
        .status,
    ).toBe(400);
    const personal = { ...start(now), email: 'a@b.c' };
    expect(
      (
        await call()(analyticsCalls.events, {
          body: unchecked({ deviceId: 'device-dddd-0000-0000', events: [personal] }),
        })
      ).status,
    ).toBe(400);
    const purchase = { id: randomUUID(), at: now, type: 'purchase', amount: 100 };
    expect(
      (
        await call()(analyticsCalls.events, {
          body: unchecked({ deviceId: 'device-dddd-0000-0000', events: [purchase] }),
        })
      ).status,
    ).toBe(400);
  });

  it('drops events too old or from the future, and counts them on /metrics', async () => {
    const before = await metric(/^dramastar_analytics_events_dropped_total\{reason="out_of_window"\}/);
    const now = t.clock.now().getTime();
    const res = await call()(analyticsCalls.events, {
      body: {
        deviceId: 'device-eeee-0000-0000',
        events: [start(now - 3 * 86_400_000), start(now + 3_600_000), start(now)],
      },
    });
    expect(res.body.data).toEqual({ accepted: 1 });
    expect(await metric(/^dramastar_analytics_events_dropped_total\{reason="out_of_window"\}/)).toBe(
      before + 2,
    );
  });

  it('records a Star Card bought as a purchase event, once, in its own transaction', async () => {
    const who = await f.user();
    await f.recharge(who, '500');
    const res = await call()(api.user.openvipByBalance, {
      token: who.token,
      body: { tier: 'primary', requestId: randomUUID() },
    });
    expect(res.status).toBe(200);
    const rows = await t.database.query<{ amount: string; user_id: string }>(
      "select amount::text, user_id::text from analytics_event where type = 'purchase' and user_id = $1",
      [who.userId],
    );
    expect(rows).toEqual([{ amount: '29900', user_id: who.userId.toString() }]);
  });
});

describe('the ingestion buffer', () => {
  const row = (n: number) => `event-${n}`;

  it('holds at most its bound while the database does not answer, drops the rest with a count, and never waits', async () => {
    const drops: Record<string, number> = {};
    let release: () => void = () => undefined;
    const writes: number[] = [];
    const buffer = createIngestBuffer<string>({
      maxEvents: 1000,
      flushRows: 100,
      flushMs: 60_000,
      write: (rows) => {
        writes.push(rows.length);
        return new Promise<void>((resolve) => (release = resolve));
      },
      dropped: (reason, n) => (drops[reason] = (drops[reason] ?? 0) + n),
    });
    let taken = 0;
    for (let i = 0; i < 50; i++) taken += buffer.add(Array.from({ length: 40 }, (_, j) => row(i * 40 + j)));
    expect(taken).toBe(1000);
    expect(buffer.size()).toBe(1000);
    expect(drops).toEqual({ buffer_full: 1000 });
    // One write at a time, in bulk.
    expect(writes).toEqual([100]);
    const done = buffer.flush();
    for (let i = 0; i < 10; i++) {
      release();
      await new Promise((r) => setTimeout(r, 0));
    }
    await done;
    expect(writes).toEqual(Array(10).fill(100));
    expect(buffer.size()).toBe(0);
    await buffer.stop();
  });

  it('drops a batch the database refuses, counts it, and goes on with the next', async () => {
    const drops: Record<string, number> = {};
    let fail = true;
    const written: number[] = [];
    const buffer = createIngestBuffer<string>({
      maxEvents: 100,
      flushRows: 10,
      write: async (rows) => {
        if (fail) {
          fail = false;
          throw new Error('database down');
        }
        written.push(rows.length);
      },
      dropped: (reason, n) => (drops[reason] = (drops[reason] ?? 0) + n),
    });
    buffer.add(Array.from({ length: 20 }, (_, i) => row(i)));
    await buffer.flush();
    expect(drops).toEqual({ write_failed: 10 });
    expect(written).toEqual([10]);
    await buffer.stop();
  });
});

describe('day partitions', () => {
  it('are made ahead of today, and the retention drops whole days older than it', async () => {
    const now = new Date('2026-03-10T12:00:00Z');
    await ensurePartitions(t.database, now, 12);
    const days = await listPartitions(t.database);
    expect(days).toContain('2026-02-26');
    expect(days).toContain(`2026-03-${10 + PARTITIONS_AHEAD_DAYS}`);
    // Making them again (another instance) changes nothing.
    expect(await ensurePartitions(t.database, now, 12)).toBe(0);
    const dropped = await dropExpiredPartitions(t.database, now, 7);
    expect(dropped).toContain('2026-02-26');
    expect(dropped).toContain('2026-03-02');
    expect(dropped).not.toContain('2026-03-03');
    const left = await listPartitions(t.database);
    expect(left[0]).toBe('2026-03-03');
  });
});
