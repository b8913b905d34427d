import { devices, expect, type Page, test } from '@playwright/test';
import { api } from '@dramastar/contract';
import { consoleSignIn } from './console.js';
import { base, registerByEmail, unique, userCall } from './flows.js';

// The console is a desktop application; the user is on a phone.
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, colorScheme: 'light' });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

const FROZEN = 'This account is frozen. Contact customer service.';

/** Opens the login panel from Profile (unless it is still open) and logs in by user name. */
async function loginByName(app: Page, userName: string) {
  if (!(await app.getByTestId('view-username').isVisible())) {
    await app.goto(`${base()}/pages/profile/index`);
    await app.getByTestId('profile-login').click();
    await app.getByTestId('chooser-username').click();
  }
  const login = app.getByTestId('view-username');
  await login.getByTestId('username-input').fill(userName);
  await login.getByTestId('password-input').fill('e2e-secret-1');
  await login.getByTestId('submit').click();
}

test('an operator finds a new user by e-mail, freezes them (signed out, sign-in refused), unfreezes them, and the dashboard draws charts', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // A user registers on a phone and adds a user name and password.
  const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const app = await phone.newPage();
  const id = unique();
  const email = `e2e-users-${id}@example.ph`;
  const userName = `e2e_u_${id}`.slice(0, 20);
  await registerByEmail(app, email);
  await app.goto(`${base()}/pages/profile/setting/bindOrContinueWith`);
  await app.getByTestId('bind-username').click();
  const bind = app.getByTestId('bind-username-form');
  await bind.getByTestId('username-input').fill(userName);
  await bind.getByTestId('password-input').fill('e2e-secret-1');
  await bind.getByTestId('rep-password-input').fill('e2e-secret-1');
  await bind.getByTestId('submit').click();
  await expect(app.getByTestId('method-username')).toContainText(userName);
  const userId = (await userCall(app, api.user.info)).data.userId;

  // The owner searches the user by e-mail and opens the detail.
  await consoleSignIn(page);
  await page
    .getByTestId('nav')
    .getByRole('menuitem', { name: /Users$/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByTestId('users-search').locator('input').fill(email.toUpperCase());
  await page.getByTestId('users-search').locator('input').press('Enter');
  const table = page.getByTestId('users-table');
  await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  await page.getByTestId(`user-open-${userId}`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?userId=${userId}$`));
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByTestId('user-status')).toHaveAttribute('data-status', 'active');
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page.getByTestId('user-sessions').locator('[data-status="active"]').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/e2e-users-detail.png' });

  // Freeze with a reason.
  await page.getByTestId('user-freeze').click();
  await page.getByTestId('user-freeze-dialog-input').fill('Chargeback under review');
  await page.getByTestId('user-freeze-dialog-ok').click();
  await expect(page.getByTestId('user-status')).toHaveAttribute('data-status', 'frozen');
  await expect(page.getByTestId('user-frozen-alert')).toContainText('Chargeback under review');
  await expect(page.getByTestId('user-sessions').locator('[data-status="active"]')).toHaveCount(0);

  // The phone is signed out, and signing in again shows the frozen message.
  await app.goto(`${base()}/pages/profile/index`);
  await expect(app.getByTestId('profile-guest')).toBeVisible();
  await loginByName(app, userName);
  await expect(app.getByText(FROZEN).first()).toBeVisible();
  await app.screenshot({ path: '/tmp/e2e-users-frozen.png' });
  expect(await app.evaluate(() => localStorage.getItem('user_token'))).toBeNull();

  // Unfreeze: the user signs in again.
  await page.getByTestId('user-unfreeze').click();
  await page.getByTestId('user-unfreeze-dialog-input').fill('Documents checked');
  await page.getByTestId('user-unfreeze-dialog-ok').click();
  await expect(page.getByTestId('user-status')).toHaveAttribute('data-status', 'active');
  await loginByName(app, userName);
  await expect(app.getByTestId('login-panel')).toBeHidden();
  await app.goto(`${base()}/pages/profile/index`);
  await expect(app.getByTestId('profile-user')).toBeVisible();

  // The audit log has both changes; the dashboard draws its charts with the library.
  await page
    .getByTestId('nav')
    .getByRole('menuitem', { name: /Audit\slog$/ })
    .click();
  await expect(page.getByRole('row').filter({ hasText: new RegExp(`user ${userId}\\b`) })).toHaveCount(2);
  await page
    .getByTestId('nav')
    .getByRole('menuitem', { name: /Dashboard$/ })
    .click();
  await expect(
    page.getByTestId('chart-users').locator('.recharts-wrapper > svg.recharts-surface'),
  ).toBeVisible();
  await expect(
    page.getByTestId('chart-cash-PHP').locator('.recharts-wrapper > svg.recharts-surface'),
  ).toBeVisible();
  await expect(page.getByTestId('chart-users').locator('.recharts-line')).toHaveCount(2);
  await expect(page.getByTestId('ledger-light')).toHaveAttribute('data-balanced', 'true');
  await page.screenshot({ path: '/tmp/e2e-dashboard.png', fullPage: true });
  await phone.close();
});
