import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { adminAnalyticsApi, api } from '@dramastar/contract';
import { apiClient } from './client.js';
import { consoleCall, consoleSignIn } from './console.js';
import { base, origin, rechargeByCard, registerByEmail, userCall } from './flows.js';

const guest = () => apiClient(origin());

async function playsOn(page: Page, selector: string): Promise<void> {
  const video = page.locator(selector).first();
  await expect(video).toBeAttached();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);
}

/** Writes what the server buffered and rolls every tenant's today up now (loopback test call). */
async function rollUpNow(): Promise<void> {
  const res = await fetch(`${origin()}/app-api/test/analytics/rollup`, { method: 'POST' });
  expect(res.status).toBe(200);
}

test('a viewer who watches, meets the paywall and buys is in the console: funnel, paywall and its purchase', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await rollUpNow();
  const before = (await consoleCall(adminAnalyticsApi.overview, { query: {} })).data;
  const direct = before.funnel.find((f) => f.source === 'direct')!;

  // A series on Home with a paid episode.
  const home = await guest().call(api.video.homeSeries);
  let series: (typeof home.banners)[number] | undefined;
  let paid: { id: number; number: number } | undefined;
  for (const banner of home.banners) {
    const detail = await guest().call(api.video.videos, { params: { seriesId: banner.id } });
    const locked = detail.episodes.find((e) => e.locked);
    if (locked) {
      series = banner;
      paid = locked;
      break;
    }
  }
  if (!series || !paid) throw new Error('no series on Home has a paid episode');
  const seriesBefore = (
    await consoleCall(adminAnalyticsApi.series, {
      params: { seriesId: series.id },
      query: {},
    })
  ).data;
  const paywallBefore = seriesBefore.episodes.find((e) => e.episode === paid.number);

  // A guest opens the series directly: episode 1 plays, then the paid episode shows the prompt.
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${series.id}`);
  await playsOn(page, '[data-testid="details-video"]');
  await page.getByTestId(`details-episode-${paid.number}`).click();
  await expect(page.getByTestId('unlock-prompt')).toBeVisible();
  await page.getByTestId('unlock-star-card').click();

  // Signs up, tops up and buys a Star Card from the browser session.
  await registerByEmail(page, `analytics-${Date.now().toString(36)}@example.ph`);
  await rechargeByCard(page, '500');
  const bought = await userCall(page, api.user.openvipByBalance, {
    body: { tier: 'primary', requestId: randomUUID() },
  });
  expect(bought.code).toBe(200);
  // Back to the paid episode, which now plays; then the page is left (the last batch goes by sendBeacon).
  await page.goto(`${base()}/pages/shorts/videoDetails?seriesId=${series.id}&videoId=${paid.id}`);
  await playsOn(page, '[data-testid="details-video"]');
  await page.goto('about:blank');

  // The events arrive as the browser sends them (the last batch by sendBeacon on leaving), so the
  // figures are asked again, rolled up anew, until all of them show: the funnel's steps, and on the
  // paid episode its paywall, the unlock prompt's Buy and the purchase attributed to that paywall
  // (the guest's device joined to the account it signed up with).
  const paywallOf = async () => {
    const detail = (
      await consoleCall(adminAnalyticsApi.series, { params: { seriesId: series.id }, query: {} })
    ).data;
    return detail.episodes.find((e) => e.episode === paid.number);
  };
  await expect
    .poll(
      async () => {
        await rollUpNow();
        const after = (await consoleCall(adminAnalyticsApi.overview, { query: {} })).data;
        const row = after.funnel.find((f) => f.source === 'direct')!;
        const paywall = await paywallOf();
        return {
          played: row.played - direct.played >= 1,
          signedUp: row.signedUp - direct.signedUp >= 1,
          purchased: row.purchased - direct.purchased >= 1,
          paywallViewers: (paywall?.paywallViewers ?? 0) > (paywallBefore?.paywallViewers ?? 0),
          unlockBuy: (paywall?.unlock.buy ?? 0) > (paywallBefore?.unlock.buy ?? 0),
          attributedPurchase: (paywall?.purchases ?? 0) > (paywallBefore?.purchases ?? 0),
        };
      },
      { timeout: 60_000, intervals: [1000, 2000] },
    )
    .toEqual({
      played: true,
      signedUp: true,
      purchased: true,
      paywallViewers: true,
      unlockBuy: true,
      attributedPurchase: true,
    });

  // The operator sees it in the console's charts and tables.
  await consoleSignIn(page);
  await page.goto(`${origin()}/admin/analytics`);
  await expect(page.getByTestId('chart-funnel')).toBeVisible();
  const funnelTable = page.getByTestId('table-funnel');
  await expect(funnelTable).toContainText('direct');
  await expect(page.getByTestId('table-series')).toBeVisible();
});
