import { readFile } from 'node:fs/promises';
import { devices, expect, test } from '@playwright/test';
import { adminFinanceApi } from '@dramastar/contract';
import { consoleCall, consoleSignIn } from './console.js';
import { applyForWithdrawal, base, origin, rechargeByCard, registerByEmail, unique } from './flows.js';

// The console is a desktop application; the user is on a phone (own context below).
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, colorScheme: 'light' });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

test('finance confirms a bank transfer and pays a withdrawal the user sees, then the day reconciles', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // A user on a phone starts an official bank-transfer recharge and says it is transferred.
  const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const app = await phone.newPage();
  const email = `e2e-finance-${unique()}@example.ph`;
  await registerByEmail(app, email);
  await app.goto(`${base()}/pages/profile/recharge/index`);
  await app.getByTestId('recharge-channel-official').click();
  await app.getByTestId('recharge-amount').fill('5000');
  await app.getByTestId('recharge-submit').click();
  await expect(app.getByTestId('recharge-confirm')).toBeVisible();
  await app.getByRole('button', { name: 'Pay now' }).click();
  await expect(app.getByTestId('official-pending')).toBeVisible();
  const orderNo = new URL(app.url().replace('/#/', '/')).searchParams.get('orderNo') ?? '';
  expect(orderNo).toMatch(/^R/);
  const reference = (await app.getByTestId('official-reference').innerText()).match(/DS[A-Z0-9]{8}/)?.[0];
  expect(reference).toMatch(/^DS[A-Z0-9]{8}$/);
  await app.getByTestId('official-transferred').click();
  await expect(app.getByTestId('official-submitted')).toBeVisible();

  // The owner confirms it in the console with the bank statement's line.
  await consoleSignIn(page);
  await page.getByTestId('nav').getByText('Recharges', { exact: true }).click();
  await page.getByTestId(`recharge-confirm-${orderNo}`).click();
  await page.getByTestId('recharge-confirm-dialog-input').fill(`BDO 2211 ${reference ?? ''} JUAN CRUZ`);
  await page.getByTestId('recharge-confirm-dialog-ok').click();
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toContainText('Credited');

  // The user's wallet shows the money.
  await app.goto(`${base()}/pages/profile/wallet/index`);
  await expect(app.getByTestId('wallet-balance')).toContainText(/5,?000\.00/);

  // The user applies for a withdrawal of 200 (fee 10); the owner approves, processes and pays it.
  const withdrawal = await applyForWithdrawal(app, email);
  await page.getByTestId('nav').getByText('Withdrawals', { exact: true }).click();
  const user = page.getByTestId(`withdrawal-user-${withdrawal}`);
  await expect(user).toContainText(email);
  for (const action of ['approve', 'process']) {
    await page.getByTestId(`withdrawal-${action}-${withdrawal}`).click();
    await page.getByTestId('withdrawal-action-ok').click();
  }
  // Mark paid records the bank's transfer reference.
  await page.getByTestId(`withdrawal-pay-${withdrawal}`).click();
  await page.getByTestId('withdrawal-reason-dialog-input').fill('BDO-FT-000042');
  await page.getByTestId('withdrawal-reason-dialog-ok').click();
  await expect(page.getByTestId(`withdrawal-stage-${withdrawal}`)).toHaveText('Paid');
  // The timeline shows who did each step and when, with the reference.
  await page
    .getByTestId('withdrawals-table')
    .getByRole('row')
    .filter({ hasText: withdrawal })
    .getByRole('button', { name: /expand/i })
    .click();
  const timeline = page.getByTestId(`timeline-${withdrawal}`);
  await expect(timeline.getByTestId('timeline-step-applied')).toContainText('Applied by the user');
  await expect(timeline.getByTestId('timeline-step-approve')).toContainText('Approve by admin');
  await expect(timeline.getByTestId('timeline-step-pay')).toContainText('Mark paid by admin');
  await expect(timeline.getByTestId('timeline-step-pay')).toContainText('BDO-FT-000042');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/tmp/console-withdrawal-timeline.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The user's withdrawal details show the final stage.
  await app.goto(`${base()}/pages/profile/withdraw/details/index?orderNo=${withdrawal}`);
  await expect(app.getByTestId('withdraw-details-status')).toContainText('Success, received');
  await expect(app.getByTestId('withdraw-step-paid')).toBeVisible();

  // The queue names the user (a link to their page) and links to their wallet in the ledger
  // explorer: 5000 − 200 − 10.
  await expect(user).toHaveAttribute('href', /\/admin\/users\?userId=\d+$/);
  await page.getByTestId(`withdrawal-wallet-${withdrawal}`).click();
  await expect(page).toHaveURL(/\/admin\/finance\/ledger\?user=\d+$/);
  await expect(page.getByTestId('ledger-balance')).toHaveText('4790.00 PHP');
  const entries = page.getByTestId('ledger-entries');
  await expect(entries).toContainText('system:recharge_clearing');
  await expect(entries).toContainText(`withdrawal:${withdrawal}`);
  await expect(entries).toContainText('+5000.00');

  await page.screenshot({ path: '/tmp/finance-ledger.png', fullPage: true });

  // A card recharge: the gateway page lists the payment and its signed webhook delivery.
  await rechargeByCard(app, '100');
  const cardOrder = new URL(app.url().replace('/#/', '/')).searchParams.get('orderNo') ?? '';
  expect(cardOrder).toMatch(/^R/);
  await page.getByTestId('nav').getByText('Gateway payments').click();
  const search = page.getByTestId('filter-order').locator('input');
  await search.fill(cardOrder);
  await search.press('Enter');
  await expect(page.getByTestId(`payment-status-${cardOrder}`)).toHaveText('Credited');
  await page
    .getByTestId('payments-table')
    .getByRole('row')
    .filter({ hasText: cardOrder })
    .getByRole('button', { name: '1 delivery' })
    .click();
  const delivery = page.getByTestId('deliveries-table').getByRole('row').filter({ hasText: cardOrder });
  await expect(delivery).toContainText('valid');
  await expect(delivery).toContainText('credited');
  await delivery.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('delivery-drawer')).toContainText('sandbox');
  await expect(page.getByTestId('delivery-payload')).toContainText(`"merchantOrderNo": "${cardOrder}"`);
  await page.screenshot({ path: '/tmp/finance-delivery.png' });
  await page.keyboard.press('Escape');

  // Today's reconciliation (the tenant's day) lists these amounts and reconciles.
  const report = (await consoleCall(adminFinanceApi.reconciliation)).data;
  const php = report.currencies.find((c) => c.currency === 'PHP');
  const official = php?.recharges.find((r) => r.channel === 'official');
  expect(official?.count).toBeGreaterThanOrEqual(1);
  expect(Number(official?.amount)).toBeGreaterThanOrEqual(5000);
  expect(Number(php?.withdrawalsPaid.amount)).toBeGreaterThanOrEqual(200);
  expect(Number(php?.withdrawalsPaid.fees)).toBeGreaterThanOrEqual(10);

  await page.getByTestId('nav').getByText('Reconciliation').click();
  await expect(page.getByTestId('reconciliation-date')).toHaveValue(report.date);
  await expect(page.getByTestId('recharges-PHP-official')).toHaveText(
    `${official?.count ?? 0} · ${official?.amount ?? ''} PHP`,
  );
  await expect(page.getByTestId('withdrawals-paid-PHP')).toContainText(
    `${php?.withdrawalsPaid.amount ?? ''} PHP + fees ${php?.withdrawalsPaid.fees ?? ''} PHP`,
  );
  await expect(page.getByTestId('ledger-sum-PHP')).toHaveText('0.00 PHP');
  await expect(page.getByTestId('reconciliation-balanced')).toHaveAttribute('data-balanced', 'true');
  await page.screenshot({ path: '/tmp/finance-reconciliation.png', fullPage: true });

  // And downloads as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('reconciliation-csv').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`reconciliation-000000-${report.date}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain(`Recharges credited,PHP,official,${official?.count ?? 0},${official?.amount ?? ''}`);
  expect(csv).toContain('Report,,balanced,,,,,,,,yes');

  await phone.close();
});

test('finance downloads the recharges of a tenant as CSV from Exports', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await consoleSignIn(page);
  await page.goto(`${origin()}/admin/finance/exports`);
  await page.screenshot({ path: '/tmp/console-exports.png' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('recharges-all-tenants-all.csv');
  const path = await download.path();
  const csv = await readFile(path, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFOrder no,Tenant,User id,User e-mail,Channel,Status,Amount paid,Paid in,Amount credited,Currency,Transfer reference,Provider,Provider transaction,USDT transaction hash,Matched reference,Reason,Created at,Credited at',
  );
  // The export is in the audit log.
  await page.goto(`${origin()}/admin/audit`);
  await expect(page.getByRole('row').filter({ hasText: 'downloaded the CSV of' }).first()).toBeVisible();
});
