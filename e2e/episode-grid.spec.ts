import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { adminContentApi, api } from '@dramastar/contract';
import { apiClient } from './client.js';
import { consoleCall, ownerToken } from './console.js';
import { base, origin, unique } from './flows.js';
import { codeFor, mailCount } from './mailbox.js';

// Issue 39: the episode grid of a long series at phone size (390×844): ranges of 30, watched
// marks from the viewer's history, lock marks, the current episode's range chosen and in view.

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

const EPISODES = 62;
const FREE = 40;

/** A 1 s vertical clip made by ffmpeg now (nothing committed): 62 of them transcode in a few minutes. */
function clip(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ds-e2e-grid-')), 'episode.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=12:duration=1'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  return file;
}

/** A published series of EPISODES episodes (1…FREE free) made through the console's API. */
async function longSeries(): Promise<number> {
  const created = await consoleCall(adminContentApi.createSeries, {
    body: {
      tenantId: '000000',
      title: { en: `Long Grid ${unique()}` },
      category: 'romance',
      freeEpisodes: FREE,
    },
  });
  expect(created.code, created.msg).toBe(200);
  const seriesId = created.data.id;
  const video = readFileSync(clip());
  const token = await ownerToken();
  for (let n = 1; n <= EPISODES; n++) {
    const form = new FormData();
    form.append('file', new Blob([video], { type: 'video/mp4' }), `episode-${n}.mp4`);
    const res = await fetch(`${origin()}/admin-api/content/episodes/upload?seriesId=${seriesId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
  }
  // Every transcoding job done (each numbers its episode when it is ready).
  await expect
    .poll(
      async () => {
        const jobs = await consoleCall(adminContentApi.jobs, {
          query: { seriesId, status: 'done', pageSize: 100 },
        });
        return jobs.data.total;
      },
      { timeout: 240_000, intervals: [1000] },
    )
    .toBe(EPISODES);
  const published = await consoleCall(adminContentApi.setSeriesStatus, {
    body: { id: seriesId, status: 'published' },
  });
  expect(published.code, published.msg).toBe(200);
  return seriesId;
}

async function viewerToken(): Promise<string> {
  const guest = apiClient(origin());
  const email = `grid-${unique()}@example.ph`;
  const before = mailCount();
  await guest.call(api.auth.sendEmailCode, { body: { email, isRegister: 1 } });
  const code = await codeFor(email, before);
  const { access_token: token } = await guest.call(api.auth.register, {
    body: { email, phone: '912345678', areaCode: '+84', verifyCode: code },
  });
  return token;
}

test('a 62-episode series: ranges, watched and lock marks, the current episode’s range in view', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const seriesId = await longSeries();
  const token = await viewerToken();
  const viewer = apiClient(origin(), token);
  const { episodes } = await viewer.call(api.video.videos, { params: { seriesId } });
  expect(episodes).toHaveLength(EPISODES);
  const byNumber = (n: number) => episodes.find((e) => e.number === n)!;
  // The viewer has watched 1, 2 and 33, and stopped in 35 last.
  for (const n of [1, 2, 33, 35]) {
    await viewer.call(api.video.addViewHis, {
      query: { seriesId, videoId: byNumber(n).id, progress: 0.5 },
    });
  }

  await page.addInitScript((t) => localStorage.setItem('user_token', t), token);
  // Nothing plays here: a 1 s episode would end and move the page on to the next one mid-test
  // (playback has its own tests; this one is about the grid).
  await page.addInitScript(() => {
    HTMLMediaElement.prototype.play = () => Promise.resolve();
  });
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${seriesId}`);
  // Opens where the viewer stopped: episode 35, its range 31-60 chosen.
  await expect(page.getByTestId('details-page')).toHaveAttribute('data-video-id', String(byNumber(35).id));
  await expect(page.getByTestId('details-episode-range-1')).toHaveText('1-30');
  await expect(page.getByTestId('details-episode-range-61')).toHaveText('61-62');
  await expect(page.getByTestId('details-episode-range-31')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('details-episode-35')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('details-episode-33')).toHaveAttribute('data-watched', 'true');
  await expect(page.getByTestId('details-episode-33')).toHaveAttribute('aria-label', 'Episode 33, watched');
  await expect(page.getByTestId('details-episode-34')).toHaveAttribute('data-watched', 'false');
  await expect(page.getByTestId('details-episode-40')).toHaveAttribute('data-locked', 'false');
  await expect(page.getByTestId('details-episode-41')).toHaveAttribute('data-locked', 'true');
  await expect(page.getByTestId('details-episode-41').locator('.ds-episode__lock')).toBeVisible();
  await expect(page.getByTestId('details-episode-1')).toHaveCount(0);

  // The rail's Episodes button brings the grid, with the current episode, into view.
  await expect(page.getByTestId('details-episode-35')).not.toBeInViewport();
  await page.getByTestId('details-episodes').tap();
  await expect(page.getByTestId('details-episode-35')).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('episode-grid-390.png') });

  // Another range on a tap: the first 30 with their watched marks.
  await page.getByTestId('details-episode-range-1').tap();
  await expect(page.getByTestId('details-episode-1')).toHaveAttribute('data-watched', 'true');
  await expect(page.getByTestId('details-episode-2')).toHaveAttribute('data-watched', 'true');
  await expect(page.getByTestId('details-episode-3')).toHaveAttribute('data-watched', 'false');
  await expect(page.getByTestId('details-episode-35')).toHaveCount(0);
  // Picking one plays it; the grid stays on its range.
  await page.getByTestId('details-episode-3').tap();
  await expect(page.getByTestId('details-page')).toHaveAttribute('data-video-id', String(byNumber(3).id));
  await expect(page.getByTestId('details-episode-range-1')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('details-episode-3')).toHaveAttribute('aria-current', 'true');
});
