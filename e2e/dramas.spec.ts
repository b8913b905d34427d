import { expect, type Page, test } from '@playwright/test';
import { api } from '@dramastar/contract';
import { apiClient } from './client.js';
import { base, origin } from './flows.js';
import { codeFor, mailCount } from './mailbox.js';

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

/** The current time of the first video matching `selector`, after it has had a moment to play. */
async function playsOn(page: Page, selector: string): Promise<void> {
  const video = page.locator(selector).first();
  await expect(video).toBeAttached();
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(start + 0.3);
}

/** The API as a guest (the contract's client). */
const guest = () => apiClient(origin());

/** A signed-in viewer made through the API (the code read from the real SMTP server). */
async function signedInViewer(page: Page): Promise<string> {
  const email = `viewer-${Date.now().toString(36)}@example.ph`;
  const before = mailCount();
  await guest().call(api.auth.sendEmailCode, { body: { email, isRegister: 1 } });
  const code = await codeFor(email, before);
  const reg = await guest().call(api.auth.register, {
    body: { email, phone: '912345678', areaCode: '+84', verifyCode: code },
  });
  const token = reg.access_token;
  await page.addInitScript((t) => localStorage.setItem('user_token', t), token);
  return token;
}

test('opens a series from Home and its first episode plays', async ({ page }) => {
  await page.goto(`${base()}/`);
  await expect(page.getByTestId('home-banner')).toBeVisible();
  await expect(page.getByTestId('home-section-hot')).toBeVisible();
  await page.getByTestId('home-section-hot').locator('[data-testid^="series-card-"]').first().click();
  await expect(page.getByTestId('details-page')).toBeVisible();
  await playsOn(page, '[data-testid="details-video"]');
});

test('sharing a series shows its popup whole on a phone screen, nothing wider than its box', async ({
  page,
}) => {
  await page.goto(`${base()}/`);
  await page.getByTestId('home-section-hot').locator('[data-testid^="series-card-"]').first().click();
  await page.getByTestId('details-share').click();
  const body = page.locator('.ds-confirm__body');
  await expect(body).toBeVisible();
  const [inner, box] = await Promise.all([
    body.boundingBox(),
    page.locator('.ds-confirm .adm-center-popup-body').boundingBox(),
  ]);
  expect(inner).not.toBeNull();
  expect(box).not.toBeNull();
  expect(inner!.x).toBeGreaterThanOrEqual(box!.x - 0.5);
  expect(inner!.x + inner!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('after the connection drops, sharing still opens its popup and the page stays as it was', async ({
  page,
  context,
}) => {
  await page.goto(`${base()}/`);
  await page.getByTestId('home-section-hot').locator('[data-testid^="series-card-"]').first().click();
  await playsOn(page, '[data-testid="details-video"]');
  // The popups' files are fetched once the page has loaded (shared/parts-ahead.ts), not run.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/confirm-popup-view-[\w-]+\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  await page.evaluate(() => Object.assign(window, { stayed: true }));
  await context.setOffline(true);
  try {
    await page.getByTestId('details-share').click();
    await expect(page.locator('.ds-confirm__body')).toBeVisible();
    expect(await page.evaluate(() => 'stayed' in window)).toBe(true);
  } finally {
    await context.setOffline(false);
  }
});

test('swipes in Shorts to the next episode, which plays', async ({ page }) => {
  await page.goto(`${base()}/pages/shorts/index`);
  await expect(page.getByTestId('shorts-feed')).toBeVisible();
  const active = page.locator('[data-testid="shorts-item"][data-active="true"]');
  await expect(active).toHaveAttribute('data-index', '0');
  const firstVideo = await active.getAttribute('data-video-id');
  await playsOn(page, `[data-testid="shorts-video"][data-video-id="${firstVideo}"]`);
  await page.keyboard.press('ArrowDown');
  await expect(active).toHaveAttribute('data-index', '1');
  const next = await active.getAttribute('data-video-id');
  expect(next).not.toBe(firstVideo);
  await playsOn(page, `[data-testid="shorts-video"][data-video-id="${next}"]`);
});

test('Shorts opened cold shows the first poster before the app has run, then the feed under the same poster', async ({
  page,
}) => {
  await page.goto(`${base()}/pages/shorts/index`);
  // index.html drew it from the boot data, before any of the app's script had run.
  const poster = await page.evaluate(() => (window as unknown as { __dsShort: string | null }).__dsShort);
  expect(poster).toMatch(/poster/);
  await expect(page.locator('[data-testid="shorts-video"][data-index="0"]')).toHaveAttribute(
    'poster',
    poster!,
  );
  await expect(page.locator('#ds-boot')).toHaveCount(0);
  // Not when the feed resumes further down in this tab: that poster would be the wrong one.
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-testid="shorts-item"][data-active="true"]')).toHaveAttribute(
    'data-index',
    '1',
  );
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { __dsShort: string | null }).__dsShort)).toBeNull();
});

/**
 * The second episode of a series on Home that has one (other tests upload one-episode series that
 * may lead Home).
 */
async function secondEpisode(): Promise<{ seriesId: number; second: { id: number; poster: string } }> {
  const home = await guest().call(api.video.homeSeries);
  for (const banner of home.banners) {
    const detail = await guest().call(api.video.videos, { params: { seriesId: banner.id } });
    const second = detail.episodes[1];
    if (second) return { seriesId: banner.id, second };
  }
  throw new Error('no series on Home has two episodes');
}

test('a shared episode link asks its series and its episode’s address as the app starts, once each', async ({
  page,
}) => {
  const { seriesId, second } = await secondEpisode();
  const asked: string[] = [];
  let played: () => void = () => undefined;
  const playAsked = new Promise<void>((resolve) => (played = resolve));
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (!/^\/app-api\/sv\/(videos|play)\//.test(path)) return;
    asked.push(path);
    if (path.startsWith('/app-api/sv/play/')) played();
  });
  // The page's script arrives only once the episode's address has been asked: without the app
  // asking ahead, nothing would ask it and the page would never play.
  await page.route(/\/assets\/video-details-page-[\w-]+\.js$/, async (route) => {
    await playAsked;
    await route.continue();
  });
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${seriesId}&videoId=${second.id}`);
  await playsOn(page, '[data-testid="details-video"]');
  expect(asked).toEqual([`/app-api/sv/videos/${seriesId}`, `/app-api/sv/play/${second.id}`]);
});

test('a guest’s details page opened cold shows its episode’s poster before the app has run, then the player under it', async ({
  page,
}) => {
  const { seriesId, second } = await secondEpisode();
  const address = `${base()}/pages/shorts/videoDetails?seriesId=${seriesId}&videoId=${second.id}`;
  // Without the app's script: index.html alone draws the header and the poster.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(address);
  const still = page.locator('#ds-boot img');
  await expect.poll(() => still.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await still.getAttribute('src')).toBe(`/poster/${seriesId}?videoId=${second.id}`);
  // With it: the page's player shows the same poster, and then the shell is gone.
  await page.unrouteAll();
  await page.goto('about:blank');
  await page.goto(address);
  await expect(page.getByTestId('details-video')).toHaveAttribute('poster', second.poster);
  await expect(page.locator('#ds-boot')).toHaveCount(0);
  await playsOn(page, '[data-testid="details-video"]');
});

test('shows a guest the unlock prompt on a paid episode instead of playing it', async ({ page }) => {
  const home = await guest().call(api.video.homeSeries);
  // A series with a paid episode (other tests upload one-episode series that may lead Home).
  let series: (typeof home.banners)[number] | undefined;
  for (const banner of home.banners) {
    const detail = await guest().call(api.video.videos, { params: { seriesId: banner.id } });
    if (detail.episodes.some((e) => e.locked)) {
      series = banner;
      break;
    }
  }
  if (!series) throw new Error('no series on Home has a paid episode');
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${series.id}`);
  await expect(page.getByTestId('details-page')).toBeVisible();
  const locked = page.getByTestId(`details-episode-${series.freeEpisodes + 1}`);
  await expect(locked).toHaveAttribute('data-locked', 'true');
  await locked.click();
  const prompt = page.getByTestId('unlock-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toHaveAttribute('data-number', String(series.freeEpisodes + 1));
  await expect(page.getByTestId('unlock-login')).toBeVisible();
});

test('resumes from the saved progress after a reload', async ({ page }) => {
  await signedInViewer(page);
  const home = await guest().call(api.video.homeSeries);
  const series = home.banners[1]!;
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${series.id}`);
  const video = page.getByTestId('details-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(1.5);
  await page.evaluate(() => document.querySelector('video')?.pause());
  const stoppedAt = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  // Leaving the page saves the position.
  await page.goto(`${base()}/`);
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${series.id}`);
  await page.reload();
  await expect
    .poll(() => page.getByTestId('details-video').evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThanOrEqual(Math.min(stoppedAt, 3) - 0.6);
});
