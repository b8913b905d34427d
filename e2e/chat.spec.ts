import { randomUUID } from 'node:crypto';
import { adminChatApi, chatCalls } from '@dramastar/contract';
import { expect, test } from '@playwright/test';
import { consoleCall, consoleSignIn } from './console.js';
import { base, origin, registerByEmail, unique, userCall } from './flows.js';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw error;
  });
});

test('a user writes to support; the owner answers in the console, with a picture; the user sees it live, with unread badges', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await registerByEmail(page, `e2e-chat-${unique()}@example.ph`);

  // Earn → Customer service → the in-app chat.
  await page.goto(`${base()}/pages/earn/customerService`);
  await page.getByTestId('support-chat').click();
  await expect(page).toHaveURL(/\/pages\/profile\/chat\/index/);
  await expect(page.getByTestId('chat-status')).toHaveAttribute('data-status', 'open');
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  const question = `Where is my recharge? ${unique()}`;
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  const mine = page.locator('[data-testid="chat-message"][data-sender="user"]');
  await expect(mine).toHaveText(new RegExp(question.replace(/[?]/g, '\\?')));

  // The owner opens Support → Chat in the console and answers.
  const consoleContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
  });
  const admin = await consoleContext.newPage();
  await consoleSignIn(admin);
  await admin.goto(`${origin()}/admin/support/chat`);
  await expect(admin.getByTestId('chat-socket-status')).toHaveAttribute('data-status', 'open');
  const row = admin.getByTestId('chat-conversation').filter({ hasText: question });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('chat-conversation-unread')).toBeVisible();
  const conversationId = (await row.getAttribute('data-id')) ?? '';
  expect(conversationId).toMatch(/^\d+$/);
  await row.click();
  await expect(admin.getByTestId('console-chat-message').filter({ hasText: question })).toBeVisible();
  const answer = `Hello! Let me check that for you. ${unique()}`;
  await admin.getByTestId('chat-reply-input').fill(answer);
  await admin.getByTestId('chat-reply-send').click();
  await expect(admin.getByTestId('console-chat-message').filter({ hasText: answer })).toBeVisible();
  // Answering took the conversation: it is now under "Mine".
  await admin.getByTestId('chat-tab-mine').click();
  await expect(admin.getByTestId('chat-conversation').filter({ hasText: answer })).toBeVisible();

  // The user sees the answer without reloading.
  const theirs = page.locator('[data-testid="chat-message"][data-sender="operator"]');
  await expect(theirs).toHaveText(new RegExp(answer.replace(/[!.?]/g, '\\$&')));

  // Staff attach a picture; it reaches the user live too.
  await admin.getByTestId('chat-picture-file').setInputFiles({
    name: 'where-to-tap.png',
    mimeType: 'image/png',
    buffer: PNG_1X1,
  });
  await expect(admin.locator('[data-testid="console-chat-message"] img')).toBeVisible();
  await admin.screenshot({ path: 'test-results/chat-console.png' });
  await expect(theirs.locator('img')).toBeVisible();
  await expect(theirs).toHaveCount(2);
  await page.screenshot({ path: 'test-results/chat-user.png' });

  // Away from the chat, another answer shows as an unread count on Earn and Profile.
  await page.goto(`${base()}/pages/profile/index`);
  await expect(page.getByTestId('profile-contact')).toBeVisible();
  const second = await consoleCall(adminChatApi.reply, {
    body: { conversationId, clientId: randomUUID(), kind: 'text', body: 'Your recharge is credited.' },
  });
  expect(second.code, second.msg).toBe(200);
  // Reloaded, so no count cached earlier in the session can pass for the server's.
  await page.goto(`${base()}/pages/earn/index`);
  await page.reload();
  await expect(page.getByTestId('earn-chat-unread')).toHaveText('1');
  await page.goto(`${base()}/pages/profile/index`);
  await page.reload();
  await expect(page.getByTestId('profile-chat-unread')).toHaveText('1');
  await expect(page.getByTestId('tab-profile-chat-unread')).toHaveText('1');

  // Reading it clears the badge.
  await page.goto(`${base()}/pages/profile/chat/index`);
  await expect(page.locator('[data-testid="chat-message"][data-sender="operator"]')).toHaveCount(3);
  await expect(page.getByTestId('chat-read')).toBeVisible();
  await expect.poll(async () => (await userCall(page, chatCalls.conversation)).data.unread).toBe(0);
  await page.goto(`${base()}/pages/profile/index`);
  await page.reload();
  await expect(page.getByTestId('profile-contact')).toBeVisible();
  await expect(page.getByTestId('profile-chat-unread')).toBeHidden();
  await expect(page.getByTestId('tab-profile-chat-unread')).toBeHidden();
  await consoleContext.close();
});
