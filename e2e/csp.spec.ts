import { expect, type Page, test } from '@playwright/test';
import { origin } from './flows.js';

// The server sends index.html with a Content-Security-Policy (apps/server/src/http/csp.ts): the
// app's own scripts, styles, pictures, streams (Media Source; hls.js transmuxes on the page, so
// a blob: worker would be refused) and its web view's frame must all pass it. The browser reports every refusal as a securitypolicyviolation
// event; the page keeps them in window.__cspViolations.

async function watchPolicy(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`.trim());
    });
  });
}

/** Waits until a video of the page has played a moment. */
const somethingPlays = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => Array.from(document.querySelectorAll('video')).some((v) => v.currentTime > 0.3)),
    )
    .toBe(true);

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

test('the app runs within its Content-Security-Policy: Home, the feed playing, an episode page and the web view', async ({
  page,
}) => {
  await watchPolicy(page);
  const response = await page.goto(`${origin()}/#/pages/home/index`);
  const policy = response?.headers()['content-security-policy'];
  expect(policy).toMatch(/script-src 'self' 'nonce-/);
  expect(policy).toContain("worker-src 'self';");
  await expect(page.getByTestId('home-section-hot')).toBeVisible();

  await page.goto(`${origin()}/#/pages/shorts/index`);
  const video = page.locator('video').first();
  await somethingPlays(page);
  await expect(video).toBeAttached();

  await page.goto(`${origin()}/#/pages/shorts/videoDetails?seriesId=1`);
  await somethingPlays(page);

  await page.goto(`${origin()}/#/pages/common/webView?url=${encodeURIComponent(`${origin()}/logo.svg`)}`);
  await expect(page.getByTestId('web-view-frame')).toBeVisible();

  expect(await violations(page)).toEqual([]);
});

test('an inline script the page did not bring is refused', async ({ page }) => {
  await watchPolicy(page);
  await page.goto(`${origin()}/#/pages/home/index`);
  await expect(page.getByTestId('home-section-hot')).toBeVisible();
  // What an injected bit of markup would try: an inline script without the page's nonce.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.appendChild(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations(page)).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
});

test("the console's sign-in page runs within its policy", async ({ page }) => {
  await watchPolicy(page);
  const response = await page.goto(`${origin()}/admin/`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByRole('button').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
