import { type MembershipStatus, type RechargeOrder, type TierOffer, api } from '@dramastar/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openPaymentPage, submitPaymentForm } from '../../shared/payments';
import { pendingReturn, rememberReturn } from '../../shared/return-to';
import { useSession } from '../../shared/store/session';
import { useLoginPanel } from '../../shared/auth/login-panel-store';
import { showToast } from '../../shared/ui/toast';
import { ok, refusal, stubApi, on, type Fake, type CallData, bodyOf } from '../../test/fetch';
import { signIn, signedInRoutes, trialCards } from '../../test/fixtures';
import { renderAt } from '../../test/render-app';

// A notify is a longer toast: both land in the one mock the tests read.
vi.mock('../../shared/ui/toast', async () => (await import('../../test/fetch')).toastMock());
vi.mock('../../shared/payments', async () => ({
  ...(await vi.importActual<Record<string, unknown>>('../../shared/payments')),
  openPaymentPage: vi.fn(),
  submitPaymentForm: vi.fn(),
}));
const toast = vi.mocked(showToast);

const ALL = ['viewing', 'welfare', 'referral', 'trialCards', 'gifting', 'withdrawal'] as const;

function tier(
  name: TierOffer['tier'],
  price: string,
  quote: Partial<TierOffer['quote']>,
  overrides: Partial<TierOffer> = {},
): TierOffer {
  const star = name !== 'week';
  return {
    tier: name,
    level: ['week', 'primary', 'premium', 'director'].indexOf(name),
    price,
    currency: 'PHP',
    days: star ? 30 : 7,
    privileges: star ? [...ALL] : ['viewing'],
    trialCardsPerPeriod: star ? 5 : 0,
    rewardLevels: { week: 0, primary: 2, premium: 3, director: 5 }[name],
    quote: { action: 'buy', credit: '0.00', pay: price, endsAt: '2026-12-21T09:00:00.000Z', ...quote },
    ...overrides,
  };
}

/** A Primary card running, so Week is lower, Primary renews and the others upgrade with credit. */
function memberStatus(overrides: Partial<MembershipStatus> = {}): MembershipStatus {
  return {
    currency: 'PHP',
    active: { tier: 'primary', startsAt: '2026-11-11T09:00:00.000Z', endsAt: '2099-12-11T09:00:00.000Z' },
    userType: 1,
    trial: { activeUntil: null },
    tiers: [
      tier('week', '49.00', { action: 'lower', pay: '0.00' }),
      tier('primary', '299.00', { action: 'renew', endsAt: '2027-01-10T09:00:00.000Z' }),
      tier('premium', '999.00', { action: 'upgrade', credit: '498.33', pay: '500.67' }),
      tier('director', '2999.00', { action: 'upgrade', credit: '498.33', pay: '2500.67' }),
    ],
    ...overrides,
  };
}

function ordinaryStatus(): MembershipStatus {
  return {
    currency: 'PHP',
    active: null,
    userType: 0,
    trial: { activeUntil: null },
    tiers: [
      tier('week', '49.00', {}),
      tier('primary', '299.00', {}),
      tier('premium', '999.00', {}),
      tier('director', '2999.00', {}),
    ],
  };
}

const channels: CallData<typeof api.config.queryPc> = {
  currency: 'PHP',
  channels: [
    {
      code: 'gateway',
      minAmount: '100',
      maxAmount: '50000',
      quickAmounts: [],
      fee: '0',
      windowMinutes: null,
      usdt: null,
    },
    {
      code: 'official',
      minAmount: '5000',
      maxAmount: null,
      quickAmounts: [],
      fee: '0',
      windowMinutes: 5,
      usdt: null,
    },
    {
      code: 'usdt',
      minAmount: '10',
      maxAmount: null,
      quickAmounts: [],
      fee: '0',
      windowMinutes: null,
      usdt: { network: 'TRC20', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', rate: '57' },
    },
  ],
};

function order(overrides: Partial<RechargeOrder> = {}): RechargeOrder {
  return {
    orderNo: 'R200',
    channel: 'gateway',
    status: 'pending',
    amount: '500.67',
    payCurrency: 'PHP',
    creditAmount: '500.67',
    currency: 'PHP',
    createdAt: '2026-11-21T09:00:00.000Z',
    expiresAt: null,
    creditedAt: null,
    payUrl: '/sandbox/pay/R200',
    official: null,
    usdt: null,
    reason: null,
    purpose: null,
    ...overrides,
  };
}

const canSendMember = { allowed: true, reason: null, perPeriod: 5, used: 1, remaining: 4, periodDays: 30 };

function baseRoutes(extra: Fake[] = []): Fake[] {
  return [
    ...signedInRoutes(),
    on(api.user.queryGreatestVipcard).reply(ok(memberStatus())),
    on(api.account.queryVipCardCountAndStatus).reply(ok({ count: 0, activeCount: 0, list: [] })),
    on(api.user.queryCanSendTrialCard).reply(ok(canSendMember)),
    on(api.config.queryPc).reply(ok(channels)),
    ...extra,
  ];
}

beforeEach(() => {
  toast.mockClear();
  vi.mocked(openPaymentPage).mockClear();
  vi.mocked(submitPaymentForm).mockClear();
});

describe('Star Card page', () => {
  it('shows the card held, the promise, and every tier with its price, privileges and action', async () => {
    stubApi(baseRoutes());
    signIn();
    renderAt('#/pages/earn/strategy');
    expect((await screen.findByTestId('current-card-name')).textContent).toBe('Primary Star Card');
    expect(screen.getByTestId('current-card-ends').textContent).toContain('days left');
    const promise = screen.getByTestId('membership-promise');
    expect(promise.textContent).toContain('Every card unlocks every paid episode');
    expect(promise.textContent).toContain('never renews and never charges you by itself');

    expect(screen.getByTestId('tier-primary-price').textContent).toBe('₱299.00');
    expect(screen.getByTestId('tier-primary-buy').textContent).toBe('Renew');
    expect(screen.getByTestId('tier-premium-buy').textContent).toBe('Upgrade');
    const week = screen.getByTestId<HTMLButtonElement>('tier-week-buy');
    expect(week.textContent).toBe('Included in your card');
    expect(week.disabled).toBe(true);
    expect(screen.getByTestId('tier-week-lower').textContent).toBe(
      'Your Primary Star Card already includes everything this card gives.',
    );
    const primary = screen.getByTestId('tier-primary-privileges').textContent;
    expect(primary).toContain('Every paid episode, no further paywall');
    expect(primary).toContain('Welfare revenue from team levels 1–2');
    expect(primary).toContain('5 trial cards to gift every 30 days');
    expect(screen.getByTestId('tier-director-privileges').textContent).toContain('team levels 1–5');
    expect(screen.getByTestId('tier-week-privileges').textContent).toContain('Viewing only');
    expect(screen.getByTestId('tier-premium').textContent).toContain('you pay ₱500.67');
  });

  it('confirms an upgrade with its numbers and asks for a payment method before sending anything', async () => {
    const server = stubApi(
      baseRoutes([on(api.account.accountInfo).reply(ok({ currency: 'PHP', balance: '100.00' }))]),
    );
    signIn();
    renderAt('#/pages/earn/strategy');
    fireEvent.click(await screen.findByTestId('tier-premium-buy'));
    const sheet = await screen.findByTestId('purchase-sheet');
    expect(within(sheet).getByText('Upgrade to Premium Star Card')).toBeInTheDocument();
    expect(screen.getByTestId('purchase-price').textContent).toBe('₱999.00');
    expect(screen.getByTestId('purchase-credit').textContent).toBe('-₱498.33');
    expect(screen.getByTestId('purchase-pay').textContent).toBe('₱500.67');
    expect(screen.getByTestId('purchase-ends').textContent).toContain('2026');
    expect(sheet.textContent).toContain('No automatic renewal');
    // USDT is not a way to pay for a card: recharge USDT first.
    expect(screen.queryByTestId('pay-method-usdt')).toBeNull();
    expect(screen.getByTestId('pay-usdt-link').getAttribute('href')).toBe('#/pages/profile/usdt/index');

    // The balance (₱100.00) does not cover ₱500.67: the row says what is missing and the card
    // gateway is chosen for the user; they may still choose the balance.
    await waitFor(() =>
      expect(screen.getByTestId('pay-method-balance').textContent).toContain(
        'Available ₱100.00: ₱400.67 short',
      ),
    );
    expect(screen.getByTestId('pay-method-gateway').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('pay-method-balance').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByTestId('pay-method-balance'));
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    expect(screen.getByTestId('purchase-error').textContent).toContain(
      'Insufficient funds: ₱400.67 missing.',
    );
    expect(screen.getByTestId('purchase-recharge').getAttribute('href')).toBe(
      '#/pages/profile/recharge/index',
    );
    expect(server.callsTo(api.user.openvipByBalance)).toHaveLength(0);
    expect(server.callsTo(api.user.openvip)).toHaveLength(0);
  });

  /** A purchase from the balance: Premium replacing a card (credit for its unused part). */
  const premiumUpgrade: CallData<typeof api.user.openvipByBalance> = {
    card: { tier: 'premium', startsAt: '2026-11-21T09:00:00.000Z', endsAt: '2026-12-21T09:00:00.000Z' },
    action: 'upgrade',
    paid: '500.67',
    credit: '498.33',
    balance: '499.33',
  };

  it('buys from the balance once per confirmation: a retry after no answer reuses the requestId', async () => {
    const server = stubApi(
      baseRoutes([on(api.user.openvipByBalance).reply([new TypeError('offline'), ok(premiumUpgrade)])]),
    );
    signIn();
    renderAt('#/pages/earn/strategy');
    fireEvent.click(await screen.findByTestId('tier-premium-buy'));
    await screen.findByTestId('purchase-sheet');
    await waitFor(() => expect(screen.getByTestId('pay-method-balance').textContent).toContain('₱1,000.00'));
    // The balance covers the price, so it is chosen already: one tap pays.
    expect(screen.getByTestId('pay-method-balance').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    expect((await screen.findByTestId('purchase-error')).textContent).toContain('can never charge twice');
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    const result = await screen.findByTestId('purchase-result');
    expect(result.textContent).toContain('Upgraded to Premium Star Card');
    expect(screen.getByTestId('purchase-result-paid').textContent).toBe('₱500.67');
    expect(screen.getByTestId('purchase-result-credit').textContent).toBe('₱498.33');
    expect(screen.getByTestId('purchase-result-balance').textContent).toBe('₱499.33');
    // Not sent here by a paywall: nothing to go back to.
    expect(screen.queryByTestId('purchase-continue')).toBeNull();

    const bodies = server.callsTo(api.user.openvipByBalance).map(bodyOf);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ tier: 'premium' });
    expect(bodies[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(bodies[1]!.requestId).toBe(bodies[0]!.requestId);
  });

  it('after a purchase started from a paywall, leads back to that episode', async () => {
    stubApi(baseRoutes([on(api.user.openvipByBalance).reply(ok(premiumUpgrade))]));
    signIn();
    rememberReturn('/pages/shorts/videoDetails?seriesId=2&videoId=9');
    renderAt('#/pages/earn/strategy');
    fireEvent.click(await screen.findByTestId('tier-premium-buy'));
    await screen.findByTestId('purchase-sheet');
    await waitFor(() =>
      expect(screen.getByTestId('pay-method-balance').getAttribute('aria-checked')).toBe('true'),
    );
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    fireEvent.click(await screen.findByTestId('purchase-continue'));
    await waitFor(() =>
      expect(window.location.hash).toBe('#/pages/shorts/videoDetails?seriesId=2&videoId=9'),
    );
    expect(pendingReturn()).toBeNull();
  });

  it('shows a refusal in the sheet, not as a toast, and the next try is a new request', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.user.openvipByBalance).reply(refusal(409, 'Insufficient funds', 'InsufficientFunds')),
      ]),
    );
    signIn();
    renderAt('#/pages/earn/strategy');
    fireEvent.click(await screen.findByTestId('tier-primary-buy'));
    await screen.findByTestId('purchase-sheet');
    fireEvent.click(screen.getByTestId('pay-method-balance'));
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    expect((await screen.findByTestId('purchase-error')).textContent).toContain('Insufficient funds');
    expect(screen.getByTestId('purchase-recharge')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    await waitFor(() => expect(server.callsTo(api.user.openvipByBalance)).toHaveLength(2));
    const [first, second] = server.callsTo(api.user.openvipByBalance).map(bodyOf);
    expect(second!.requestId).not.toBe(first!.requestId);
    expect(toast).not.toHaveBeenCalled();
  });

  it('names the provider of the card channel and posts the form a provider asks for (JazzCash)', async () => {
    const payForm = { action: 'https://sandbox.jazzcash.com.pk/checkout', fields: { pp_TxnRefNo: 'R1' } };
    const jazz: CallData<typeof api.config.queryPc> = {
      ...channels,
      currency: 'PKR',
      channels: channels.channels.map((c) =>
        c.code === 'gateway' ? { ...c, providers: [{ provider: 'jazzcash', methods: ['MWALLET'] }] } : c,
      ),
    };
    const server = stubApi(
      baseRoutes([
        on(api.user.queryGreatestVipcard).reply(ok(ordinaryStatus())),
        on(api.config.queryPc).reply(ok(jazz)),
        on(api.user.openvip).reply(
          ok(order({ amount: '299.00', creditAmount: '299.00', payUrl: null, payForm })),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/earn/strategy');
    fireEvent.click(await screen.findByTestId('tier-primary-buy'));
    const gateway = await screen.findByTestId('pay-method-gateway');
    expect(gateway.textContent).toContain('JazzCash · MWALLET');
    fireEvent.click(gateway);
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    await waitFor(() => expect(submitPaymentForm).toHaveBeenCalledWith(payForm));
    expect(openPaymentPage).not.toHaveBeenCalled();
    expect(bodyOf(server.callsTo(api.user.openvip)[0]!)).toMatchObject({ channel: 'gateway' });
  });

  it('sends a card payer to the gateway page and a bank transfer to its order page', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.user.queryGreatestVipcard).reply(ok(ordinaryStatus())),
        on(api.user.openvip).reply((call) =>
          (JSON.parse(call.init.body as string) as { channel: string }).channel === 'gateway'
            ? ok(order({ amount: '299.00', creditAmount: '299.00' }))
            : ok(order({ orderNo: 'R300', channel: 'official', payUrl: null })),
        ),
        on(api.account.rechargeRecords).reply(ok({ list: [], total: 0 })),
      ]),
    );
    signIn();
    renderAt('#/pages/earn/strategy');
    expect((await screen.findByTestId('current-card-name')).textContent).toBe('No card yet');
    expect(screen.getByTestId('current-card').textContent).toContain('Free episodes only');
    expect(screen.getByTestId('tier-primary-buy').textContent).toBe('Buy');
    fireEvent.click(screen.getByTestId('tier-primary-buy'));
    await screen.findByTestId('purchase-sheet');
    fireEvent.click(await screen.findByTestId('pay-method-gateway'));
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    await waitFor(() => expect(openPaymentPage).toHaveBeenCalledWith('/sandbox/pay/R200'));
    expect(bodyOf(server.callsTo(api.user.openvip)[0]!)).toMatchObject({
      tier: 'primary',
      channel: 'gateway',
    });

    fireEvent.click(screen.getByTestId('purchase-close'));
    fireEvent.click(screen.getByTestId('tier-director-buy'));
    fireEvent.click(await screen.findByTestId('pay-method-official'));
    fireEvent.click(screen.getByTestId('purchase-confirm'));
    await waitFor(() => expect(window.location.hash).toBe('#/pages/profile/recharge/official?orderNo=R300'));
    const [first, second] = server.callsTo(api.user.openvip).map(bodyOf);
    expect(second).toMatchObject({ tier: 'director', channel: 'official' });
    expect(second!.requestId).not.toBe(first!.requestId);
  });

  it('lists the cards held with their state', async () => {
    stubApi(
      baseRoutes([
        on(api.account.queryVipCardCountAndStatus).reply(
          ok({
            count: 2,
            activeCount: 1,
            list: [
              {
                tier: 'primary',
                startsAt: '2099-12-11T09:00:00.000Z',
                endsAt: '2100-01-10T09:00:00.000Z',
                status: 'upcoming',
                source: 'purchase',
              },
              {
                tier: 'primary',
                startsAt: '2026-11-11T09:00:00.000Z',
                endsAt: '2099-12-11T09:00:00.000Z',
                status: 'active',
                source: 'test',
              },
            ],
          }),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/earn/strategy');
    const history = await screen.findByTestId('card-history');
    expect(history.textContent).toContain('Your cards (2, 1 active)');
    const rows = within(history).getAllByTestId('card-history-row');
    expect(rows[0]!.textContent).toContain('Starts later');
    expect(rows[0]!.textContent).toContain('Bought');
    expect(rows[1]!.textContent).toContain('Active');
    expect(rows[1]!.textContent).toContain('Granted');
    expect(screen.getByTestId('current-card-covered').textContent).toContain('2100');
  });

  it('says a running trial unlocks every episode, not “free episodes only”', async () => {
    stubApi(
      baseRoutes([
        on(api.user.queryGreatestVipcard).reply(
          ok({
            ...ordinaryStatus(),
            trial: { activeUntil: '2099-11-30T09:00:00.000Z' },
          }),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/earn/strategy');
    expect((await screen.findByTestId('current-card-name')).textContent).toBe('Trial card running');
    const card = screen.getByTestId('current-card');
    expect(card.textContent).not.toContain('Free episodes only');
    expect(screen.getByTestId('current-trial').textContent).toContain('Trial card: every episode until');
  });

  it('shows a guest every tier with its price and days, and continues to the purchase after sign-in', async () => {
    const tiers = ordinaryStatus().tiers;
    const server = stubApi(baseRoutes([on(api.user.starCardTiers).reply(ok({ currency: 'PHP', tiers }))]));
    act(() => useSession.getState().setTenantFallback());
    renderAt('#/pages/earn/strategy');
    expect((await screen.findByTestId('tier-primary-price')).textContent).toBe('₱299.00');
    expect(screen.getByTestId('membership-promise').textContent).toContain(
      'Every card unlocks every paid episode',
    );
    expect(screen.queryByTestId('login-required')).toBeNull();
    expect(server.callsTo(api.user.starCardTiers)[0]!.url).toContain('tenantId=000000');
    fireEvent.click(screen.getByTestId('tier-primary-buy'));
    await waitFor(() => expect(useLoginPanel.getState().visible).toBe(true));
    expect(window.location.hash).toContain('buy=primary');

    // Signed in, the page opens the chosen tier's sheet with this user's quote, once.
    act(() => useLoginPanel.getState().close());
    signIn();
    expect((await screen.findByTestId('purchase-sheet')).textContent).toContain('Primary');
    expect(window.location.hash).not.toContain('buy=');
  });
});

type TrialCards = CallData<typeof api.user.trialCards>;

describe('Points & Trial Card page', () => {
  it('activates the own card after a confirmation and counts down the 72 hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const until = new Date(Date.now() + 72 * 3600_000).toISOString();
    const running = trialCards({
      activeUntil: until,
      owned: [
        {
          ...trialCards().owned[0]!,
          status: 'active',
          activatedAt: new Date().toISOString(),
          expiresAt: until,
        },
      ],
    });
    let activated = false;
    const server = stubApi(
      baseRoutes([
        on(api.user.trialCards).reply(() => ok(activated ? running : trialCards())),
        on(api.user.getTrialCard).reply(() => {
          activated = true;
          return ok(running);
        }),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/pointsTrial/index');
    fireEvent.click(await screen.findByTestId('trial-activate'));
    fireEvent.click(await screen.findByRole('button', { name: 'Activate now' }));
    expect((await screen.findByTestId('trial-countdown')).textContent).toBe('72:00:00');
    expect(server.callsTo(api.user.getTrialCard).map(bodyOf)).toEqual([{}]);
    vi.setSystemTime(Date.now() + 3600_000 + 61_000);
    await waitFor(() => expect(screen.getByTestId('trial-countdown').textContent).toBe('70:58:59'));
  });

  it('redeems a gift code, refusing a malformed one before sending it', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.user.trialCards).reply(ok(trialCards())),
        on(api.user.getTrialCard).reply([
          refusal(409, 'This trial card code is not valid', 'TrialCardCodeInvalid'),
          ok(trialCards()),
        ]),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/pointsTrial/index');
    const field = await screen.findByTestId('redeem-code');
    fireEvent.change(field, { target: { value: 'TC12' } });
    fireEvent.click(screen.getByTestId('redeem-submit'));
    expect((await screen.findByTestId('redeem-code-error')).textContent).toBe(
      'This trial card code is not valid',
    );
    expect(server.callsTo(api.user.getTrialCard)).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'tc2345abcd' } });
    fireEvent.click(screen.getByTestId('redeem-submit'));
    expect((await screen.findByTestId('redeem-code-error')).textContent).toBe(
      'This trial card code is not valid',
    );
    fireEvent.change(field, { target: { value: 'TC2345ABCE' } });
    fireEvent.click(screen.getByTestId('redeem-submit'));
    expect(await screen.findByTestId('redeem-done')).toBeInTheDocument();
    expect(server.callsTo(api.user.getTrialCard).map(bodyOf)).toEqual([
      { code: 'TC2345ABCD' },
      { code: 'TC2345ABCE' },
    ]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows a user without a Star Card the way to one instead of the gift form', async () => {
    stubApi(
      baseRoutes([
        on(api.user.trialCards).reply(ok(trialCards())),
        on(api.user.queryCanSendTrialCard).reply(
          ok({
            allowed: false,
            reason: 'MembershipRequired',
            perPeriod: 5,
            used: 0,
            remaining: 0,
            periodDays: 30,
          }),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/pointsTrial/index');
    const locked = await screen.findByTestId('gift-needs-card');
    expect(locked.textContent).toContain('Star Card holders gift 5 trial cards every 30 days');
    expect(screen.getByTestId('gift-get-star-card').getAttribute('href')).toBe('#/pages/earn/strategy');
    expect(screen.queryByTestId('gift-form')).toBeNull();
  });

  it('gifts to a team member by invite code and creates a code to copy, once per confirmation', async () => {
    const issued: TrialCards['sent'][number] = {
      id: '9',
      source: 'issued',
      status: 'unused',
      code: 'TC7K2M9QXY',
      from: null,
      to: null,
      activatedAt: null,
      expiresAt: null,
      createdAt: '2026-11-21T00:00:00.000Z',
    };
    const server = stubApi(
      baseRoutes([
        on(api.user.trialCards).reply(ok(trialCards())),
        on(api.user.sendTrialCard).reply([
          refusal(409, 'Trial cards go to members of your team', 'TrialCardNotInTeam'),
          new TypeError('offline'),
          ok(trialCards({ sent: [issued] })),
        ]),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/pointsTrial/index');
    expect((await screen.findByTestId('gift-quota')).textContent).toBe('4 of 5 left in the last 30 days');
    const field = screen.getByTestId('gift-invite-code');
    fireEvent.click(screen.getByTestId('gift-submit'));
    expect(screen.getByTestId('gift-invite-code-error').textContent).toBe('Please enter their invite code');
    fireEvent.change(field, { target: { value: 'ab12cd34' } });
    fireEvent.click(screen.getByTestId('gift-submit'));
    expect(screen.getByTestId('gift-invite-code-error').textContent).toBe(
      'You cannot gift a trial card to yourself',
    );
    fireEvent.change(field, { target: { value: 'ZX98YW76' } });
    fireEvent.click(screen.getByTestId('gift-submit'));
    expect((await screen.findByTestId('gift-confirm')).textContent).toContain('ZX98YW76');
    fireEvent.click(screen.getByRole('button', { name: 'Gift' }));
    expect((await screen.findByTestId('gift-invite-code-error')).textContent).toBe(
      'Trial cards go to members of your team',
    );

    fireEvent.click(screen.getByTestId('gift-mode-code'));
    fireEvent.click(screen.getByTestId('gift-submit'));
    fireEvent.click(await screen.findByRole('button', { name: 'Gift' }));
    expect((await screen.findByTestId('gift-confirm-error')).textContent).toContain('never a second one');
    fireEvent.click(screen.getByRole('button', { name: 'Gift' }));
    expect((await screen.findByTestId('gift-done')).textContent).toContain('TC7K2M9QXY');
    expect(screen.getByTestId('trial-code-9').textContent).toBe('TC7K2M9QXY');
    expect(screen.getByTestId('copy-TC7K2M9QXY')).toBeInTheDocument();

    const bodies = server.callsTo(api.user.sendTrialCard).map(bodyOf);
    expect(bodies[0]).toMatchObject({ inviteCode: 'ZX98YW76' });
    expect(bodies[1]).not.toHaveProperty('inviteCode');
    // The refusal made nothing: a new id; the unanswered try is repeated with the same id.
    expect(bodies[1]!.requestId).not.toBe(bodies[0]!.requestId);
    expect(bodies[2]!.requestId).toBe(bodies[1]!.requestId);
    expect(toast).not.toHaveBeenCalled();
  });

  it('lists points with translated kinds (unknown ones raw) and the rules', async () => {
    stubApi(
      baseRoutes([
        on(api.user.queryVideoPoint).reply(
          ok({
            balance: 1041,
            total: 3,
            list: [
              { id: '3', amount: 1000, kind: 'share_director', createdAt: '2026-11-21T00:00:00.000Z' },
              { id: '2', amount: 40, kind: 'task_bonus', createdAt: '2026-11-20T00:00:00.000Z' },
              { id: '1', amount: 1, kind: 'paid_episode', createdAt: '2026-11-19T00:00:00.000Z' },
            ],
            // The tenant's rules as the server answers them (here changed by the operator).
            rules: {
              paidEpisode: 2,
              shareToNewUser: 15,
              sharePrimaryCard: 30,
              sharePremiumCard: 300,
              shareDirectorCard: 1000,
            },
          }),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/pointsTrial/index?tab=points');
    expect((await screen.findByTestId('points-balance')).textContent).toBe('1,041');
    expect(screen.getByTestId('points-3-kind').textContent).toBe('Friend bought a Director Star Card');
    expect(screen.getByTestId('points-3-amount').textContent).toBe('+1000');
    expect(screen.getByTestId('points-2-kind').textContent).toBe('task_bonus');
    expect(screen.getByTestId('points-1-kind').textContent).toBe('Paid episode watched');
    const rules = screen.getByTestId('points-rules').textContent;
    expect(rules).toContain('Points for each paid episode you watch (once per episode): 2');
    expect(rules).toContain('15 points when a friend registers');
    expect(rules).toContain('30 / 300 / 1000 points');
  });
});

describe('membership entries', () => {
  it('Profile shows the tier with its days left and leads to the Star Card and Points & Trial pages', async () => {
    stubApi(baseRoutes());
    signIn();
    renderAt('#/pages/profile/index');
    expect((await screen.findByTestId('profile-membership')).textContent).toBe('Primary Star Card');
    const row = screen.getByTestId('profile-star-card');
    expect(row.getAttribute('href')).toBe('#/pages/earn/strategy');
    expect(screen.getByTestId('profile-star-card-extra').textContent).toContain('days left');
    expect(screen.getByTestId('profile-points-trial').getAttribute('href')).toBe(
      '#/pages/profile/pointsTrial/index',
    );
  });

  it('Profile offers a Star Card to an ordinary user', async () => {
    stubApi(baseRoutes([on(api.user.queryGreatestVipcard).reply(ok(ordinaryStatus()))]));
    signIn();
    renderAt('#/pages/profile/index');
    expect((await screen.findByTestId('profile-membership')).textContent).toBe('Ordinary user');
    expect(screen.getByTestId('profile-star-card-extra').textContent).toBe('Get a Star Card');
  });
});
