import { devices, expect, test } from '@playwright/test';
import { adminContentApi } from '@dramastar/contract';
import { consoleCall, consoleSignIn } from './console.js';
import { base, origin } from './flows.js';

// The console is a desktop application; the user's app runs on a phone.
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, colorScheme: 'light' });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

test('a content operator hides a home section in the console and the app’s home drops it at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const before = await consoleCall(adminContentApi.homeSections, { query: { tenantId: '000000' } });
  expect(before.code, before.msg).toBe(200);
  try {
    const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
    const app = await phone.newPage();
    await app.goto(`${base()}/`);
    await expect(app.getByTestId('home-section-free')).toBeVisible();

    await consoleSignIn(page);
    await page.goto(`${origin()}/admin/content/sections`);
    await expect(page.getByTestId('sections-tenant')).toHaveText('Tenant 000000');
    await page.getByTestId('section-visible-free').click();
    await page.getByTestId('sections-save').click();
    await expect(page.getByTestId('sections-saved')).toBeVisible();
    await page.screenshot({ path: 'test-results/sections-console.png' });

    await app.reload();
    await expect(app.getByTestId('home-section-hot')).toBeVisible();
    await expect(app.getByTestId('home-section-free')).toHaveCount(0);
    await phone.close();
  } finally {
    // Other specs see the home page as it was.
    const restore = await consoleCall(adminContentApi.saveHomeSections, {
      body: {
        tenantId: '000000',
        sections: before.data.sections.map(({ key, visible, title, seriesIds }) => ({
          key,
          visible,
          title: { vn: '', id: '', ...title },
          seriesIds,
        })),
      },
    });
    expect(restore.code, restore.msg).toBe(200);
  }
});
