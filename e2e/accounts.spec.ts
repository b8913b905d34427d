import { expect, test } from '@playwright/test';
import { base, chooseCountry, registerByEmail, unique } from './flows.js';
import { codeFor, mailCount } from './mailbox.js';

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

test('registers by e-mail with the code from the mail, adds a user name, logs out and logs in by user name', async ({
  page,
}) => {
  const id = unique();
  const email = `e2e-${id}@example.ph`;
  await registerByEmail(page, email);
  await page.goto(`${base()}/pages/profile/index`);
  await expect(page.getByTestId('profile-user')).toBeVisible();
  await expect(page.getByTestId('profile-invite-code')).toHaveText(/[A-Z2-9]{8}/);

  // Add a user name and password under Settings → Login methods.
  const userName = `e2e_${id}`.slice(0, 20);
  await page.goto(`${base()}/pages/profile/setting/bindOrContinueWith`);
  await page.getByTestId('bind-username').click();
  const bind = page.getByTestId('bind-username-form');
  await bind.getByTestId('username-input').fill(userName);
  await bind.getByTestId('password-input').fill('e2e-secret-1');
  await bind.getByTestId('rep-password-input').fill('e2e-secret-1');
  await bind.getByTestId('submit').click();
  await expect(page.getByTestId('method-username')).toContainText(userName);

  // Log out from Settings.
  await page.goto(`${base()}/pages/profile/setting/index`);
  await page.getByTestId('settings-logout').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await page.goto(`${base()}/pages/profile/index`);
  await expect(page.getByTestId('profile-guest')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_token'))).toBeNull();

  // Log in by user name.
  await page.getByTestId('profile-login').click();
  await page.getByTestId('chooser-username').click();
  const login = page.getByTestId('view-username');
  await login.getByTestId('username-input').fill(userName);
  await login.getByTestId('password-input').fill('e2e-secret-1');
  await login.getByTestId('submit').click();
  await expect(page.getByTestId('login-panel')).toBeHidden();
  await page.goto(`${base()}/pages/profile/index`);
  await expect(page.getByTestId('profile-user')).toBeVisible();
});

test('shows the wrong-code error on an e-mail login', async ({ page }) => {
  const email = `e2e-wrong-${unique()}@example.ph`;
  await registerByEmail(page, email);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base()}/pages/login/loginRegister`);
  await page.getByTestId('chooser-email').click();
  const view = page.getByTestId('view-email');
  await view.getByTestId('email-input').fill(email);
  const before = mailCount();
  await view.getByTestId('send-code').click();
  const right = await codeFor(email, before);
  await view.getByTestId('code-input').fill(right === '000000' ? '111111' : '000000');
  await view.getByTestId('submit').click();
  await expect(page.getByText('Wrong email code').first()).toBeVisible();
  await expect(view.getByTestId('submit')).toBeEnabled();
});

test('fetches a new captcha after a failed user-name registration', async ({ page }) => {
  await page.goto(`${base()}/pages/login/register`);
  await page.getByTestId('register-tab-username').click();
  const form = page.getByTestId('register-username');
  const captcha = form.getByTestId('captcha-img');
  await expect(captcha).toHaveAttribute('src', /^data:image\/png;base64,/);
  const first = await captcha.getAttribute('src');
  await chooseCountry(page, 'PK');
  await form.getByTestId('username-input').fill(`cap_${unique()}`.slice(0, 20));
  await form.getByTestId('password-input').fill('e2e-secret-1');
  await form.getByTestId('rep-password-input').fill('e2e-secret-1');
  await form.getByTestId('phone-input').fill('3001234567');
  await form.getByTestId('captcha-input').fill('zzzz');
  await form.getByTestId('submit').click();
  await expect(page.getByText('Wrong verification code').first()).toBeVisible();
  await expect.poll(() => captcha.getAttribute('src')).not.toBe(first);
  await expect(form.getByTestId('captcha-input')).toHaveValue('');
  await expect(form.getByTestId('submit')).toBeEnabled();
});

test('opens the register view with the invite code of the link prefilled and remembered', async ({
  page,
}) => {
  await page.goto(`${base()}/pages/login/loginRegister?inviteCode=ABCD1234`);
  await expect(page.getByTestId('view-register')).toBeVisible();
  await expect(page.getByTestId('register-email').getByTestId('invite-input')).toHaveValue('ABCD1234');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'inviteInfo')?.value).toContain('ABCD1234');
});
