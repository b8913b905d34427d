import { expect, test } from '@playwright/test';
import { adminApi, api } from '@dramastar/contract';
import { base, rechargeByCard, registerByEmail, unique, userCall } from './flows.js';
import { codeFor, mailCount } from './mailbox.js';
import { consoleCall } from './console.js';

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

test('recharges through the sandbox gateway, adds a bank card, sets the payment password and withdraws', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `e2e-wallet-${unique()}@example.ph`;
  await registerByEmail(page, email);

  // Recharge 500 by card: the payer approves on the gateway's page and comes back credited.
  await rechargeByCard(page, '500');

  await page.goto(`${base()}/pages/profile/wallet/index`);
  await expect(page.getByTestId('wallet-balance')).toContainText('500.00');
  await expect(page.getByTestId('wallet-recent')).toContainText('500.00');

  // A bank card.
  await page.goto(`${base()}/pages/profile/withdraw/addBankCard`);
  await page.getByTestId('card-accountName').fill('Maria Santos');
  await page.getByTestId('card-firstName').fill('Maria');
  await page.getByTestId('card-lastName').fill('Santos');
  await page.getByTestId('add-bank-card').getByTestId('email-input').fill('maria@example.ph');
  await page.getByTestId('card-phone').fill('9171234567');
  await page.getByTestId('card-bank').click();
  await page.getByTestId('bank-BDO').click();
  await page.getByTestId('card-cardNumber').fill('001234567890');
  await page.getByTestId('card-bankName').fill('BDO Makati Branch');
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('card-list')).toContainText('7890');

  // The payment password, with a code e-mailed to the account.
  await page.goto(`${base()}/pages/profile/wallet/walletPay`);
  await page.getByTestId('paypass-password').fill('135790');
  await page.getByTestId('paypass-repPassword').fill('135790');
  const before = mailCount();
  await page.getByTestId('send-code').click();
  await page.getByTestId('code-input').fill(await codeFor(email, before));
  await page.getByTestId('submit').click();
  await expect.poll(async () => (await userCall(page, api.user.exitsPayPass)).data.exists).toBe(true);

  // Withdrawing needs a Star Card: its purchase is the Star Card pages' business; the test API gives one.
  await page.goto(`${base()}/pages/profile/withdraw/index`);
  await expect(page.getByTestId('withdraw-needs-membership')).toBeVisible();
  expect((await userCall(page, api.test.openVipLevel, { body: { level: 1 } })).code).toBe(200);
  await page.reload();
  await page.getByTestId('withdraw-amount').fill('200');
  await expect(page.getByTestId('withdraw-fee')).toContainText('10.00');
  await expect(page.getByTestId('withdraw-total')).toContainText('210.00');
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('pay-password').click();
  await page.keyboard.type('135790');

  await expect(page.getByTestId('withdraw-timeline')).toBeVisible();
  await expect(page.getByTestId('withdraw-step-applied')).toBeVisible();
  await expect(page.getByTestId('withdraw-details-amount')).toContainText('200.00');
  const orderNo = new URL(page.url().replace('/#', '')).searchParams.get('orderNo');
  expect(orderNo).toMatch(/^W\d{24}$/);

  // Finance approves it in the console's API; the user sees the stage move.
  const approved = await consoleCall(adminApi.withdrawalAction, {
    body: { orderNo: orderNo ?? '', action: 'approve' },
  });
  expect(approved.code).toBe(200);
  await page.reload();
  await expect(page.getByTestId('withdraw-step-approved')).toBeVisible();
  await page.goto(`${base()}/pages/profile/wallet/index`);
  await expect(page.getByTestId('wallet-balance')).toContainText('290.00');
});
