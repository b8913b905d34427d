import { expect, type Page } from '@playwright/test';
import { api, type AnyCall, type CallInput } from '@dramastar/contract';
import { apiClient, envelope } from './client.js';
import { codeFor, mailCount } from './mailbox.js';

export const origin = () => `http://localhost:${process.env.E2E_PORT ?? '8080'}`;
export const base = () => `${origin()}/#`;
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The payment password the flows set. */
export const PAY_PASSWORD = '246813';

export async function chooseCountry(page: Page, code: string) {
  await page.getByTestId('country-select').click();
  await page.getByTestId(`country-${code}`).click();
}

/** Registers through the login panel with a code read from the real SMTP server's mailbox. */
export async function registerByEmail(page: Page, email: string, inviteLink?: string) {
  if (inviteLink) {
    // An invitation link opens the register view with its code filled in.
    await page.goto(inviteLink);
    await expect(page.getByTestId('view-register')).toBeVisible();
  } else {
    await page.goto(`${base()}/pages/profile/index`);
    await page.getByTestId('profile-login').click();
    await expect(page.getByTestId('login-panel')).toBeVisible();
    await page.getByTestId('chooser-register').click();
  }
  await page.getByTestId('register-tab-email').click();
  const form = page.getByTestId('register-email');
  await chooseCountry(page, 'VN');
  await form.getByTestId('phone-input').fill('912345678');
  await form.getByTestId('email-input').fill(email);
  const before = mailCount();
  await form.getByTestId('send-code').click();
  // The code arrives through the real SMTP server the production server sends to.
  const code = await codeFor(email, before);
  await form.getByTestId('code-input').fill(code);
  await form.getByTestId('submit').click();
  await expect(page.getByTestId('login-panel')).toBeHidden();
}

/** Recharges by card: the sandbox gateway's page approves, the app shows the credit. */
export async function rechargeByCard(page: Page, amount: string) {
  await page.goto(`${new URL(page.url()).origin}/#/pages/profile/recharge/index`);
  await page.getByTestId('recharge-channel-gateway').click();
  await page.getByTestId('recharge-amount').fill(amount);
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('recharge-confirm')).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/pay_/);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByTestId('recharge-result-credited')).toBeVisible();
}

/** Calls the API as the signed-in user of the page (for what the product has no screen for yet). */
export async function userCall<C extends AnyCall>(page: Page, call: C, input?: CallInput<C>) {
  const token = await page.evaluate(() => localStorage.getItem('user_token'));
  return envelope(apiClient(origin(), token), call, input);
}

/** Sets the payment password through the API, with the code e-mailed to `email`. */
export async function setPayPassword(page: Page, email: string, password = PAY_PASSWORD): Promise<void> {
  const before = mailCount();
  expect((await userCall(page, api.account.sendSmsCode)).code).toBe(200);
  const verifyCode = await codeFor(email, before);
  expect(
    (
      await userCall(page, api.account.setPayPassword, {
        body: { password, repPassword: password, verifyCode },
      })
    ).code,
  ).toBe(200);
}

/**
 * A signed-in user of the page (with at least 210 in the wallet) applies for a withdrawal of 200
 * through the API: a bank card, the payment password (code by e-mail), a Star Card from the test
 * API. Answers the order number.
 */
export async function applyForWithdrawal(page: Page, email: string): Promise<string> {
  const cards = await userCall(page, api.account.addBankCard, {
    body: {
      accountName: 'Juan Cruz',
      firstName: 'Juan',
      lastName: 'Cruz',
      email,
      phone: '9171234567',
      bank: 'BDO',
      cardNumber: '009876543210',
      bankName: 'BDO Ortigas Branch',
    },
  });
  expect(cards.code).toBe(200);
  const card = cards.data.list[0];
  await setPayPassword(page, email);
  expect((await userCall(page, api.test.openVipLevel, { body: { level: 1 } })).code).toBe(200);
  const applied = await userCall(page, api.account.applyWithdrawal, {
    body: {
      amount: '200',
      channel: 'bank',
      bankCardId: card?.id,
      payPassword: PAY_PASSWORD,
      requestId: `e2e-${unique()}`,
    },
  });
  expect(applied.code).toBe(200);
  return applied.data.orderNo;
}
