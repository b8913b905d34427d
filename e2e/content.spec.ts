import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devices, expect, type Page, test } from '@playwright/test';
import { adminContentApi } from '@dramastar/contract';
import { consoleCall, consoleSignIn } from './console.js';
import { base, unique } from './flows.js';

// The console is a desktop application.
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, colorScheme: 'light' });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

/** A 2 s vertical test video with sound and a cover picture, made by ffmpeg now (nothing committed). */
function makeMedia(): { video: string; cover: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ds-e2e-content-'));
  const video = join(dir, 'episode-1.mp4');
  const cover = join(dir, 'cover.png');
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  execFileSync('ffmpeg', [
    ...quiet,
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=360x640:rate=24:duration=2',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    video,
  ]);
  execFileSync('ffmpeg', [
    ...quiet,
    '-f',
    'lavfi',
    '-i',
    'color=c=0x8e44ad:s=300x400',
    '-frames:v',
    '1',
    cover,
  ]);
  return { video, cover };
}

/** The file input of the antd Upload around the button with `testId`. */
const fileInput = (page: Page, testId: string) =>
  page.locator('.ant-upload', { has: page.getByTestId(testId) }).locator('input[type=file]');

test('an operator creates a series with a cover, uploads a video that transcodes, publishes it, and the app plays it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const media = makeMedia();
  const title = `E2E Upload ${unique()}`;

  await consoleSignIn(page);
  await page.getByTestId('nav').getByText('Series', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content\/series$/);

  // A new series is a draft; saving it opens its drawer.
  await page.getByTestId('series-new').click();
  await page.getByTestId('series-title-en').fill(title);
  await page.getByTestId('series-title-vn').fill(`${title} (VN)`);
  await page.getByTestId('series-description-en').fill('Made by the end-to-end test.');
  await page.getByTestId('series-category').fill('romance');
  await page.getByTestId('series-form-ok').click();
  const drawer = page.getByTestId('series-drawer');
  await expect(drawer).toBeVisible();
  await expect(page.getByTestId('series-status')).toHaveText('draft');

  // Publishing without an episode is refused.
  await page.getByTestId('series-publish').click();
  await expect(page.getByTestId('series-drawer-error')).toContainText('at least one ready episode');

  // Cover.
  await fileInput(page, 'cover-upload').setInputFiles(media.cover);
  await expect(page.getByTestId('series-cover').locator('img')).toHaveAttribute(
    'src',
    /^\/media\/covers\/content\/000000\/\d+-[0-9a-f]{16}\/cover\.png$/,
  );

  // The video: uploaded, queued, transcoded with progress shown, done.
  await fileInput(page, 'episode-upload').setInputFiles(media.video);
  const job = page.getByTestId('jobs-table').locator('[data-testid^="job-status-"]').first();
  await expect(job).toBeVisible();
  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const jobId = (await job.getAttribute('data-testid'))?.replace('job-status-', '');
  await expect(page.getByTestId(`job-progress-${jobId}`)).toHaveAttribute('data-progress', '100');
  await expect(page.getByTestId('episodes-table').locator('[data-testid^="episode-number-"]')).toHaveText([
    '1',
  ]);
  await page.screenshot({ path: '/tmp/content-console.png' });

  await page.getByTestId('series-publish').click();
  await expect(page.getByTestId('series-status')).toHaveText('published');

  const found = await consoleCall(adminContentApi.series, { query: { keyword: title } });
  expect(found.code).toBe(200);
  expect(found.data.list).toHaveLength(1);
  const seriesId = found.data.list[0]!.id;

  // On a phone the app finds the series and plays its episode.
  const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const app = await phone.newPage();
  app.on('pageerror', (error) => {
    throw error;
  });
  await app.goto(`${base()}/pages/search/index`);
  await app.getByTestId('search-input').fill(title);
  await app.getByTestId('search-input').press('Enter');
  await app.getByTestId(`search-result-${seriesId}`).click();
  await expect(app.getByTestId('details-page')).toBeVisible();
  const video = app.getByTestId('details-video').first();
  await expect(video).toBeAttached();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.3);
  await app.screenshot({ path: '/tmp/content-app.png' });
  await phone.close();
});
