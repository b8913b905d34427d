import { type RedPacket, api } from '@dramastar/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/store/session';
import { showToast } from '../../shared/ui/toast';
import { ok, refusal, stubApi, type FetchCall, on, type Fake, type CallData } from '../../test/fetch';
import { sampleUser, tenantConfigAnswer } from '../../test/fixtures';
import { renderAt } from '../../test/render-app';

// A notify is a longer toast: both land in the one mock the tests read.
vi.mock('../../shared/ui/toast', async () => (await import('../../test/fetch')).toastMock());
const toast = vi.mocked(showToast);

const REWARDS = ['1', '1', '2', '2', '3', '3', '5'];

type Checkin = CallData<typeof api.user.querySigninDayNum>;
type Task = CallData<typeof api.task.queryFinish>['tasks'][number];

function checkin(overrides: Partial<Checkin> = {}): Checkin {
  return {
    currency: 'PHP',
    streak: 2,
    checkedToday: false,
    nextReward: '2',
    rewards: REWARDS,
    today: '2026-11-21',
    ...overrides,
  };
}

function task(code: string, kind: Task['kind'], status: Task['status'], overrides: Partial<Task> = {}): Task {
  return {
    code,
    kind,
    period: 'daily',
    target: 5,
    progress: status === 'open' ? 2 : 5,
    reward: '2',
    status,
    ...overrides,
  };
}

const TASKS: CallData<typeof api.task.queryFinish> = {
  currency: 'PHP',
  tasks: [
    task('watch_5', 'watch_episodes', 'open'),
    task('invite_1', 'invite_friends', 'done', { target: 1, progress: 1, reward: '10' }),
    task('first_card', 'buy_card', 'claimed', { period: 'once', target: 1, progress: 1, reward: '20' }),
  ],
};

function packet(overrides: Partial<RedPacket> = {}): RedPacket {
  return {
    id: '0c1f42a9b7e35d6480ac2e9f1d7b6a42',
    sender: 'Maria',
    senderAvatar: null,
    greeting: 'Happy viewing!',
    currency: 'PHP',
    amount: '30.00',
    shares: 3,
    split: 'random',
    claimedShares: 1,
    claimedAmount: '12.00',
    state: 'opened',
    refunded: '0.00',
    createdAt: '2026-11-21T09:00:00.000Z',
    expiresAt: '2026-11-22T09:00:00.000Z',
    mine: false,
    myClaim: null,
    claims: [{ nickname: 'Ben', amount: '12.00', at: '2026-11-21T09:05:00.000Z' }],
    ...overrides,
  };
}

function baseRoutes(extra: Fake[] = []): Fake[] {
  return [
    on(api.config.tenantConfig).reply(ok(tenantConfigAnswer)),
    on(api.config.queryEarnSwitch).reply(ok({ enabled: true })),
    on(api.user.getMessage).reply(ok({ list: [], total: 0, unread: 0 })),
    on(api.user.info).reply(ok(sampleUser())),
    on(api.account.accountInfo).reply(ok({ currency: 'PHP', balance: '1000.00' })),
    on(api.account.revenueDetail).reply(
      ok({
        currency: 'PHP',
        today: '3.00',
        yesterday: '1.50',
        total: '120.00',
        byKind: [],
      }),
    ),
    on(api.user.querySigninDayNum).reply(ok(checkin())),
    on(api.account.daliyAward).reply(
      ok({
        currency: 'PHP',
        tier: null,
        amount: '0',
        claimedToday: false,
        today: '2026-11-21',
      }),
    ),
    on(api.task.queryFinish).reply(ok(TASKS)),
    on(api.task.queryInviteTaskNum).reply(ok({ today: 1, total: 7 })),
    on(api.account.queryDkRedPacket).reply(ok({ sent: [], received: [] })),
    on(api.redPacket.rules).reply(
      ok({
        currency: 'PHP',
        minShare: '1.00',
        // The tenant's own limit (the contract's default is 10,000): the page shows the server's.
        maxAmount: '5000.00',
        maxShares: 100,
        expiryHours: 24,
      }),
    ),
    ...extra,
  ];
}

function signIn() {
  act(() => {
    useSession.getState().setTenantFallback();
    useSession.getState().login('tok-1');
    useSession.getState().setUserInfo(sampleUser());
  });
}

function asGuest() {
  act(() => useSession.getState().setTenantFallback());
}

const bodyOf = (call: FetchCall & { json: unknown }) => call.json as Record<string, unknown>;

beforeEach(() => {
  toast.mockClear();
});

describe('Earn tab', () => {
  it('shows the earnings, the check-in strip with today due, and checks in once', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.user.signin).reply(
          ok({
            ...checkin({ streak: 3, checkedToday: true, nextReward: '2' }),
            reward: '2',
            balance: '1002.00',
          }),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/earn/index');
    await waitFor(() => expect(screen.getByTestId('earn-today').textContent).toBe('₱3.00'));
    expect(screen.getByTestId('earn-yesterday').textContent).toBe('₱1.50');
    expect(screen.getByTestId('earn-total').textContent).toBe('₱120.00');
    expect(screen.getByTestId('earn-wallet-link').getAttribute('href')).toBe('#/pages/profile/wallet/index');

    await screen.findByTestId('checkin-strip');
    const states = [1, 2, 3, 4, 5, 6, 7].map((day) => screen.getByTestId(`checkin-day-${day}`).dataset.state);
    expect(states).toEqual(['done', 'done', 'today', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(screen.getByTestId('checkin-day-3').getAttribute('aria-current')).toBe('date');
    expect(screen.getByTestId('checkin-day-3').textContent).toContain('Today');
    expect(screen.getByTestId('checkin-streak').textContent).toBe('2-day streak');

    const button = screen.getByTestId<HTMLButtonElement>('checkin-button');
    expect(button.textContent).toContain('Check in +₱2.00');
    fireEvent.click(button);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('Checked in: +₱2.00. Balance ₱1,002.00', expect.anything()),
    );
    expect(server.callsTo(api.user.signin)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('checkin-button').disabled).toBe(true));
    expect(screen.getByTestId('checkin-button').textContent).toContain('Checked in today');
    expect(screen.getByTestId('checkin-day-3').dataset.state).toBe('done');
    expect(screen.getByTestId('checkin-streak').textContent).toBe('3-day streak');
  });

  it('offers a Star Card to those without one, and the daily award to holders', async () => {
    stubApi(baseRoutes());
    signIn();
    const view = renderAt('#/pages/earn/index');
    const hint = await screen.findByTestId('award-hint');
    expect(within(hint).getByTestId('award-get-card').getAttribute('href')).toBe('#/pages/earn/strategy');
    view.unmount();

    const server = stubApi(
      baseRoutes([
        on(api.account.daliyAward).reply((call) =>
          ok({
            currency: 'PHP',
            tier: 'premium',
            amount: '3',
            // stubApi hands routes the call with its parsed body.
            claimedToday: bodyOf(call as FetchCall & { json: unknown }).claim === true,
            today: '2026-11-21',
          }),
        ),
      ]),
    );
    renderAt('#/pages/earn/index');
    const card = await screen.findByTestId('award-card');
    expect(card.textContent).toContain('Premium Star Card: ₱3.00 today');
    fireEvent.click(within(card).getByTestId('award-claim'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Daily award received: +₱3.00'));
    expect(server.callsTo(api.account.daliyAward).map(bodyOf)).toContainEqual({ claim: true });
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('award-claim').disabled).toBe(true));
  });

  it('shows the top tasks, the entries and the All tasks link', async () => {
    stubApi(baseRoutes());
    signIn();
    renderAt('#/pages/earn/index');
    const list = await screen.findByTestId('earn-tasks');
    // Claimable first.
    expect(within(list).getAllByRole('listitem')[0]?.dataset.status).toBe('done');
    expect(screen.getByTestId('earn-all-tasks').getAttribute('href')).toBe('#/pages/profile/task/index');
    const hrefs = ['redPacket', 'rank', 'starCard', 'support'].map((key) =>
      screen.getByTestId(`earn-entry-${key}`).getAttribute('href'),
    );
    expect(hrefs).toEqual([
      '#/pages/profile/redPacket/openp',
      '#/pages/earn/rank',
      '#/pages/earn/strategy',
      '#/pages/earn/customerService',
    ]);
  });

  it('asks a guest to log in and calls nothing personal', async () => {
    const server = stubApi(baseRoutes());
    asGuest();
    renderAt('#/pages/earn/index');
    expect(await screen.findByTestId('earn-guest')).toBeInTheDocument();
    expect(screen.getByTestId('earn-entries')).toBeInTheDocument();
    expect(screen.queryByTestId('checkin-card')).toBeNull();
    expect(server.callsTo(api.user.querySigninDayNum)).toHaveLength(0);
    expect(server.callsTo(api.task.queryFinish)).toHaveLength(0);
  });

  it('hides the rewards where earning is switched off', async () => {
    const server = stubApi(baseRoutes([on(api.config.queryEarnSwitch).reply(ok({ enabled: false }))]));
    signIn();
    renderAt('#/pages/earn/index');
    expect((await screen.findByTestId('earn-disabled')).textContent).toContain(
      'Earning is not available here',
    );
    expect(screen.queryByTestId('earn-entry-redPacket')).toBeNull();
    expect(screen.getByTestId('earn-entry-support')).toBeInTheDocument();
    expect(server.callsTo(api.user.querySigninDayNum)).toHaveLength(0);
    expect(server.callsTo(api.account.revenueDetail)).toHaveLength(0);
  });
});

describe('task page', () => {
  it('gives each task the button of its status and claims a reached one', async () => {
    let claimed = false;
    const claimedTask = task('invite_1', 'invite_friends', 'claimed', {
      target: 1,
      progress: 1,
      reward: '10',
    });
    const server = stubApi(
      baseRoutes([
        on(api.task.queryFinish).reply(() =>
          ok(
            claimed
              ? { ...TASKS, tasks: TASKS.tasks.map((t) => (t.code === 'invite_1' ? claimedTask : t)) }
              : TASKS,
          ),
        ),
        on(api.task.submitTask).reply(() => {
          claimed = true;
          return ok({ task: claimedTask, balance: '1010.00' });
        }),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/task/index');
    await screen.findByTestId('tasks');
    expect(screen.getByTestId('invite-today').textContent).toBe('1');
    expect(screen.getByTestId('invite-total').textContent).toBe('7');
    expect(screen.getByTestId('tasks-reset').textContent).toContain('Asia/Manila');

    expect(screen.getByTestId('task-watch_5').textContent).toContain('Watch 5 episodes today');
    expect(screen.getByTestId('task-watch_5').textContent).toContain('Daily');
    expect(screen.getByTestId('task-watch_5-progress').textContent).toBe('2/5');
    expect(screen.getByTestId('task-watch_5-reward').textContent).toBe('+₱2.00');
    expect(screen.getByTestId('task-watch_5-go')).toBeInTheDocument();
    expect(screen.queryByTestId('task-watch_5-claim')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('task-first_card-claimed').disabled).toBe(true);
    expect(screen.getByTestId('task-first_card').textContent).toContain('One-time');

    fireEvent.click(screen.getByTestId('task-invite_1-claim'));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('Reward received: +₱10.00. Balance ₱1,010.00', expect.anything()),
    );
    expect(server.callsTo(api.task.submitTask).map(bodyOf)).toEqual([{ code: 'invite_1' }]);
    expect(await screen.findByTestId('task-invite_1-claimed')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('task-watch_5-go'));
    await waitFor(() => expect(window.location.hash).toBe('#/pages/shorts/index'));
  });
});

describe('sending a red packet', () => {
  async function openForm() {
    renderAt('#/pages/profile/redPacket/openp');
    await screen.findByTestId('packet-form');
  }
  const type = (testId: string, value: string) =>
    fireEvent.change(screen.getByTestId(testId), { target: { value } });

  it('states the rules and the 24-hour refund before paying, and checks the form', async () => {
    const server = stubApi(baseRoutes());
    signIn();
    await openForm();
    expect(screen.getByTestId('packet-balance').textContent).toContain('₱1,000.00');
    const rules = screen.getByTestId('packet-rules').textContent;
    expect(rules).toContain('Each share is at least ₱1.00');
    expect(rules).toContain('1 to 100 shares');
    expect(rules).toContain('At most ₱5,000.00 per red packet');
    expect(screen.getByTestId('packet-refund-rule').textContent).toBe(
      'Unclaimed money returns to you 24 hours after sending.',
    );

    fireEvent.click(screen.getByTestId('packet-submit'));
    expect(screen.getByTestId('packet-amount-error').textContent).toBe('Please enter a valid amount');
    expect(screen.getByTestId('packet-shares-error').textContent).toBe(
      'Enter a whole number of shares from 1 to 100',
    );

    type('packet-amount', '4');
    type('packet-shares', '5');
    expect(screen.getByTestId('packet-amount-error').textContent).toBe(
      '5 shares need at least ₱5.00 (each share at least ₱1.00)',
    );
    type('packet-shares', '101');
    expect(screen.getByTestId('packet-shares-error').textContent).toBe(
      'Enter a whole number of shares from 1 to 100',
    );
    type('packet-shares', '5');
    type('packet-amount', '5001');
    expect(screen.getByTestId('packet-amount-error').textContent).toBe('The maximum amount is ₱5,000.00');
    type('packet-amount', '1000.01');
    expect(screen.getByTestId('packet-amount-error').textContent).toBe('Insufficient funds');
    fireEvent.click(screen.getByTestId('packet-submit'));
    expect(screen.queryByTestId('packet-confirm')).toBeNull();
    expect(server.callsTo(api.redPacket.sendRedPacket)).toHaveLength(0);
  });

  it('pays once per confirmation (a retry after no answer reuses the requestId) and shows the link', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const sent = packet({
      id: '77d3b1e0a4c25f9e8b6a0d1c2e3f4a77',
      mine: true,
      claimedShares: 0,
      claimedAmount: '0.00',
      claims: [],
      split: 'equal',
    });
    const server = stubApi(
      baseRoutes([on(api.redPacket.sendRedPacket).reply([new TypeError('offline'), ok(sent)])]),
    );
    signIn();
    await openForm();
    type('packet-amount', '30');
    type('packet-shares', '3');
    fireEvent.click(screen.getByTestId('packet-split-equal'));
    expect(screen.getByTestId('packet-split-hint').textContent).toContain('Each share gets ₱10.00');
    type('packet-greeting', 'Happy viewing!');
    fireEvent.click(screen.getByTestId('packet-submit'));
    const confirm = await screen.findByTestId('packet-confirm');
    expect(within(confirm).getByTestId('packet-confirm-amount').textContent).toBe('₱30.00');
    expect(confirm.textContent).toContain('Unclaimed money returns to you 24 hours after sending');

    fireEvent.click(screen.getByText('Pay and send'));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.stringContaining('could not reach the server')),
    );
    fireEvent.click(screen.getByText('Pay and send'));
    await screen.findByTestId('packet-sent');

    const bodies = server.callsTo(api.redPacket.sendRedPacket).map(bodyOf);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({
      amount: '30.00',
      shares: 3,
      split: 'equal',
      greeting: 'Happy viewing!',
    });
    expect(bodies[1]?.requestId).toBe(bodies[0]?.requestId);
    expect(screen.getByTestId('packet-link').textContent).toBe(
      `${window.location.origin}/#/pages/profile/redPacket/receive/index?redPacketId=77d3b1e0a4c25f9e8b6a0d1c2e3f4a77`,
    );
    expect(screen.getByTestId('packet-view').getAttribute('href')).toBe(
      '#/pages/profile/redPacket/receive/index?redPacketId=77d3b1e0a4c25f9e8b6a0d1c2e3f4a77',
    );

    // Another packet is a new request.
    fireEvent.click(screen.getByTestId('packet-another'));
    type('packet-amount', '30');
    type('packet-shares', '3');
    fireEvent.click(screen.getByTestId('packet-submit'));
    await screen.findByTestId('packet-confirm');
    fireEvent.click(screen.getByText('Pay and send'));
    await waitFor(() => expect(server.callsTo(api.redPacket.sendRedPacket)).toHaveLength(3));
    expect(bodyOf(server.callsTo(api.redPacket.sendRedPacket)[2]!).requestId).not.toBe(bodies[0]?.requestId);
  });

  it('lists my red packets with their state, claims and refunds', async () => {
    stubApi(
      baseRoutes([
        on(api.account.queryDkRedPacket).reply(
          ok({
            sent: [
              packet({
                id: '5',
                mine: true,
                state: 'expired',
                refunded: '18.00',
                claimedShares: 1,
                greeting: 'Old one',
              }),
            ],
            received: [packet({ id: '6', myClaim: '4.50', state: 'claimed', claimedShares: 3 })],
          }),
        ),
      ]),
    );
    signIn();
    await openForm();
    const sent = await screen.findByTestId('my-packets-sent');
    expect(within(sent).getByTestId('packet-row-5-state').textContent).toBe('Expired');
    expect(within(sent).getByTestId('packet-row-5').textContent).toContain('1/3 claimed');
    expect(within(sent).getByTestId('packet-row-5-refunded').textContent).toBe('₱18.00 returned to you');
    fireEvent.click(screen.getByTestId('my-packets-tab-received'));
    const received = await screen.findByTestId('my-packets-received');
    expect(within(received).getByTestId('packet-row-6').textContent).toContain('+₱4.50');
    expect(within(received).getByTestId('packet-row-6-state').textContent).toBe('All claimed');
  });
});

describe('receiving a red packet', () => {
  const at = '#/pages/profile/redPacket/receive/index?redPacketId=0c1f42a9b7e35d6480ac2e9f1d7b6a42';

  it('opens a share and shows the amount won', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.redPacket.queryRedPacket).reply(ok(packet())),
        on(api.redPacket.receiveRedPacket).reply(
          ok({
            amount: '9.50',
            packet: packet({
              claimedShares: 2,
              myClaim: '9.50',
              claims: [
                ...packet().claims,
                { nickname: 'viewer_01', amount: '9.50', at: '2026-11-21T10:00:00.000Z' },
              ],
            }),
          }),
        ),
      ]),
    );
    signIn();
    renderAt(at);
    expect((await screen.findByTestId('packet-sender')).textContent).toBe('From Maria');
    expect(screen.getByTestId('packet-greeting').textContent).toBe('Happy viewing!');
    expect(screen.getByTestId('packet-total').textContent).toBe('₱30.00');
    expect(screen.getByTestId('packet-shares-claimed').textContent).toBe('1/3 claimed');
    expect(screen.getByTestId('packet-state').textContent).toBe('Active');
    fireEvent.click(screen.getByTestId('packet-open'));
    expect((await screen.findByTestId('packet-won')).textContent).toContain('+₱9.50');
    expect(screen.getByTestId('packet-shares-claimed').textContent).toBe('2/3 claimed');
    expect(screen.getAllByTestId('packet-claim')).toHaveLength(2);
    expect(server.callsTo(api.redPacket.receiveRedPacket)[0]?.url).toContain(
      'redPacketId=0c1f42a9b7e35d6480ac2e9f1d7b6a42',
    );
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([
    ['RedPacketClaimed', 'Sorry, the red envelopes have been claimed'],
    ['RedPacketExpired', 'This red envelope has expired'],
    ['RedPacketAlreadyClaimed', 'You have already claimed this red envelope'],
    ['RedPacketOwn', 'You cannot claim your own red envelope'],
  ])('shows the refusal %s on the page, not in a toast', async (errorKey, text) => {
    stubApi(
      baseRoutes([
        on(api.redPacket.queryRedPacket).reply(ok(packet())),
        on(api.redPacket.receiveRedPacket).reply(refusal(409, 'server text', errorKey)),
      ]),
    );
    signIn();
    renderAt(at);
    fireEvent.click(await screen.findByTestId('packet-open'));
    expect((await screen.findByTestId('packet-refusal')).textContent).toContain(text);
    expect(screen.queryByTestId('packet-open')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it('says at once when the packet is all claimed or expired, and shows a claim already made', async () => {
    stubApi(
      baseRoutes([
        on(api.redPacket.queryRedPacket).reply(ok(packet({ state: 'claimed', claimedShares: 3 }))),
      ]),
    );
    signIn();
    let view = renderAt(at);
    expect((await screen.findByTestId('packet-refusal')).textContent).toBe(
      'Sorry, the red envelopes have been claimed',
    );
    expect(screen.queryByTestId('packet-open')).toBeNull();
    view.unmount();

    stubApi(baseRoutes([on(api.redPacket.queryRedPacket).reply(ok(packet({ state: 'expired' })))]));
    view = renderAt(at);
    expect((await screen.findByTestId('packet-refusal')).textContent).toBe('This red envelope has expired');
    expect(screen.getByTestId('packet-state').textContent).toBe('Expired');
    view.unmount();

    stubApi(baseRoutes([on(api.redPacket.queryRedPacket).reply(ok(packet({ myClaim: '12.00' })))]));
    view = renderAt(at);
    expect((await screen.findByTestId('packet-my-claim')).textContent).toContain('+₱12.00');
    view.unmount();

    stubApi(baseRoutes([on(api.redPacket.queryRedPacket).reply(ok(packet({ mine: true })))]));
    renderAt(at);
    expect(await screen.findByTestId('packet-own')).toBeInTheDocument();
    expect(screen.queryByTestId('packet-open')).toBeNull();
  });

  it('treats an old numeric id as no packet, without asking the server', async () => {
    const server = stubApi(baseRoutes([on(api.redPacket.queryRedPacket).reply(ok(packet()))]));
    signIn();
    renderAt('#/pages/profile/redPacket/receive/index?redPacketId=42');
    expect(await screen.findByTestId('packet-not-found')).toBeInTheDocument();
    expect(server.callsTo(api.redPacket.queryRedPacket)).toHaveLength(0);
  });

  it('tells a missing packet apart, and asks a guest to log in on the same page', async () => {
    stubApi(baseRoutes([on(api.redPacket.queryRedPacket).reply(refusal(409, 'nope', 'RedPacketNotFound'))]));
    signIn();
    const view = renderAt(at);
    expect(await screen.findByTestId('packet-not-found')).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
    view.unmount();

    act(() => useSession.getState().logout());
    const server = stubApi(baseRoutes());
    renderAt(at);
    fireEvent.click(await screen.findByTestId('packet-guest-login'));
    // The login panel remembers this page, packet id included, to come back after a Google round trip.
    expect(decodeURIComponent(document.cookie)).toContain('redPacketId=0c1f42a9b7e35d6480ac2e9f1d7b6a42');
    expect(server.callsTo(api.redPacket.queryRedPacket)).toHaveLength(0);
  });
});

describe('rank board', () => {
  type Board = CallData<typeof api.reward.ranking>;
  const board = (type: Board['type'], overrides: Partial<Board> = {}): Board => ({
    currency: 'PHP',
    type,
    day: null,
    list: [
      { rank: 1, nickname: 'Ana', avatar: null, value: type === 'earnings' ? '500.00' : '9' },
      { rank: 2, nickname: 'Ben', avatar: null, value: type === 'earnings' ? '300.00' : '4' },
      { rank: 2, nickname: 'Cid', avatar: null, value: type === 'earnings' ? '300.00' : '4' },
      { rank: 4, nickname: 'Dee', avatar: null, value: type === 'earnings' ? '10.00' : '1' },
    ],
    me: { rank: 4, value: type === 'earnings' ? '10.00' : '1' },
    ...overrides,
  });

  it('shows medals, shared ranks for ties and the viewer pinned at the bottom', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.reward.ranking).reply((call) =>
          // The server reads a missing type as earnings.
          ok(
            board(
              new URL(call.url, 'http://x').searchParams.get('type') === 'invites' ? 'invites' : 'earnings',
            ),
          ),
        ),
        on(api.reward.rankingByDay).reply(
          ok(board('invites', { day: '2026-11-21', list: [], me: { rank: null, value: '0' } })),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/earn/rank');
    await screen.findByTestId('rank-list');
    const rows = screen.getAllByTestId('rank-row');
    expect(rows.map((r) => r.dataset.rank)).toEqual(['1', '2', '2', '4']);
    expect(rows[1]?.querySelector('.ds-rank__badge--silver')?.getAttribute('aria-label')).toBe(
      'Tied for rank 2',
    );
    expect(rows[2]?.querySelector('.ds-rank__badge--silver')).toBeInTheDocument();
    expect(rows[3]?.querySelector('.ds-rank__badge--bronze')).toBeNull();
    expect(rows[1]?.textContent).toContain('Tie');
    expect(rows[0]?.textContent).toContain('₱500.00');
    expect(screen.getByTestId('rank-me-rank').textContent).toBe('4');
    expect(screen.getByTestId('rank-me-value').textContent).toBe('₱10.00');

    fireEvent.click(screen.getByTestId('rank-tab-invites'));
    await waitFor(() => expect(screen.getAllByTestId('rank-row')[0]?.textContent).toContain('9 friends'));
    expect(screen.getByTestId('rank-me-value').textContent).toBe('1 friend');

    fireEvent.click(screen.getByTestId('rank-scope-today'));
    expect(await screen.findByTestId('rank-empty')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('rank-me-rank').textContent).toBe('—'));
    expect(server.callsTo(api.reward.rankingByDay)[0]?.url).toContain('type=invites');
  });

  it('asks a guest to log in to see their own place', async () => {
    stubApi(baseRoutes([on(api.reward.ranking).reply(ok(board('earnings', { me: null })))]));
    asGuest();
    renderAt('#/pages/earn/rank');
    expect(await screen.findByTestId('rank-me-guest')).toBeInTheDocument();
    expect(await screen.findByTestId('rank-list')).toBeInTheDocument();
  });
});

describe('customer service', () => {
  const contacts = ok<CallData<typeof api.config.customerService>>({
    currency: 'PHP',
    contacts: [
      { kind: 'chat', label: 'Live chat', url: '/pages/profile/chat/index' },
      { kind: 'telegram', label: 'Telegram support', url: 'https://t.me/ds_support' },
      { kind: 'email', label: 'E-mail', url: 'mailto:help@ds.example' },
      { kind: 'whatsapp', label: 'WhatsApp', url: 'javascript:alert(1)' },
    ],
  });

  it('lists the contacts with the agent of this host; chat opens the in-app chat', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.config.customerService).reply(contacts),
        on(api.config.queryTgAgent).reply(ok({ url: 'https://t.me/ds_agent' })),
      ]),
    );
    asGuest();
    for (const route of ['#/pages/earn/customerService', '#/pages/profile/contactUs/index']) {
      const view = renderAt(route);
      await screen.findByTestId('support-telegram');
      expect(screen.getByTestId('support-telegram').getAttribute('href')).toBe('https://t.me/ds_support');
      expect(screen.getByTestId('support-telegram').textContent).toContain('@ds_support');
      expect(screen.getByTestId('support-email').getAttribute('href')).toBe('mailto:help@ds.example');
      expect(screen.getByTestId('support-telegram-agent').getAttribute('href')).toBe('https://t.me/ds_agent');
      const chat = screen.getByTestId('support-chat');
      expect(chat.tagName).toBe('A');
      expect(chat.getAttribute('href')).toBe('#/pages/profile/chat/index');
      expect(chat.textContent).toContain('Talk to our support team in the app');
      // An address that is not a web, mail or Telegram link is never made a link.
      expect(screen.getByTestId('support-whatsapp').tagName).toBe('LI');
      view.unmount();
    }
    expect(server.callsTo(api.config.queryTgAgent)[0]?.url).toContain(`domain=${window.location.hostname}`);
  });
});
