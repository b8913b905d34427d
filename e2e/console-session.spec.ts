import { devices, expect, test } from '@playwright/test';
import { consoleSignIn, withoutMotion } from './console.js';
import { origin } from './flows.js';

const desktop = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1440, height: 900 },
  colorScheme: 'light' as const,
};
test.use(desktop);

test('a console link opened in a new tab is signed in; signing out in one tab signs the other out', async ({
  page,
  context,
}) => {
  await consoleSignIn(page);
  await page.getByTestId('nav').getByText('Audit log').click();
  await expect(page).toHaveURL(/\/admin\/audit/);

  // A link opened in a new tab of the same browser: no password, no code asked.
  const second = await context.newPage();
  await withoutMotion(second);
  await second.goto(`${origin()}/admin/access/account`);
  await expect(second.getByTestId('operator-name')).toHaveText('admin');
  await expect(second.getByTestId('account-page')).toBeVisible();
  await expect(second.getByTestId('login-page')).toHaveCount(0);

  // Sign out in the second tab: the first is signed out too, and its session is dead on the server.
  await second.getByTestId('sign-out').click();
  await expect(second.getByTestId('login-page')).toBeVisible();
  await expect(page.getByTestId('login-page')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('login-page')).toBeVisible();
});
