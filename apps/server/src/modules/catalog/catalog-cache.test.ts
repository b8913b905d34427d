import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminContentApi, type AnyCall, api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, unchecked } from '../../test/client.js';
import { usingPostgres } from '../../test/database.js';
import { buildTestApp, secondInstance, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import { CATALOG_CACHE_TTL_MS } from './catalog.service.js';

/**
 * The catalogue's tenant-wide answers (home, series pages, search, a series' episodes, the feed)
 * are cached per instance: a console change made through one instance must show on the other at
 * once, and what belongs to a viewer (locks, likes) never comes from the cache. Two instances over
 * one database (on PostgreSQL each with its own pool and listening connection).
 */
let a: TestApp;
let b: TestApp;
let owner: string;
let f: ReturnType<typeof walletFixtures>;
const ids = { alpha: 0, beta: 0 };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
const data = (res: { status: number; body: any }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
/** A console call as the owner, its body sent as the test wrote it. */
const admin = (call: AnyCall, body: unknown) => caller(a.app)(call, { token: owner, body: unchecked(body) });

interface Summary {
  id: number;
  title: string;
}
interface Episode {
  id: number;
  number: number;
  locked: boolean;
  liked: boolean;
  likeCount: number;
}
const reads = (x: TestApp) => {
  const call = caller(x.app);
  return {
    home: async () =>
      data(await call(api.video.homeSeries, { query: { tenantId: '000000' } })) as {
        banners: Summary[];
        sections: { key: string; series: Summary[] }[];
      },
    all: async () =>
      data(await call(api.video.allSeries, { body: {} })) as { list: Summary[]; total: number },
    search: async (keyword: string) =>
      data(await call(api.video.page, { body: { keyword } })) as { list: Summary[]; total: number },
    detail: (id: number, token?: string) =>
      call(api.video.videos, { params: { seriesId: id }, ...(token ? { token } : {}) }),
    episodes: async (id: number, token?: string) =>
      data(await call(api.video.videos, { params: { seriesId: id }, ...(token ? { token } : {}) })) as {
        series: Summary & { episodeCount: number };
        episodes: Episode[];
      },
    feed: async (token?: string) =>
      data(await call(api.video.videosPage, { body: { pageSize: 50 }, ...(token ? { token } : {}) })) as {
        list: { series: Summary; episode: Episode }[];
        total: number;
      },
  };
};

/** Polls until `read` answers what `done` accepts (bounded by the test's timeout). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A published series of tenant 000000 made through the console, its episodes as rows (no transcoding). */
async function makeSeries(title: string, episodes: number, freeEpisodes: number): Promise<number> {
  const s = data(
    await admin(adminContentApi.createSeries, {
      tenantId: '000000',
      title: { en: title },
      description: { en: `${title}, a story` },
      category: 'romance',
      freeEpisodes,
    }),
  );
  for (let n = 1; n <= episodes; n++)
    await a.database.query(
      `insert into episode (series_id, number, duration, poster, hls_key, created_at)
       values ($1, $2, 60, '/media/posters/x.jpg', 'hls/x', now())`,
      [s.id, n],
    );
  data(await admin(adminContentApi.setSeriesStatus, { id: s.id, status: 'published' }));
  return s.id as number;
}

beforeAll(async () => {
  const env = { DEMO_CONTENT: 'true', MEDIA_DIR: mkdtempSync(join(tmpdir(), 'ds-catalog-cache-')) };
  a = await buildTestApp(env);
  // On PGlite the second app shares the first one's database (and its in-process emitter).
  b = (await secondInstance(a, env)) ?? (await buildTestApp(env, { database: a.database }));
  f = walletFixtures(a);
  owner = await f.operator('owner', []);
  ids.alpha = await makeSeries('Alpha Love', 3, 1);
  ids.beta = await makeSeries('Beta Days', 2, 1);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const titles = (list: Summary[]) => list.map((s) => s.title).sort();

describe('catalogue cache', () => {
  it('shows every console change made on one instance at once on the other', async () => {
    const on = reads(b);
    // Each answer is cached on b first (b's clock stands still, so only a notification clears it).
    expect(titles((await on.home()).sections.find((s) => s.key === 'new')!.series)).toEqual([
      'Alpha Love',
      'Beta Days',
    ]);
    expect(titles((await on.all()).list)).toEqual(['Alpha Love', 'Beta Days']);
    expect(titles((await on.search('alpha')).list)).toEqual(['Alpha Love']);
    expect((await on.episodes(ids.alpha)).episodes.map((e) => e.locked)).toEqual([false, true, true]);
    expect((await on.feed()).list.map((i) => i.series.title)).toEqual([
      'Alpha Love',
      'Alpha Love',
      'Beta Days',
      'Beta Days',
    ]);

    data(await admin(adminContentApi.updateSeries, { id: ids.alpha, title: { en: 'Alpha Renamed' } }));
    await until(on.home, (h) => h.sections.some((s) => s.series.some((x) => x.title === 'Alpha Renamed')));
    expect(titles((await on.all()).list)).toEqual(['Alpha Renamed', 'Beta Days']);
    expect(titles((await on.search('alpha')).list)).toEqual(['Alpha Renamed']);
    expect((await on.episodes(ids.alpha)).series.title).toBe('Alpha Renamed');
    expect((await on.feed()).list[0]!.series.title).toBe('Alpha Renamed');

    // More free episodes: the second one opens for everyone, in the series and in the feed.
    data(await admin(adminContentApi.updateSeries, { id: ids.alpha, freeEpisodes: 2 }));
    await until(
      () => on.episodes(ids.alpha),
      (d) => !d.episodes[1]!.locked,
    );
    expect((await on.feed()).list.filter((i) => i.series.id === ids.alpha)).toHaveLength(3);

    // A banner placed by the console.
    data(await admin(adminContentApi.setBanner, { id: ids.beta, bannerOrder: 1 }));
    await until(on.home, (h) => h.banners.length === 1 && h.banners[0]!.id === ids.beta);

    // A deleted episode.
    const last = (await on.episodes(ids.alpha)).episodes[2]!;
    data(await admin(adminContentApi.deleteEpisode, { episodeId: last.id }));
    await until(
      () => on.episodes(ids.alpha),
      (d) => d.episodes.length === 2 && d.series.episodeCount === 2,
    );

    // The home sections' layout.
    data(
      await admin(adminContentApi.saveHomeSections, {
        tenantId: '000000',
        sections: ['new', 'free', 'ranking']
          .map((key) => ({ key, visible: true, title: { en: '' } }))
          .concat([{ key: 'hot', visible: false, title: { en: '' } }]),
      }),
    );
    await until(on.home, (h) => h.sections.map((s) => s.key).join() === 'new,free,ranking');

    // Unpublished: gone from every list, and its page is not found.
    data(await admin(adminContentApi.setSeriesStatus, { id: ids.beta, status: 'draft' }));
    await until(on.all, (p) => p.total === 1);
    expect(titles((await on.home()).banners)).toEqual(['Alpha Renamed']);
    expect((await on.feed()).list.every((i) => i.series.id === ids.alpha)).toBe(true);
    expect((await on.detail(ids.beta)).status).toBe(404);
    data(await admin(adminContentApi.setSeriesStatus, { id: ids.beta, status: 'published' }));
    await until(on.all, (p) => p.total === 2);
  });

  it('never serves one viewer’s locks or likes to another, with many viewers at once on both instances', async () => {
    const holder = await f.user();
    data(await caller(a.app)(api.test.openVipLevel, { token: holder.token, body: { level: 1 } }));
    const plain = await f.user();
    const gamma = await makeSeries('Gamma Nights', 3, 1);
    const episode = (await reads(a).episodes(gamma)).episodes[0]!;
    data(await caller(a.app)(api.video.liking, { token: holder.token, body: { videoId: episode.id } }));
    const free = 1;

    const viewers = [
      { name: 'holder', token: holder.token, pass: true, likes: true },
      { name: 'plain', token: plain.token, pass: false, likes: false },
      { name: 'guest', token: undefined, pass: false, likes: false },
    ];
    const asks = Array.from({ length: 60 }, (_, i) => ({ viewer: viewers[i % 3]!, at: i % 2 ? a : b }));
    await Promise.all(
      asks.map(async ({ viewer, at }) => {
        const detail = await reads(at).episodes(gamma, viewer.token);
        const locked = detail.episodes.map((e) => e.locked);
        expect(locked, viewer.name).toEqual(detail.episodes.map((_, n) => !viewer.pass && n >= free));
        expect(detail.episodes[0]!.liked, viewer.name).toBe(viewer.likes);
        const feed = await reads(at).feed(viewer.token);
        const alpha = feed.list.filter((item) => item.series.id === gamma);
        // Without a pass the feed shows the free episodes and the first paid one, locked.
        expect(
          alpha.map((item) => item.episode.locked),
          viewer.name,
        ).toEqual(
          viewer.pass
            ? detail.episodes.map(() => false)
            : detail.episodes.map((_, n) => n >= free).slice(0, free + 1),
        );
        expect(alpha[0]!.episode.liked, viewer.name).toBe(viewer.likes);
      }),
    );
  });

  it('shows a like at once to guests of the instance that took it, in every language', async () => {
    const series = await makeSeries('Delta Likes', 2, 2);
    const languages = ['en', 'vn', 'id'];
    const guest = async (lang: string) =>
      data(await caller(a.app)(api.video.videos, { params: { seriesId: series }, lang })) as {
        episodes: Episode[];
      };
    for (const lang of languages) expect((await guest(lang)).episodes[0]!.likeCount).toBe(0);
    const fan = await f.user();
    const episode = (await reads(a).episodes(series)).episodes[0]!;
    data(await caller(a.app)(api.video.liking, { token: fan.token, body: { videoId: episode.id } }));
    for (const lang of languages) expect((await guest(lang)).episodes[0]!.likeCount, lang).toBe(1);
  });

  it('reads again after the TTL a change made without the console', async () => {
    const on = reads(b);
    const before = (await on.episodes(ids.beta)).series.title;
    await a.database.query('update series set title = \'{"en": "Beta Quietly"}\' where id = $1', [ids.beta]);
    expect((await on.episodes(ids.beta)).series.title).toBe(before);
    [a, b].forEach((x) => x.clock.advance(CATALOG_CACHE_TTL_MS));
    expect((await on.episodes(ids.beta)).series.title).toBe('Beta Quietly');
    expect(titles((await on.all()).list)).toContain('Beta Quietly');
  });

  it.skipIf(!usingPostgres)('forgets everything when its listening connection comes back', async () => {
    const on = reads(b);
    expect(titles((await on.all()).list)).not.toContain('Alpha Unannounced');
    await a.database.query('update series set title = \'{"en": "Alpha Unannounced"}\' where id = $1', [
      ids.alpha,
    ]);
    await a.database.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'`,
    );
    await until(on.all, (p) => p.list.some((s) => s.title === 'Alpha Unannounced'));
  });
});
