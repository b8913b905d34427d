import { devices, expect, test } from '@playwright/test';
import { consoleSignIn, withoutMotion } from './console.js';
import { origin, unique } from './flows.js';
import { freshTotpCode } from './totp.js';

// The console is a desktop application.
const desktop = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  colorScheme: 'light' as const,
};
test.use(desktop);

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

test('the owner creates a finance operator, who changes the one-time password and enrols TOTP at the first sign-in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);

  // The owner creates the operator in the console and reads its one-time password.
  await consoleSignIn(page);
  await page.getByTestId('nav').getByText('Operators').click();
  await expect(page).toHaveURL(/\/admin\/access\/operators$/);
  await expect(page.getByTestId('operators-table')).toContainText('admin');
  await page.getByTestId('operator-create').click();
  const dialog = page.getByRole('dialog');
  const username = `fin_${unique()}`;
  await dialog.getByTestId('operator-username').fill(username);
  await dialog.getByLabel('Tenants').fill('000000');
  await dialog.getByLabel('Tenants').press('Enter');
  // The tenant list stays open for more picks: a click elsewhere in the form closes it.
  await dialog.getByTestId('operator-username').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await page.getByTestId('operator-create-submit').click();
  const oneTime = ((await page.getByTestId('one-time-password').textContent()) ?? '').trim();
  expect(oneTime.length).toBeGreaterThanOrEqual(12);
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Finance');
  await expect(row).toContainText('one-time password');
  await expect(row).toContainText('2FA off');

  // The new operator signs in with it and is held at the set-up screen.
  const context = await browser.newContext(desktop);
  const them = await context.newPage();
  await withoutMotion(them);
  await them.goto(`${origin()}/admin`);
  await them.getByTestId('login-username').fill(username);
  await them.getByTestId('login-password').fill(oneTime);
  await them.getByTestId('login-submit').click();
  await expect(them.getByTestId('setup-page')).toBeVisible();
  await expect(them.getByTestId('nav')).toHaveCount(0);

  // Step 1: a password of its own (the short one is refused on the page).
  await them.getByTestId('password-current').fill(oneTime);
  await them.getByTestId('password-new').fill('short');
  await them.getByTestId('password-repeat').fill('short');
  await them.getByTestId('password-submit').click();
  await expect(them.getByText('At least 10 characters').first()).toBeVisible();
  const password = 'finance-e2e-password-1';
  await them.getByTestId('password-new').fill(password);
  await them.getByTestId('password-repeat').fill(password);
  await them.getByTestId('password-submit').click();

  // Step 2: the authenticator, from the QR code; the key to type only on asking, never the raw link.
  await expect(them.getByTestId('setup-totp')).toBeVisible();
  await expect(them.getByTestId('totp-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(them.getByTestId('setup-totp')).not.toContainText('otpauth://');
  await expect(them.getByTestId('totp-secret')).toHaveCount(0);
  await them.getByTestId('totp-show-key').click();
  const grouped = (await them.getByTestId('totp-secret').textContent()) ?? '';
  expect(grouped).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = grouped.replace(/\s/g, '');
  await them.screenshot({ path: '/tmp/access-setup-totp.png' });
  await them.getByTestId('totp-code').fill('000000');
  await them.getByTestId('totp-confirm').click();
  await expect(them.getByTestId('totp-error')).toBeVisible();
  await them.getByTestId('totp-code').fill(await freshTotpCode(secret));
  await them.getByTestId('totp-confirm').click();

  // Ten recovery codes, shown once before the console opens.
  await expect(them.getByTestId('recovery-code')).toHaveCount(10);
  const codes = await them.getByTestId('recovery-code').allTextContents();
  await them.screenshot({ path: '/tmp/access-recovery-codes.png' });
  await them.getByTestId('recovery-done').click();

  // The console opens, with the finance pages and without the owner's.
  await expect(them.getByTestId('operator-name')).toHaveText(username);
  await expect(them.getByTestId('operator-role')).toHaveText('Finance');
  await expect(them.getByTestId('nav')).toContainText('Withdrawals');
  await expect(them.getByTestId('nav')).not.toContainText('Operators');

  // My account: two-factor on, this session listed.
  await them.getByTestId('nav').getByText('My account').click();
  await expect(them.getByTestId('totp-status')).toHaveText('on');
  await expect(them.getByTestId('session-current')).toBeVisible();
  await them.screenshot({ path: '/tmp/access-account.png' });

  await expect(them.getByTestId('recovery-left')).toContainText('10 of 10 recovery codes left');

  // A lost phone: a recovery code signs in instead of the authenticator's, once.
  await them.getByTestId('sign-out').click();
  const signInWithRecovery = async (code: string) => {
    await them.getByTestId('login-username').fill(username);
    await them.getByTestId('login-password').fill(password);
    await them.getByTestId('login-submit').click();
    await them.getByTestId('login-recovery-switch').click();
    await them.getByTestId('login-recovery').fill(code);
    await them.getByTestId('login-totp-submit').click();
  };
  await signInWithRecovery(codes[0] ?? '');
  await expect(them.getByTestId('operator-name')).toHaveText(username);
  await them.getByTestId('sign-out').click();
  await signInWithRecovery(codes[0] ?? '');
  await expect(them.getByTestId('login-error')).toHaveText('Wrong or already used recovery code');
  await them.goto(`${origin()}/admin`);

  // Next time the sign-in asks for the code.
  await consoleSignIn(them, { username, password, totpSecret: secret });

  // The owner sees the operator set up.
  await page.reload();
  await expect(row).toContainText('password set');
  await expect(row).toContainText('2FA on');
  await page.screenshot({ path: '/tmp/access-operators.png' });
  await context.close();
});
