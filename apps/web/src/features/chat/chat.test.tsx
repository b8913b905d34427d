import { type ChatMessage, api, chatCalls } from '@dramastar/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/store/session';
import { ok, refusal, stubApi, on, type Fake } from '../../test/fetch';
import { sampleUser, tenantConfigAnswer } from '../../test/fixtures';
import { renderAt } from '../../test/render-app';

// A notify is a longer toast: both land in the one mock the tests read.
vi.mock('../../shared/ui/toast', async () => (await import('../../test/fetch')).toastMock());

/** The browser's WebSocket, driven by the test. */
class TestSocket {
  static all: TestSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    TestSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  serverOpens() {
    act(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  push(frame: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  drop(code = 1006) {
    act(() => {
      this.readyState = 3;
      this.onclose?.({ code });
    });
  }
}

const msg = (id: string, senderKind: ChatMessage['senderKind'], body: string): ChatMessage => ({
  id,
  conversationId: '5',
  senderKind,
  senderName: senderKind === 'operator' ? 'ann' : null,
  kind: 'text',
  body,
  imageUrl: null,
  clientId: `client-${id}-xyz`,
  createdAt: '2026-11-21T10:00:00.000Z',
});

function setup(history: ChatMessage[], routes: Fake[] = []) {
  TestSocket.all = [];
  vi.stubGlobal('WebSocket', TestSocket);
  const server = stubApi([
    on(api.config.tenantConfig).reply(ok(tenantConfigAnswer)),
    on(api.user.info).reply(ok(sampleUser())),
    on(chatCalls.history).reply(ok({ conversationId: '5', list: history, hasMore: false })),
    on(chatCalls.conversation).reply(
      ok({
        conversation: {
          id: '5',
          status: 'open',
          userLastReadId: '1',
          staffLastReadId: '1',
          lastMessageId: '2',
          createdAt: '2026-11-21T10:00:00.000Z',
          closedAt: null,
        },
        unread: 1,
      }),
    ),
    ...routes,
  ]);
  act(() => {
    useSession.getState().setTenantFallback();
    useSession.getState().login('tok-1');
    useSession.getState().setUserInfo(sampleUser());
  });
  renderAt('#/pages/profile/chat/index');
  return server;
}

describe('the chat page', () => {
  it('shows the history, connects, sends, and shows answers live with the socket status in the store', async () => {
    setup([msg('1', 'user', 'Hello?'), msg('2', 'operator', 'Hi, how can I help?')]);
    expect(await screen.findByText('Hi, how can I help?')).toBeInTheDocument();
    const socket = TestSocket.all[0]!;
    expect(socket.url).toMatch(/\/app-api\/chat\/ws$/);
    expect(useSession.getState().socketStatus).toBe('connecting');
    socket.serverOpens();
    expect(socket.sent[0]).toEqual({ type: 'auth', token: 'tok-1' });
    socket.push({ type: 'hello', role: 'user', conversationId: '5' });
    expect(useSession.getState().socketStatus).toBe('open');
    // The support answer shown is read.
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'read', messageId: '2' }));

    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'My recharge is missing' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    const send = socket.sent.find((f) => f.type === 'send');
    expect(send).toMatchObject({ kind: 'text', body: 'My recharge is missing' });
    expect(screen.getByTestId('chat-pending').textContent).toContain('My recharge is missing');
    socket.push({
      type: 'ack',
      clientId: send?.clientId,
      message: { ...msg('3', 'user', 'My recharge is missing'), clientId: send?.clientId },
    });
    await waitFor(() => expect(screen.queryByTestId('chat-pending')).toBeNull());

    socket.push({ type: 'typing', conversationId: '5', senderKind: 'operator' });
    expect(screen.getByTestId('chat-typing')).toBeInTheDocument();
    socket.push({ type: 'message', message: msg('4', 'operator', 'Checking now') });
    expect(await screen.findByText('Checking now')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    socket.push({ type: 'read', conversationId: '5', side: 'staff', messageId: '3' });
    expect(await screen.findByTestId('chat-read')).toBeInTheDocument();
  });

  it('counts down to the 1,000-character limit, takes nothing beyond it and says so', async () => {
    setup([]);
    expect(await screen.findByTestId('chat-empty')).toBeInTheDocument();
    const socket = TestSocket.all[0]!;
    socket.serverOpens();
    socket.push({ type: 'hello', role: 'user', conversationId: null });
    const input = screen.getByTestId<HTMLTextAreaElement>('chat-input');
    expect(input.maxLength).toBe(1000);

    // Far from the limit nothing is shown; near it, how much is used.
    fireEvent.change(input, { target: { value: 'x'.repeat(500) } });
    expect(screen.queryByTestId('chat-count')).toBeNull();
    fireEvent.change(input, { target: { value: 'x'.repeat(950) } });
    expect(screen.getByTestId('chat-count').textContent).toBe('950/1000 characters');

    // A longer text (pasted) is cut at the limit, and the page says what the limit is.
    fireEvent.change(input, { target: { value: 'y'.repeat(3000) } });
    expect(input.value).toHaveLength(1000);
    expect(screen.getByTestId('chat-count').textContent).toBe(
      'A message has at most 1000 characters · 1000/1000 characters',
    );
    // An emoji is never cut in half.
    fireEvent.change(input, { target: { value: `${'y'.repeat(999)}😀😀` } });
    expect(input.value).toBe('y'.repeat(999));

    fireEvent.change(input, { target: { value: 'z'.repeat(1200) } });
    fireEvent.click(screen.getByTestId('chat-send'));
    const send = socket.sent.find((f) => f.type === 'send');
    expect(send).toMatchObject({ kind: 'text', body: 'z'.repeat(1000) });
    expect(screen.queryByTestId('chat-count')).toBeNull();
  });

  it('greets the user and says when to expect a reply as the conversation opens', async () => {
    setup([]);
    await screen.findByTestId('chat-empty');
    const greeting = screen.getByTestId('chat-greeting');
    expect(greeting.textContent).toContain(`Hi ${sampleUser().nickname}`);
    expect(greeting.textContent).toContain('We usually reply within 15 minutes');
    // Drawn by the app: not a message, never unread.
    expect(screen.queryAllByTestId('chat-message')).toHaveLength(0);
  });

  it('keeps what is written offline and sends it once the socket is back', async () => {
    setup([]);
    expect(await screen.findByTestId('chat-empty')).toBeInTheDocument();
    const first = TestSocket.all[0]!;
    first.drop();
    expect(useSession.getState().socketStatus).toBe('closed');
    expect(screen.getByTestId('chat-status').getAttribute('data-status')).toBe('closed');
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'Written offline' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(screen.getByTestId('chat-pending')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('ds_chat_outbox_' + sampleUser().userId) ?? '[]')).toHaveLength(
      1,
    );

    // Back online: reconnect at once, authenticate, then the outbox goes out.
    act(() => void window.dispatchEvent(new Event('online')));
    const second = TestSocket.all[1]!;
    second.serverOpens();
    second.push({ type: 'hello', role: 'user', conversationId: null });
    const sends = second.sent.filter((f) => f.type === 'send');
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ body: 'Written offline' });
  });

  it('after a drop fetches what it missed, shows a close made meanwhile, and signs out when the token is refused', async () => {
    let catchUps = 0;
    let sessionGone = false;
    const server = setup(
      [msg('1', 'user', 'Hello?'), msg('2', 'operator', 'Hi')],
      [
        on(chatCalls.history).reply((call) => {
          if (!call.url.includes('afterId=2'))
            return ok({
              conversationId: '5',
              list: [msg('1', 'user', 'Hello?'), msg('2', 'operator', 'Hi')],
              hasMore: false,
            });
          // Nothing new at the first hello; the answer written while the socket was away at the second.
          catchUps++;
          const list = catchUps > 1 ? [msg('3', 'operator', 'Solved, closing this chat')] : [];
          return ok({ conversationId: '5', list, hasMore: false });
        }),
        on(chatCalls.conversation).reply(() =>
          sessionGone
            ? refusal(401, 'Please sign in', 'Unauthorized')
            : ok({ conversation: null, unread: 0 }),
        ),
      ],
    );
    expect(await screen.findByText('Hi')).toBeInTheDocument();
    const first = TestSocket.all[0]!;
    first.serverOpens();
    first.push({ type: 'hello', role: 'user', conversationId: '5' });
    await waitFor(() => expect(catchUps).toBe(1));
    first.drop();

    act(() => void window.dispatchEvent(new Event('online')));
    const second = TestSocket.all[1]!;
    second.serverOpens();
    // Staff answered and closed the conversation meanwhile: no open conversation any more.
    second.push({ type: 'hello', role: 'user', conversationId: null });
    expect(await screen.findByText('Solved, closing this chat')).toBeInTheDocument();
    expect(screen.getByTestId('chat-closed')).toBeInTheDocument();
    expect(screen.getAllByTestId('chat-message')).toHaveLength(3);

    // The session was ended elsewhere: the socket is refused, and the app signs out.
    sessionGone = true;
    second.drop(4401);
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(server.callsTo(chatCalls.conversation).length).toBeGreaterThan(1);
    expect(TestSocket.all).toHaveLength(2);
  });
});
