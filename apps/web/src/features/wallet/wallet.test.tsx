import { type RechargeOrder, type Withdrawal, type WithdrawalRules, api } from '@dramastar/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openPaymentPage } from '../../shared/payments';
import { pendingReturn, rememberReturn } from '../../shared/return-to';

import { showToast } from '../../shared/ui/toast';
import { ok, refusal, stubApi, on, type Fake, type CallData, bodyOf } from '../../test/fetch';
import { signIn, signedInRoutes } from '../../test/fixtures';
import { renderAt, typePassword } from '../../test/render-app';

// A notify is a longer toast: both land in the one mock the tests read.
vi.mock('../../shared/ui/toast', async () => (await import('../../test/fetch')).toastMock());
vi.mock('../../shared/payments', async () => ({
  ...(await vi.importActual<Record<string, unknown>>('../../shared/payments')),
  openPaymentPage: vi.fn(),
  submitPaymentForm: vi.fn(),
}));
const toast = vi.mocked(showToast);

function rules(overrides: Partial<WithdrawalRules> = {}): WithdrawalRules {
  return {
    currency: 'PHP',
    balance: '1000.00',
    minAmount: '110',
    divisibleBy: '10',
    bankFeeBps: 500,
    usdtEnabled: false,
    usdtFeeBps: 200,
    usdtMinFee: '1',
    quickAmounts: ['110', '200', '500', 'all'],
    maxBankAmount: '950.00',
    maxUsdtAmount: '0',
    membershipActive: true,
    payPasswordSet: true,
    bankCardCount: 1,
    ...overrides,
  };
}

const card = {
  id: '7',
  bank: 'BDO',
  bankName: 'Makati Branch',
  accountName: 'JUAN DELA CRUZ',
  cardNumber: '•••• 6789',
  createdAt: '2026-11-01T00:00:00.000Z',
};

function withdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    orderNo: 'W20261121001',
    status: 'applied',
    amount: '950.00',
    fee: '47.50',
    total: '997.50',
    currency: 'PHP',
    destination: {
      channel: 'bank',
      bank: 'BDO',
      bankName: 'Makati Branch',
      accountName: 'JUAN DELA CRUZ',
      account: '•••• 6789',
    },
    createdAt: '2026-11-21T09:00:00.000Z',
    stages: [{ stage: 'applied', at: '2026-11-21T09:00:00.000Z' }],
    reason: null,
    ...overrides,
  };
}

function officialOrder(overrides: Partial<RechargeOrder> = {}): RechargeOrder {
  const now = Date.now();
  return {
    orderNo: 'R100',
    channel: 'official',
    status: 'pending',
    amount: '5000.00',
    payCurrency: 'PHP',
    creditAmount: '5000.00',
    currency: 'PHP',
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 5 * 60_000).toISOString(),
    creditedAt: null,
    payUrl: null,
    official: {
      bankName: 'DramaStar Demo Bank',
      accountName: 'DRAMASTAR COLLECTIONS',
      accountNumber: '000123456789',
      reference: 'DS7K2M9Q',
    },
    usdt: null,
    reason: null,
    purpose: null,
    ...overrides,
  };
}

const channels: CallData<typeof api.config.queryPc> = {
  currency: 'PHP',
  channels: [
    {
      code: 'gateway',
      minAmount: '100',
      maxAmount: '50000',
      quickAmounts: ['100', '200', '500'],
      fee: '0',
      windowMinutes: null,
      usdt: null,
    },
    {
      code: 'official',
      minAmount: '5000',
      maxAmount: null,
      quickAmounts: ['5000', '10000'],
      fee: '0',
      windowMinutes: 5,
      usdt: null,
    },
    {
      code: 'usdt',
      minAmount: '10',
      maxAmount: null,
      quickAmounts: ['10', '50'],
      fee: '0',
      windowMinutes: null,
      usdt: { network: 'TRC20', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', rate: '57' },
    },
  ],
};

function baseRoutes(extra: Fake[] = []): Fake[] {
  return [
    ...signedInRoutes(),
    on(api.config.bankConfig).reply(ok({ banks: [{ code: 'BDO', name: 'BDO Unibank' }] })),
    ...extra,
  ];
}

beforeEach(() => {
  toast.mockClear();
  vi.mocked(openPaymentPage).mockClear();
});

describe('withdraw page', () => {
  it('lists what is missing with a way to fix each, and does not let the user withdraw', async () => {
    stubApi(
      baseRoutes([
        on(api.user.queryMustBankCardMsg).reply(
          ok(rules({ membershipActive: false, payPasswordSet: false, bankCardCount: 0 })),
        ),
        on(api.account.queryBankCard).reply(ok({ list: [] })),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/withdraw/index');
    const needs = await screen.findByTestId('withdraw-prerequisites');
    expect(within(needs).getByTestId('withdraw-needs-membership').textContent).toContain(
      'This needs an active Star Card',
    );
    expect(within(needs).getByText('Get a Star Card').getAttribute('href')).toBe('#/pages/earn/strategy');
    expect(within(needs).getByTestId('withdraw-needs-payPassword').textContent).toContain(
      'Please set a payment password first',
    );
    expect(within(needs).getByText('Set it').getAttribute('href')).toBe('#/pages/profile/wallet/walletPay');
    expect(within(needs).getByTestId('withdraw-needs-bankCard').textContent).toContain(
      'No bank card added yet',
    );
    expect(within(needs).getByText('Add a card').getAttribute('href')).toBe(
      '#/pages/profile/withdraw/addBankCard',
    );
    expect(screen.getByTestId<HTMLButtonElement>('withdraw-submit').disabled).toBe(true);
  });

  it('shows the fee, total and arriving amount as the amount is typed, and refuses bad amounts', async () => {
    stubApi(
      baseRoutes([
        on(api.user.queryMustBankCardMsg).reply(ok(rules())),
        on(api.account.queryBankCard).reply(ok({ list: [card] })),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/withdraw/index');
    const amount = await screen.findByTestId('withdraw-amount');
    expect(screen.getByTestId('withdraw-balance').textContent).toContain('₱1,000.00');

    fireEvent.change(amount, { target: { value: '200' } });
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('₱10.00');
    expect(screen.getByTestId('withdraw-total').textContent).toBe('₱210.00');
    expect(screen.getByTestId('withdraw-arriving').textContent).toBe('₱200.00');

    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.blur(amount);
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe('The minimum amount is ₱110.00');
    fireEvent.change(amount, { target: { value: '115' } });
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe(
      'The amount must be a multiple of 10',
    );
    fireEvent.change(amount, { target: { value: '960' } });
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe('Insufficient funds');

    // "All" is the most the balance allows with its fee.
    fireEvent.click(screen.getByTestId('quick-all'));
    expect(screen.getByTestId<HTMLInputElement>('withdraw-amount').value).toBe('950');
    expect(screen.getByTestId('withdraw-total').textContent).toBe('₱997.50');
    expect(screen.queryByTestId('withdraw-amount-error')).toBeNull();
    expect(screen.getByTestId('quick-all').getAttribute('aria-pressed')).toBe('true');
  });

  it('says "divisible by 100" where the step is 100', async () => {
    stubApi(
      baseRoutes([
        on(api.account.accountInfo).reply(ok({ currency: 'VND', balance: '1000000' })),
        on(api.user.queryMustBankCardMsg).reply(
          ok(
            rules({
              currency: 'VND',
              balance: '1000000',
              minAmount: '6000',
              divisibleBy: '100',
              quickAmounts: ['50000', 'all'],
              maxBankAmount: '952300',
            }),
          ),
        ),
        on(api.account.queryBankCard).reply(ok({ list: [card] })),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/withdraw/index');
    const amount = await screen.findByTestId('withdraw-amount');
    expect(screen.getByTestId('quick-50000').textContent).toBe('50.000');
    fireEvent.change(amount, { target: { value: '6050' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe(
      'The withdrawal amount must be divisible by 100',
    );
    expect(screen.queryByTestId('pay-password')).toBeNull();
  });

  it('asks for the payment password, applies once per confirmation and opens the details', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.user.queryMustBankCardMsg).reply(ok(rules())),
        on(api.account.queryBankCard).reply(ok({ list: [card] })),
        on(api.account.applyWithdrawal).reply([
          refusal(409, 'Wrong payment password', 'WrongPaymentPassword'),
          new TypeError('offline'),
          ok(withdrawal()),
        ]),
        on(api.account.withdrawalProcess).reply(ok(withdrawal())),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/withdraw/index');
    fireEvent.click(await screen.findByTestId('quick-all'));
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await screen.findByTestId('pay-password');
    expect(screen.getByTestId('pay-password-amount').textContent).toBe('₱997.50');

    typePassword('111111');
    expect((await screen.findByTestId('pay-password-error')).textContent).toBe('Wrong payment password');
    typePassword('123456');
    expect((await screen.findByTestId('pay-password-error')).textContent).toContain(
      'could not reach the server',
    );
    typePassword('123456');
    expect(await screen.findByTestId('withdraw-details')).toBeInTheDocument();

    const applies = server.callsTo(api.account.applyWithdrawal).map(bodyOf);
    expect(applies).toHaveLength(3);
    expect(applies[0]).toMatchObject({
      amount: '950.00',
      channel: 'bank',
      bankCardId: '7',
      payPassword: '111111',
    });
    expect(applies[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // A refusal made nothing: the next try is a new request; after no answer the same one is retried.
    expect(applies[1]!.requestId).not.toBe(applies[0]!.requestId);
    expect(applies[2]!.requestId).toBe(applies[1]!.requestId);
    expect(window.location.hash).toBe('#/pages/profile/withdraw/details/index?orderNo=W20261121001');
  });

  it('shows a refusal that is not about the password on the screen', async () => {
    stubApi(
      baseRoutes([
        on(api.user.queryMustBankCardMsg).reply(ok(rules())),
        on(api.account.queryBankCard).reply(ok({ list: [card] })),
        on(api.account.applyWithdrawal).reply(
          refusal(409, 'This needs an active Star Card', 'MembershipRequired'),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/withdraw/index');
    fireEvent.change(await screen.findByTestId('withdraw-amount'), { target: { value: '200' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await screen.findByTestId('pay-password');
    typePassword('123456');
    expect((await screen.findByTestId('withdraw-error')).textContent).toBe('This needs an active Star Card');
    // applyWithdrawal hides the automatic toast: the screen says it once.
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('withdrawal details', () => {
  it('shows time, amount, the masked card, fees and the stages reached', async () => {
    stubApi(
      baseRoutes([
        on(api.account.withdrawalProcess).reply(
          ok(
            withdrawal({
              status: 'approved',
              stages: [
                { stage: 'applied', at: '2026-11-21T09:00:00.000Z' },
                { stage: 'approved', at: '2026-11-21T10:00:00.000Z' },
              ],
            }),
          ),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/withdraw-details/index?orderNo=W20261121001');
    await screen.findByTestId('withdraw-details');
    expect(screen.getByTestId('withdraw-details-amount').textContent).toBe('₱950.00');
    expect(screen.getByTestId('withdraw-details-status').textContent).toBe('Review approved');
    expect(screen.getByTestId('withdraw-details-destination').textContent).toContain('BDO Unibank •••• 6789');
    expect(screen.getByTestId('withdraw-details-destination').textContent).toContain(
      'Makati Branch · JUAN DELA CRUZ',
    );
    expect(screen.getByTestId('withdraw-details-fee').textContent).toBe('₱47.50');
    const timeline = screen.getByTestId('withdraw-timeline');
    const steps = timeline.querySelectorAll('.adm-step');
    expect([...steps].map((s) => s.querySelector('.adm-step-title')?.textContent)).toEqual([
      'Application initiated',
      'Review approved',
      'Bank processing',
      'Success, received',
    ]);
    expect([...steps].map((s) => /adm-step-status-(\w+)/.exec(s.className)?.[1])).toEqual([
      'finish',
      'finish',
      'process',
      'wait',
    ]);
  });

  it('names the review under way “Under review”, never “Review approved · In progress”', async () => {
    stubApi(
      baseRoutes([
        on(api.account.withdrawalProcess).reply(
          ok(
            withdrawal({ status: 'applied', stages: [{ stage: 'applied', at: '2026-11-21T09:00:00.000Z' }] }),
          ),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/withdraw-details/index?orderNo=W20261121001');
    const timeline = await screen.findByTestId('withdraw-timeline');
    const titles = [...timeline.querySelectorAll('.adm-step-title')].map((el) => el.textContent);
    expect(titles).toEqual(['Application initiated', 'Under review', 'Bank processing', 'Success, received']);
    expect(timeline.textContent).not.toContain('Review approved');
    expect(timeline.textContent).toContain('In progress');
  });

  it('ends a rejected withdrawal with the rejection and its reason', async () => {
    stubApi(
      baseRoutes([
        on(api.account.withdrawalProcess).reply(
          ok(
            withdrawal({
              status: 'rejected',
              reason: 'Name does not match the account',
              stages: [
                { stage: 'applied', at: '2026-11-21T09:00:00.000Z' },
                { stage: 'rejected', at: '2026-11-21T10:00:00.000Z' },
              ],
            }),
          ),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/withdraw/details/index?orderNo=W20261121001');
    expect((await screen.findByTestId('withdraw-details-reason')).textContent).toContain(
      'Name does not match the account',
    );
    const titles = [...screen.getByTestId('withdraw-timeline').querySelectorAll('.adm-step-title')].map(
      (el) => el.textContent,
    );
    expect(titles).toEqual(['Application initiated', 'Withdraw rejected']);
  });
});

describe('official bank transfer', () => {
  it('counts down to the limit and turns into "expired" when it passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const order = officialOrder({ expiresAt: new Date(Date.now() + 2 * 60_000 + 5_000).toISOString() });
    stubApi(baseRoutes([on(api.account.rechargeRecords).reply(ok({ list: [order], total: 1 }))]));
    signIn();
    renderAt('#/pages/profile/recharge/official?orderNo=R100');
    await screen.findByTestId('official-pending');
    expect(screen.getByTestId('official-countdown').textContent).toBe('02:05');
    expect(screen.getByTestId('official-reference').textContent).toBe('DS7K2M9Q');
    expect(screen.getByTestId('official-account-number').textContent).toBe('000123456789');
    expect(screen.getByTestId('official-amount').textContent).toBe('₱5,000.00');

    vi.setSystemTime(Date.now() + 60_000);
    await waitFor(() => expect(screen.getByTestId('official-countdown').textContent).toBe('01:05'));
    vi.setSystemTime(Date.now() + 66_000);
    expect(await screen.findByTestId('official-expired')).toBeInTheDocument();
    expect(screen.queryByTestId('official-transferred')).toBeNull();
    expect(screen.getByTestId('official-expired').textContent).toContain('within 2 minutes');
  });

  it('records "I have transferred" and then waits for finance', async () => {
    const order = officialOrder();
    const server = stubApi(
      baseRoutes([
        on(api.account.rechargeRecords).reply(ok({ list: [order], total: 1 })),
        on(api.user.addAccountBalanceVerify).reply(ok({ ...order, status: 'submitted' })),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/recharge/official?orderNo=R100');
    fireEvent.click(await screen.findByTestId('official-transferred'));
    expect(await screen.findByTestId('official-submitted')).toBeInTheDocument();
    expect(server.callsTo(api.user.addAccountBalanceVerify).map(bodyOf)).toEqual([{ orderNo: 'R100' }]);
  });
});

describe('recharge', () => {
  it('asks for a payment method, checks the limits, and creates the order once per confirmation', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.config.queryPc).reply(ok(channels)),
        on(api.user.addBalance).reply([new TypeError('offline'), ok(officialOrder())]),
        on(api.account.rechargeRecords).reply(ok({ list: [officialOrder()], total: 1 })),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/recharge/index');
    const amount = await screen.findByTestId('recharge-amount');
    fireEvent.change(amount, { target: { value: '200' } });
    expect(screen.getByTestId('recharge-fee').textContent).toBe('₱0.00');
    expect(screen.getByTestId('recharge-credited').textContent).toBe('₱200.00');
    fireEvent.click(screen.getByTestId('recharge-submit'));
    expect(screen.getByTestId('recharge-channel-error').textContent).toBe('Please select a payment method');

    fireEvent.click(screen.getByTestId('recharge-channel-official'));
    expect(screen.getByTestId('recharge-amount-error').textContent).toBe('The minimum amount is ₱5,000.00');
    fireEvent.click(screen.getByTestId('quick-5000'));
    fireEvent.click(screen.getByTestId('recharge-submit'));
    const confirm = await screen.findByTestId('recharge-confirm');
    expect(confirm.textContent).toContain('₱5,000.00');
    expect(confirm.textContent).toContain('5 minutes');

    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(server.callsTo(api.user.addBalance)).toHaveLength(1));
    await waitFor(() => expect(toast).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByTestId('official-pending')).toBeInTheDocument();
    const bodies = server.callsTo(api.user.addBalance).map(bodyOf);
    expect(bodies[0]).toMatchObject({ channel: 'official', amount: '5000.00' });
    expect(bodies[1]!.requestId).toBe(bodies[0]!.requestId);
  });

  it('sends a card/e-wallet payer to the payment page', async () => {
    stubApi(
      baseRoutes([
        on(api.config.queryPc).reply(ok(channels)),
        on(api.user.addBalance).reply(
          ok({
            ...officialOrder({ channel: 'gateway', official: null, expiresAt: null }),
            payUrl: '/sandbox/pay/R100',
          }),
        ),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/recharge/index');
    fireEvent.click(await screen.findByTestId('recharge-channel-gateway'));
    fireEvent.click(screen.getByTestId('quick-500'));
    fireEvent.click(screen.getByTestId('recharge-submit'));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(openPaymentPage).toHaveBeenCalledWith('/sandbox/pay/R100'));
  });

  it('asks for the result of a card payment until it is settled', async () => {
    const pending = officialOrder({ channel: 'gateway', official: null, expiresAt: null });
    const server = stubApi(
      baseRoutes([
        on(api.user.addAccountBalanceVerify).reply([ok(pending), ok({ ...pending, status: 'credited' })]),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/recharge/index?orderNo=R100');
    expect(await screen.findByTestId('recharge-result-pending')).toBeInTheDocument();
    expect(await screen.findByTestId('recharge-result-credited')).toBeInTheDocument();
    expect(screen.getByTestId('recharge-result-credited').textContent).toContain('+₱5,000.00');
    expect(server.callsTo(api.user.addAccountBalanceVerify)).toHaveLength(2);
  });

  it('after a Star Card paid through the provider, says the card is active and leads back to the episode', async () => {
    const credited: CallData<typeof api.user.addAccountBalanceVerify> = {
      ...officialOrder({ channel: 'gateway', official: null, expiresAt: null }),
      status: 'credited',
      amount: '249.00',
      creditAmount: '249.00',
      purpose: { kind: 'membership', tier: 'week' },
    };
    stubApi(baseRoutes([on(api.user.addAccountBalanceVerify).reply(ok(credited))]));
    signIn();
    rememberReturn('/pages/shorts/videoDetails?seriesId=1&videoId=4');
    renderAt('#/pages/profile/recharge/index?orderNo=R100');
    const title = await screen.findByTestId('recharge-result-title');
    expect(title.textContent).toBe('Drama Week Card is active');
    // The page is titled for what was paid: a card, not a recharge.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Star Card payment');
    expect(screen.queryByText('Recharge result')).toBeNull();
    expect(screen.queryByTestId('recharge-to-wallet')).toBeNull();
    fireEvent.click(screen.getByTestId('recharge-continue'));
    await waitFor(() =>
      expect(window.location.hash).toBe('#/pages/shorts/videoDetails?seriesId=1&videoId=4'),
    );
    // Used once: the next payment does not lead there again.
    expect(pendingReturn()).toBeNull();
  });
});

describe('wallet records', () => {
  const records: CallData<typeof api.account.walletRecords>['list'] = [
    {
      id: '1',
      type: 'recharge',
      amount: '500.00',
      currency: 'PHP',
      reference: 'R1',
      createdAt: '2026-11-20T09:00:00.000Z',
    },
    {
      id: '2',
      type: 'withdrawal',
      amount: '-200.00',
      currency: 'PHP',
      reference: 'W2',
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ];

  it('filters by kind and links withdrawal movements to their details', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.account.walletRecords).reply(({ url }) => {
          const type = new URL(url, 'http://localhost').searchParams.get('type');
          const list = type ? records.filter((r) => r.type === type) : records;
          return ok({ list, total: list.length });
        }),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/wallet/list');
    await screen.findByTestId('record-1');
    expect(screen.getByTestId('record-1-amount').textContent).toBe('+₱500.00');
    expect(screen.getByTestId('record-2-amount').textContent).toBe('-₱200.00');
    expect(screen.getByTestId('record-2').getAttribute('href')).toBe(
      '#/pages/profile/withdraw/details/index?orderNo=W2',
    );
    expect(screen.getByTestId('record-1').tagName).toBe('DIV');

    fireEvent.click(screen.getByTestId('record-filter-withdrawal'));
    expect(await screen.findByTestId('record-2')).toBeInTheDocument();
    expect(screen.queryByTestId('record-1')).toBeNull();
    expect(screen.getByTestId('record-filter-withdrawal').getAttribute('aria-checked')).toBe('true');
    expect(window.location.hash).toBe('#/pages/profile/wallet/list?type=withdrawal');
    const urls = server.callsTo(api.account.walletRecords).map((c) => c.url);
    expect(urls.at(-1)).toContain('type=withdrawal');
    expect(urls.at(-1)).toContain('pageSize=20');
  });

  it('lists recharge orders with their status, an open transfer linking to its page', async () => {
    stubApi(baseRoutes([on(api.account.rechargeRecords).reply(ok({ list: [officialOrder()], total: 1 }))]));
    signIn();
    renderAt('#/pages/profile/wallet/list?tab=recharges');
    const row = await screen.findByTestId('recharge-R100');
    expect(screen.getByTestId('recharge-R100-status').textContent).toBe('Awaiting payment');
    expect(row.getAttribute('href')).toBe('#/pages/profile/recharge/official?orderNo=R100');
  });
});

describe('wallet entries', () => {
  it('Settings has bank cards and the withdrawal password; Profile shows the balance', async () => {
    stubApi(baseRoutes());
    signIn();
    renderAt('#/pages/profile/setting/index');
    expect((await screen.findByTestId('settings-bank-cards')).getAttribute('href')).toBe(
      '#/pages/profile/withdraw/cardList',
    );
    expect(screen.getByTestId('settings-pay-password').textContent).toContain('Withdrawal password');
    expect(screen.getByTestId('settings-pay-password').getAttribute('href')).toBe(
      '#/pages/profile/wallet/walletPay',
    );
  });

  it('Profile shows the balance and leads to the wallet', async () => {
    stubApi(baseRoutes());
    signIn();
    renderAt('#/pages/profile/index');
    expect((await screen.findByTestId('profile-balance')).textContent).toBe('₱1,000.00');
    expect(screen.getByTestId('profile-wallet').getAttribute('href')).toBe('#/pages/profile/wallet/index');
  });

  it('wallet pages ask a guest to log in', async () => {
    stubApi(baseRoutes());
    renderAt('#/pages/profile/withdraw/index');
    expect(await screen.findByTestId('login-required')).toBeInTheDocument();
  });
});

describe('bank cards', () => {
  it('checks the form with the contract rules and adds the card', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.config.bankConfig).reply(ok({ banks: [{ code: 'BDO', name: 'BDO Unibank' }] })),
        on(api.account.queryBankCard).reply(ok({ list: [] })),
        on(api.account.addBankCard).reply(ok({ list: [card] })),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/withdraw/addBankCard');
    await screen.findByTestId('add-bank-card');
    // E-mail and phone start from the account.
    expect(screen.getByTestId<HTMLInputElement>('email-input').value).toBe('viewer@example.com');
    fireEvent.click(screen.getByTestId('submit'));
    expect(screen.getByTestId('card-bank-error').textContent).toBe('Please choose a bank from the list');
    // An empty form names each field's mistake, not a rule about its format.
    expect(screen.getByTestId('card-accountName-error').textContent).toBe('Please enter the account name');
    expect(screen.getByTestId('card-firstName-error').textContent).toBe('Please enter your first name');
    expect(screen.getByTestId('card-cardNumber-error').textContent).toBe('Please enter the bank card number');
    expect(screen.getByTestId('card-bankName-error').textContent).toBe(
      'Please enter the branch or bank name',
    );
    fireEvent.change(screen.getByTestId('card-lastName'), { target: { value: 'Cruz 3' } });
    expect(screen.getByTestId('card-lastName-error').textContent).toContain('Names are letters only');
    fireEvent.change(screen.getByTestId('card-accountName'), { target: { value: 'Juan Dela Cruz' } });
    fireEvent.change(screen.getByTestId('card-firstName'), { target: { value: 'Juan' } });
    fireEvent.change(screen.getByTestId('card-lastName'), { target: { value: 'Dela Cruz' } });
    fireEvent.change(screen.getByTestId('card-cardNumber'), { target: { value: '12345' } });
    fireEvent.change(screen.getByTestId('card-bankName'), { target: { value: 'Makati 2' } });
    expect(screen.getByTestId('card-cardNumber-error').textContent).toBe(
      'The bank card number has more than 5 digits',
    );
    expect(screen.getByTestId('card-bankName-error').textContent).toBe(
      'Bank names are English letters and spaces only',
    );
    // Letters are refused as they are typed (a numeric keypad field), not at submit.
    fireEvent.change(screen.getByTestId('card-cardNumber'), { target: { value: '0012abc34-5' } });
    expect(screen.getByTestId<HTMLInputElement>('card-cardNumber').value).toBe('0012345');
    expect(screen.getByTestId('card-cardNumber').getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(screen.getByTestId('card-phone'), { target: { value: '917x1234567' } });
    expect(screen.getByTestId<HTMLInputElement>('card-phone').value).toBe('9171234567');
    fireEvent.change(screen.getByTestId('card-cardNumber'), { target: { value: '001234567890' } });
    fireEvent.change(screen.getByTestId('card-bankName'), { target: { value: 'Makati Branch' } });
    // The bank button waits for the bank list (a busy machine may still be loading it).
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('card-bank').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('card-bank'));
    fireEvent.click(await screen.findByTestId('bank-BDO'));
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(server.callsTo(api.account.addBankCard)).toHaveLength(1));
    expect(bodyOf(server.callsTo(api.account.addBankCard)[0]!)).toEqual({
      accountName: 'Juan Dela Cruz',
      firstName: 'Juan',
      lastName: 'Dela Cruz',
      email: 'viewer@example.com',
      phone: '9171234567',
      bank: 'BDO',
      cardNumber: '001234567890',
      bankName: 'Makati Branch',
    });
  });

  it('lists masked cards and deletes one after confirmation', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.account.queryBankCard).reply(ok({ list: [card] })),
        on(api.account.delBankCard).reply(ok({ list: [] })),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/withdraw/cardList');
    const item = await screen.findByTestId('card-7');
    expect(item.textContent).toContain('•••• 6789');
    fireEvent.click(screen.getByTestId('card-delete-7'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('cards-empty')).toBeInTheDocument();
    expect(bodyOf(server.callsTo(api.account.delBankCard)[0]!)).toEqual({ id: '7' });
  });
});

describe('payment password', () => {
  it('sends the code to the account e-mail and sets the 6-digit password', async () => {
    const server = stubApi(
      baseRoutes([
        on(api.user.exitsPayPass).reply(ok({ exists: false, lockedUntil: null })),
        on(api.account.sendSmsCode).reply(
          ok({
            email: 'v•••r@example.com',
            expiresInSeconds: 600,
            resendInSeconds: 60,
          }),
        ),
        on(api.account.setPayPassword).reply(ok({ exists: true, lockedUntil: null })),
      ]),
    );
    signIn();
    renderAt('#/pages/profile/wallet/walletPay');
    expect((await screen.findByTestId('pay-password-email')).textContent).toContain('v•••r@example.com');
    fireEvent.change(screen.getByTestId('paypass-password'), { target: { value: '12345' } });
    fireEvent.change(screen.getByTestId('paypass-repPassword'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect(screen.getByTestId('paypass-password-error').textContent).toBe('The payment password is 6 digits');
    fireEvent.change(screen.getByTestId('paypass-password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('send-code'));
    expect((await screen.findByTestId('pay-password-email')).textContent).toBe(
      'Code sent to v•••r@example.com.',
    );
    expect(screen.getByTestId('send-code').textContent).toMatch(/\d+/);
    fireEvent.change(screen.getByTestId('code-input'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(server.callsTo(api.account.setPayPassword)).toHaveLength(1));
    expect(bodyOf(server.callsTo(api.account.setPayPassword)[0]!)).toEqual({
      password: '123456',
      repPassword: '123456',
      verifyCode: '654321',
    });
  });
});
