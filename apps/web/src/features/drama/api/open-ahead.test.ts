import { api, LIMITS, OPENING_PATHS } from '@dramastar/contract';
import { describe, expect, it, vi } from 'vitest';
import { openEpisodeAhead } from './open-ahead';
import { askAhead, request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { ok, refusal, stubApi, on, pathRoute } from '../../../test/fetch';
import { episode, series } from '../../../test/fixtures';

const detail = (overrides: Record<string, unknown> = {}) => ({
  series: series(7),
  episodes: [episode(71, 1), episode(72, 2), episode(74, 4)],
  favorited: false,
  progress: null,
  watched: [],
  ...overrides,
});
const played = (videoId: number) => ({
  videoId,
  playlistUrl: `/stream/${videoId}/index.m3u8`,
  startUrl: null,
  startCodecs: null,
  startPlaylist: null,
  expiresAt: '',
  subtitles: [],
});
const link = (query: string) => `#/pages/shorts/videoDetails?${query}`;

describe('askAhead', () => {
  it('answers the first identical call with the answer asked ahead, and the next one afresh', async () => {
    const { callsTo } = stubApi([on(api.video.videos, { seriesId: 7 }).reply(ok(detail()))]);
    await askAhead(OPENING_PATHS.series, { seriesId: 7 });
    expect(callsTo(api.video.videos, { seriesId: 7 })).toHaveLength(1);

    // Parsed by the call's schema like any answer.
    await expect(request(api.video.videos, { params: { seriesId: 7 } })).resolves.toEqual(detail());
    expect(callsTo(api.video.videos, { seriesId: 7 })).toHaveLength(1);
    await request(api.video.videos, { params: { seriesId: 7 } });
    expect(callsTo(api.video.videos, { seriesId: 7 })).toHaveLength(2);
  });

  it('is not taken by a call with another path, token or language', async () => {
    const { callsTo } = stubApi([
      on(api.video.videos, { seriesId: 7 }).reply(ok(detail())),
      on(api.video.videos, { seriesId: 8 }).reply(ok(detail())),
    ]);
    await askAhead(OPENING_PATHS.series, { seriesId: 7 });
    await request(api.video.videos, { params: { seriesId: 8 } });
    useSession.getState().login('tok-1');
    await request(api.video.videos, { params: { seriesId: 7 } });
    useSession.getState().logout();
    useSession.getState().setLanguage('vn');
    await request(api.video.videos, { params: { seriesId: 7 } });
    expect(callsTo(api.video.videos, { seriesId: 7 })).toHaveLength(3);
    // As the session is now, it is taken.
    useSession.getState().setLanguage('en');
    await request(api.video.videos, { params: { seriesId: 7 } });
    expect(callsTo(api.video.videos, { seriesId: 7 })).toHaveLength(3);
  });

  it('drops an answer not taken while the page’s script may still arrive (2 min)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { callsTo } = stubApi([on(api.video.videos, { seriesId: 7 }).reply(ok(detail()))]);
    await askAhead(OPENING_PATHS.series, { seriesId: 7 });
    vi.advanceTimersByTime(LIMITS.scriptLoadTimeoutMs);
    await request(api.video.videos, { params: { seriesId: 7 } });
    expect(callsTo(api.video.videos, { seriesId: 7 })).toHaveLength(2);
  });

  it('passes a refusal on to the call that takes it', async () => {
    stubApi([on(api.video.play, { videoId: 74 }).reply(refusal(409, 'Locked', 'EpisodeLocked'))]);
    await expect(askAhead(OPENING_PATHS.play, { videoId: 74 })).resolves.toMatchObject({ code: 409 });
    await expect(request(api.video.play, { params: { videoId: 74 }, hideToast: true })).rejects.toMatchObject(
      { code: 409, errorKey: 'EpisodeLocked' },
    );
  });
});

describe('openEpisodeAhead', () => {
  it('asks the series and then the address of the episode the link names', async () => {
    const { calls, callsTo } = stubApi([
      on(api.video.videos, { seriesId: 7 }).reply(ok(detail())),
      on(api.video.play, { videoId: 72 }).reply(ok(played(72))),
    ]);
    await openEpisodeAhead(link('seriesId=7&videoId=72'));
    expect(calls.map((c) => c.path)).toEqual(['/sv/videos/7', '/sv/play/72', '/stream/72/index.m3u8']);
    // The page's calls take both answers.
    await request(api.video.videos, { params: { seriesId: 7 } });
    await expect(request(api.video.play, { params: { videoId: 72 } })).resolves.toEqual(played(72));
    expect(callsTo(api.video.play, { videoId: 72 })).toHaveLength(1);
  });

  it('takes the calls index.html asked before any module loaded, once, in the same language only', async () => {
    const early = (path: string, language: string, data: unknown) => ({
      path: `/app-api${path}`,
      language,
      answer: Promise.resolve({ status: 200, json: { code: 200, msg: 'Success', data } }),
    });
    window.__dsAhead = [
      early('/sv/videos/7', 'en', detail()),
      early('/sv/play/72', 'en', played(72)),
      early('/sv/play/71', 'vn', played(71)),
    ];
    try {
      const { calls, callsTo } = stubApi([
        on(api.video.videos, { seriesId: 7 }).reply(ok(detail())),
        on(api.video.play, { videoId: 72 }).reply(ok(played(72))),
      ]);
      await openEpisodeAhead(link('seriesId=7&videoId=72'));
      // Neither was asked again; the stream's warm-up went on from the early address.
      expect(calls.map((c) => c.path)).toEqual(['/stream/72/index.m3u8']);
      await expect(request(api.video.play, { params: { videoId: 72 } })).resolves.toEqual(played(72));
      expect(callsTo(api.video.play, { videoId: 72 })).toHaveLength(0);
      // Taken once: the next call asks. One asked in another language is not taken.
      await request(api.video.play, { params: { videoId: 72 } });
      expect(callsTo(api.video.play, { videoId: 72 })).toHaveLength(1);
      expect(window.__dsAhead).toHaveLength(1);
    } finally {
      window.__dsAhead = undefined;
    }
  });

  it('opens where the viewer stopped, else at the first episode, as the page does', async () => {
    const stopped = { progress: { videoId: 72, number: 2, progress: 30 } };
    const { calls } = stubApi([
      on(api.video.videos, { seriesId: 7 }).reply([ok(detail(stopped)), ok(detail())]),
    ]);
    await openEpisodeAhead(link('seriesId=7'));
    await openEpisodeAhead(link('seriesId=7&videoId=999'));
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/sv/'))).toEqual([
      '/sv/videos/7',
      '/sv/play/72',
      '/sv/videos/7',
      '/sv/play/71',
    ]);
  });

  it('does not ask for a locked episode, a refused series or another page', async () => {
    const { calls } = stubApi([on(api.video.videos, { seriesId: 7 }).reply(ok(detail()))]);
    await openEpisodeAhead(link('seriesId=7&videoId=74'));
    await openEpisodeAhead(link('seriesId=9'));
    await openEpisodeAhead(link('seriesId=abc'));
    await openEpisodeAhead('#/pages/shorts/index?seriesId=7');
    await openEpisodeAhead('');
    expect(calls.map((c) => c.path)).toEqual(['/sv/videos/7', '/sv/videos/9']);
  });

  it('fetches the playlist and the segment playback starts in, into the cache', async () => {
    const playlist = {
      text: '#EXTM3U\n#EXTINF:2.000,\nseg_000.ts\n#EXTINF:2.000,\nseg_001.ts\n#EXTINF:1.5,\nseg_002.ts\n#EXT-X-ENDLIST\n',
    };
    const media = { text: 'G'.repeat(188) };
    const { calls } = stubApi([
      on(api.video.videos, { seriesId: 7 }).reply([
        ok(detail()),
        ok(detail({ progress: { videoId: 72, number: 2, progress: 3.5 } })),
      ]),
      on(api.video.play, { videoId: 71 }).reply(ok(played(71))),
      on(api.video.play, { videoId: 72 }).reply(ok(played(72))),
      pathRoute('/stream/71/index.m3u8', playlist),
      pathRoute('/stream/72/index.m3u8', playlist),
      pathRoute('/stream/71/seg_000.ts', media),
      pathRoute('/stream/72/seg_001.ts', media),
    ]);
    await openEpisodeAhead(link('seriesId=7'));
    // Resumed 3.5 s in: the second segment (2–4 s), resolved against the playlist's address.
    await openEpisodeAhead(link('seriesId=7'));
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/stream/'))).toEqual([
      '/stream/71/index.m3u8',
      '/stream/71/seg_000.ts',
      '/stream/72/index.m3u8',
      '/stream/72/seg_001.ts',
    ]);
  });

  it('with a master playlist: the rendition it lists first, its init segment and the segment', async () => {
    const master = {
      text: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=240x426\n240p.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=540x960\n540p.m3u8\n',
    };
    const rung = {
      text: '#EXTM3U\n#EXT-X-MAP:URI="https://store.example/e/240p_init.mp4?sig=i"\n#EXTINF:2.000,\nhttps://store.example/e/240p_000.m4s?sig=0\n#EXT-X-ENDLIST\n',
    };
    const { calls } = stubApi([
      on(api.video.videos, { seriesId: 7 }).reply(ok(detail())),
      on(api.video.play, { videoId: 71 }).reply(ok({ ...played(71), playlistUrl: '/stream/71/master.m3u8' })),
      pathRoute('/stream/71/master.m3u8', master),
      pathRoute('/stream/71/240p.m3u8', rung),
      pathRoute('https://store.example/e/240p_init.mp4', { text: 'init' }),
      pathRoute('https://store.example/e/240p_000.m4s', { text: 'media' }),
    ]);
    await openEpisodeAhead(link('seriesId=7'));
    expect(calls.map((c) => c.url).filter((p) => !p.includes('/sv/'))).toEqual([
      expect.stringMatching(/\/stream\/71\/master\.m3u8$/),
      expect.stringMatching(/\/stream\/71\/240p\.m3u8$/),
      'https://store.example/e/240p_init.mp4?sig=i',
      'https://store.example/e/240p_000.m4s?sig=0',
    ]);
  });

  it('with the start rung named by the play answer: it and the master playlist at once, then its segments', async () => {
    // A master playlist that would lead elsewhere: the start rung is taken from the answer, not from it.
    const master = { text: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=240x426\n240p.m3u8\n' };
    const rung = {
      text: '#EXTM3U\n#EXT-X-MAP:URI="180p_init.mp4"\n#EXTINF:1.000,\n180p_000.m4s\n#EXT-X-ENDLIST\n',
    };
    const { calls } = stubApi([
      on(api.video.videos, { seriesId: 7 }).reply(ok(detail())),
      on(api.video.play, { videoId: 71 }).reply(
        ok({
          ...played(71),
          playlistUrl: '/stream/71/master.m3u8',
          startUrl: '/stream/71/180p.m3u8',
        }),
      ),
      pathRoute('/stream/71/master.m3u8', master),
      pathRoute('/stream/71/180p.m3u8', rung),
      pathRoute('/stream/71/180p_init.mp4', { text: 'init' }),
      pathRoute('/stream/71/180p_000.m4s', { text: 'media' }),
    ]);
    await openEpisodeAhead(link('seriesId=7'));
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/stream/'))).toEqual([
      '/stream/71/master.m3u8',
      '/stream/71/180p.m3u8',
      '/stream/71/180p_init.mp4',
      '/stream/71/180p_000.m4s',
    ]);
  });

  it('fetches no stream for a refused address or a refused playlist', async () => {
    const { calls } = stubApi([
      on(api.video.videos, { seriesId: 7 }).reply(ok(detail())),
      on(api.video.play, { videoId: 71 }).reply([refusal(409, 'Locked', 'EpisodeLocked'), ok(played(71))]),
      pathRoute('/stream/71/index.m3u8', refusal(403, 'Expired', 'Forbidden')),
    ]);
    await openEpisodeAhead(link('seriesId=7'));
    await openEpisodeAhead(link('seriesId=7'));
    expect(calls.map((c) => c.path)).toEqual([
      '/sv/videos/7',
      '/sv/play/71',
      '/sv/videos/7',
      '/sv/play/71',
      '/stream/71/index.m3u8',
    ]);
  });

  it('writes the paths of the contract: POST with no body', () => {
    expect(api.video.videos).toMatchObject({ method: 'POST', path: OPENING_PATHS.series });
    expect(api.video.play).toMatchObject({ method: 'POST', path: OPENING_PATHS.play });
  });
});
