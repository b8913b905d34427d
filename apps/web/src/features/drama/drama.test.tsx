import { api } from '@dramastar/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSession } from '../../shared/store/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoginPanel } from '../../shared/auth/login-panel-store';
import { clearReturn, pendingReturn } from '../../shared/return-to';

import { dramaKeys } from './api/keys';
import { useSound } from './lib/sound';
import { useQuality } from '../../shared/store/video-quality';
import { showToast } from '../../shared/ui/toast';
import { ok, refusal, stubApi, type CallData, type OkAnswer, on, type Fake } from '../../test/fetch';
import {
  clearCookies,
  episode,
  sampleUser,
  series,
  tenantConfigAnswer,
  signIn,
  trialCards,
} from '../../test/fixtures';
import { renderAt } from '../../test/render-app';

// A notify is a longer toast: both land in the one mock the tests read.
vi.mock('../../shared/ui/toast', async () => (await import('../../test/fetch')).toastMock());

/** hls.js stand-in: records every instance and what was done with it. */
const hls = vi.hoisted(() => {
  interface FakeHls {
    url: string | null;
    media: HTMLMediaElement | null;
    destroyed: boolean;
    config: Record<string, unknown>;
    loading: boolean;
    levels: { width: number; height: number }[];
    autoLevelCapping: number;
    manualLevel: number;
    currentLevel: number;
    emit: (event: string) => void;
  }
  const instances: FakeHls[] = [];
  class Hls {
    static isSupported = () => true;
    url: string | null = null;
    media: HTMLMediaElement | null = null;
    destroyed = false;
    config: Record<string, unknown>;
    levels: { width: number; height: number }[] = [];
    autoLevelCapping = -1;
    manualLevel = -1;
    currentLevel = -1;
    bandwidthEstimate = 0;
    private handlers = new Map<string, (() => void)[]>();
    constructor(config: Record<string, unknown> = {}) {
      this.config = { ...config };
      instances.push(this);
    }
    set nextLevel(level: number) {
      this.manualLevel = level;
    }
    on(event: string, handler: () => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    /** Fires an hls.js event at the player's handlers. */
    emit(event: string) {
      for (const handler of this.handlers.get(event) ?? []) handler();
    }
    loadSource(url: string) {
      this.url = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    /** hls.js's own: a swiped-from Shorts item stops loading and resumes on a swipe back. */
    loading = true;
    stopLoad() {
      this.loading = false;
    }
    startLoad() {
      this.loading = true;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return { Hls, instances };
});

vi.mock('hls.js/light', () => ({
  default: hls.Hls,
  Events: {
    ERROR: 'hlsError',
    FRAG_LOADED: 'hlsFragLoaded',
    MANIFEST_PARSED: 'hlsManifestParsed',
    LEVEL_SWITCHED: 'hlsLevelSwitched',
  },
}));

/** A feed of series 1, episodes 1…n (4 and later locked). */
function feed(count: number, lockedFrom = 4): OkAnswer<CallData<typeof api.video.videosPage>> {
  const list = Array.from({ length: count }, (_, i) => ({
    series: series(1),
    episode: episode(i + 1, i + 1, { free: i + 1 < lockedFrom, locked: i + 1 >= lockedFrom }),
  }));
  return ok({ list, total: count });
}

function playRoutes(count: number): Fake[] {
  return Array.from({ length: count }, (_, index) =>
    on(api.video.play, { videoId: index + 1 }).reply(
      ok({
        videoId: index + 1,
        playlistUrl: `/stream/${index + 1}/sig/index.m3u8`,
        expiresAt: '2030-01-01T00:00:00.000Z',
        subtitles: [],
      }),
    ),
  );
}

const baseRoutes = [
  on(api.config.tenantConfig).reply(ok(tenantConfigAnswer)),
  on(api.user.getMessage).reply(ok({ list: [], total: 0, unread: 0 })),
];

const media = {
  play: vi.fn(() => Promise.resolve()),
  pause: vi.fn(),
  load: vi.fn(),
};

beforeEach(() => {
  hls.instances.length = 0;
  for (const fn of Object.values(media)) fn.mockClear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(media.play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(media.pause);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(media.load);
  vi.mocked(showToast).mockClear();
});

afterEach(() => {
  useSound.getState().setOn(false);
  clearCookies();
  useLoginPanel.setState({ visible: false, view: 'chooser' });
});

function stubClipboard() {
  const writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

function videos() {
  return [...document.querySelectorAll<HTMLVideoElement>('[data-testid="shorts-video"]')];
}

function instanceFor(videoId: number) {
  return hls.instances.find((instance) => instance.url === `/stream/${videoId}/sig/index.m3u8`);
}

describe('Shorts feed', () => {
  it('mutes again after "Tap for sound", remembers it, seeks on its bar and likes on a double tap', async () => {
    localStorage.removeItem('dramastar.sound');
    const server = stubApi([
      ...baseRoutes,
      on(api.video.videosPage).reply(feed(3, 99)),
      ...playRoutes(3),
      on(api.video.liking).reply(ok({ liked: true, likeCount: 8 })),
    ]);
    signIn();
    renderAt('#/pages/shorts/index');
    const feedElement = await screen.findByTestId('shorts-feed');
    const [first] = videos();
    await waitFor(() => expect(instanceFor(1)?.media).toBe(first));
    fireEvent(first!, new Event('canplay'));
    fireEvent(first!, new Event('playing'));
    Object.defineProperty(first!, 'duration', { value: 60, configurable: true });
    fireEvent(first!, new Event('durationchange'));

    // The feed leads into the episode page of the series, at this episode.
    expect(screen.getByTestId('shorts-full-series').getAttribute('href')).toMatch(/seriesId=1&videoId=1$/);

    // Sound on with a tap, off again with Mute: both remembered for the next visit.
    fireEvent.click(await screen.findByTestId('shorts-sound'));
    expect(first!.muted).toBe(false);
    expect(localStorage.getItem('dramastar.sound')).toBe('1');
    fireEvent.click(await screen.findByTestId('shorts-mute'));
    expect(first!.muted).toBe(true);
    expect(localStorage.getItem('dramastar.sound')).toBeNull();
    expect(await screen.findByTestId('shorts-sound')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('shorts-sound'));

    // The bar seeks the playing episode.
    const bar = await screen.findByTestId('shorts-progress');
    fireEvent.change(bar, { target: { value: '30' } });
    expect(first!.currentTime).toBe(30);

    // Two taps like the episode (once) and do not pause it; one tap pauses after a moment.
    media.pause.mockClear();
    fireEvent.click(feedElement);
    fireEvent.click(feedElement);
    await waitFor(() => expect(server.callsTo(api.video.liking)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(media.pause).not.toHaveBeenCalled();
    fireEvent.click(feedElement);
    fireEvent.click(feedElement);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.callsTo(api.video.liking)).toHaveLength(1);
    Object.defineProperty(first!, 'paused', { value: false, configurable: true });
    first!.setAttribute('src', 'blob:episode-1');
    fireEvent.click(feedElement);
    await waitFor(() => expect(media.pause).toHaveBeenCalled());
  });

  it('plays through a pool of three reused <video> elements and tears down what leaves it', async () => {
    const server = stubApi([...baseRoutes, on(api.video.videosPage).reply(feed(6, 99)), ...playRoutes(6)]);
    renderAt('#/pages/shorts/index');
    await screen.findByTestId('shorts-feed');
    const pool = videos();
    expect(pool).toHaveLength(3);

    // The first item is attached at once; its neighbour waits until it plays.
    await waitFor(() => expect(instanceFor(1)?.media).toBe(pool[0]));
    expect(instanceFor(2)).toBeUndefined();
    expect(pool[0]!.dataset.videoId).toBe('1');
    fireEvent(pool[0]!, new Event('canplay'));
    expect(media.play).toHaveBeenCalled();
    fireEvent(pool[0]!, new Event('playing'));
    await waitFor(() => expect(instanceFor(2)?.media).toBe(pool[1]));
    // The neighbour loads what starts it: one segment of its lowest rendition.
    expect(instanceFor(2)?.config).toMatchObject({
      maxBufferLength: 2,
      maxMaxBufferLength: 2,
      startLevel: 0,
    });
    const ladder = [
      { width: 240, height: 426 },
      { width: 360, height: 640 },
      { width: 540, height: 960 },
      { width: 720, height: 1280 },
    ];
    instanceFor(2)!.levels = ladder;
    instanceFor(2)!.emit('hlsManifestParsed');
    expect(instanceFor(2)?.autoLevelCapping).toBe(0);
    // The playing episode buffers a bounded time ahead.
    expect(instanceFor(1)?.config).toMatchObject({ maxBufferLength: 12, maxMaxBufferLength: 15 });
    // A playing episode is muted until a tap: the hint says so.
    expect(screen.getByTestId('shorts-sound').textContent).toBe('Tap for sound');
    expect(window.__dsPlayer?.activeVideoId).toBe(1);
    expect(window.__dsPlayer?.lastPlayingAt).not.toBeNull();

    // Swipe (keyboard) to item 2: it is in element 1 already, preloaded.
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    await waitFor(() =>
      expect(document.querySelector('[data-active="true"]')?.getAttribute('data-video-id')).toBe('2'),
    );
    expect(window.__dsPlayer?.lastPlayingAt).toBeNull();
    // The item swiped from keeps what it buffered but loads no more.
    expect(instanceFor(1)?.loading).toBe(false);
    // Promoted: it buffers as the current episode and may climb the ladder.
    expect(instanceFor(2)?.config).toMatchObject({ maxBufferLength: 12, maxMaxBufferLength: 15 });
    expect(instanceFor(2)?.autoLevelCapping).toBe(-1);
    fireEvent(pool[1]!, new Event('playing'));
    await waitFor(() => expect(instanceFor(3)?.media).toBe(pool[2]));
    expect(instanceFor(1)?.destroyed).toBe(false);

    // To item 3: item 1 leaves the window, its element is torn down and takes item 4.
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent(pool[2]!, new Event('playing'));
    await waitFor(() => expect(instanceFor(4)?.media).toBe(pool[0]));
    expect(instanceFor(1)?.destroyed).toBe(true);
    expect(media.load).toHaveBeenCalled();
    expect(pool[0]!.dataset.videoId).toBe('4');

    // Still the same three elements.
    expect(videos()).toEqual(pool);
    expect(server.callsTo(api.video.play, { videoId: 1 })).toHaveLength(1);
  });

  it('shows the unlock prompt on a locked item and never asks for its stream', async () => {
    const server = stubApi([...baseRoutes, on(api.video.videosPage).reply(feed(5, 1)), ...playRoutes(5)]);
    renderAt('#/pages/shorts/index');
    const prompt = await screen.findByTestId('unlock-prompt');
    expect(prompt.getAttribute('data-number')).toBe('1');
    expect(prompt.textContent).toContain('72-hour trial card');
    // A guest sees the promise and is offered the prices (no sign-in needed) or the login.
    expect(prompt.textContent).toContain('Cards never renew or charge you by themselves');
    expect(screen.getByTestId('unlock-star-card').textContent).toBe('See Star Card prices');
    expect(screen.getByTestId('unlock-login')).toBeInTheDocument();
    expect(screen.getByTestId('unlock-signup').textContent).toBe('Sign up for a free 72-hour trial');
    // Nothing plays here: no sound hint over the lock card.
    expect(screen.queryByTestId('shorts-sound')).toBeNull();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    await waitFor(() =>
      expect(
        document
          .querySelector('[data-active="true"] [data-testid="unlock-prompt"]')
          ?.getAttribute('data-number'),
      ).toBe('2'),
    );
    expect(server.calls.filter((call) => call.path.startsWith('/sv/play/'))).toHaveLength(0);
    expect(hls.instances).toHaveLength(0);

    fireEvent.click(screen.getByTestId('unlock-login'));
    expect(useLoginPanel.getState().visible).toBe(true);
  });

  it('asks a guest to log in before liking, and likes for a signed-in viewer', async () => {
    const server = stubApi([
      ...baseRoutes,
      on(api.video.videosPage).reply(feed(3)),
      ...playRoutes(3),
      on(api.video.liking).reply(ok({ liked: true, likeCount: 3 })),
      on(api.video.myFavoList, { id: 1 }).reply(ok({ favorited: false })),
      on(api.user.info).reply(ok(sampleUser())),
    ]);
    renderAt('#/pages/shorts/index');
    await screen.findByTestId('shorts-feed');
    const like = () =>
      document.querySelector<HTMLElement>('[data-active="true"] [data-testid="shorts-like"]')!;
    await waitFor(() => expect(like()).toBeInTheDocument());
    fireEvent.click(like());
    expect(useLoginPanel.getState().visible).toBe(true);
    expect(server.callsTo(api.video.liking)).toHaveLength(0);

    act(() => useLoginPanel.setState({ visible: false }));
    signIn();
    fireEvent.click(like());
    await waitFor(() => expect(like().getAttribute('aria-pressed')).toBe('true'));
    expect(server.callsTo(api.video.liking)[0]!.json).toEqual({ videoId: 1 });
    expect(like().textContent).toContain('3');
  });

  it('share copies the drainage link of the episode with the viewer’s invite code', async () => {
    const writeText = stubClipboard();
    signIn();
    stubApi([
      ...baseRoutes,
      on(api.video.videosPage).reply(feed(2)),
      ...playRoutes(2),
      on(api.video.myFavoList, { id: 1 }).reply(ok({ favorited: false })),
      on(api.user.info).reply(ok(sampleUser())),
    ]);
    renderAt('#/pages/shorts/index');
    await screen.findByTestId('shorts-feed');
    await waitFor(() =>
      expect(document.querySelector('[data-active="true"] [data-testid="shorts-share"]')).toBeInTheDocument(),
    );
    fireEvent.click(document.querySelector('[data-active="true"] [data-testid="shorts-share"]')!);
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        `${window.location.origin}/#/pages/drainage/index?seriesId=1&videoId=1&inviteCode=AB12CD34`,
      ),
    );
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });
  it('share waits for a just-signed-in viewer’s profile, so the link keeps their invite code', async () => {
    const writeText = stubClipboard();
    // Signed in, the profile not loaded yet (the app has just opened with a stored session).
    act(() => useSession.getState().login('tok-1'));
    stubApi([
      ...baseRoutes,
      on(api.video.videosPage).reply(feed(2)),
      ...playRoutes(2),
      on(api.video.myFavoList, { id: 1 }).reply(ok({ favorited: false })),
      on(api.user.info).reply(ok(sampleUser())),
    ]);
    renderAt('#/pages/shorts/index');
    const share = () =>
      document.querySelector<HTMLElement>('[data-active="true"] [data-testid="shorts-share"]');
    await waitFor(() => expect(share()).toBeInTheDocument());
    act(() => useSession.setState({ userInfo: null, userDetail: null }));
    fireEvent.click(share()!);
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        `${window.location.origin}/#/pages/drainage/index?seriesId=1&videoId=1&inviteCode=AB12CD34`,
      ),
    );
  });
});

describe('Help promote dramas', () => {
  it('copies a guest’s link without an invite code and a signed-in viewer’s with it', async () => {
    const writeText = stubClipboard();
    stubApi([
      ...baseRoutes,
      on(api.video.allSeries).reply(ok({ list: [series(7)], total: 1 })),
      on(api.user.info).reply(ok(sampleUser())),
    ]);
    renderAt('#/pages/profile/dramas/index');
    fireEvent.click(await screen.findByTestId('dramas-share-7'));
    await waitFor(() =>
      expect(writeText).toHaveBeenLastCalledWith(
        `${window.location.origin}/#/pages/drainage/index?seriesId=7`,
      ),
    );
    signIn();
    fireEvent.click(await screen.findByText('OK'));
    fireEvent.click(screen.getByTestId('dramas-share-7'));
    await waitFor(() =>
      expect(writeText).toHaveBeenLastCalledWith(
        `${window.location.origin}/#/pages/drainage/index?seriesId=7&inviteCode=AB12CD34`,
      ),
    );
  });
});

describe('Home page', () => {
  it('shows the sections in the order given, with the operator’s title or the app’s own', async () => {
    stubApi([
      ...baseRoutes,
      on(api.video.homeSeries).reply(
        ok({
          banners: [],
          sections: [
            { key: 'picks', title: 'Editors’ picks', series: [series(3), series(1)] },
            { key: 'hot', title: null, series: [series(1)] },
            // An answer without titles (an older server) still shows the built-in ones.
            { key: 'ranking', series: [series(2)] },
          ],
          categories: [],
        }),
      ),
      on(api.video.allSeries).reply(ok({ list: [], total: 0 })),
    ]);
    renderAt('#/');
    const picks = await screen.findByTestId('home-section-picks');
    expect(picks.querySelector('h2')?.textContent).toBe('Editors’ picks');
    expect([...picks.querySelectorAll('.ds-card__title')].map((e) => e.textContent)).toEqual([
      'Series 3',
      'Series 1',
    ]);
    const order = [...document.querySelectorAll('[data-testid^="home-section-"]')].map((e) => [
      e.getAttribute('data-testid'),
      e.querySelector('h2')?.textContent,
    ]);
    expect(order).toEqual([
      ['home-section-picks', 'Editors’ picks'],
      ['home-section-hot', 'Hot now'],
      ['home-section-ranking', 'Top ranked'],
    ]);
  });
  it('keeps its sections when a refresh fails, and shows the error page only with nothing to show', async () => {
    let answers = 0;
    stubApi([
      ...baseRoutes,
      on(api.video.homeSeries).reply(() =>
        answers++ === 0
          ? ok({ banners: [], sections: [{ key: 'hot', series: [series(1)] }], categories: [] })
          : refusal(500, 'Server busy'),
      ),
      on(api.video.allSeries).reply(ok({ list: [], total: 0 })),
    ]);
    const { queryClient } = renderAt('#/');
    await screen.findByTestId('home-section-hot');
    await act(() => queryClient.refetchQueries({ queryKey: dramaKeys.home() }));
    expect(answers).toBe(2);
    expect(screen.getByTestId('home-section-hot')).toBeInTheDocument();
    expect(screen.queryByTestId('home-error')).toBeNull();
  });

  it('shows the error page when its first answer fails', async () => {
    stubApi([...baseRoutes, on(api.video.homeSeries).reply(refusal(500, 'Server busy'))]);
    renderAt('#/');
    expect(await screen.findByTestId('home-error')).toBeInTheDocument();
    expect(screen.queryByTestId('home-section-hot')).toBeNull();
  });
});

describe('the first screen drawn by index.html', () => {
  it('stays until Home has its content, then gives way', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi([
      ...baseRoutes,
      on(api.video.homeSeries).reply(async () => {
        await answered;
        return ok({ banners: [series(1)], sections: [{ key: 'hot', series: [series(1)] }], categories: [] });
      }),
      on(api.video.allSeries).reply(ok({ list: [], total: 0 })),
    ]);
    const shell = document.body.appendChild(document.createElement('div'));
    shell.id = 'ds-boot';
    renderAt('#/');
    await screen.findByTestId('home-page');
    expect(document.getElementById('ds-boot')).not.toBeNull();
    answer();
    await screen.findByTestId('home-banner');
    await waitFor(() => expect(document.getElementById('ds-boot')).toBeNull());
  });

  it('gives way when Home is left before its content came', async () => {
    stubApi([...baseRoutes, on(api.video.homeSeries).reply(() => new Promise(() => undefined))]);
    const shell = document.body.appendChild(document.createElement('div'));
    shell.id = 'ds-boot';
    renderAt('#/');
    await screen.findByTestId('home-page');
    expect(document.getElementById('ds-boot')).not.toBeNull();
    window.location.hash = '#/pages/search/index';
    await waitFor(() => expect(document.getElementById('ds-boot')).toBeNull());
  });
});

describe('Search', () => {
  it('searches 300 ms after typing stops, and keeps recent searches', async () => {
    const server = stubApi([
      ...baseRoutes,
      // Hot now follows the catalogue's hot order, even where the home page hides that section.
      on(api.video.homeSeries).reply(ok({ banners: [], sections: [], categories: [] })),
      on(api.video.allSeries).reply(ok({ list: [series(1)], total: 1 })),
      on(api.video.page).reply((call) => {
        const keyword = new URL(call.url, 'http://x').searchParams.get('keyword');
        return keyword === 'love'
          ? ok({ list: [series(5, { title: 'Love in Manila' })], total: 1 })
          : ok({ list: [], total: 0 });
      }),
    ]);
    renderAt('#/pages/search/index');
    expect(await screen.findByTestId('search-hot-1')).toBeInTheDocument();
    const input = screen.getByTestId('search-input');
    fireEvent.change(input, { target: { value: 'l' } });
    fireEvent.change(input, { target: { value: 'lo' } });
    fireEvent.change(input, { target: { value: 'love' } });
    expect(server.callsTo(api.video.page)).toHaveLength(0);
    expect(await screen.findByTestId('search-result-5')).toBeInTheDocument();
    expect(server.callsTo(api.video.page)).toHaveLength(1);
    expect(server.callsTo(api.video.page)[0]!.json).toMatchObject({ keyword: 'love', pageNum: 1 });

    fireEvent.submit(input.closest('form')!);
    fireEvent.change(input, { target: { value: 'zzz' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByTestId('search-empty')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('dramastar.recentSearches')!)).toEqual(['zzz', 'love']);

    fireEvent.click(screen.getByTestId('search-clear'));
    const recent = await screen.findByTestId('recent-searches');
    expect(recent.textContent).toContain('zzz');
    fireEvent.click(screen.getByTestId('recent-clear'));
    expect(screen.queryByTestId('recent-searches')).toBeNull();
    expect(localStorage.getItem('dramastar.recentSearches')).toBeNull();
  });

  it('keeps at most ten recent searches', async () => {
    const { addRecentSearch, readRecentSearches } = await import('./lib/recent-searches');
    for (let i = 0; i < 12; i += 1) addRecentSearch(`word ${i}`);
    addRecentSearch('WORD 11');
    expect(readRecentSearches()).toHaveLength(10);
    expect(readRecentSearches()[0]).toBe('WORD 11');
    expect(readRecentSearches()).not.toContain('word 11');
  });
});

describe('History', () => {
  it('asks a guest to log in', async () => {
    stubApi(baseRoutes);
    renderAt('#/pages/profile/history/index');
    expect(await screen.findByTestId('login-required')).toBeInTheDocument();
  });

  it('lists what was watched and deletes an entry', async () => {
    signIn();
    const entry = {
      series: series(4, { title: 'Midnight in Saigon' }),
      videoId: 40,
      number: 2,
      progress: 30,
      duration: 60,
      updatedAt: '2026-01-02T10:00:00.000Z',
    };
    const server = stubApi([
      ...baseRoutes,
      on(api.user.info).reply(ok(sampleUser())),
      on(api.video.queryViewHis).reply([ok({ list: [entry], total: 1 }), ok({ list: [], total: 0 })]),
      on(api.video.deleteViewHis).reply(ok(null)),
    ]);
    renderAt('#/pages/profile/history/index');
    const item = await screen.findByTestId('history-item-4');
    expect(item.textContent).toContain('EP 2 / 6');
    expect(item.textContent).toContain('0:30 / 1:00');
    fireEvent.click(screen.getByTestId('history-delete-4'));
    expect(await screen.findByTestId('history-empty')).toBeInTheDocument();
    expect(server.callsTo(api.video.deleteViewHis)[0]!.url).toContain('seriesId=4');
  });

  it('lists the liked episodes, each opening at that episode', async () => {
    signIn();
    const user = sampleUser();
    const server = stubApi([
      ...baseRoutes,
      on(api.user.info).reply(ok(user)),
      on(api.video.myLikes, { userId: user.userId }).reply(
        ok({
          list: [
            { series: series(4, { title: 'Midnight in Saigon' }), episode: episode(41, 5, { seriesId: 4 }) },
          ],
          total: 1,
        }),
      ),
    ]);
    renderAt('#/pages/profile/history/index?tab=liked');
    const item = await screen.findByTestId('liked-item-41');
    expect(item.textContent).toContain('Midnight in Saigon');
    expect(item.textContent).toContain('Episode 5');
    expect(item.querySelector('a')?.getAttribute('href')).toBe(
      '#/pages/shorts/videoDetails?seriesId=4&videoId=41',
    );
    expect(server.callsTo(api.video.myLikes, { userId: user.userId })[0]!.json).toEqual({
      pageNum: 1,
      pageSize: 20,
    });
  });
});

describe('Drainage page', () => {
  it('remembers the invite code and opens the register view for guests', async () => {
    stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 3 }).reply(
        ok({
          series: series(3, { title: 'Revenge of the Heiress' }),
          episodes: [episode(30, 1, { seriesId: 3 })],
          favorited: false,
          progress: null,
        }),
      ),
    ]);
    renderAt('#/pages/drainage/index?seriesId=3&inviteCode=ZX98YW76');
    await screen.findByTestId('drainage-watch');
    expect(screen.getByTestId('drainage-page').textContent).toContain('Revenge of the Heiress');
    expect(document.cookie).toContain('inviteInfo=ZX98YW76');
    fireEvent.click(screen.getByTestId('drainage-signup'));
    expect(useLoginPanel.getState()).toMatchObject({ visible: true, view: 'register' });
  });

  it('opens the shared episode from “Watch now”', async () => {
    stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 3 }).reply(
        ok({
          series: series(3),
          episodes: [episode(30, 1, { seriesId: 3 }), episode(31, 2, { seriesId: 3 })],
          favorited: false,
          progress: null,
        }),
      ),
      on(api.video.play, { videoId: 31 }).reply(
        ok({
          videoId: 31,
          playlistUrl: '/stream/31/sig/index.m3u8',
          expiresAt: '2030-01-01T00:00:00.000Z',
          subtitles: [],
        }),
      ),
    ]);
    renderAt('#/pages/drainage/index?seriesId=3&videoId=31&inviteCode=ZX98YW76');
    fireEvent.click(await screen.findByTestId('drainage-watch'));
    await waitFor(() =>
      expect(window.location.hash).toBe('#/pages/shorts/videoDetails?seriesId=3&videoId=31'),
    );
  });

  it('keeps the invite code of a shared episode link opened straight on the episode', async () => {
    stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 3 }).reply(
        ok({
          series: series(3),
          episodes: [episode(30, 1, { seriesId: 3 })],
          favorited: false,
          progress: null,
        }),
      ),
      on(api.video.play, { videoId: 30 }).reply(
        ok({
          videoId: 30,
          playlistUrl: '/stream/30/sig/index.m3u8',
          expiresAt: '2030-01-01T00:00:00.000Z',
          subtitles: [],
        }),
      ),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=3&inviteCode=QW34ER56');
    await waitFor(() => expect(document.cookie).toContain('inviteInfo=QW34ER56'));
  });
});

describe('Video details', () => {
  it('moving to another series never draws the first one under the new address', async () => {
    let answerSecond!: () => void;
    const second = new Promise<void>((resolve) => (answerSecond = resolve));
    stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 1 }).reply(
        ok({ series: series(1), episodes: [episode(1, 1)], favorited: false, progress: null }),
      ),
      on(api.video.videos, { seriesId: 2 }).reply(async () => {
        await second;
        return ok({
          series: series(2),
          episodes: [episode(20, 1, { seriesId: 2 })],
          favorited: false,
          progress: null,
        });
      }),
      ...playRoutes(1),
      on(api.video.play, { videoId: 20 }).reply(
        ok({
          videoId: 20,
          playlistUrl: '/stream/20/sig/index.m3u8',
          expiresAt: '2030-01-01T00:00:00.000Z',
          subtitles: [],
        }),
      ),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1');
    await waitFor(() => expect(screen.getByTestId('details-page')).toHaveAttribute('data-video-id', '1'));
    // Every state the page is drawn in, from here on: series and episode.
    const drawn = new Set<string>();
    const observer = new MutationObserver(() => {
      const page = document.querySelector('[data-testid="details-page"]');
      if (page) drawn.add(`${page.getAttribute('data-series-id')}:${page.getAttribute('data-video-id')}`);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    // Not in act(): each commit is its own task, seen by the observer before the next.
    window.location.hash = '#/pages/shorts/videoDetails?seriesId=2';
    await waitFor(() => expect(screen.queryByTestId('details-page')).toBeNull());
    answerSecond();
    await waitFor(() => expect(screen.getByTestId('details-page')).toHaveAttribute('data-video-id', '20'));
    observer.disconnect();
    expect([...drawn].filter((state) => state.startsWith('2:'))).toEqual(['2:20']);
    expect(hls.instances.some((instance) => instance.url === '/stream/20/sig/index.m3u8')).toBe(true);
  });

  it('offers Auto or a fixed quality and the data saver, applied to the playing episode and kept', async () => {
    stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 1 }).reply(
        ok({ series: series(1), episodes: [episode(1, 1)], favorited: false, progress: null }),
      ),
      ...playRoutes(1),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1&videoId=1');
    await waitFor(() => expect(instanceFor(1)).toBeDefined());
    const player = instanceFor(1)!;
    // A cold open starts at the lowest rendition and climbs, buffering a bounded time ahead.
    expect(player.config).toMatchObject({ startLevel: 0, maxBufferLength: 12, maxMaxBufferLength: 15 });
    // Nothing to choose yet: the button keeps its place, unseen and out of reach.
    expect(screen.getByTestId('details-quality')).toBeDisabled();
    expect(screen.getByTestId('details-quality').closest('.ds-speed--waiting')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    player.levels = [
      { width: 240, height: 426 },
      { width: 360, height: 640 },
      { width: 540, height: 960 },
      { width: 720, height: 1280 },
    ];
    player.currentLevel = 1;
    act(() => {
      player.emit('hlsManifestParsed');
      player.emit('hlsLevelSwitched');
    });
    const button = await screen.findByTestId('details-quality');
    // Auto: a gear alone (a word would squeeze the seek bar in vn and id); a fixed rung is shown.
    expect(button.textContent).toBe('');
    expect(button.getAttribute('aria-label')).toBe('Video quality');
    fireEvent.click(button);
    expect(screen.getByTestId('details-quality-auto').textContent).toBe('Auto (360p)');
    expect([...screen.getAllByRole('menuitemradio')].map((item) => item.textContent)).toEqual([
      'Auto (360p)',
      '720p',
      '540p',
      '360p',
      '240p',
    ]);

    // A fixed quality: that rendition from the next segment, and for the next episodes.
    fireEvent.click(screen.getByTestId('details-quality-540'));
    expect(player.manualLevel).toBe(2);
    expect(screen.getByTestId('details-quality').textContent).toBe('540p');
    expect(JSON.parse(localStorage.getItem('videoQuality')!)).toEqual({ choice: 540, dataSaver: null });

    // The data saver: nothing above 360p, the fixed choice held to it.
    fireEvent.click(screen.getByTestId('details-quality'));
    fireEvent.click(screen.getByTestId('details-data-saver'));
    expect(screen.getByTestId('details-data-saver').getAttribute('aria-checked')).toBe('true');
    expect(player.autoLevelCapping).toBe(1);
    expect(player.manualLevel).toBe(1);
    expect(screen.getByTestId<HTMLButtonElement>('details-quality-720').disabled).toBe(true);
    expect(screen.getByTestId('details-quality').textContent).toBe('360p');

    // Back to Auto, the saver still on: the player's choice, up to 360p.
    fireEvent.click(screen.getByTestId('details-quality-auto'));
    expect([player.manualLevel, player.autoLevelCapping]).toEqual([-1, 1]);
    fireEvent.click(screen.getByTestId('details-quality'));
    fireEvent.click(screen.getByTestId('details-data-saver'));
    expect([player.manualLevel, player.autoLevelCapping]).toEqual([-1, -1]);
    expect(JSON.parse(localStorage.getItem('videoQuality')!)).toEqual({ choice: 'auto', dataSaver: false });
    act(() => useQuality.setState({ choice: 'auto', dataSaver: null }));
    localStorage.removeItem('videoQuality');
  });

  it('shows the unlock prompt for a locked episode without asking for its stream', async () => {
    const server = stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 1 }).reply(
        ok({
          series: series(1),
          episodes: [episode(1, 1), episode(2, 2), episode(3, 3), episode(4, 4)],
          favorited: false,
          progress: null,
        }),
      ),
      ...playRoutes(4),
      on(api.video.play, { videoId: 4 }).reply(refusal(409, 'Locked', 'EpisodeLocked')),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1&videoId=4');
    expect((await screen.findByTestId('unlock-prompt')).getAttribute('data-number')).toBe('4');
    expect(screen.getByTestId('details-episode-4').getAttribute('data-locked')).toBe('true');
    expect(server.calls.filter((call) => call.path.startsWith('/sv/play/'))).toHaveLength(0);
    fireEvent.click(screen.getByTestId('details-episode-2'));
    await waitFor(() => expect(instanceFor(2)?.url).toBe(`/stream/2/sig/index.m3u8`));
  });

  it('activates the viewer’s trial card on the paywall, after a confirmation, and plays the episode there', async () => {
    signIn();
    const locked = {
      series: series(1),
      episodes: [episode(1, 1), episode(4, 4)],
      favorited: false,
      progress: null,
    };
    const unlocked = { ...locked, episodes: [episode(1, 1), episode(4, 4, { locked: false })] };
    let active = false;
    const server = stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 1 }).reply(() => ok(active ? unlocked : locked)),
      on(api.user.trialCards).reply(ok(trialCards())),
      on(api.user.getTrialCard).reply(() => {
        active = true;
        return ok({ hours: 72, activeUntil: '2030-01-01T00:00:00.000Z', owned: [], sent: [] });
      }),
      ...playRoutes(4),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1&videoId=4');
    await screen.findByTestId('unlock-prompt');
    fireEvent.click(screen.getByTestId('unlock-trial'));
    // The hours start at once: the confirmation says so before anything happens.
    await waitFor(() => expect(screen.getByTestId('unlock-trial-confirm').textContent).toContain('72 hours'));
    expect(server.callsTo(api.user.getTrialCard)).toHaveLength(0);
    fireEvent.click(screen.getByText('Activate now'));
    await waitFor(() => expect(instanceFor(4)?.url).toBe(`/stream/4/sig/index.m3u8`));
    expect(screen.queryByTestId('unlock-prompt')).toBeNull();
    expect(window.location.hash).toContain('videoId=4');
    expect(server.callsTo(api.user.getTrialCard)).toHaveLength(1);
  });

  it('remembers the episode when its paywall leads to the Star Card prices', async () => {
    stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 1 }).reply(
        ok({ series: series(1), episodes: [episode(4, 4)], favorited: false, progress: null }),
      ),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1&videoId=4');
    fireEvent.click(await screen.findByTestId('unlock-star-card'));
    await waitFor(() => expect(window.location.hash).toBe('#/pages/earn/strategy'));
    expect(pendingReturn()).toBe('/pages/shorts/videoDetails?seriesId=1&videoId=4');
    clearReturn();
  });

  it('says so on the paywall when the viewer’s trial card is gone by then, and leads to getting one', async () => {
    signIn();
    stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 1 }).reply(
        ok({ series: series(1), episodes: [episode(4, 4)], favorited: false, progress: null }),
      ),
      on(api.user.trialCards).reply(ok(trialCards())),
      on(api.user.getTrialCard).reply(refusal(409, 'You have no unused trial card', 'TrialCardNone')),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1&videoId=4');
    await screen.findByTestId('unlock-prompt');
    fireEvent.click(screen.getByTestId('unlock-trial'));
    fireEvent.click(await screen.findByText('Activate now'));
    expect((await screen.findByTestId('unlock-trial-error')).textContent).toBe(
      'You have no unused trial card',
    );
    fireEvent.click(screen.getByTestId('unlock-trial-more'));
    await waitFor(() => expect(window.location.hash).toContain('pointsTrial'));
  });

  it('resumes the episode where the viewer stopped', async () => {
    stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 1 }).reply(
        ok({
          series: series(1),
          episodes: [episode(1, 1), episode(2, 2)],
          favorited: false,
          progress: { videoId: 2, number: 2, progress: 42 },
        }),
      ),
      ...playRoutes(2),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1');
    await waitFor(() => expect(instanceFor(2)?.url).toBe(`/stream/2/sig/index.m3u8`));
    expect(instanceFor(2)?.config.startPosition).toBe(42);
    expect(screen.getByTestId('details-page').getAttribute('data-video-id')).toBe('2');
  });

  it('plays an episode that failed offline again by itself when the network returns', async () => {
    let offline = true;
    const server = stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 1 }).reply(
        ok({ series: series(1), episodes: [episode(1, 1)], favorited: false, progress: null }),
      ),
      on(api.video.play, { videoId: 1 }).reply(() =>
        offline
          ? refusal(503, 'Service unavailable', 'ServiceUnavailable')
          : ok({
              videoId: 1,
              playlistUrl: '/stream/1/sig/index.m3u8',
              expiresAt: '2030-01-01T00:00:00.000Z',
              subtitles: [],
            }),
      ),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1&videoId=1');
    await screen.findByText('This episode could not be played.');
    expect(instanceFor(1)).toBeUndefined();
    offline = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(instanceFor(1)?.url).toBe(`/stream/1/sig/index.m3u8`));
    expect(server.callsTo(api.video.play, { videoId: 1 }).length).toBeGreaterThanOrEqual(2);
  });

  it('moves to the next episode on a swipe up over the player and back on a swipe down', async () => {
    stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 1 }).reply(
        ok({
          series: series(1),
          episodes: [episode(1, 1), episode(2, 2), episode(3, 3)],
          favorited: false,
          progress: null,
        }),
      ),
      ...playRoutes(3),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1&videoId=2');
    const page = await screen.findByTestId('details-page');
    const stage = screen.getByTestId('details-stage');
    const drag = (from: number, to: number) => {
      fireEvent.pointerDown(stage, { pointerId: 1, clientX: 200, clientY: from, button: 0 });
      fireEvent.pointerUp(stage, { pointerId: 1, clientX: 205, clientY: to, button: 0 });
    };
    drag(600, 300);
    await waitFor(() => expect(page.getAttribute('data-video-id')).toBe('3'));
    await waitFor(() => expect(instanceFor(3)?.url).toBe(`/stream/3/sig/index.m3u8`));
    drag(300, 600);
    await waitFor(() => expect(page.getAttribute('data-video-id')).toBe('2'));
    // A short drag, or a sideways one, is no swipe.
    drag(300, 330);
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 50, clientY: 400, button: 0 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 350, clientY: 300, button: 0 });
    expect(page.getAttribute('data-video-id')).toBe('2');
    // The series' actions lie over the picture; Episodes leads to the grid.
    expect(stage.querySelector('[data-testid="details-like"]')).not.toBeNull();
    expect(screen.getByTestId('details-episodes')).toBeInTheDocument();
  });

  it('shows a series that is not here as not found, with a way home and no toast', async () => {
    stubApi([
      ...baseRoutes,
      on(api.video.videos, { seriesId: 77 }).reply(refusal(404, 'Not found', 'NotFound')),
    ]);
    vi.mocked(showToast).mockClear();
    renderAt('#/pages/shorts/videoDetails?seriesId=77');
    const view = await screen.findByTestId('details-not-found');
    expect(view.textContent).not.toContain('could not reach');
    expect(screen.queryByText('Retry')).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Back to Home'));
    await screen.findByTestId('tab-home');
  });
});
