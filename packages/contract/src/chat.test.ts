import { describe, expect, it } from 'vitest';
import { adminChatApi } from './api/admin-chat.js';
import { allConsoleCalls } from './api/console.js';
import { allCalls } from './api/index.js';
import {
  backoffDelay,
  CHAT_MAX_TEXT,
  chatCalls,
  chatClientFrame,
  chatSendBody,
  chatServerFrame,
} from './chat.js';
import { ROLES } from './constants.js';

describe('chat contract', () => {
  it('keeps the user calls under /app-api (beyond spec section 7, outside `api`) and the console calls registered', () => {
    for (const call of Object.values(chatCalls)) {
      expect(call.prefix).toBe('/app-api');
      expect(call.auth).toBe('user');
    }
    const section7 = allCalls().map((c) => c.path);
    for (const call of Object.values(chatCalls)) expect(section7).not.toContain(call.path);
    const consolePaths = allConsoleCalls().map((c) => c.path);
    for (const call of Object.values(adminChatApi)) {
      expect(consolePaths).toContain(call.path);
      expect(call.roles).toEqual(ROLES.support);
    }
  });

  it('reads client frames strictly', () => {
    expect(chatClientFrame.safeParse({ type: 'auth', token: 't' }).success).toBe(true);
    const send = chatClientFrame.parse({ type: 'send', clientId: 'abcdefgh-1', body: 'hi' });
    expect(send).toMatchObject({ type: 'send', kind: 'text' });
    expect(chatClientFrame.safeParse({ type: 'send', clientId: 'short', body: 'hi' }).success).toBe(false);
    expect(chatClientFrame.safeParse({ type: 'send', clientId: 'abc def gh', body: 'hi' }).success).toBe(
      false,
    );
    expect(chatClientFrame.safeParse({ type: 'read', messageId: 'x' }).success).toBe(false);
    expect(chatClientFrame.safeParse({ type: 'shout' }).success).toBe(false);
  });

  it('limits a message body and requires text or a picture', () => {
    const ok = { clientId: 'abcdefgh', body: 'x'.repeat(CHAT_MAX_TEXT) };
    expect(chatSendBody.safeParse(ok).success).toBe(true);
    const long = chatSendBody.safeParse({ ...ok, body: 'x'.repeat(CHAT_MAX_TEXT + 1) });
    expect(long.error?.issues[0]?.message).toBe('ChatMessageTooLong');
    expect(chatSendBody.safeParse({ clientId: 'abcdefgh', body: '  ' }).error?.issues[0]?.message).toBe(
      'ChatMessageEmpty',
    );
    expect(chatSendBody.safeParse({ clientId: 'abcdefgh', kind: 'image' }).success).toBe(false);
  });

  it('describes every server frame', () => {
    expect(chatServerFrame.safeParse({ type: 'hello', role: 'user', conversationId: null }).success).toBe(
      true,
    );
    expect(
      chatServerFrame.safeParse({ type: 'error', code: 'ChatRateLimited', message: 'slow' }).success,
    ).toBe(true);
    expect(
      chatServerFrame.safeParse({ type: 'typing', conversationId: '1', senderKind: 'system' }).success,
    ).toBe(false);
  });
});

describe('backoff', () => {
  it('grows exponentially with jitter up to a ceiling', () => {
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(0, () => 1)).toBe(500);
    expect(backoffDelay(3, () => 0.5)).toBe(3000);
    expect(backoffDelay(30, () => 1)).toBe(30_000);
    expect(backoffDelay(30, () => 0)).toBe(15_000);
    const spread = new Set(Array.from({ length: 20 }, () => backoffDelay(4)));
    expect(spread.size).toBeGreaterThan(1);
  });
});
