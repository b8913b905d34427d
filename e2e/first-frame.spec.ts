import { expect, test } from '@playwright/test';
import { api } from '@dramastar/contract';
import { apiClient } from './client.js';
import { base, origin } from './flows.js';

// Issue 43: a guest's shared episode plays before the app's scripts have loaded (index.html's
// boot video), and the app's player takes over where it has got to, without starting again.

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

const guest = () => apiClient(origin());

/** A series on Home with a free episode and a paid one. */
async function episodesOnHome(): Promise<{ seriesId: number; free: number; paid: number }> {
  const home = await guest().call(api.video.homeSeries);
  for (const banner of home.banners) {
    const detail = await guest().call(api.video.videos, { params: { seriesId: banner.id } });
    const free = detail.episodes.find((e) => !e.locked);
    const paid = detail.episodes.find((e) => e.locked);
    if (free && paid) return { seriesId: banner.id, free: free.id, paid: paid.id };
  }
  throw new Error('no series on Home has a free and a paid episode');
}

interface Probe {
  openedAt: number | null;
  firstFrameAt: number | null;
}
const readProbe = () => (window as unknown as { __dsPlayer: Probe }).__dsPlayer;

interface Seen {
  /** The app's script has run (its player probe exists). */
  app: boolean;
  boot: { time: number; paused: boolean } | null;
}

const look = () =>
  ({
    app: '__dsPlayer' in window,
    boot: (() => {
      const video = document.querySelector<HTMLVideoElement>('#ds-boot video');
      return video ? { time: video.currentTime, paused: video.paused } : null;
    })(),
  }) satisfies Seen;

test('a shared free episode plays in the boot shell before the app has loaded, and the player takes over from there', async ({
  page,
}) => {
  const { seriesId, free } = await episodesOnHome();
  // The app's scripts are slow to come (as on 3G): held until the boot video has played a while.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Where the app's own video first plays (data-testid as details-player.tsx renders it).
  await page.addInitScript(() => {
    document.addEventListener(
      'playing',
      (event) => {
        const video = event.target as HTMLVideoElement;
        const seen = window as unknown as { __appPlayedAt?: number };
        if (video.dataset.testid === 'details-video' && seen.__appPlayedAt === undefined)
          seen.__appPlayedAt = video.currentTime;
      },
      true,
    );
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Not waiting for "load": that waits for the held scripts.
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${seriesId}&videoId=${free}`, {
    waitUntil: 'commit',
  });

  // Playing, with no app script yet.
  await expect.poll(() => page.evaluate(look)).toMatchObject({ app: false, boot: { paused: false } });
  await expect.poll(async () => (await page.evaluate(look)).boot?.time ?? 0).toBeGreaterThan(1);
  const before = (await page.evaluate(look)).boot!.time;
  release();

  // The app's player plays on from there (not from the start) and the boot shell is gone.
  const video = page.getByTestId('details-video');
  await expect(page.locator('#ds-boot')).toHaveCount(0);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  const playedAt = await page.evaluate(() => (window as unknown as { __appPlayedAt?: number }).__appPlayedAt);
  expect(playedAt).toBeGreaterThanOrEqual(before);
  // Its first frame is the boot video's: before the app opened the page.
  const probe = await page.evaluate(readProbe);
  expect(probe.firstFrameAt).not.toBeNull();
  expect(probe.firstFrameAt!).toBeLessThan(probe.openedAt!);
});

test('a paid episode opened cold by a guest gets no boot video: the paywall', async ({ page }) => {
  const { seriesId, paid } = await episodesOnHome();
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${seriesId}&videoId=${paid}`);
  await expect(page.getByTestId('unlock-prompt')).toBeVisible();
  expect(await page.evaluate(() => document.querySelectorAll('video[src^="blob:"]').length)).toBe(0);
  expect(await page.evaluate(() => '__dsBootVideo' in window)).toBe(false);
});

test("the first screen is painted from the page's own stylesheet, which no chunk fetches again", async ({
  page,
}) => {
  const stylesheets: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() >= 400 && pathname.startsWith('/assets/'))
      failed.push(`${response.status()} ${pathname}`);
  });
  const { seriesId, paid } = await episodesOnHome();
  // A paid episode: its paywall's chunks name the page's stylesheet among theirs.
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${seriesId}&videoId=${paid}`);
  await expect(page.getByTestId('unlock-prompt')).toBeVisible();

  const inline = await page.evaluate(() =>
    document.querySelector('link[rel="stylesheet"][disabled]')?.getAttribute('href'),
  );
  // The stylesheet written into the page is never fetched; no script or style the pages asked for failed.
  expect(inline).toMatch(/^\/assets\/web-[\w-]+\.css$/);
  expect(stylesheets).not.toContain(inline);
  expect(failed).toEqual([]);
});
