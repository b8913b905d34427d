import { type CopyrightProduct, api } from '@dramastar/contract';
import { create } from 'qrcode';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { showToast } from '../../shared/ui/toast';
import { ok, refusal, stubApi, type FetchCall, on, type Fake, type CallData, bodyOf } from '../../test/fetch';
import { signIn, signedInRoutes } from '../../test/fixtures';
import { renderAt, typePassword } from '../../test/render-app';

// A notify is a longer toast: both land in the one mock the tests read.
vi.mock('../../shared/ui/toast', async () => (await import('../../test/fetch')).toastMock());
const toast = vi.mocked(showToast);

const LINK = 'http://localhost/#/pages/login/register?inviteCode=AB12CD34';

type TeamStatus = CallData<typeof api.account.teamStatus>;

function teamStatus(overrides: Partial<TeamStatus> = {}): TeamStatus {
  return {
    currency: 'PHP',
    inviteCode: 'AB12CD34',
    inviteLink: LINK,
    teamSize: 7,
    directCount: 3,
    activeMembers: 2,
    newToday: 1,
    todayRevenue: '12.50',
    totalRevenue: '340.00',
    heldRevenue: '0.00',
    nextRelease: null,
    rewardLevels: 3,
    ...overrides,
  };
}

const levelStats: CallData<typeof api.account.teamLevelStatusStatistic> = {
  currency: 'PHP',
  levels: [
    { level: 1, members: 3, activeMembers: 2, revenue: '300.00' },
    { level: 2, members: 2, activeMembers: 0, revenue: '40.00' },
    { level: 3, members: 1, activeMembers: 0, revenue: '0.00' },
    { level: 4, members: 1, activeMembers: 0, revenue: '0.00' },
    { level: 5, members: 0, activeMembers: 0, revenue: '0.00' },
  ],
};

function member(userId: string, level: number, overrides: Record<string, unknown> = {}) {
  return {
    userId,
    nickname: `member_${userId}`,
    avatar: null,
    level,
    joinedAt: '2026-11-20T08:30:00.000Z',
    revenue: '25.00',
    maxRecharge: '5000.00',
    membership: null,
    ...overrides,
  };
}

function product(overrides: Partial<CopyrightProduct> = {}): CopyrightProduct {
  return {
    id: '11',
    title: 'Love in Manila — copyright',
    cover: null,
    seriesId: null,
    currency: 'PHP',
    totalQuantity: 1000,
    sold: 996,
    remaining: 4,
    progress: 99.6,
    price: '500.00',
    dailyProfit: '10.00',
    termDays: 30,
    perUserMax: 20,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2099-01-01T00:00:00.000Z',
    state: 'open',
    annualizedBps: 73_000,
    totalReturn: '300.00',
    termReturnBps: 6_000,
    mine: { quantity: 1, revenue: '20.00', yesterday: '10.00' },
    ...overrides,
  };
}

function center(products: CopyrightProduct[]): CallData<typeof api.team.copyrights> {
  return {
    currency: 'PHP',
    totalPurchase: '500.00',
    totalRevenue: '20.00',
    yesterdayRevenue: '10.00',
    products,
  };
}

const holding = {
  id: '501',
  productId: '11',
  title: 'Love in Manila — copyright',
  quantity: 2,
  paid: '1000.00',
  dailyRevenue: '20.00',
  purchasedAt: '2026-11-20T08:30:00.000Z',
  firstDay: '2026-11-21',
  lastDay: '2026-12-20',
  daysPaid: 0,
  revenue: '0.00',
};

function baseRoutes(extra: Fake[] = []): Fake[] {
  return [...signedInRoutes('10000.00'), on(api.account.teamStatus).reply(ok(teamStatus())), ...extra];
}

function queryOf(call: FetchCall) {
  return new URL(call.url, 'http://localhost').searchParams;
}

beforeEach(() => {
  toast.mockClear();
});

describe('my team', () => {
  it('shows the team at a glance and the members of the level chosen in the tabs', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.account.teamLevelStatusStatistic).reply(ok(levelStats)),
        on(api.account.teamLevelStatus).reply((call) => {
          const level = Number(queryOf(call).get('level'));
          const list =
            level === 1
              ? [member('101', 1, { membership: 'primary', revenue: '120.00' })]
              : [member('201', 2), member('202', 2)];
          return ok({ list, total: list.length });
        }),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/myTeam/index');
    expect((await screen.findByTestId('team-size')).textContent).toBe('7');
    expect(screen.getByTestId('team-direct').textContent).toBe('3');
    expect(screen.getByTestId('team-active').textContent).toBe('2');
    expect(screen.getByTestId('team-new-today').textContent).toBe('1');
    expect(screen.getByTestId('team-today-revenue').textContent).toBe('₱12.50');
    expect(screen.getByTestId('team-total-revenue').textContent).toBe('₱340.00');
    expect(screen.getByTestId('team-invite-code').textContent).toBe('AB12CD34');
    expect(screen.getByTestId('team-reward-levels').textContent).toContain('levels 1–3');
    expect(screen.queryByTestId('team-held-revenue')).toBeNull();

    // Level 1 first: its count on the tab, its figures, its members.
    expect((await screen.findByTestId('level-tab-1-count')).textContent).toBe('3');
    expect(screen.getByTestId('level-tab-2-count').textContent).toBe('2');
    expect(screen.getByTestId('level-tab-1').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('level-revenue').textContent).toBe('₱300.00');
    const first = await screen.findByTestId('member-101');
    expect(within(first).getByTestId('member-101-tier').textContent).toBe('Primary Star Card');
    expect(within(first).getByTestId('member-101-revenue').textContent).toBe('₱120.00');
    expect(within(first).getByTestId('member-101-max-recharge').textContent).toBe('₱5,000.00');

    fireEvent.click(screen.getByTestId('level-tab-2'));
    expect(await screen.findByTestId('member-202')).toBeInTheDocument();
    expect(screen.getByTestId('level-tab-2').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('level-revenue').textContent).toBe('₱40.00');
    expect(within(screen.getByTestId('member-201')).getByTestId('member-201-tier').textContent).toBe(
      'Ordinary user',
    );
    expect(window.location.hash).toBe('#/pages/profile/myTeam/index?level=2');
    const levels = server.callsTo(api.account.teamLevelStatus).map((c) => queryOf(c).get('level'));
    expect(levels).toEqual(['1', '2']);

    // Level 4 lies beyond what a 3-level card pays.
    fireEvent.click(screen.getByTestId('level-tab-4'));
    expect((await screen.findByTestId('level-not-paying')).textContent).toContain('level 4');
  });

  it('says how much is held on members’ Star Cards and when the next is paid', async () => {
    stubApi(
      baseRoutes([
        on(api.account.teamStatus).reply(
          ok(teamStatus({ heldRevenue: '2421.90', nextRelease: '2026-12-27T04:00:00.000Z' })),
        ),
        on(api.account.teamLevelStatusStatistic).reply(ok(levelStats)),
        on(api.account.teamLevelStatus).reply(ok({ list: [], total: 0 })),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/myTeam/index');
    const held = await screen.findByTestId('team-held-revenue');
    expect(held.textContent).toContain('₱2,421.90 more is on its way');
    expect(held.textContent).toContain('Dec 27, 2026');
  });

  it('says plainly that team rewards need a Star Card, with the way to get one', async () => {
    stubApi(
      baseRoutes([
        on(api.account.teamStatus).reply(ok(teamStatus({ rewardLevels: 0 }))),
        on(api.account.teamLevelStatusStatistic).reply(ok(levelStats)),
        on(api.account.teamLevelStatus).reply(ok({ list: [], total: 0 })),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/myTeam/index');
    const notice = await screen.findByTestId('team-needs-card');
    expect(notice.textContent).toContain('Team rewards need a Star Card');
    expect(within(notice).getByTestId('team-get-card').getAttribute('href')).toBe('#/pages/earn/strategy');
    expect(await screen.findByTestId('team-members-empty')).toBeInTheDocument();
  });

  it('searches every level by nickname, invite code or ID and shows each result’s level', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.team.members).reply(ok({ list: [member('301', 3, { nickname: 'anna' })], total: 1 })),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/myTeam/search');
    expect(await screen.findByTestId('team-search-hint')).toBeInTheDocument();
    const input = screen.getByTestId('team-search-input');
    fireEvent.change(input, { target: { value: ' anna ' } });
    fireEvent.submit(input.closest('form')!);
    expect((await screen.findByTestId('member-301-level')).textContent).toBe('L3');
    const call = server.callsTo(api.team.members)[0]!;
    expect(queryOf(call).get('keyword')).toBe('anna');
    expect(queryOf(call).get('level')).toBeNull();
  });
});

describe('invitation details', () => {
  it('shows each invitee with the spec’s labels, on both routes', async () => {
    stubApi(
      baseRoutes([
        on(api.team.invitationDetails).reply(
          ok({
            list: [
              {
                userId: '101',
                nickname: 'anna',
                joinedAt: '2026-11-20T08:30:00.000Z',
                directInvites: 2,
                copyrightPurchase: '1000.00',
                copyrightWelfare: '5.00',
                copyrightReferral: '100.00',
                todayRevenue: '1.50',
                referralBps: 1000,
                myRevenue: '105.00',
              },
            ],
            total: 1,
          }),
        ),
      ]),
    );
    signIn();
    for (const route of [
      '#/pages/profile/myTeam/inviteDetails',
      '#/pages/profile/copyright-center/invitation-details/index',
    ]) {
      const view = renderAt(route);
      const card = await screen.findByTestId('invitation-101');
      const text = card.textContent;
      for (const label of [
        'Register time',
        'His direct invitations',
        'Copyright purchase',
        'Copyright welfare',
        'Copyright referral',
        "Today's revenue",
        'Referral ratio',
        'My revenue',
      ]) {
        expect(text).toContain(label);
      }
      expect(screen.getByTestId('invitation-101-invites').textContent).toBe('2');
      expect(screen.getByTestId('invitation-101-ratio').textContent).toBe('10%');
      expect(screen.getByTestId('invitation-101-purchase').textContent).toBe('₱1,000.00');
      expect(screen.getByTestId('invitation-101-mine').textContent).toBe('₱105.00');
      view.unmount();
    }
  });
});

describe('copyright center', () => {
  it('shows the terms, a countdown and the user’s holding of each product', async () => {
    stubApi(
      baseRoutes([
        on(api.team.copyrights).reply(
          ok(
            center([
              product(),
              product({
                id: '12',
                state: 'upcoming',
                startsAt: '2099-01-01T00:00:00.000Z',
                endsAt: '2099-06-01T00:00:00.000Z',
              }),
            ]),
          ),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/copyright-center/index');
    expect((await screen.findByTestId('copyright-total-purchase')).textContent).toBe('₱500.00');
    expect(screen.getByTestId('copyright-yesterday-revenue').textContent).toBe('₱10.00');
    // The rate a user can check: ₱300 over 30 days on ₱500, not an annualized 730%.
    expect(screen.getByTestId('copyright-11-term-return').textContent).toBe('60%');
    expect(screen.getByTestId('copyright-11-remaining').textContent).toBe('4');
    expect(screen.getByTestId('copyright-11-return').textContent).toBe('₱300.00');
    expect(screen.getByTestId('copyright-11-left').textContent.trim()).toMatch(
      /^Ends in \d+d \d\d:\d\d:\d\d$/,
    );
    expect(screen.getByTestId('copyright-12-left').textContent.trim()).toMatch(/^Starts in /);
    expect(screen.getByTestId<HTMLButtonElement>('copyright-12-buy').disabled).toBe(true);
    expect(screen.getByTestId('copyright-12-buy').textContent).toBe('Not started yet');
    expect(screen.getByTestId('copyright-11-mine').textContent).toContain('₱20.00');
    expect(screen.getByTestId('copyright-records-link').getAttribute('href')).toBe(
      '#/pages/profile/copyright-center/copyright-record/index',
    );
    expect(screen.getByTestId('copyright-invitations-link').getAttribute('href')).toBe(
      '#/pages/profile/copyright-center/invitation-details/index',
    );
  });

  it('limits the quantity, shows the total and daily revenue, and buys once per opening', async () => {
    const server = stubApi(
      baseRoutes([
        // 4 left, 20 per user with 1 held: at most 4.
        on(api.team.copyrights).reply(ok(center([product()]))),
        on(api.team.buyCopyright).reply([new TypeError('offline'), ok({ holding, balance: '8500.00' })]),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/copyright-center/index');
    fireEvent.click(await screen.findByTestId('copyright-11-buy'));
    await screen.findByTestId('buy-sheet');
    expect(screen.getByTestId('buy-max').textContent).toBe('up to 4');
    expect(screen.getByTestId('buy-total').textContent).toBe('₱500.00');
    expect(screen.getByTestId('buy-daily').textContent).toBe('₱10.00');

    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByTestId('buy-increase'));
    expect(screen.getByTestId<HTMLInputElement>('buy-quantity').value).toBe('4');
    expect(screen.getByTestId<HTMLButtonElement>('buy-increase').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '99' } });
    fireEvent.blur(screen.getByTestId('buy-quantity'));
    expect(screen.getByTestId<HTMLInputElement>('buy-quantity').value).toBe('4');
    fireEvent.click(screen.getByTestId('buy-decrease'));
    expect(screen.getByTestId('buy-total').textContent).toBe('₱1,500.00');
    expect(screen.getByTestId('buy-daily').textContent).toBe('₱30.00');
    expect(screen.getByTestId('buy-return').textContent).toBe('₱900.00');
    expect(screen.getByTestId('buy-confirm').textContent).toBe('Pay ₱1,500.00');

    expect(screen.getByTestId('buy-terms').textContent).toBe(
      'You receive ₱30.00 a day for 30 days, ₱900.00 in all. The price itself is not paid back.',
    );

    // The payment password is asked before anything is sent; no answer keeps the sheet for a retry.
    fireEvent.click(screen.getByTestId('buy-confirm'));
    await screen.findByTestId('pay-password');
    expect(screen.getByTestId('pay-password-amount').textContent).toBe('₱1,500.00');
    expect(server.callsTo(api.team.buyCopyright)).toHaveLength(0);
    typePassword('135790');
    expect((await screen.findByTestId('pay-password-error')).textContent).toContain(
      'could not reach the server',
    );
    typePassword('135790');
    await waitFor(() => expect(screen.queryByTestId('buy-sheet')).toBeNull());
    expect(toast).toHaveBeenCalledWith('Purchase complete (× 3). Balance ₱8,500.00');

    const buys = server.callsTo(api.team.buyCopyright).map(bodyOf);
    expect(buys).toHaveLength(2);
    expect(buys[0]).toMatchObject({ productId: '11', quantity: 3, payPassword: '135790' });
    expect(buys[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // No answer: the retry is the same request, so it can never buy twice.
    expect(buys[1]!.requestId).toBe(buys[0]!.requestId);

    // A new opening is a new request.
    fireEvent.click(await screen.findByTestId('copyright-11-buy'));
    await screen.findByTestId('buy-sheet');
    fireEvent.click(screen.getByTestId('buy-confirm'));
    await screen.findByTestId('pay-password');
    typePassword('135790');
    await waitFor(() => expect(server.callsTo(api.team.buyCopyright)).toHaveLength(3));
    expect(bodyOf(server.callsTo(api.team.buyCopyright)[2]!).requestId).not.toBe(buys[0]!.requestId);
  });

  const refusals: [string, string, string | RegExp][] = [
    ['NotWithinPurchaseTime', 'Not within the purchase time range', /^Sales start /],
    ['InvestEnded', 'invest ended', 'This copyright is no longer on sale.'],
    ['NoMoreQuantity', 'No more quantity', 'Only 4 left: choose a smaller quantity.'],
    [
      'MaxPurchaseLimitReached',
      'The maximum purchase limit has been reached',
      'Each user may hold 20; you already hold 1.',
    ],
    ['InsufficientFunds', 'Insufficient funds', 'Your balance is ₱10,000.00. Recharge, then try again.'],
    [
      'IdempotencyConflict',
      'This request was already made with different details',
      /check your copyright records/,
    ],
    ['ProductNotFound', 'This copyright is not available', ''],
    ['PaymentPasswordNotSet', 'Please set a payment password first', /Set it first/],
  ];

  it.each(refusals)('shows the refusal %s on the sheet with what to do', async (key, message, hint) => {
    const server = stubApi(
      baseRoutes([
        on(api.team.copyrights).reply(ok(center([product()]))),
        on(api.team.buyCopyright).reply(refusal(409, message, key)),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/copyright-center/index');
    fireEvent.click(await screen.findByTestId('copyright-11-buy'));
    fireEvent.click(await screen.findByTestId('buy-confirm'));
    await screen.findByTestId('pay-password');
    typePassword('135790');
    expect((await screen.findByTestId('buy-error-title')).textContent).toBe(message);
    if (hint === '') expect(screen.queryByTestId('buy-error-hint')).toBeNull();
    else if (typeof hint === 'string') expect(screen.getByTestId('buy-error-hint').textContent).toBe(hint);
    else expect(screen.getByTestId('buy-error-hint').textContent).toMatch(hint);
    if (key === 'InsufficientFunds') {
      expect(screen.getByTestId('buy-recharge').getAttribute('href')).toBe('#/pages/profile/recharge/index');
    }
    // The sheet says it; no toast besides.
    expect(toast).not.toHaveBeenCalled();
    // A refusal made nothing: the next confirmation is a new request.
    fireEvent.click(screen.getByTestId('buy-confirm'));
    await screen.findByTestId('pay-password');
    typePassword('135790');
    await waitFor(() => expect(server.callsTo(api.team.buyCopyright)).toHaveLength(2));
    const [first, second] = server.callsTo(api.team.buyCopyright).map(bodyOf);
    expect(second!.requestId).not.toBe(first!.requestId);
  });

  it('keeps the password sheet open after a wrong payment password, for another try', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.team.copyrights).reply(ok(center([product()]))),
        on(api.team.buyCopyright).reply([
          refusal(409, 'Wrong payment password', 'WrongPaymentPassword'),
          ok({ holding, balance: '9500.00' }),
        ]),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/copyright-center/index');
    fireEvent.click(await screen.findByTestId('copyright-11-buy'));
    fireEvent.click(await screen.findByTestId('buy-confirm'));
    await screen.findByTestId('pay-password');
    typePassword('000000');
    expect((await screen.findByTestId('pay-password-error')).textContent).toBe('Wrong payment password');
    expect(screen.queryByTestId('buy-error')).toBeNull();
    typePassword('135790');
    await waitFor(() => expect(screen.queryByTestId('buy-sheet')).toBeNull());
    const [wrong, right] = server.callsTo(api.team.buyCopyright).map(bodyOf);
    expect(wrong).toMatchObject({ payPassword: '000000' });
    expect(right).toMatchObject({ payPassword: '135790' });
  });

  it('says before paying when the balance is short, with a way to recharge', async () => {
    stubApi(
      baseRoutes([
        on(api.account.accountInfo).reply(ok({ currency: 'PHP', balance: '499.99' })),
        on(api.team.copyrights).reply(ok(center([product()]))),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/copyright-center/index');
    fireEvent.click(await screen.findByTestId('copyright-11-buy'));
    const short = await screen.findByTestId('buy-short');
    expect(short.textContent).toContain('Insufficient funds');
    expect(within(short).getByTestId('buy-short-recharge').getAttribute('href')).toBe(
      '#/pages/profile/recharge/index',
    );
    expect(screen.getByTestId<HTMLButtonElement>('buy-confirm').disabled).toBe(true);
  });

  it('lists purchases and revenue entries in the record', async () => {
    stubApi(
      baseRoutes([
        on(api.team.copyrightHoldings).reply(
          ok({ list: [{ ...holding, daysPaid: 3, revenue: '60.00' }], total: 1 }),
        ),
        on(api.team.copyrightRevenue).reply(
          ok({
            list: [
              { holdingId: '501', title: 'Love in Manila — copyright', day: '2026-11-23', amount: '20.00' },
            ],
            total: 1,
          }),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/copyright-center/copyright-record/index');
    expect((await screen.findByTestId('holding-501-paid')).textContent).toBe('₱1,000.00');
    expect(screen.getByTestId('holding-501-quantity').textContent).toBe('× 2');
    expect(screen.getByTestId('holding-501-days').textContent).toBe('Nov 21, 2026 – Dec 20, 2026');
    expect(screen.getByTestId('holding-501-days-paid').textContent).toBe('3 of 30');
    expect(screen.getByTestId('holding-501-revenue').textContent).toBe('₱60.00');
    fireEvent.click(screen.getByTestId('record-tab-revenue'));
    const entry = await screen.findByTestId('revenue-501-2026-11-23');
    expect(entry.textContent).toContain('Nov 23, 2026');
    expect(entry.textContent).toContain('+₱20.00');
  });
});

type SalaryStatus = CallData<typeof api.team.salary>;

function salaryStatus(overrides: Partial<SalaryStatus> = {}): SalaryStatus {
  return {
    currency: 'PHP',
    directStarMembers: 2,
    teamStarMembers: 4,
    level: 0,
    amount: '0',
    levels: [
      { level: 1, directStarMembers: 3, teamStarMembers: 5, amount: '500' },
      { level: 2, directStarMembers: 5, teamStarMembers: 20, amount: '1500' },
    ],
    starCard: true,
    lastClaimAt: null,
    nextClaimAt: null,
    canClaim: false,
    ...overrides,
  };
}

describe('monthly salary', () => {
  it('without a Star Card says so and links to the cards', async () => {
    stubApi(baseRoutes([on(api.team.salary).reply(ok(salaryStatus({ starCard: false })))]));
    signIn();
    renderAt('#/pages/profile/monthly-salary/index');
    const state = await screen.findByTestId('salary-claim-state');
    expect(state.textContent).toContain('The monthly salary needs an active Star Card.');
    expect(within(state).getByTestId('salary-get-card').getAttribute('href')).toBe('#/pages/earn/strategy');
    expect(screen.getByTestId<HTMLButtonElement>('salary-claim').disabled).toBe(true);
    expect(screen.getByTestId('salary-level-1-direct').textContent).toBe('2 / 3');
  });

  it('below the first level says what the next level needs', async () => {
    stubApi(baseRoutes([on(api.team.salary).reply(ok(salaryStatus()))]));
    signIn();
    renderAt('#/pages/profile/monthly-salary/index');
    expect((await screen.findByTestId('salary-claim-state')).textContent).toBe(
      'Not qualified yet: level 1 needs 1 more direct and 1 more team Star Card members.',
    );
    expect(screen.getByTestId<HTMLButtonElement>('salary-claim').disabled).toBe(true);
  });

  it('names only the requirement that is still short', async () => {
    stubApi(baseRoutes([on(api.team.salary).reply(ok(salaryStatus({ teamStarMembers: 5 })))]));
    signIn();
    renderAt('#/pages/profile/monthly-salary/index');
    expect((await screen.findByTestId('salary-claim-state')).textContent).toBe(
      'Not qualified yet: level 1 needs 1 more direct Star Card members.',
    );
  });

  it('after a claim gives the next claim date', async () => {
    stubApi(
      baseRoutes([
        on(api.team.salary).reply(
          ok(
            salaryStatus({
              directStarMembers: 3,
              teamStarMembers: 5,
              level: 1,
              amount: '500',
              lastClaimAt: '2026-11-21T03:00:00.000Z',
              nextClaimAt: '2026-12-21T03:00:00.000Z',
            }),
          ),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/monthly-salary/index');
    expect((await screen.findByTestId('salary-claim-state')).textContent).toBe(
      'Claimed for this month. The next salary can be claimed on Dec 21, 2026.',
    );
    expect(screen.getByTestId('salary-level-1-reached')).toBeInTheDocument();
    expect(screen.getByTestId<HTMLButtonElement>('salary-claim').disabled).toBe(true);
  });

  it('claims when it can and shows the amount and the new balance', async () => {
    const claimable = salaryStatus({
      directStarMembers: 3,
      teamStarMembers: 5,
      level: 1,
      amount: '500',
      canClaim: true,
    });
    const server = stubApi(
      baseRoutes([
        on(api.team.salary).reply(ok(claimable)),
        on(api.team.claimSalary).reply(
          ok({
            record: { id: '9', level: 1, amount: '500.00', claimedAt: '2026-11-21T03:00:00.000Z' },
            balance: '10500.00',
          }),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/monthly-salary/index');
    expect((await screen.findByTestId('salary-claim-state')).textContent).toBe(
      'Your level 1 salary is ready to claim.',
    );
    const button = screen.getByTestId<HTMLButtonElement>('salary-claim');
    expect(button.textContent).toBe('Claim ₱500.00');
    fireEvent.click(button);
    fireEvent.click(button);
    expect((await screen.findByTestId('salary-result')).textContent).toBe(
      '₱500.00 added to your wallet. Balance: ₱10,500.00',
    );
    expect(toast).toHaveBeenCalledWith('Salary received: ₱500.00');
    expect(server.callsTo(api.team.claimSalary)).toHaveLength(1);
  });

  it('shows a refused claim on the page in words about the salary', async () => {
    stubApi(
      baseRoutes([
        on(api.team.salary).reply(ok(salaryStatus({ level: 1, amount: '500', canClaim: true }))),
        on(api.team.claimSalary).reply(refusal(409, 'This needs an active Star Card', 'MembershipRequired')),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/monthly-salary/index');
    fireEvent.click(await screen.findByTestId('salary-claim'));
    expect((await screen.findByTestId('salary-error')).textContent).toBe(
      'The monthly salary needs an active Star Card.',
    );
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('dividend and leaders', () => {
  it('states the share rule and lists the grants', async () => {
    stubApi(
      baseRoutes([
        on(api.team.dividend).reply(
          ok({
            currency: 'PHP',
            shares: 3,
            pendingValue: '300.00',
            paidValue: '0.00',
            shareUnit: '1000',
            shareValue: '100',
            months: 10,
            nextPayoutAt: '2027-09-21T03:00:00.000Z',
            grants: [
              {
                id: '4',
                shares: 3,
                value: '300.00',
                grantedAt: '2026-11-21T03:00:00.000Z',
                payoutAt: '2027-09-21T03:00:00.000Z',
                paidAt: null,
              },
            ],
          }),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/dividend/index');
    expect((await screen.findByTestId('dividend-rule')).textContent).toBe(
      'One share for every ₱1,000.00 spent on copyrights; each share pays ₱100.00 after 10 months.',
    );
    expect(screen.getByTestId('dividend-shares').textContent).toBe('3');
    expect(screen.getByTestId('dividend-pending').textContent).toBe('₱300.00');
    expect(screen.getByTestId('dividend-next').textContent).toBe('Next payout: Sep 21, 2027');
    expect(screen.getByTestId('grant-4-status').textContent).toBe('Pending');
  });

  it('shows the goal, my progress and the top leaders', async () => {
    stubApi(
      baseRoutes([
        on(api.team.leaders).reply(
          ok({
            currency: 'PHP',
            goal: '1000000',
            me: { teamSize: 7, teamPurchase: '2500.00', progress: 0.25 },
            leaders: [
              {
                rank: 1,
                nickname: 'boss',
                avatar: null,
                teamSize: 40,
                teamPurchase: '500000.00',
                progress: 50,
              },
              {
                rank: 2,
                nickname: 'viewer_01',
                avatar: null,
                teamSize: 7,
                teamPurchase: '2500.00',
                progress: 0.25,
              },
            ],
          }),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/components/millionLeader');
    expect((await screen.findByTestId('leader-goal')).textContent).toBe('₱1,000,000.00');
    expect(screen.getByTestId('leader-my-progress').textContent).toBe('0.25%');
    expect(screen.getByTestId('leader-my-bar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByTestId('leader-1-team').textContent).toBe('40 members');
    expect(screen.getByTestId('leader-1-purchase').textContent).toBe('₱500,000.00');
  });
});

describe('invite friends', () => {
  function fakeContext() {
    const texts: string[] = [];
    let fill = '';
    let qrCells = 0;
    const gradient = { addColorStop: vi.fn() };
    const ctx = new Proxy(
      {},
      {
        get(_target, prop: string) {
          if (prop === 'fillText') return (text: string) => texts.push(text);
          if (prop === 'fillRect')
            return () => {
              if (fill === '#000000') qrCells++;
            };
          if (prop === 'measureText') return (text: string) => ({ width: text.length * 20 });
          if (prop === 'createLinearGradient') return () => gradient;
          if (prop === 'fillStyle') return fill;
          return () => undefined;
        },
        set(_target, prop: string, value: unknown) {
          if (prop === 'fillStyle') fill = String(value);
          return true;
        },
      },
    );
    return { ctx, texts, qrCells: () => qrCells };
  }

  it('draws the poster with the brand, the invite code and the invite link as a QR code', async () => {
    // The poster's colours come from tokens.css, which the app's stylesheet puts on <html>.
    document.documentElement.style.setProperty('--ds-black', '#000000');
    const canvas = fakeContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      canvas.ctx as unknown as CanvasRenderingContext2D,
    );
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubApi([
      ...baseRoutes(),
      on(api.account.userLevelStatistic).reply(
        ok({
          total: 7,
          levels: [1, 2, 3, 4, 5].map((level) => ({ level, count: level === 1 ? 4 : level === 2 ? 3 : 0 })),
        }),
      ),
    ]);
    signIn();
    renderAt('#/pages/profile/inviteFriend/index');
    const poster = await screen.findByTestId('invite-poster');
    expect(poster.getAttribute('data-link')).toBe(LINK);
    // The team so far, level by level (/account/userLevelStatistic).
    expect((await screen.findByTestId('invite-team-size')).textContent).toContain('People in your team: 7');
    expect(screen.getByTestId('invite-team-level-1').textContent).toBe('Level 14');
    expect(screen.getByTestId('invite-team-level-5').textContent).toBe('Level 50');
    await waitFor(() => expect(canvas.texts).toContain('A B 1 2 C D 3 4'));
    expect(canvas.texts).toContain('DramaStar');
    // Every dark module of the link's QR code is drawn.
    const { modules } = create(LINK, { errorCorrectionLevel: 'M' });
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(canvas.qrCells()).toBe(dark);
    expect(screen.getByTestId('invite-link').textContent).toBe(LINK);
    // The printed link may break only between its pieces, never inside the code.
    const printed = screen.getByTestId('invite-link');
    expect(printed.querySelectorAll('wbr').length).toBeGreaterThan(3);
    expect(printed.innerHTML).toContain('register<wbr>?inviteCode<wbr>=AB12CD34');

    fireEvent.click(screen.getByTestId('invite-copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
    expect(toast).toHaveBeenCalledWith('Invite link copied');
  });

  it('on an iPhone shows the poster as an image to long-press', async () => {
    const canvas = fakeContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      canvas.ctx as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    );
    stubApi(baseRoutes());
    signIn();
    renderAt('#/pages/profile/inviteFriend/index');
    const save = await screen.findByTestId('invite-save');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    const sheet = await screen.findByTestId('invite-long-press');
    expect(sheet.textContent).toContain('Press and hold the image');
    expect(within(sheet).getByRole('img').getAttribute('src')).toBe('data:image/png;base64,AAAA');
  });
});

describe('entries', () => {
  it('Profile leads to the team, invitations, copyrights, salary, dividend and leaders', async () => {
    stubApi(baseRoutes());
    signIn();
    renderAt('#/pages/profile/index');
    const rows: [string, string][] = [
      ['profile-team', '#/pages/profile/myTeam/index'],
      ['profile-invite-friends', '#/pages/profile/inviteFriend/index'],
      ['profile-copyrights', '#/pages/profile/copyright-center/index'],
      ['profile-salary', '#/pages/profile/monthly-salary/index'],
      ['profile-dividend', '#/pages/profile/dividend/index'],
      ['profile-leader', '#/pages/profile/components/millionLeader'],
    ];
    for (const [testId, href] of rows) {
      expect((await screen.findByTestId(testId)).getAttribute('href')).toBe(href);
    }
  });

  it('team pages ask a guest to log in', async () => {
    stubApi(baseRoutes());
    renderAt('#/pages/profile/copyright-center/index');
    expect(await screen.findByTestId('login-required')).toBeInTheDocument();
  });
});
