import { devices, expect, test } from '@playwright/test';
import { api } from '@dramastar/contract';
import { ownerCredentials, withoutMotion } from './console.js';
import { applyForWithdrawal, origin, userCall, rechargeByCard, registerByEmail, unique } from './flows.js';
import { freshTotpCode, wrongTotpCode } from './totp.js';

// The console is a desktop application.
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, colorScheme: 'light' });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

test('an operator signs in at /admin with TOTP, approves a withdrawal the user sees approved, and finds it in the audit log', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);

  // A user (on a phone) with money applies for a withdrawal.
  const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const app = await phone.newPage();
  const email = `e2e-admin-${unique()}@example.ph`;
  await registerByEmail(app, email);
  await rechargeByCard(app, '500');
  const orderNo = await applyForWithdrawal(app, email);

  // Sign-in: a wrong password is refused on the page; the right one asks for the authenticator's
  // code, where a wrong code is refused and the right one opens the console.
  const owner = ownerCredentials();
  await withoutMotion(page);
  await page.goto(`${origin()}/admin`);
  await page.getByTestId('login-username').fill(owner.username);
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toContainText('Wrong user name or password');
  await page.getByTestId('login-password').fill(owner.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-totp-step')).toContainText(owner.username);
  await expect(page.getByTestId('login-error')).toHaveCount(0);
  await page.getByTestId('login-totp').fill(wrongTotpCode(owner.totpSecret));
  await page.getByTestId('login-totp-submit').click();
  await expect(page.getByTestId('login-error')).toContainText('Wrong or already used authenticator code');
  await page.getByTestId('login-totp').fill(await freshTotpCode(owner.totpSecret));
  await page.getByTestId('login-totp-submit').click();
  await expect(page.getByTestId('operator-name')).toHaveText('admin');
  await expect(page.getByTestId('operator-role')).toHaveText('Owner');
  await expect(page.getByTestId('ledger-light')).toHaveAttribute('data-balanced', 'true');

  // The withdrawal queue offers approve and reject for an applied withdrawal; approve it.
  await page.getByTestId('nav').getByText('Withdrawals').click();
  await expect(page).toHaveURL(/\/admin\/finance\/withdrawals$/);
  await expect(page.getByTestId(`withdrawal-stage-${orderNo}`)).toHaveText('To approve');
  await expect(page.getByTestId(`withdrawal-reject-${orderNo}`)).toBeVisible();
  await expect(page.getByTestId(`withdrawal-pay-${orderNo}`)).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('200.00 PHP');
  await expect(row).toContainText('210.00 PHP');
  await page.getByTestId(`withdrawal-approve-${orderNo}`).click();
  await page.getByTestId('withdrawal-action-ok').click();
  await expect(page.getByTestId(`withdrawal-stage-${orderNo}`)).toHaveText('To send');
  await expect(page.getByTestId(`withdrawal-process-${orderNo}`)).toBeVisible();
  // The card number is masked in the queue; finance opens it in full to pay (audited).
  await expect(row).toContainText('•••• 3210');
  await expect(row).not.toContainText('009876543210');
  await page.getByTestId(`withdrawal-show-account-${orderNo}`).click();
  await expect(page.getByTestId(`withdrawal-account-${orderNo}`)).toHaveText('009876543210');

  // The user sees the stage.
  const seen = await userCall(app, api.account.withdrawalProcess, { query: { orderNo } });
  expect(seen.code).toBe(200);
  expect(seen.data.status).toBe('approved');

  // The audit log lists the action, with before and after.
  await page.getByTestId('nav').getByText('Audit log').click();
  const entry = page
    .getByRole('row')
    .filter({ hasText: `withdrawal ${orderNo}` })
    .filter({ hasText: 'approved' });
  await expect(entry.getByTestId('audit-sentence')).toHaveText(
    new RegExp(`^admin approved withdrawal ${orderNo} of .+\\d$`),
  );
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'looked at the payout account of withdrawal' })
      .filter({ hasText: orderNo }),
  ).toBeVisible();
  await entry.getByRole('button').first().click();
  await expect(page.getByTestId('audit-field-status').first()).toContainText('approved');

  // A reload keeps the session and the page (the server answers /admin/* with the console).
  await page.reload();
  await expect(page.getByTestId('audit-table')).toBeVisible();

  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('login-page')).toBeVisible();
  await phone.close();
});
