import { devices, expect, test } from '@playwright/test';
import { adminApi, adminConfigApi } from '@dramastar/contract';
import { consoleCall, consoleSignIn, ownerCredentials } from './console.js';
import { freshTotpCode } from './totp.js';
import { base, origin, registerByEmail, unique } from './flows.js';

// The console is a desktop application; the user's app runs on a phone.
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, colorScheme: 'light' });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

test('the owner changes the Primary Star Card price in the console and the app shows it without a restart', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const before = await consoleCall(adminConfigApi.tenantConfig, { query: { tenantId: '000000' } });
  expect(before.code, before.msg).toBe(200);
  const original = before.data.membership;
  const oldPrice = original.value.tiers[1]!.price;
  const newPrice = String(Number(oldPrice) + 50);

  try {
    // A user on a phone sees today's price on the Star Card page.
    const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
    const app = await phone.newPage();
    await registerByEmail(app, `e2e-config-${unique()}@example.ph`);
    await app.goto(`${base()}/pages/earn/strategy`);
    await expect(app.getByTestId('tier-primary-price')).toContainText(oldPrice);

    // The owner opens Configuration → Star Cards of tenant 000000 and saves a new price.
    await consoleSignIn(page);
    await page.goto(`${origin()}/admin/settings/config`);
    await expect(page.getByTestId('config-tabs')).toBeVisible();
    await page.getByRole('tab', { name: 'Star Cards' }).click();
    const form = page.getByTestId('config-form-membership');
    if (original.isDefault) await expect(form.getByTestId('config-default-membership')).toBeVisible();
    await form.getByTestId('tier-price-primary').fill(newPrice);
    await form.getByTestId('config-save-membership').click();
    // The confirmation lists what changes.
    await expect(page.getByTestId('config-diff')).toContainText('Primary Star Card price');
    await expect(page.getByTestId('config-diff')).toContainText(newPrice);
    await page.screenshot({ path: '/tmp/cfg-console-confirm.png' });
    await page.getByTestId('config-confirm-ok').click();
    await expect(page.getByTestId('config-custom-membership')).toBeVisible();
    await expect(form.getByTestId('tier-price-primary')).toHaveValue(newPrice);

    // The app shows the new price at once: no restart, no cache to wait for.
    await app.reload();
    await expect(app.getByTestId('tier-primary-price')).toContainText(newPrice);
    await app.screenshot({ path: '/tmp/cfg-app-star-cards.png' });

    // The change is in the audit log.
    const audit = await consoleCall(adminApi.audit, { query: { action: 'config.membership.update' } });
    expect(audit.data.list[0]).toMatchObject({ action: 'config.membership.update', tenantId: '000000' });

    // The other tabs show their sections (screenshots to look at).
    for (const tab of ['Wallet', 'Team', 'Earn', 'Copyrights']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.screenshot({ path: `/tmp/cfg-console-${tab.toLowerCase()}.png`, fullPage: true });
    }
    await expect(page.getByTestId('copyright-table')).toContainText('love-in-manila');

    // The Tenants page lists the tenants with their domains.
    await page.goto(`${origin()}/admin/settings/tenants`);
    await expect(page.getByTestId('tenants-table')).toContainText('000000');
    await expect(page.getByTestId('tenants-table')).toContainText('localhost');
    await page.screenshot({ path: '/tmp/cfg-console-tenants.png' });
    await phone.close();
  } finally {
    // Other specs rely on the price as it was.
    const restored = original.isDefault
      ? await consoleCall(adminConfigApi.resetSection, {
          body: { tenantId: '000000', section: 'membership' },
        })
      : await consoleCall(adminConfigApi.updateMembership, {
          body: { tenantId: '000000', ...original.value },
        });
    expect(restored.code, restored.msg).toBe(200);
  }
});

test('a fee typed out of range is refused on its field, and changing the collection account asks for the authenticator code', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const before = await consoleCall(adminConfigApi.tenantConfig, { query: { tenantId: '000000' } });
  expect(before.code, before.msg).toBe(200);
  const original = before.data.wallet;
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await consoleSignIn(page);
    await page.goto(`${origin()}/admin/settings/config`);
    await page.getByRole('tab', { name: 'Wallet' }).click();
    const form = page.getByTestId('config-form-wallet');
    // The fee is a percentage; 90 % is refused on the field with the range in words, not changed.
    const fee = form.getByTestId('wallet-bank-fee');
    await expect(fee).toHaveValue('5');
    await fee.fill('90');
    await form.getByTestId('config-save-wallet').click();
    await expect(form.getByText('A fee from 0 % to 50 %, at most 2 decimals')).toBeVisible();
    await expect(fee).toHaveValue('90');
    await expect(page.getByTestId('config-diff')).toHaveCount(0);
    await page.screenshot({ path: '/tmp/cfg-console-fee-refused.png', fullPage: true });

    // 7.5 % and a new collection account: the confirmation says it in words and asks for the code.
    await fee.fill('7.5');
    await form.getByLabel('Account number').fill('009988776655');
    await form.getByTestId('config-save-wallet').click();
    const diff = page.getByTestId('config-diff');
    await expect(diff).toContainText('Bank withdrawal fee: 5 % → 7.5 %');
    await expect(diff).toContainText('Collection account number');
    await page.screenshot({ path: '/tmp/cfg-console-collection-confirm.png' });
    await page.getByTestId('config-totp').fill(await freshTotpCode(ownerCredentials().totpSecret));
    await page.getByTestId('config-confirm-ok').click();
    await expect(page.getByTestId('config-custom-wallet')).toBeVisible();
    const after = await consoleCall(adminConfigApi.tenantConfig, { query: { tenantId: '000000' } });
    expect(after.data.wallet.value.withdrawal.bankFeeBps).toBe(750);
    expect(after.data.wallet.value.recharge.official.accountNumber).toBe('009988776655');
    const audit = await consoleCall(adminApi.audit, { query: { action: 'config.wallet.collection' } });
    expect(audit.data.list[0]).toMatchObject({ tenantId: '000000', action: 'config.wallet.collection' });
  } finally {
    // Other specs rely on the wallet as it was (a move back asks for the code too).
    const totpCode = await freshTotpCode(ownerCredentials().totpSecret);
    const restored = original.isDefault
      ? await consoleCall(adminConfigApi.resetSection, {
          body: { tenantId: '000000', section: 'wallet', totpCode },
        })
      : await consoleCall(adminConfigApi.updateWallet, {
          body: { tenantId: '000000', ...original.value, totpCode },
        });
    expect(restored.code, restored.msg).toBe(200);
  }
});
