import { expect, type Page, test } from '@playwright/test';

const port = () => process.env.E2E_PORT ?? '8080';
/** Browsers resolve *.localhost to this machine; the demo tenants live on vn/id.localhost. */
const at = (host: string, hash = '/') => `http://${host}:${port()}/#${hash}`;

const TABS = {
  en: ['Home', 'Shorts', 'Earn', 'Profile'],
  vn: ['Trang chủ', 'Video ngắn', 'Kiếm thưởng', 'Tôi'],
  id: ['Beranda', 'Video Pendek', 'Hadiah', 'Profil'],
};

async function tabLabels(page: Page): Promise<string[]> {
  return Promise.all(
    ['home', 'shorts', 'earn', 'profile'].map(async (key) =>
      (await page.getByTestId(`tab-${key}`).innerText()).trim(),
    ),
  );
}

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

test('opens on Home with the product title, the tab bar and the dark theme', async ({ page }) => {
  await page.goto(at('localhost'));
  await expect(page).toHaveTitle('DramaStar');
  await expect(page.getByTestId('tab-home')).toBeVisible();
  expect(await tabLabels(page)).toEqual(TABS.en);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('home-banner')).toBeVisible();
});

test('switches between the four tabs', async ({ page }) => {
  await page.goto(at('localhost'));
  await page.getByTestId('tab-shorts').click();
  await expect(page).toHaveURL(/#\/pages\/shorts\/index$/);
  await page.getByTestId('tab-earn').click();
  await expect(page).toHaveURL(/#\/pages\/earn\/index$/);
  await page.getByTestId('tab-profile').click();
  await expect(page).toHaveURL(/#\/pages\/profile\/index$/);
  await expect(page.getByTestId('profile-guest')).toContainText('Guest');
  await page.getByTestId('tab-home').click();
  await expect(page).toHaveURL(/#\/$/);
  await page.goto(at('localhost', '/pages/home/index'));
  await expect(page.getByTestId('home-banner')).toBeVisible();
});

test('changes the language from Settings, retranslating the tab bar, and keeps it after a reload', async ({
  page,
}) => {
  await page.goto(at('localhost', '/pages/profile/index'));
  await page.getByTestId('profile-settings').click();
  await page.getByTestId('settings-language').click();
  await page.getByTestId('language-vn').click();
  // Choosing a language returns to Settings, now in Vietnamese; back again is Profile.
  await expect(page.getByRole('heading', { name: 'Cài đặt' })).toBeVisible();
  await page.getByTestId('header-back').click();
  await expect(page).toHaveURL(/#\/pages\/profile\/index$/);
  await expect.poll(() => tabLabels(page)).toEqual(TABS.vn);
  await expect(page.getByTestId('profile-guest')).toContainText('Khách');
  await page.reload();
  await expect.poll(() => tabLabels(page)).toEqual(TABS.vn);

  await page.goto(at('localhost', '/pages/profile/setting/language'));
  await page.getByTestId('language-id').click();
  await page.goto(at('localhost', '/pages/earn/index'));
  await expect.poll(() => tabLabels(page)).toEqual(TABS.id);
});

test('takes the tenant, its title and its language from the host name', async ({ page }) => {
  await page.goto(at('vn.localhost'));
  await expect(page).toHaveTitle('DramaStar VN');
  await expect.poll(() => tabLabels(page)).toEqual(TABS.vn);
  expect(
    await page.evaluate(() => [localStorage.getItem('tenantId'), localStorage.getItem('currencyType')]),
  ).toEqual(['000001', 'VND']);

  await page.goto(at('id.localhost'));
  await expect(page).toHaveTitle('DramaStar ID');
  await expect.poll(() => tabLabels(page)).toEqual(TABS.id);
});

test('switches to the light theme and back from Settings', async ({ page }) => {
  await page.goto(at('localhost', '/pages/profile/setting/index'));
  const toggle = page.getByTestId('settings-light-mode');
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('settings-light-mode').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('shows the privacy policy and a not-found page for unknown routes', async ({ page }) => {
  await page.goto(at('localhost', '/pages/privacy/index'));
  await expect(page.getByTestId('privacy-policy')).toBeVisible();
  await page.goto(at('localhost', '/pages/no/such/page'));
  await expect(page.getByTestId('not-found')).toContainText('Page not found');
  await page
    .getByTestId('not-found')
    .getByRole('link')
    .or(page.getByTestId('not-found').getByRole('button'))
    .first()
    .click();
  await expect(page.getByTestId('tab-home')).toBeVisible();
});

test('has an icon wherever a browser asks for one, the console included', async ({ page, request }) => {
  const ico = await request.get(`http://localhost:${port()}/favicon.ico`);
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/icon/);
  await page.goto(`http://localhost:${port()}/admin`);
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect((await request.get(`http://localhost:${port()}${href}`)).status()).toBe(200);
});
