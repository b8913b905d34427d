import { api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERIES } from '../../seed/demo-catalog.js';
import { caller, unchecked } from '../../test/client.js';
import { buildTestApp, TEST_CAPTCHA_ANSWER, type TestApp } from '../../test/helper.js';

/**
 * Two small demo series, made once per machine (the media directory is kept between runs). Its
 * own directory since the default became fMP4: demo media made before stays TS (it still plays,
 * but these tests check the packaging made today).
 */
const SMALL = DEMO_SERIES.filter((s) => s.slug === 'jakarta-hearts' || s.slug === 'second-chance-summer');
const MEDIA_DIR = '/tmp/dramastar-test-media-fmp4';

let t: TestApp;
let call: ReturnType<typeof caller>;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true', MEDIA_DIR }, { demoSeries: SMALL });
  call = caller(t.app);
});
afterAll(() => t.close());

async function user(tenantId = '000000'): Promise<{ token: string; userId: string }> {
  const captcha = (await call(api.auth.captcha)).body.data;
  const res = await call(api.auth.registerByName, {
    body: {
      userName: `viewer_${++n}`,
      password: 'secret-pass1',
      phone: '3001234567',
      areaCode: '+92',
      uuid: captcha.uuid,
      code: TEST_CAPTCHA_ANSWER,
      tenantId,
    },
    ip: `10.5.0.${n}`,
  });
  const token = res.body.data.access_token;
  return { token, userId: (await call(api.user.info, { token })).body.data.userId };
}

const seriesOf = async (slug: string, tenantId = '000000') =>
  (
    await t.database.query<{ id: number }>(
      'select id::int as id from series where slug = $1 and tenant_id = $2',
      [slug, tenantId],
    )
  )[0]!.id;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the catalogue', () => {
  it('answers the home page with banners, sections and categories, in the request language', async () => {
    const res = await call(api.video.homeSeries, { query: { tenantId: '000000' }, lang: 'vn' });
    const home = res.body.data;
    expect(home.categories).toEqual(['family', 'youth']);
    expect(home.sections.map((s: { key: string }) => s.key)).toEqual(['hot', 'new', 'free', 'ranking']);
    const titles = home.banners.map((s: { title: string }) => s.title).sort();
    expect(titles).toEqual(['Mùa hè cơ hội thứ hai', 'Trái tim Jakarta']);
    const jakarta = home.banners.find((s: { title: string }) => s.title === 'Trái tim Jakarta')!;
    expect(jakarta).toMatchObject({ episodeCount: 7, freeEpisodes: 3, category: 'youth' });
    expect(jakarta.cover).toMatch(/^\/media\/covers\/demo\/jakarta-hearts\/cover\.jpg$/);
    expect((await get(jakarta.cover)).statusCode).toBe(200);
    // Banners show their description; section cards do not, and their series come without it.
    expect(jakarta.description).toEqual(expect.any(String));
    const cards = home.sections.flatMap((section: { series: object[] }) => section.series);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).not.toHaveProperty('description');
  });

  it('pages all series and filters by category', async () => {
    const page = (await call(api.video.allSeries, { body: { pageNum: 1, pageSize: 1 } })).body.data;
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
    const family = (await call(api.video.allSeries, { body: { category: 'family' } })).body.data;
    expect(family.list.map((s: { category: string }) => s.category)).toEqual(['family']);
  });

  it('searches titles, descriptions and tags in every language, taking % literally', async () => {
    const byVn = (await call(api.video.page, { query: { keyword: 'jakarta' } })).body.data;
    expect(byVn.list.map((s: { title: string }) => s.title)).toEqual(['Jakarta Hearts']);
    const byIdText = (await call(api.video.page, { body: { keyword: 'ayah tunggal' } })).body.data;
    expect(byIdText.list.map((s: { title: string }) => s.title)).toEqual(['Second Chance Summer']);
    const byTag = (await call(api.video.page, { body: { keyword: 'music' } })).body.data;
    expect(byTag.total).toBe(1);
    expect((await call(api.video.page, { body: { keyword: '%' } })).body.data.total).toBe(0);
    expect((await call(api.video.page, { body: { keyword: 'no such drama' } })).body.data).toEqual({
      list: [],
      total: 0,
    });
  });

  it('keeps tenants apart: another tenant’s series is not found', async () => {
    const other = await seriesOf('jakarta-hearts', '000001');
    const res = await call(api.video.videos, { params: { seriesId: other } });
    // The request comes from the default tenant's host (localhost).
    expect(res.body).toMatchObject({ code: 404, errorKey: 'NotFound' });
    const own = await call(api.video.videos, {
      params: { seriesId: other },
      token: (await user('000001')).token,
    });
    expect(own.status).toBe(200);
  });

  it('answers bad ids with 400 and unknown ones with 404', async () => {
    expect((await call(api.video.videos, { params: unchecked({ seriesId: 'abc' }) })).body).toMatchObject({
      code: 400,
      field: 'seriesId',
    });
    expect((await call(api.video.videos, { params: { seriesId: 999999 } })).body).toMatchObject({
      code: 404,
    });
    expect((await call(api.video.play, { params: { videoId: 999999 } })).body).toMatchObject({ code: 404 });
  });
});

describe('the details page’s first poster', () => {
  it('redirects to the asked episode’s poster, else the first one’s, and 404s what is not there', async () => {
    const id = await seriesOf('jakarta-hearts');
    const { episodes } = (await call(api.video.videos, { params: { seriesId: id } })).body.data as {
      episodes: { id: number; poster: string }[];
    };
    const first = await get(`/poster/${id}`);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(episodes[0]!.poster);
    expect((await get(first.headers.location as string)).statusCode).toBe(200);
    const third = await get(`/poster/${id}?videoId=${episodes[2]!.id}`);
    expect(third.headers.location).toBe(episodes[2]!.poster);
    // An episode of no series here: the series’ first poster.
    expect((await get(`/poster/${id}?videoId=999999`)).headers.location).toBe(episodes[0]!.poster);
    for (const url of ['/poster/999999', '/poster/abc', `/poster/${id}?videoId=1e3`]) {
      expect((await get(url)).statusCode).toBe(404);
    }
    // Another tenant’s series is not found from this host.
    expect((await get(`/poster/${await seriesOf('jakarta-hearts', '000001')}`)).statusCode).toBe(404);
  });
});

describe('playback', () => {
  it('lists episodes with the paid ones locked for a guest', async () => {
    const id = await seriesOf('jakarta-hearts');
    const detail = (await call(api.video.videos, { params: { seriesId: id } })).body.data;
    expect(
      detail.episodes.map((e: { number: number; free: boolean; locked: boolean }) => [
        e.number,
        e.free,
        e.locked,
      ]),
    ).toEqual([
      [1, true, false],
      [2, true, false],
      [3, true, false],
      [4, false, true],
      [5, false, true],
      [6, false, true],
      [7, false, true],
    ]);
    expect(detail.favorited).toBe(false);
    expect(detail.progress).toBeNull();
  });

  it('signs a free episode’s master playlist: its ladder’s rungs line up, their segments play, with Range', async () => {
    const id = await seriesOf('jakarta-hearts');
    const first = (await call(api.video.videos, { params: { seriesId: id } })).body.data.episodes[0]!;
    const play = (await call(api.video.play, { params: { videoId: first.id } })).body.data;
    expect(play.playlistUrl).toMatch(
      new RegExp(`^/stream/${first.id}/\\d+/\\d+/[0-9a-f]{32}/master\\.m3u8$`),
    );
    const master = await get(play.playlistUrl);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    // The demo's ladder (two rungs, seed/demo-catalog.ts), lowest first, at the pictures' own 9:16
    // (no bars), each rung measured.
    const variants = [...master.body.matchAll(/#EXT-X-STREAM-INF:([^\n]+)\n(\S+)/g)];
    expect(variants.map((v) => [/RESOLUTION=(\d+x\d+)/.exec(v[1]!)?.[1], v[2]])).toEqual([
      ['360x640', '360p.m3u8'],
      ['720x1280', '720p.m3u8'],
    ]);
    for (const v of variants)
      expect(v[1]).toMatch(/BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,.*CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    const base: string = play.playlistUrl.replace('master.m3u8', '');
    // The lowest rung's playlist, signed beside the master one: a cold start fetches it at once.
    expect(play.startUrl).toBe(`${base}360p.m3u8`);
    // With its codecs, as the master playlist lists them: Media Source needs the type first.
    expect(variants[0]![1]).toContain(`CODECS="${play.startCodecs}"`);
    // Asked with start=1, the answer carries that playlist itself, as /stream answers it.
    expect(play.startPlaylist).toBeNull();
    const withStart = (await call(api.video.play, { params: { videoId: first.id }, query: { start: '1' } }))
      .body.data;
    expect(withStart.startPlaylist).toBe((await get(play.startUrl!)).body);
    expect(withStart.startPlaylist).toContain('#EXT-X-MAP:URI="360p_init.mp4"');
    // Every rung cuts at the same times: segment n of one starts where segment n of another does.
    const timings = [];
    for (const v of variants) {
      const list = await get(base + v[2]!);
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain('#EXT-X-ENDLIST');
      timings.push([...list.body.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => m[1]));
    }
    expect(new Set(timings.map((t) => JSON.stringify(t))).size).toBe(1);
    // fMP4 (CMAF): each rung's playlist names its init segment, then the media segments.
    const rung = (await get(`${base}360p.m3u8`)).body;
    expect(rung).toContain('#EXT-X-MAP:URI="360p_init.mp4"');
    expect(rung).toContain('\n360p_000.m4s\n');
    const init = await get(`${base}360p_init.mp4`);
    expect(init.statusCode).toBe(200);
    expect(init.headers['content-type']).toContain('video/mp4');
    expect(init.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const segment = `${base}360p_000.m4s`;
    const full = await get(segment);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toContain('video/iso.segment');
    expect(full.rawPayload.includes(Buffer.from('moof'))).toBe(true);
    const part = await get(segment, { range: 'bytes=0-187' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(188);
    // Past the end: 416 with the envelope, not 404 (the file is there).
    const past = await get(segment, { range: `bytes=${full.rawPayload.length + 1000}-` });
    expect(past.statusCode).toBe(416);
    expect(past.json()).toMatchObject({ code: 416, errorKey: 'RangeNotSatisfiable' });
    // Names outside the ladder's are not files of an episode.
    for (const name of ['360p_000.mp4', 'master.ts', '36p.m3u8', '360p_init.m4s', 'all.m3u8'])
      expect((await get(base + name)).statusCode).toBe(404);
  });

  it('lists the demo episode’s en, vi and id subtitles, each a WebVTT that fits the episode', async () => {
    const id = await seriesOf('jakarta-hearts');
    const first = (await call(api.video.videos, { params: { seriesId: id } })).body.data.episodes[1]!;
    const play = (await call(api.video.play, { params: { videoId: first.id } })).body.data;
    const base: string = play.playlistUrl.replace('master.m3u8', '');
    expect(play.subtitles).toEqual([
      { language: 'en', label: 'English', url: `${base}sub_en.vtt` },
      { language: 'id', label: 'Bahasa Indonesia', url: `${base}sub_id.vtt` },
      { language: 'vi', label: 'Tiếng Việt', url: `${base}sub_vi.vtt` },
    ]);
    const vi = await get(`${base}sub_vi.vtt`);
    expect(vi.statusCode).toBe(200);
    expect(vi.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vi.body).toMatch(/^WEBVTT\n/);
    expect(vi.body).toContain('Tập 2');
    // Every cue ends within the episode (4 s).
    const ends = [...vi.body.matchAll(/--> 00:00:(\d\d\.\d{3})/g)].map((m) => Number(m[1]));
    expect(ends.length).toBe(3);
    expect(Math.max(...ends)).toBeLessThanOrEqual(first.duration);
  });

  it('counts plays on the instance that signed them and adds them to the series when it flushes', async () => {
    const id = await seriesOf('second-chance-summer');
    const playCount = async () =>
      (
        await t.database.query<{ n: number }>('select play_count::int as n from series where id = $1', [id])
      )[0]!.n;
    const before = await playCount();
    const other = await buildTestApp({ DEMO_CONTENT: 'true', MEDIA_DIR }, { database: t.database });
    try {
      const episode = (await caller(other.app)(api.video.videos, { params: { seriesId: id } })).body.data
        .episodes[0]!;
      // Three viewers (a guest's play counts once per address in 30 minutes: play-count.test.ts).
      for (let i = 0; i < 3; i++)
        expect(
          (await caller(other.app)(api.video.play, { params: { videoId: episode.id }, ip: `10.78.0.${i}` }))
            .status,
        ).toBe(200);
      // The series' row is not written: the three plays wait on that instance.
      expect(await playCount()).toBe(before);
    } finally {
      await other.close();
    }
    // Closing flushes what it counted (the job does so every PLAY_COUNT_FLUSH_MS while it runs).
    expect(await playCount()).toBe(before + 3);
  });

  it('refuses to sign a paid episode without a viewing pass, for guests and users', async () => {
    const id = await seriesOf('jakarta-hearts');
    const paid = (await call(api.video.videos, { params: { seriesId: id } })).body.data.episodes[3]!;
    const guest = await call(api.video.play, { params: { videoId: paid.id } });
    expect(guest.body).toMatchObject({
      code: 409,
      errorKey: 'EpisodeLocked',
      data: { number: 4, freeEpisodes: 3 },
    });
    const { token } = await user();
    expect((await call(api.video.play, { params: { videoId: paid.id }, token })).body.errorKey).toBe(
      'EpisodeLocked',
    );
  });

  it('never serves episode files outside signed addresses', async () => {
    expect((await get('/media/hls/demo/jakarta-hearts/4/index.m3u8')).statusCode).toBe(404);
    const id = await seriesOf('jakarta-hearts');
    const [one, two] = (await call(api.video.videos, { params: { seriesId: id } })).body.data.episodes;
    const url = (await call(api.video.play, { params: { videoId: one!.id } })).body.data.playlistUrl;
    const forOther = url.replace(`/stream/${one!.id}/`, `/stream/${two!.id}/`);
    expect((await get(forOther)).statusCode).toBe(403);
    const tampered = url.replace(
      /\/([0-9a-f]{32})\//,
      (_, sig: string) => `/${sig.slice(0, 31)}${sig.endsWith('0') ? '1' : '0'}/`,
    );
    expect((await get(tampered)).statusCode).toBe(403);
    expect((await get(url.replace('master.m3u8', '../../etc/passwd'))).statusCode).toBe(404);
  });

  it('limits signed playbacks per client address (429)', async () => {
    const id = await seriesOf('jakarta-hearts');
    const first = (await call(api.video.videos, { params: { seriesId: id } })).body.data.episodes[0]!;
    const answers = [];
    for (let i = 0; i < 301; i++)
      answers.push((await call(api.video.play, { params: { videoId: first.id }, ip: '10.77.0.1' })).status);
    expect(answers.slice(0, 300).every((s) => s === 200)).toBe(true);
    expect(answers[300]).toBe(429);
    expect((await call(api.video.play, { params: { videoId: first.id }, ip: '10.77.0.2' })).status).toBe(200);
  });

  it('lets a signed address expire after 30 minutes', async () => {
    const id = await seriesOf('jakarta-hearts');
    const first = (await call(api.video.videos, { params: { seriesId: id } })).body.data.episodes[0]!;
    const url = (await call(api.video.play, { params: { videoId: first.id } })).body.data.playlistUrl;
    t.clock.advance(29 * 60_000);
    expect((await get(url)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const expired = await get(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ errorKey: 'StreamExpired' });
  });

  it('serves the Shorts feed series by series: the free episodes and the first paid one', async () => {
    const feed = (await call(api.video.videosPage, { body: { pageNum: 1, pageSize: 50 } })).body.data;
    const jakarta = await seriesOf('jakarta-hearts');
    const summer = await seriesOf('second-chance-summer');
    expect(feed.total).toBe(7);
    expect(
      feed.list.map(
        (i: { series: { id: number }; episode: { number: number; locked: boolean } }) =>
          `${i.series.id}:${i.episode.number}${i.episode.locked ? ' locked' : ''}`,
      ),
    ).toEqual([
      `${jakarta}:1`,
      `${jakarta}:2`,
      `${jakarta}:3`,
      `${jakarta}:4 locked`,
      `${summer}:1`,
      `${summer}:2`,
      `${summer}:3 locked`,
    ]);
    const second = (await call(api.video.videosPage, { body: { pageNum: 2, pageSize: 4 } })).body.data;
    expect(second.list.map((i: { episode: { id: number } }) => i.episode.id)).toEqual(
      feed.list.slice(4, 8).map((i: { episode: { id: number } }) => i.episode.id),
    );
  });
});

describe('with a viewing pass (as memberships will give)', () => {
  it('plays paid episodes and pays 1 point once per paid episode', async () => {
    const pass = await buildTestApp(
      { DEMO_CONTENT: 'true', MEDIA_DIR },
      { demoSeries: SMALL, entitlements: { hasViewingPass: async () => true } },
    );
    try {
      const passCall = caller(pass.app);
      const captcha = (await caller(pass.app)(api.auth.captcha)).body.data;
      const reg = await passCall(api.auth.registerByName, {
        body: {
          userName: 'member_1',
          password: 'secret-pass1',
          phone: '3001234567',
          areaCode: '+92',
          uuid: captcha.uuid,
          code: TEST_CAPTCHA_ANSWER,
        },
      });
      const token = reg.body.data.access_token;
      const [row] = await pass.database.query<{ id: number }>(
        "select e.id::int as id from episode e join series s on s.id = e.series_id where s.slug = 'jakarta-hearts' and s.tenant_id = '000000' and e.number in (1, 5) order by e.number",
      );
      const free = row!.id;
      const paid = free + 4;
      const detail = (
        await passCall(api.video.videos, {
          params: {
            seriesId: (
              await pass.database.query<{ series_id: number }>(
                'select series_id::int as series_id from episode where id = $1',
                [paid],
              )
            )[0]!.series_id,
          },
          token,
        })
      ).body.data;
      expect(detail.episodes.every((e: { locked: boolean }) => !e.locked)).toBe(true);
      // With a pass the feed holds every episode.
      expect((await passCall(api.video.videosPage, { token, body: { pageSize: 50 } })).body.data.total).toBe(
        13,
      );
      for (let i = 0; i < 3; i++)
        expect((await passCall(api.video.play, { params: { videoId: paid }, token })).status).toBe(200);
      await passCall(api.video.play, { params: { videoId: free }, token });
      await passCall(api.video.play, { params: { videoId: paid + 1 }, token });
      const points = await pass.database.query<{ total: string; n: string }>(
        'select sum(amount)::text as total, count(*)::text as n from point_entry',
      );
      expect(points[0]).toEqual({ total: '2', n: '2' });
    } finally {
      await pass.close();
    }
  });
});

describe('likes, favourites and history', () => {
  it('likes an episode once however often it is clicked, also at the same moment', async () => {
    const { token } = await user();
    const id = await seriesOf('second-chance-summer');
    const episode = (await call(api.video.videos, { params: { seriesId: id } })).body.data.episodes[0]!;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(api.video.liking, { token, body: { videoId: episode.id } })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const after = (await call(api.video.videos, { params: { seriesId: id }, token })).body.data;
    expect(after.episodes[0]).toMatchObject({ likeCount: 1, liked: true });
    expect(after.series.likeCount).toBe(1);
    const other = await user();
    expect(
      (await call(api.video.liking, { token: other.token, body: { videoId: episode.id } })).body.data,
    ).toEqual({
      liked: true,
      likeCount: 2,
    });
    const cancels = await Promise.all(
      Array.from({ length: 4 }, () => call(api.video.cancelLiking, { token, body: { videoId: episode.id } })),
    );
    expect(cancels.map((c) => c.body.data.liked)).toEqual([false, false, false, false]);
    const final = (await call(api.video.videos, { params: { seriesId: id }, token })).body.data;
    expect(final.episodes[0]).toMatchObject({ likeCount: 1, liked: false });
    expect(final.series.likeCount).toBe(1);
  });

  it('takes the ids of likes and follows in the query string as in the body, and names a missing one', async () => {
    const { token } = await user();
    const id = await seriesOf('jakarta-hearts');
    const episode = (await call(api.video.videos, { params: { seriesId: id } })).body.data.episodes[1]!;
    // The ids in the query string, where the declarations have them in the body: string paths.
    const liked = await call('/sv/liking', { token, query: { videoId: String(episode.id) } });
    expect(liked.body.data).toMatchObject({ liked: true });
    const followed = await call('/sv/favoriting', { token, query: { seriesId: String(id) } });
    expect(followed.body.data).toMatchObject({ favorited: true });
    expect((await call(api.video.myFavoList, { params: { id: id }, token })).body.data).toEqual({
      favorited: true,
    });
    await call('/sv/cancelLiking', { token, query: { videoId: String(episode.id) } });
    const detail = (await call(api.video.videos, { params: { seriesId: id }, token })).body.data;
    expect(detail.episodes[1]).toMatchObject({ liked: false });
    for (const [declared, field] of [
      [api.video.liking, 'videoId'],
      [api.video.favoriting, 'seriesId'],
    ] as const) {
      const missing = await call(declared, { token, body: unchecked({}) });
      expect(missing.status, declared.path).toBe(400);
      expect(missing.body.field, declared.path).toBe(field);
    }
    const bad = await call('/sv/liking', { token, query: { videoId: 'abc' } });
    expect([bad.status, bad.body.field]).toEqual([400, 'videoId']);
  });

  it('follows a series idempotently and lists only the user’s own, whatever user id the path names', async () => {
    const a = await user();
    const b = await user();
    const id = await seriesOf('jakarta-hearts');
    await Promise.all(
      Array.from({ length: 5 }, () => call(api.video.favoriting, { token: a.token, body: { seriesId: id } })),
    );
    expect((await call(api.video.myFavoList, { params: { id: id }, token: a.token })).body.data).toEqual({
      favorited: true,
    });
    expect((await call(api.video.myFavoList, { params: { id: id }, token: b.token })).body.data).toEqual({
      favorited: false,
    });
    const mine = (await call(api.video.myFavo, { params: { userId: a.userId }, token: a.token, body: {} }))
      .body.data;
    expect(mine.list.map((s: { id: number }) => s.id)).toEqual([id]);
    const prying = (await call(api.video.myFavo, { params: { userId: a.userId }, token: b.token, body: {} }))
      .body.data;
    expect(prying).toEqual({ list: [], total: 0 });
    const detail = (await call(api.video.videos, { params: { seriesId: id }, token: a.token })).body.data;
    expect(detail.favorited).toBe(true);
    const before = detail.series.favoriteCount;
    await call(api.video.cancelFavoriting, { token: a.token, body: { seriesId: id } });
    await call(api.video.cancelFavoriting, { token: a.token, body: { seriesId: id } });
    expect((await call(api.video.videos, { params: { seriesId: id } })).body.data.series.favoriteCount).toBe(
      before - 1,
    );
  });

  it('lists liked episodes of the user only', async () => {
    const a = await user();
    const b = await user();
    const id = await seriesOf('jakarta-hearts');
    const eps = (await call(api.video.videos, { params: { seriesId: id } })).body.data.episodes;
    await call(api.video.liking, { token: a.token, body: { videoId: eps[1]!.id } });
    const mine = (await call(api.video.myLikes, { params: { userId: a.userId }, token: a.token, body: {} }))
      .body.data;
    expect(mine.list.map((i: { episode: { number: number } }) => i.episode.number)).toEqual([2]);
    expect(
      (await call(api.video.myLikes, { params: { userId: a.userId }, token: b.token, body: {} })).body.data
        .total,
    ).toBe(0);
  });

  it('keeps the latest progress per episode and shows one entry per series, newest first', async () => {
    const { token } = await user();
    const jakarta = await seriesOf('jakarta-hearts');
    const summer = await seriesOf('second-chance-summer');
    const jEps = (await call(api.video.videos, { params: { seriesId: jakarta } })).body.data.episodes;
    const sEps = (await call(api.video.videos, { params: { seriesId: summer } })).body.data.episodes;
    const add = (seriesId: number, videoId: number, progress: number) =>
      call(api.video.addViewHis, {
        token,
        query: { seriesId: String(seriesId), videoId: String(videoId), progress: String(progress) },
      });
    await add(jakarta, jEps[0]!.id, 1.5);
    t.clock.advance(1000);
    await add(jakarta, jEps[1]!.id, 2);
    t.clock.advance(1000);
    await add(summer, sEps[0]!.id, 3);
    t.clock.advance(1000);
    await add(jakarta, jEps[1]!.id, 3.25);
    const history = (await call(api.video.queryViewHis, { token, body: {} })).body.data;
    expect(history.total).toBe(2);
    expect(
      history.list.map((h: { series: { id: number }; number: number; progress: number }) => [
        h.series.id,
        h.number,
        h.progress,
      ]),
    ).toEqual([
      [jakarta, 2, 3.25],
      [summer, 1, 3],
    ]);
    expect(
      (await call(api.video.videos, { params: { seriesId: jakarta }, token })).body.data.progress,
    ).toEqual({
      videoId: jEps[1]!.id,
      number: 2,
      progress: 3.25,
    });
    // The grid's watched marks: every episode played, in episode order; none for a guest.
    expect(
      (await call(api.video.videos, { params: { seriesId: jakarta }, token })).body.data.watched,
    ).toEqual([jEps[0]!.id, jEps[1]!.id]);
    expect((await call(api.video.videos, { params: { seriesId: jakarta } })).body.data.watched).toEqual([]);
    // Progress beyond the end is kept at the end; an episode of another series is refused.
    t.clock.advance(1000);
    await add(jakarta, jEps[2]!.id, 999);
    expect((await call(api.video.queryViewHis, { token, body: {} })).body.data.list[0]!.progress).toBe(4);
    expect((await add(summer, jEps[0]!.id, 1)).body).toMatchObject({ code: 404, field: 'videoId' });
    await call(api.video.deleteViewHis, { token, query: { seriesId: String(jakarta) } });
    expect(
      (await call(api.video.queryViewHis, { token, body: {} })).body.data.list.map(
        (h: { series: { id: number } }) => h.series.id,
      ),
    ).toEqual([summer]);
    expect((await call(api.video.queryViewHis, { body: {} })).status).toBe(401);
  });

  it('counts in the history total only the series it shows (a withdrawn series is in neither)', async () => {
    const { token } = await user();
    const ids = [await seriesOf('jakarta-hearts'), await seriesOf('second-chance-summer')];
    for (const id of ids) {
      const first = (await call(api.video.videos, { params: { seriesId: id } })).body.data.episodes[0]!;
      await call(api.video.addViewHis, {
        token,
        query: { seriesId: String(id), videoId: String(first.id), progress: '1' },
      });
    }
    expect((await call(api.video.queryViewHis, { token, body: {} })).body.data.total).toBe(2);
    await t.database.query(`update series set status = 'draft' where id = $1`, [ids[1]]);
    try {
      const history = (await call(api.video.queryViewHis, { token, body: {} })).body.data;
      expect(history.list.map((h: { series: { id: number } }) => h.series.id)).toEqual([ids[0]]);
      expect(history.total).toBe(1);
    } finally {
      await t.database.query(`update series set status = 'published' where id = $1`, [ids[1]]);
    }
  });
});
