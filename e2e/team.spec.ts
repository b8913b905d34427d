import { expect, test } from '@playwright/test';
import { api } from '@dramastar/contract';
import {
  base,
  PAY_PASSWORD,
  rechargeByCard,
  registerByEmail,
  setPayPassword,
  unique,
  userCall,
} from './flows.js';

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

test('A invites B by link; B registers, recharges and buys a copyright; A sees B in the team and the referral reward', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A, with a Primary Star Card (its purchase has its own pages; the test API gives one).
  await registerByEmail(page, `e2e-a-${unique()}@example.ph`);
  expect((await userCall(page, api.test.openVipLevel, { body: { level: 1 } })).code).toBe(200);
  await page.goto(`${base()}/pages/profile/inviteFriend/index`);
  const link = (await page.getByTestId('invite-link').textContent())?.trim() ?? '';
  expect(link).toMatch(/inviteCode=[A-Z2-9]{8}$/);

  // B opens the link in another browser.
  const other = await browser.newContext();
  const b = await other.newPage();
  const bEmail = `e2e-b-${unique()}@example.ph`;
  await registerByEmail(b, bEmail, link);
  const bId = (await userCall(b, api.user.info)).data.userId;
  await rechargeByCard(b, '1000');
  await setPayPassword(b, bEmail);
  await b.goto(`${new URL(b.url()).origin}/#/pages/profile/copyright-center/index`);
  const product = b.getByTestId('copyright-products').locator('[data-testid$="-buy"]').first();
  await product.click();
  await expect(b.getByTestId('buy-sheet')).toBeVisible();
  await b.getByTestId('buy-confirm').click();
  // Money leaving the wallet for an investment asks the payment password.
  await b.getByTestId('pay-password').click();
  await b.keyboard.type(PAY_PASSWORD);
  await expect(b.getByTestId('copyright-total-purchase')).toContainText('500.00');
  await other.close();

  // A sees B at level 1 and 10 % of the 500 as a referral reward.
  await page.goto(`${base()}/pages/profile/myTeam/index`);
  await expect(page.getByTestId(`member-${bId}`)).toBeVisible();
  await expect(page.getByTestId(`member-${bId}-revenue`)).toContainText('50.00');
  await page.goto(`${base()}/pages/profile/wallet/index`);
  await expect(page.getByTestId('wallet-balance')).toContainText('50.00');
  await expect(page.getByTestId('wallet-recent')).toContainText('50.00');
});
