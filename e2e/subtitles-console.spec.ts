import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devices, expect, type Page, test } from '@playwright/test';
import { adminContentApi } from '@dramastar/contract';
import { consoleCall, consoleSignIn } from './console.js';

// The console is a desktop application.
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, colorScheme: 'light' });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

const fileInput = (page: Page, testId: string) =>
  page.locator('.ant-upload', { has: page.getByTestId(testId) }).locator('input[type=file]');

test('an operator uploads an SRT to a demo episode: refused with the line when bad, previewed, saved, listed, deleted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'ds-e2e-subs-'));
  const bad = join(dir, 'bad.th.srt');
  writeFileSync(
    bad,
    '1\r\n00:00:01,000 --> 00:00:02,000\r\nสวัสดี\r\n\r\n2\r\n00:00:03,000 --> 00:00:02,500\r\nลาก่อน\r\n',
  );
  const good = join(dir, 'good.th.srt');
  writeFileSync(
    good,
    '\ufeff1\r\n00:00:00,500 --> 00:00:01,800\r\nสวัสดี\r\n\r\n2\r\n00:00:02,000 --> 00:00:03,500\r\n<i>ลาก่อน</i>\r\n',
  );

  const found = await consoleCall(adminContentApi.series, { query: { keyword: 'Jakarta' } });
  expect(found.code).toBe(200);
  const series = found.data.list.find((s) => s.tenantId === '000000') ?? found.data.list[0]!;
  const detail = await consoleCall(adminContentApi.seriesDetail, { query: { seriesId: series.id } });
  const episode = detail.data.episodes[0]!;
  // A clean start when the run is repeated on the same data.
  await consoleCall(adminContentApi.deleteSubtitle, { body: { episodeId: episode.id, language: 'th' } });

  await consoleSignIn(page);
  await page.getByTestId('nav').getByText('Series', { exact: true }).click();
  await page.getByTestId('series-search').locator('input').fill('Jakarta');
  await page.getByTestId('series-search').locator('input').press('Enter');
  await page.getByTestId(`series-open-${series.id}`).click();
  const table = page.getByTestId('episodes-table');
  await expect(table).toBeVisible();
  await table
    .locator('tr', { has: page.getByTestId(`episode-number-${episode.id}`) })
    .locator('.ant-table-row-expand-icon')
    .click();
  const media = page.getByTestId(`episode-media-${episode.id}`);
  await expect(media).toBeVisible();

  // The ladder and the demo's three tracks.
  await expect(page.getByTestId(`episode-ladder-${episode.id}`)).toContainText('360p');
  await expect(page.getByTestId(`episode-ladder-${episode.id}`)).toContainText('720×1280');
  const tracks = page.getByTestId(`subtitles-table-${episode.id}`);
  await expect(tracks).toContainText('Tiếng Việt');
  await expect(tracks).toContainText('Bahasa Indonesia');

  // "Other code": th. A bad file is refused on the field, naming the line.
  await page.getByTestId(`subtitle-language-${episode.id}`).click();
  await page.getByText('Other code…').click();
  await page.getByTestId(`subtitle-code-${episode.id}`).fill('th');
  await fileInput(page, `subtitle-file-${episode.id}`).setInputFiles(bad);
  await expect(page.getByTestId(`subtitle-error-${episode.id}`)).toHaveText(
    'This subtitle file cannot be used: Line 6: the end time 00:00:02,500 is before the start',
  );
  await expect(page.getByTestId(`subtitle-save-${episode.id}`)).toBeDisabled();
  await page.getByTestId(`subtitle-error-${episode.id}`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/subtitles-console-error.png' });

  // A good one: previewed before saving, then saved and listed.
  await fileInput(page, `subtitle-file-${episode.id}`).setInputFiles(good);
  const check = page.getByTestId(`subtitle-check-${episode.id}`);
  await expect(check).toContainText('2 cues');
  await expect(check).toContainText('ลาก่อน');
  await check.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/subtitles-console-check.png' });
  await page.getByTestId(`subtitle-save-${episode.id}`).click();
  await expect(page.getByTestId(`subtitle-saved-${episode.id}`)).toHaveText('ไทย added');
  await expect(tracks.locator('tr', { hasText: 'ไทย' })).toContainText('th');
  await expect(page.getByTestId(`subtitle-shown-${episode.id}`)).toContainText('สวัสดี');

  // The saved track read back from the store.
  await page.getByTestId(`subtitle-preview-${episode.id}-vi`).click();
  await expect(page.getByTestId(`subtitle-shown-${episode.id}`)).toContainText('Tập 1');
  await page.screenshot({ path: '/tmp/subtitles-console.png' });

  // Delete with confirmation.
  await page.getByTestId(`subtitle-delete-${episode.id}-th`).click();
  await page.getByTestId(`subtitle-delete-ok-${episode.id}-th`).click();
  await expect(tracks).not.toContainText('ไทย');
  const left = await consoleCall(adminContentApi.subtitles, { body: { episodeId: episode.id } });
  expect(left.data.list.map((t) => t.language)).toEqual(['en', 'id', 'vi']);
});
