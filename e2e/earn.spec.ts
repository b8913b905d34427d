import { expect, type Page, test } from '@playwright/test';
import { api } from '@dramastar/contract';
import { base, rechargeByCard, registerByEmail, unique, userCall } from './flows.js';

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

const balance = async (page: Page) => (await userCall(page, api.account.accountInfo)).data.balance;

test('checks in, claims a task reward, sends a red packet that a second user claims; both wallets change', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerByEmail(page, `e2e-earn-${unique()}@example.ph`);

  // Check in on the Earn tab: day 1 pays 1.00.
  await page.goto(`${base()}/pages/earn/index`);
  await page.getByTestId('checkin-button').click();
  await expect.poll(() => balance(page)).toBe('1.00');
  await expect(page.getByTestId('checkin-streak')).toContainText('1');

  // A task reached by a real event: the first recharge (500), then its reward (5.00).
  await rechargeByCard(page, '500');
  await page.goto(`${base()}/pages/profile/task/index`);
  await page.getByTestId('task-first_recharge-claim').click();
  await expect(page.getByTestId('task-first_recharge-claimed')).toBeVisible();
  await expect.poll(() => balance(page)).toBe('506.00');

  // A red packet of 100 in 2 equal shares: the money goes into escrow at once.
  await page.goto(`${base()}/pages/profile/redPacket/openp`);
  await page.getByTestId('packet-amount').fill('100');
  await page.getByTestId('packet-shares').fill('2');
  await page.getByTestId('packet-split-equal').click();
  await page.getByTestId('packet-submit').click();
  await expect(page.getByTestId('packet-confirm-amount')).toContainText('100.00');
  await page.getByRole('button', { name: 'Pay and send' }).click();
  await expect(page.getByTestId('packet-sent')).toBeVisible();
  const link = (await page.getByTestId('packet-link').textContent())?.trim() ?? '';
  expect(link).toMatch(/redPacketId=[0-9a-f]{32}$/);
  await expect.poll(() => balance(page)).toBe('406.00');

  // A second user opens the link and claims a share.
  const other = await browser.newContext();
  const b = await other.newPage();
  // The envelope's Open button pulses forever; with reduced motion it holds still to be clicked.
  await b.emulateMedia({ reducedMotion: 'reduce' });
  await registerByEmail(b, `e2e-earn-b-${unique()}@example.ph`);
  await b.goto(link.replace(/^https?:\/\/[^/]+/, new URL(b.url()).origin));
  await b.getByTestId('packet-open').click();
  await expect(b.getByTestId('packet-won')).toContainText('50.00');
  expect(await balance(b)).toBe('50.00');
  // Opening again is refused on the page (one share per user).
  await b.reload();
  await expect(b.getByTestId('packet-my-claim')).toContainText('50.00');
  await other.close();

  // The sender sees the claim.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, new URL(page.url()).origin));
  await expect(page.getByTestId('packet-shares-claimed')).toContainText('1');
  expect(await balance(page)).toBe('406.00');
});
