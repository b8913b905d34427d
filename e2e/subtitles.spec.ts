import { expect, type Locator, type Page, test } from '@playwright/test';
import { api } from '@dramastar/contract';
import { apiClient } from './client.js';
import { base, origin } from './flows.js';

// Issue 43 §3: the demo series ship en/vi/id subtitles; the app shows them in its language by
// default, over the picture, and remembers the viewer's choice (phone size, 390×844).

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

const guest = () => apiClient(origin());

/** A free demo episode: its series and id. */
async function freeEpisode(): Promise<{ seriesId: number; videoId: number }> {
  const home = await guest().call(api.video.homeSeries);
  for (const banner of home.banners) {
    const detail = await guest().call(api.video.videos, { params: { seriesId: banner.id } });
    const free = detail.episodes.find((e) => !e.locked);
    if (free) return { seriesId: banner.id, videoId: free.id };
  }
  throw new Error('no series on Home has a free episode');
}

/** Lines of the demo's tracks (apps/server/src/seed/demo-subtitles.ts) by language. */
const VI = /Tập \d+|anh|em|Ai đã|Gia đình|Làm ơn|Đây là/;
const ID = /Episode \d+|Kamu|Aku|Tolong|Keluarga|Siapa|Ini yang/;

type Box = { x: number; y: number; width: number; height: number };

/**
 * The overlay shows a line in `language` and lies over the picture (and, by `place`, where else
 * the line must sit).
 */
async function paintedOver(
  overlay: Locator,
  video: Locator,
  language: string,
  text: RegExp,
  place: (line: Box) => Promise<void> = async () => {},
) {
  await expect(overlay).toHaveAttribute('lang', language);
  // Cues last about a second with gaps between them, and the player may draw the line anew: all
  // is read together, again until it holds, so a line gone between two reads is not a failure.
  await expect(async () => {
    await expect(overlay).toHaveText(text, { timeout: 1_000 });
    const box = await overlay.boundingBox({ timeout: 1_000 });
    const picture = await video.boundingBox({ timeout: 1_000 });
    expect(box).not.toBeNull();
    expect(picture).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(picture!.y);
    expect(box!.y + box!.height).toBeLessThanOrEqual(picture!.y + picture!.height);
    expect(box!.x).toBeGreaterThanOrEqual(picture!.x);
    expect(box!.x + box!.width).toBeLessThanOrEqual(picture!.x + picture!.width);
    await place(box!);
    // Drawn by the app from a hidden track: the browser draws none itself.
    const modes = await video.evaluate((v: HTMLVideoElement) =>
      Array.from(v.textTracks, (t) => `${t.language}:${t.mode}`).sort(),
    );
    expect(modes).toContain(`${language}:hidden`);
    expect(modes.filter((mode) => mode.endsWith(':showing'))).toEqual([]);
    // A tap on the line reaches the picture beneath (the overlay never takes it).
    expect(await overlay.evaluate((element) => getComputedStyle(element).pointerEvents)).toBe('none');
  }).toPass();
}

/** Waits until `video` has played past `seconds` (a cue would show by then). */
async function playedPast(video: Locator, seconds: number) {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime + (v.ended ? 99 : 0)))
    .toBeGreaterThan(seconds);
}

test('subtitles show in the app language, switch and turn off, and the choice stays after a reload and in Shorts', async ({
  page,
}) => {
  const { seriesId, videoId } = await freeEpisode();
  // The app in Vietnamese: its locale `vn` shows the `vi` track.
  await page.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'vn');
  });
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${seriesId}&videoId=${videoId}`);
  const video = page.getByTestId('details-video');
  const overlay = page.getByTestId('subtitles');
  // Above the controls bar.
  await paintedOver(overlay, video, 'vi', VI, async (line) => {
    const controls = await page.locator('.ds-player__controls').boundingBox();
    expect(line.y + line.height).toBeLessThanOrEqual(controls!.y + 24);
  });

  const cc = page.getByTestId('details-subtitles');
  await expect(cc).toHaveAttribute('aria-pressed', 'true');

  // The language, from the player's menu: Indonesian.
  await page.getByTestId('details-quality').click();
  await expect(page.getByRole('menuitemradio', { name: 'Tiếng Việt' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByTestId('details-subtitles-id').click();
  await paintedOver(overlay, video, 'id', ID);

  // Off from the menu: nothing drawn while the episode plays on.
  await page.getByTestId('details-quality').click();
  await page.getByTestId('details-subtitles-off').click();
  await expect(overlay).toHaveCount(0);
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await playedPast(video, Math.min(at + 1.5, 3.5));
  await expect(overlay).toHaveCount(0);

  // The CC button brings back the language last picked, not the app's.
  await cc.click();
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  await paintedOver(overlay, video, 'id', ID);

  // Remembered after a reload…
  await page.reload();
  await paintedOver(overlay, page.getByTestId('details-video'), 'id', ID);
  expect(await page.evaluate(() => localStorage.getItem('subtitles'))).toBe('{"on":true,"language":"id"}');

  // …and in Shorts, where its CC button turns them off for good.
  await page.goto(`${base()}/pages/shorts/index`);
  const active = page.locator('[data-testid="shorts-item"][data-active="true"]');
  const shortsVideo = page.locator(
    `[data-testid="shorts-video"][data-video-id="${await active.getAttribute('data-video-id')}"]`,
  );
  const shortsOverlay = active.getByTestId('subtitles');
  // Above the title and its caption block, left of the action rail.
  await paintedOver(shortsOverlay, shortsVideo, 'id', ID, async (line) => {
    const title = await active.locator('.ds-short__title').boundingBox();
    const rail = await active.locator('.ds-short__rail').boundingBox();
    expect(line.y + line.height).toBeLessThanOrEqual(title!.y);
    expect(line.x + line.width).toBeLessThanOrEqual(rail!.x);
  });

  const shortsCc = active.getByTestId('shorts-subtitles');
  await expect(shortsCc).toHaveAttribute('aria-pressed', 'true');
  await shortsCc.click();
  await expect(shortsOverlay).toHaveCount(0);
  await expect(shortsCc).toHaveAttribute('aria-pressed', 'false');

  // A swipe: the next episode stays off too, as does the episode page after a reload.
  await page.keyboard.press('ArrowDown');
  await expect(active).toHaveAttribute('data-index', '1');
  const next = page.locator(
    `[data-testid="shorts-video"][data-video-id="${await active.getAttribute('data-video-id')}"]`,
  );
  await expect(active.getByTestId('shorts-subtitles')).toHaveAttribute('aria-pressed', 'false');
  await playedPast(next, 1.5);
  await expect(active.getByTestId('subtitles')).toHaveCount(0);

  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${seriesId}&videoId=${videoId}`);
  await expect(page.getByTestId('details-subtitles')).toHaveAttribute('aria-pressed', 'false');
  await playedPast(page.getByTestId('details-video'), 1.5);
  await expect(page.getByTestId('subtitles')).toHaveCount(0);
});

test('a remembered language the episode lacks shows none, and CC then turns on the app language', async ({
  page,
}) => {
  const { seriesId, videoId } = await freeEpisode();
  // The demo's tracks are en, vi and id; a remembered language it lacks falls back to off.
  await page.addInitScript(() => localStorage.setItem('subtitles', '{"on":true,"language":"th"}'));
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${seriesId}&videoId=${videoId}`);
  const cc = page.getByTestId('details-subtitles');
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  await playedPast(page.getByTestId('details-video'), 1.5);
  await expect(page.getByTestId('subtitles')).toHaveCount(0);
  // Turned on, it shows the app's language (English here).
  await cc.click();
  await expect(page.getByTestId('subtitles')).toHaveAttribute('lang', 'en');
});

/** Records every layout shift the page reports (Lighthouse's CLS counts the same entries). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] &
        { value: number; sources: { node?: Node }[] }[]) {
        const nodes = entry.sources.map((s) =>
          s.node instanceof Element ? s.node.className : (s.node?.nodeName ?? 'gone'),
        );
        shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);

test('the Shorts feed keeps still as it plays: subtitle lines and the CC button come without moving anything', async ({
  page,
}) => {
  await recordShifts(page);
  await page.goto(`${base()}/pages/shorts/index`);
  const active = page.locator('[data-testid="shorts-item"][data-active="true"]');
  // The first item's line and CC button come once its player knows the tracks…
  await expect(active.getByTestId('subtitles')).toBeVisible();
  await expect(active.getByTestId('shorts-subtitles')).toBeVisible();
  // …and go when the feed moves on, while the next item's come.
  await page.keyboard.press('ArrowDown');
  await expect(active).toHaveAttribute('data-index', '1');
  await expect(active.getByTestId('subtitles')).toBeVisible();
  await expect(active.getByTestId('shorts-subtitles')).toBeVisible();
  expect(await shifts(page)).toEqual([]);
});

test('the episode page keeps still as it plays: its CC button comes without moving the rail', async ({
  page,
}) => {
  const { seriesId, videoId } = await freeEpisode();
  await recordShifts(page);
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${seriesId}&videoId=${videoId}`);
  await expect(page.getByTestId('details-subtitles')).toBeVisible();
  await expect(page.getByTestId('subtitles')).toBeVisible();
  expect(await shifts(page)).toEqual([]);
});
