import { randomUUID } from 'node:crypto';
import { analyticsCalls, api, type AnalyticsEvent } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { series } from '../../db/schema/index.js';
import { caller } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import type { AnalyticsModule } from './analytics.module.js';
import { rollupDay } from './rollup.js';

let t: TestApp;
const call = () => caller(t.app);
const analytics = () => (t.app as unknown as { analytics: AnalyticsModule }).analytics;
const ids: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  // Three published series; the play counter says A is the most played, B the least.
  const now = t.clock.now();
  for (const [slug, plays] of [
    ['hot-a', 900],
    ['hot-b', 0],
    ['hot-c', 50],
  ] as const) {
    const [row] = await t.database.db
      .insert(series)
      .values({
        tenantId: '000000',
        slug,
        title: { en: slug },
        description: { en: '' },
        cover: '',
        tags: [],
        category: 'romance',
        freeEpisodes: 3,
        playCount: plays,
        createdAt: now,
      })
      .returning({ id: series.id });
    ids.push(row!.id);
  }
});
afterAll(() => t.close());

const start = (seriesId: number): AnalyticsEvent => ({
  id: randomUUID(),
  at: t.clock.now().getTime(),
  type: 'episode_start',
  seriesId,
  episodeId: seriesId * 100 + 1,
  episode: 1,
  entry: 'other',
});

describe('the "hot" ranking and the leader board', () => {
  it('order series by distinct viewers from the analytics rollups, not by the play counter', async () => {
    const [a, b, c] = ids as [number, number, number];
    // B: three viewers; C: two; A: one viewer who plays it four times (one viewer still).
    const viewers: [string, number[]][] = [
      ['device-hot-0000-0001', [b, c, a, a, a, a]],
      ['device-hot-0000-0002', [b, c]],
      ['device-hot-0000-0003', [b]],
    ];
    for (const [deviceId, plays] of viewers) {
      const res = await call()(analyticsCalls.events, { body: { deviceId, events: plays.map(start) } });
      expect(res.status).toBe(200);
    }
    await analytics().service.buffer.flush();
    // Before the rollup the order is the tie-break (follows, then id): A, B, C.
    const order = async () =>
      (await call()(api.video.allSeries, { body: { pageNum: 1, pageSize: 10 } })).body.data.list
        .map((s: { id: number }) => s.id)
        .filter((id: number) => ids.includes(id));
    expect(await order()).toEqual([a, b, c]);
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    await rollupDay(t.database.db, { id: '000000', timeZone: 'Asia/Manila' }, today, t.clock.now());
    // A new tick of the clock past the catalogue's cache.
    t.clock.advance(10 * 60_000);
    expect(await order()).toEqual([b, c, a]);
    const home = (await call()(api.video.homeSeries, {})).body.data as {
      sections: { key: string; series: { id: number }[] }[];
    };
    const section = (key: string) =>
      home.sections
        .find((s) => s.key === key)
        ?.series.map((s) => s.id)
        .filter((id) => ids.includes(id));
    expect(section('hot')).toEqual([b, c, a]);
    // The leader board: follows first (none here), then the same viewers.
    expect(section('ranking')).toEqual([b, c, a]);
  });
});
