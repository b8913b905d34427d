import { devices, expect, type Page, test } from '@playwright/test';
import { api } from '@dramastar/contract';
import { consoleSignIn, newOperator, withoutMotion } from './console.js';
import { applyForWithdrawal, base, registerByEmail, unique, userCall } from './flows.js';

// The console at 1440×900, as an owner walks it; the user is on a phone.
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, colorScheme: 'light' });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

/** An option of the open antd select list, by its text. */
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });

async function openUser(page: Page, email: string): Promise<string> {
  await page
    .getByTestId('nav')
    .getByRole('menuitem', { name: /Users$/ })
    .click();
  await page.getByTestId('users-search').locator('input').fill(email);
  await page.getByTestId('users-search').locator('input').press('Enter');
  await page.getByTestId('users-table').getByRole('button', { name: 'Open' }).first().click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  return new URL(page.url()).searchParams.get('userId') ?? '';
}

test('support credits a user above the threshold from the user page and a chat; it waits until finance approves it from the dashboard’s count; the withdrawal count opens its queue; the console speaks Vietnamese', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);

  // A user registers on a phone and writes to support with a question.
  const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const app = await phone.newPage();
  const email = `e2e-credit-${unique()}@example.ph`;
  await registerByEmail(app, email);
  await app.goto(`${base()}/pages/profile/chat/index`);
  await expect(app.getByTestId('chat-status')).toHaveAttribute('data-status', 'open');
  await app.getByTestId('chat-input').fill('My payout was late, can you help?');
  await app.getByTestId('chat-send').click();
  await expect(app.locator('[data-testid="chat-message"][data-sender="user"]')).toContainText(
    'payout was late',
  );

  // Support opens the user's page: the form shows their limits and says ₱600 needs a second approval.
  const support = await newOperator('support', ['000000']);
  await consoleSignIn(page, support);
  const userId = await openUser(page, email);
  await page.getByTestId('user-credit').click();
  const dialog = page.getByTestId('credit-dialog');
  await expect(dialog.getByTestId('credit-limits')).toContainText('1000.00 PHP');
  await dialog.getByTestId('credit-amount').fill('600');
  await expect(dialog.getByTestId('credit-needs-second')).toContainText('second approval');
  await dialog.getByTestId('credit-reason').fill('Late payout, goodwill');
  await page.screenshot({ path: '/tmp/console-user-credit.png' });
  await page.getByTestId('credit-submit').click();
  await expect(dialog.getByTestId('credit-done')).toHaveAttribute('data-status', 'pending');
  await page.getByTestId('credit-submit').click(); // Close
  await page.getByTestId('user-detail').getByRole('tab', { name: 'Refunds and credits' }).click();
  await expect(page.getByTestId('user-credits')).toContainText('Waiting for approval');
  // Nothing moved yet.
  expect((await userCall(app, api.account.accountInfo)).data.balance).not.toBe('600.00');

  // From the chat: the conversation links to the user, and a canned reply fills the reply box.
  await page.getByTestId('nav').getByText('Chat', { exact: true }).click();
  await page.getByTestId('chat-conversation').filter({ hasText: 'payout was late' }).click();
  await expect(page.getByTestId('chat-user-link')).toHaveAttribute('href', `/admin/users?userId=${userId}`);
  await expect(page.getByTestId('chat-wallet-link')).toHaveAttribute(
    'href',
    `/admin/users?userId=${userId}&tab=wallet`,
  );
  await page.getByTestId('chat-canned').click();
  await option(page, 'Withdrawal timing (en)').click();
  await expect(page.getByTestId('chat-reply-input')).toHaveValue(/Withdrawals are reviewed and paid/);
  await page.getByTestId('chat-reply-input').fill('Sorry for the wait: we are adding a goodwill credit.');
  await page.getByTestId('chat-reply-send').click();
  await expect(
    page.getByTestId('console-chat-message').filter({ hasText: 'adding a goodwill credit' }),
  ).toBeVisible();
  await page.getByTestId('chat-canned').click();
  await page.keyboard.type('Chào');
  await expect(option(page, 'Chào hỏi (vn)')).toBeVisible();
  await page.screenshot({ path: '/tmp/console-chat-canned.png' });
  await page.keyboard.press('Escape');

  // Finance (another operator) finds it waiting on the dashboard and approves it.
  const finance = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  const owner = await finance.newPage();
  await withoutMotion(owner);
  await consoleSignIn(owner);
  const credits = owner.getByTestId('waiting-creditsToApprove');
  await expect(credits).not.toHaveAttribute('data-count', '0');
  await owner.screenshot({ path: '/tmp/console-dashboard.png', fullPage: false });
  await credits.click();
  await expect(owner).toHaveURL(/\/admin\/finance\/credits/);
  const row = owner
    .getByTestId('credits-table')
    .getByRole('row')
    .filter({ hasText: `User ${userId}` });
  await expect(row).toContainText('600.00 PHP');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toBeHidden();
  await expect.poll(async () => (await userCall(app, api.account.accountInfo)).data.balance).toBe('600.00');

  // The user withdraws; the dashboard's count opens the queue at what waits for approval.
  const orderNo = await applyForWithdrawal(app, email);
  await owner.getByTestId('nav').getByText('Dashboard', { exact: true }).click();
  const toApprove = owner.getByTestId('waiting-withdrawalsToApprove');
  await expect(toApprove).not.toHaveAttribute('data-count', '0');
  await toApprove.click();
  await expect(owner).toHaveURL(/\/admin\/finance\/withdrawals\?status=applied/);
  await expect(owner.getByTestId(`withdrawal-stage-${orderNo}`)).toHaveText('To approve');

  // The same console in Vietnamese.
  await owner.getByTestId('language-picker').click();
  await option(owner, 'Tiếng Việt').click();
  await expect(owner.getByTestId('nav')).toContainText('Tổng quan');
  await expect(owner.getByTestId('nav')).toContainText('Rút tiền');
  await owner.getByTestId('nav').getByText('Tổng quan', { exact: true }).click();
  await expect(owner.getByTestId('dashboard-waiting')).toContainText('Đang chờ bạn xử lý');
  await expect(owner.getByTestId('sign-out')).toHaveText('Đăng xuất');
  await owner.screenshot({ path: '/tmp/console-vn.png' });
  await finance.close();
  await phone.close();
});
