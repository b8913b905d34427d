import { unchecked } from '../../test/client.js';
import { api, consoleCalls } from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import {
  bankCardInput,
  PAY_PASSWORD,
  walletFixtures,
  type WalletFixtures,
} from '../../test/wallet-fixtures.js';

let t: TestApp;
let f: WalletFixtures;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true' });
  f = walletFixtures(t);
});
afterAll(() => t.close());

const apply = (token: string, body: Record<string, unknown> = {}) =>
  f.call(api.account.applyWithdrawal, {
    token,
    body: { amount: '200', payPassword: PAY_PASSWORD, requestId: randomUUID(), ...body },
  });
const act = (token: string, orderNo: string, action: string, reason?: string) =>
  f.admin(consoleCalls.core.withdrawalAction, {
    token,
    body: unchecked({
      orderNo,
      action,
      ...(reason ? { reason } : {}),
      ...(action === 'pay' ? { reference: `BANK-${orderNo}` } : {}),
    }),
  });
const count = async (userId: bigint) =>
  (
    await t.database.query<{ n: number }>('select count(*)::int as n from withdrawal where user_id = $1', [
      userId,
    ])
  )[0]!.n;
const books = async () =>
  t.database.query<{ currency: string; s: string }>(
    'select currency, sum(balance)::text as s from ledger_balance group by currency having sum(balance) <> 0',
  );
const systemBalance = async (code: string) =>
  (
    await t.database.query<{ b: string }>(
      "select coalesce(sum(balance), 0)::text as b from ledger_balance where code = $1 and tenant_id = '000000'",
      [`system:${code}`],
    )
  )[0]!.b;

describe('withdrawal rules', () => {
  it('tell the user what withdrawing needs and the most the balance allows', async () => {
    const who = await f.user();
    expect((await f.call(api.user.queryMustBankCardMsg, { token: who.token })).body.data).toMatchObject({
      currency: 'PHP',
      balance: '0.00',
      minAmount: '110',
      divisibleBy: '10',
      bankFeeBps: 500,
      quickAmounts: ['110', '200', '500', 'all'],
      maxBankAmount: '0.00',
      membershipActive: false,
      payPasswordSet: false,
      bankCardCount: 0,
    });
    const ready = await f.withdrawer('1000');
    const rules = (await f.call(api.user.queryMustBankCardMsg, { token: ready.token })).body.data;
    // 950 + 5 % = 997.50 fits in 1000; 960 + 48 = 1008 does not.
    expect(rules).toMatchObject({
      maxBankAmount: '950.00',
      membershipActive: true,
      payPasswordSet: true,
      bankCardCount: 1,
    });
  });
});

describe('applying for a withdrawal', () => {
  it('refuses, in order, without a Star Card, a payment password, a bank card — and changes nothing', async () => {
    const who = await f.user();
    await f.recharge(who, '1000');
    expect(await apply(who.token)).toMatchObject({ status: 409, body: { errorKey: 'MembershipRequired' } });
    await f.call(api.test.openVipLevel, { token: who.token, body: { level: 0 } });
    expect((await apply(who.token)).body.errorKey).toBe('MembershipRequired'); // a Drama Week Card is for viewing only
    await f.call(api.test.openVipLevel, { token: who.token, body: { level: 1 } });
    expect(await apply(who.token)).toMatchObject({
      status: 409,
      body: { errorKey: 'PaymentPasswordNotSet', msg: 'Please set a payment password first' },
    });
    await f.payPassword(who.userId);
    expect(await apply(who.token)).toMatchObject({
      status: 409,
      body: { errorKey: 'BankCardNotSet', msg: 'No bank card added yet' },
    });
    await f.call(api.account.addBankCard, { token: who.token, body: bankCardInput });
    expect(await apply(who.token, { bankCardId: '999999' })).toMatchObject({
      status: 409,
      body: { errorKey: 'BankCardNotSet' },
    });
    expect(await f.balance(who.token)).toBe('1000.00');
    expect(await count(who.userId)).toBe(0);
  });

  it('refuses amounts under the minimum, off the step, over the balance, and a wrong payment password', async () => {
    const who = await f.withdrawer('300');
    expect(await apply(who.token, { amount: '100' })).toMatchObject({
      status: 409,
      body: { errorKey: 'AmountBelowMinimum', field: 'amount', msg: 'The minimum amount is 110' },
    });
    expect(await apply(who.token, { amount: '115' })).toMatchObject({
      body: { errorKey: 'AmountStep', msg: 'The amount must be a multiple of 10' },
    });
    expect(await apply(who.token, { amount: '120.5' })).toMatchObject({ body: { errorKey: 'AmountStep' } });
    expect(await apply(who.token, { amount: '12.345' })).toMatchObject({
      status: 400,
      body: { errorKey: 'TooManyDecimals' },
    });
    expect(await apply(who.token, { amount: 'abc' })).toMatchObject({
      status: 400,
      body: { field: 'amount' },
    });
    expect(await apply(who.token, { payPassword: '12345' })).toMatchObject({
      status: 400,
      body: { field: 'payPassword' },
    });
    expect(await apply(who.token, { payPassword: '000000' })).toMatchObject({
      status: 409,
      body: { errorKey: 'WrongPaymentPassword' },
    });
    // 290 + 14.50 = 304.50 > 300.
    expect(await apply(who.token, { amount: '290' })).toMatchObject({
      status: 409,
      body: { errorKey: 'InsufficientFunds', msg: 'Insufficient funds' },
    });
    expect(await f.balance(who.token)).toBe('300.00');
    expect(await count(who.userId)).toBe(0);
    expect(await books()).toEqual([]);
  });

  it('uses the spec’s message for amounts not divisible by 100 where the step is 100 (6000 VND minimum)', async () => {
    const who = await f.user('000001');
    await f.call(api.test.openVipLevel, { token: who.token, body: { level: 1 } });
    await f.payPassword(who.userId);
    await f.call(api.account.addBankCard, { token: who.token, body: { ...bankCardInput, bank: 'VCB' } });
    await f.recharge(who, '100000');
    expect(await apply(who.token, { amount: '5900' })).toMatchObject({
      body: { errorKey: 'AmountBelowMinimum', msg: 'The minimum amount is 6000' },
    });
    expect(await apply(who.token, { amount: '6050' })).toMatchObject({
      status: 409,
      body: { errorKey: 'WithdrawalDivisibleBy100', msg: 'The withdrawal amount must be divisible by 100' },
    });
    const ok = await apply(who.token, { amount: '6000' });
    expect(ok.body.data).toMatchObject({ amount: '6000', fee: '300', total: '6300', currency: 'VND' });
    expect(await f.balance(who.token)).toBe('93700');
  });

  it('locks the payment password after 5 wrong tries', async () => {
    const who = await f.withdrawer('1000');
    for (let i = 0; i < 5; i++) await apply(who.token, { payPassword: '000000' });
    expect(await apply(who.token)).toMatchObject({ status: 409, body: { errorKey: 'PayPasswordLocked' } });
    expect(await f.balance(who.token)).toBe('1000.00');
  });

  it('holds amount + fee, shows the stage, and answers a retry with the same withdrawal', async () => {
    const who = await f.withdrawer('1000');
    const requestId = randomUUID();
    const first = await apply(who.token, { amount: '500', requestId });
    expect(first.status).toBe(200);
    const w = first.body.data;
    expect(w).toMatchObject({
      status: 'applied',
      amount: '500.00',
      fee: '25.00',
      total: '525.00',
      destination: { channel: 'bank', bank: 'BDO', accountName: 'Maria Santos', account: '•••• 7890' },
      stages: [{ stage: 'applied' }],
    });
    expect(w.orderNo).toMatch(/^W\d{24}$/);
    expect(await f.balance(who.token)).toBe('475.00');
    expect(await systemBalance('withdrawals_payable')).not.toBe('0');

    expect((await apply(who.token, { amount: '500', requestId })).body.data.orderNo).toBe(w.orderNo);
    expect(await apply(who.token, { amount: '400', requestId })).toMatchObject({
      status: 409,
      body: { errorKey: 'IdempotencyConflict' },
    });
    expect(await f.balance(who.token)).toBe('475.00');
    const records = (await f.call(api.account.walletRecords, { token: who.token })).body.data.list;
    expect(
      records
        .slice(0, 2)
        .map((r: { type: string; amount: string }) => [r.type, r.amount])
        .sort(),
    ).toEqual([
      ['fee', '-25.00'],
      ['withdrawal', '-500.00'],
    ]);
    const details = await f.call(api.account.withdrawalProcess, {
      token: who.token,
      query: { orderNo: w.orderNo },
    });
    expect(details.body.data).toMatchObject({ orderNo: w.orderNo, status: 'applied' });
    const stranger = await f.user();
    expect(
      (await f.call(api.account.withdrawalProcess, { token: stranger.token, query: { orderNo: w.orderNo } }))
        .status,
    ).toBe(404);
    expect((await f.call(api.account.withdrawalRecords, { token: who.token })).body.data.total).toBe(1);
  });

  it('goes to a USDT address with a 2 % fee and a minimum fee where the tenant’s currency is USDT', async () => {
    const who = await f.user('000004');
    await f.call(api.test.openVipLevel, { token: who.token, body: { level: 1 } });
    await f.payPassword(who.userId);
    await f.recharge(who, '100');
    const address = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
    expect(await apply(who.token, { channel: 'usdt', amount: '20' })).toMatchObject({
      status: 400,
      body: { field: 'usdtAddress' },
    });
    const small = await apply(who.token, { channel: 'usdt', amount: '20', usdtAddress: address });
    expect(small.body.data).toMatchObject({
      fee: '1.000000',
      total: '21.000000',
      destination: { channel: 'usdt', account: address },
    });
    const big = await apply(who.token, { channel: 'usdt', amount: '60', usdtAddress: address });
    expect(big.body.data).toMatchObject({ fee: '1.200000' });
    const php = await f.withdrawer('500');
    expect((await apply(php.token, { channel: 'usdt', usdtAddress: address })).body.errorKey).toBe(
      'ChannelUnavailable',
    );
  });
});

describe('withdrawal stages', () => {
  it('Mark paid records the bank’s transfer reference, and the timeline shows who did each step and when', async () => {
    const who = await f.withdrawer('1000');
    const approver = await f.operatorAccount('finance');
    const payer = await f.operatorAccount('tenant_admin');
    const w = (await apply(who.token, { amount: '200' })).body.data;
    await act(approver.token, w.orderNo, 'approve');
    await act(approver.token, w.orderNo, 'process');
    const pay = (reference: unknown) =>
      f.admin(consoleCalls.core.withdrawalAction, {
        token: payer.token,
        body: unchecked({ orderNo: w.orderNo, action: 'pay', reference }),
      });
    expect((await pay('x')).body).toMatchObject({
      code: 400,
      errorKey: 'PaidReferenceRequired',
      field: 'reference',
    });
    const paid = await pay('  BDO-FT-2026-00042 ');
    expect(paid.body.data).toMatchObject({ status: 'paid', paidReference: 'BDO-FT-2026-00042' });
    const timeline = await f.admin(consoleCalls.core.withdrawalTimeline, {
      token: approver.token,
      query: { orderNo: w.orderNo },
    });
    expect(timeline.status).toBe(200);
    expect(
      timeline.body.data.steps.map((s: { action: string; by: string | null; reference: string | null }) => [
        s.action,
        s.by,
        s.reference,
      ]),
    ).toEqual([
      ['applied', null, null],
      ['approve', approver.username, null],
      ['process', approver.username, null],
      ['pay', payer.username, 'BDO-FT-2026-00042'],
    ]);
    for (const step of timeline.body.data.steps as { at: string }[])
      expect(Date.parse(step.at)).not.toBeNaN();
    // Another tenant's operator does not see it.
    const other = await f.operator('finance', ['000001']);
    expect(
      (await f.admin(consoleCalls.core.withdrawalTimeline, { token: other, query: { orderNo: w.orderNo } }))
        .body,
    ).toMatchObject({ errorKey: 'WithdrawalNotFound' });
  });

  it('approve → process → pay: the money leaves for payouts and the fee is earned', async () => {
    const who = await f.withdrawer('1000');
    const finance = await f.operator();
    const w = (await apply(who.token, { amount: '200' })).body.data;
    const fees = BigInt((await systemBalance('fees')).replace('.', ''));
    expect((await act(finance, w.orderNo, 'pay')).body).toMatchObject({ errorKey: 'WithdrawalStateChanged' });
    expect((await act(finance, w.orderNo, 'approve')).body.data.status).toBe('approved');
    expect((await act(finance, w.orderNo, 'approve')).status).toBe(409);
    expect((await act(finance, w.orderNo, 'process')).body.data.status).toBe('processing');
    expect((await act(finance, w.orderNo, 'reject', 'too late')).body.errorKey).toBe(
      'WithdrawalStateChanged',
    );
    const paid = (await act(finance, w.orderNo, 'pay')).body.data;
    expect(paid.stages.map((s: { stage: string }) => s.stage)).toEqual([
      'applied',
      'approved',
      'processing',
      'paid',
    ]);
    expect(await f.balance(who.token)).toBe('790.00');
    expect(BigInt((await systemBalance('fees')).replace('.', '')) - fees).toBe(1000n);
    expect(
      (await f.call(api.account.withdrawalProcess, { token: who.token, query: { orderNo: w.orderNo } })).body
        .data.status,
    ).toBe('paid');
    expect(await books()).toEqual([]);
  });

  it('shows finance the full card number only to pay it (approved or processing), audited; masked elsewhere', async () => {
    const who = await f.withdrawer('1000');
    const finance = await f.operator();
    const w = (await apply(who.token, { amount: '200' })).body.data;
    const full = bankCardInput.cardNumber;
    expect(w.destination.account).toBe(`•••• ${full.slice(-4)}`);
    const [stored] = await t.database.query<{ d: unknown }>(
      'select destination as d from withdrawal where order_no = $1',
      [w.orderNo],
    );
    expect(JSON.stringify(stored!.d)).not.toContain(full);
    const view = (token: string) =>
      f.admin(consoleCalls.core.withdrawalPayoutAccount, { token, body: { orderNo: w.orderNo } });
    expect(await view(finance)).toMatchObject({
      status: 409,
      body: { errorKey: 'PayoutAccountClosed' },
    });
    await act(finance, w.orderNo, 'approve');
    // The user removing the card does not keep finance from paying.
    const cards = (await f.call(api.account.queryBankCard, { token: who.token })).body.data.list;
    await f.call(api.account.delBankCard, { token: who.token, body: { id: cards[0]!.id } });
    expect((await view(finance)).body.data).toMatchObject({
      orderNo: w.orderNo,
      channel: 'bank',
      bank: bankCardInput.bank,
      account: full,
    });
    const list = (
      await f.admin(consoleCalls.core.withdrawals, { token: finance, query: { pageSize: '100' } })
    ).body;
    expect(JSON.stringify(list)).not.toContain(full);
    expect(JSON.stringify(list)).not.toContain('accountSealed');
    expect((await view(await f.operator('finance', ['000001']))).body.errorKey).toBe('WithdrawalNotFound');
    expect((await view(await f.operator('support'))).status).toBe(403);
    await act(finance, w.orderNo, 'process');
    expect((await view(finance)).body.data.account).toBe(full);
    await act(finance, w.orderNo, 'pay');
    expect((await view(finance)).body.errorKey).toBe('PayoutAccountClosed');
    const [audit] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'withdrawal.payout_account_view' and target = $1",
      [`withdrawal:${w.orderNo}`],
    );
    expect(audit!.n).toBe(2);
    expect(
      JSON.stringify(
        (await f.call(api.account.withdrawalProcess, { token: who.token, query: { orderNo: w.orderNo } }))
          .body,
      ),
    ).not.toContain(full);
  });

  it('reject and fail return exactly amount + fee, once, and need a reason', async () => {
    const who = await f.withdrawer('1000');
    const finance = await f.operator();
    const a = (await apply(who.token, { amount: '200' })).body.data;
    const b = (await apply(who.token, { amount: '300' })).body.data;
    expect(await f.balance(who.token)).toBe('475.00');
    expect(await act(finance, a.orderNo, 'reject')).toMatchObject({ status: 400, body: { field: 'reason' } });
    const rejected = (await act(finance, a.orderNo, 'reject', 'Name does not match the card')).body.data;
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Name does not match the card' });
    expect(await f.balance(who.token)).toBe('685.00');
    expect((await act(finance, a.orderNo, 'reject', 'again')).status).toBe(409);
    await act(finance, b.orderNo, 'approve');
    await act(finance, b.orderNo, 'process');
    const failed = (await act(finance, b.orderNo, 'fail', 'Bank returned the transfer')).body.data;
    expect(failed.stages.map((s: { stage: string }) => s.stage)).toEqual([
      'applied',
      'approved',
      'processing',
      'failed',
    ]);
    expect(await f.balance(who.token)).toBe('1000.00');
    const refunds = (
      await f.call(api.account.walletRecords, { token: who.token, query: { type: 'withdrawal_refund' } })
    ).body.data.list;
    expect(refunds.map((r: { amount: string }) => r.amount).sort()).toEqual(['210.00', '315.00']);
    // The user is told, in their language.
    const messages = (await f.call(api.user.getMessage, { token: who.token })).body.data.list;
    const told = messages.filter((m: { kind: string }) => m.kind === 'withdrawal');
    expect(told.map((m: { title: string }) => m.title)).toEqual([
      'Withdrawal returned',
      'Withdrawal approved',
      'Withdrawal returned',
    ]);
    expect(told[2]!.content).toContain('Name does not match the card');
    expect(told[2]!.content).toContain('₱210.00 is back in your wallet');
    expect(await books()).toEqual([]);
  });

  it('a frozen account’s queued withdrawals are neither approved nor sent until it is unfrozen', async () => {
    const who = await f.withdrawer('1000');
    const finance = await f.operator();
    const owner = await f.operator('owner', []);
    const queued = (await apply(who.token, { amount: '200' })).body.data;
    const sending = (await apply(who.token, { amount: '300' })).body.data;
    await act(finance, sending.orderNo, 'approve');
    await act(finance, sending.orderNo, 'process');
    const approved = (await apply(who.token, { amount: '110' })).body.data;
    await act(finance, approved.orderNo, 'approve');
    const userId = String(who.userId);
    const freeze = { userId, reason: 'Card reported stolen' };
    expect((await f.admin(consoleCalls.users.freeze, { token: owner, body: freeze })).status).toBe(200);

    const refused = { status: 409, body: { errorKey: 'WithdrawalUserFrozen' } };
    expect(await act(finance, queued.orderNo, 'approve')).toMatchObject(refused);
    expect(await act(finance, approved.orderNo, 'process')).toMatchObject(refused);
    // Already with the bank: recording the payout stays possible. Returning money stays possible.
    expect((await act(finance, sending.orderNo, 'pay')).body.data.status).toBe('paid');
    expect((await act(finance, approved.orderNo, 'reject', 'Account frozen')).body.data.status).toBe(
      'rejected',
    );
    const stages = await t.database.query<{ status: string }>(
      'select status from withdrawal where order_no = $1',
      [queued.orderNo],
    );
    expect(stages).toEqual([{ status: 'applied' }]);

    await f.admin(consoleCalls.users.unfreeze, { token: owner, body: { userId, reason: 'Card found' } });
    expect((await act(finance, queued.orderNo, 'approve')).body.data.status).toBe('approved');
    expect(await books()).toEqual([]);
  });

  it('two operators acting at once move a withdrawal once', async () => {
    const who = await f.withdrawer('1000');
    const [x, y] = [await f.operator(), await f.operator()];
    const w = (await apply(who.token, { amount: '500' })).body.data;
    const moved = (answers: { status: number }[]) => answers.filter((a) => a.status === 200);
    // The same action by both at once: one moves it, the other is told it has moved. (An approval
    // and a rejection at once may both pass, one after the other: an approved withdrawal may still
    // be rejected.)
    const approvals = await Promise.all([act(x, w.orderNo, 'approve'), act(y, w.orderNo, 'approve')]);
    expect(moved(approvals)).toHaveLength(1);
    expect(await f.balance(who.token)).toBe('475.00');
    const rejections = await Promise.all([
      act(x, w.orderNo, 'reject', 'duplicate request'),
      act(y, w.orderNo, 'reject', 'duplicate request'),
    ]);
    expect(moved(rejections)).toHaveLength(1);
    const status = (
      await f.call(api.account.withdrawalProcess, { token: who.token, query: { orderNo: w.orderNo } })
    ).body.data.status;
    expect(status).toBe('rejected');
    expect(await f.balance(who.token)).toBe('1000.00');
    expect(await books()).toEqual([]);
  });

  it('are for finance roles of the withdrawal’s tenant, and each action is audited', async () => {
    const who = await f.withdrawer('1000');
    const w = (await apply(who.token, { amount: '200' })).body.data;
    expect((await act(await f.operator('content'), w.orderNo, 'approve')).status).toBe(403);
    expect((await act(await f.operator('finance', ['000001']), w.orderNo, 'approve')).status).toBe(404);
    const admin = await f.operator('tenant_admin');
    expect((await act(admin, w.orderNo, 'approve')).status).toBe(200);
    const queue = (
      await f.admin(consoleCalls.core.withdrawals, { token: admin, query: { status: 'approved' } })
    ).body.data;
    expect(queue.list.map((x: { orderNo: string }) => x.orderNo)).toContain(w.orderNo);
    const audit = (
      await f.admin(consoleCalls.core.audit, { token: admin, query: { action: 'withdrawal.approve' } })
    ).body.data.list;
    expect(audit.find((e: { target: string }) => e.target === `withdrawal:${w.orderNo}`)).toMatchObject({
      operator: expect.stringMatching(/^op_tenant_admin_/),
      tenantId: '000000',
      before: expect.objectContaining({ status: 'applied' }),
      after: expect.objectContaining({ status: 'approved' }),
    });
    const health = (await f.admin(consoleCalls.core.ledgerHealth, { token: admin })).body.data;
    expect(health).toMatchObject({ balanced: true });
  });
});

describe('the withdrawal queue for finance (issue 44 §2)', () => {
  it('Mark paid without the bank’s transfer reference is refused (400 naming it), and nothing moves', async () => {
    const who = await f.withdrawer('1000');
    const finance = await f.operator();
    const w = (await apply(who.token, { amount: '200' })).body.data;
    await act(finance, w.orderNo, 'approve');
    await act(finance, w.orderNo, 'process');
    for (const body of [
      { orderNo: w.orderNo, action: 'pay' },
      { orderNo: w.orderNo, action: 'pay', reference: '   ' },
    ]) {
      expect(
        (await f.admin(consoleCalls.core.withdrawalAction, { token: finance, body: unchecked(body) })).body,
      ).toMatchObject({ code: 400, errorKey: 'PaidReferenceRequired', field: 'reference' });
    }
    const [row] = await t.database.query<{ status: string; paid_reference: string | null }>(
      'select status, paid_reference from withdrawal where order_no = $1',
      [w.orderNo],
    );
    expect(row).toEqual({ status: 'processing', paid_reference: null });
  });

  it('shows each user’s balance, account age, recent recharges and earlier withdrawals, read per page not per row', async () => {
    const who = await f.withdrawer('1000');
    const finance = await f.operator();
    const first = (await apply(who.token, { amount: '200' })).body.data;
    for (const a of ['approve', 'process', 'pay']) await act(finance, first.orderNo, a);
    const refused = (await apply(who.token, { amount: '110' })).body.data;
    await act(finance, refused.orderNo, 'reject', 'Wrong account');
    const second = (await apply(who.token, { amount: '300' })).body.data;
    for (let i = 0; i < 3; i++) await apply((await f.withdrawer('500')).token, { amount: '110' });
    // Count the statements reading withdrawals, recharges and balances: the same for 1 row as for 20.
    const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const statements = async (pageSize: string) => {
      const original = client.query;
      let n = 0;
      client.query = function (this: unknown, ...args: unknown[]) {
        // PGlite is given the SQL text; node-postgres a query config ({ text, values, rowMode }).
        const sql = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | null)?.text;
        if (/withdrawal"|recharge_order|ledger_account/.test(String(sql))) n++;
        return original.apply(this, args);
      };
      try {
        const res = await f.admin(consoleCalls.core.withdrawals, { token: finance, query: { pageSize } });
        return { res, n };
      } finally {
        client.query = original;
      }
    };
    const one = await statements('1');
    const many = await statements('20');
    expect(one.n).toBeGreaterThan(0);
    expect(many.n).toBe(one.n);
    const page = many.res.body.data;
    expect(new Set(page.list.map((w: { userId: string }) => w.userId)).size).toBeGreaterThan(3);
    const mine = page.users.find((u: { userId: string }) => u.userId === String(who.userId))!;
    expect(page.list.some((w: { orderNo: string }) => w.orderNo === second.orderNo)).toBe(true);
    expect(mine).toMatchObject({
      currency: 'PHP',
      // 1000 − 210 paid − 315 held by the open one (the refused one came back).
      balance: '475.00',
      recharges30d: { count: 1, amount: '1000.00' },
      rechargesTotal: { count: 1, amount: '1000.00' },
      withdrawalsPaid: { count: 1, amount: '200.00' },
      withdrawalsRefused: 1,
      withdrawalsOpen: 1,
      status: 'active',
    });
    expect(Date.parse(mine.joinedAt)).not.toBeNaN();
    // One entry per user, however many of their withdrawals are on the page.
    const ids = page.users.map((u: { userId: string }) => u.userId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('approves several at once, each audited, a refused one reported beside the others', async () => {
    const who = await f.withdrawer('1000');
    const finance = await f.operatorAccount('finance');
    const a = (await apply(who.token, { amount: '200' })).body.data;
    const b = (await apply(who.token, { amount: '110' })).body.data;
    const gone = (await apply(who.token, { amount: '110' })).body.data;
    await act(finance.token, gone.orderNo, 'reject', 'Duplicate');
    const many = (orderNos: unknown) =>
      f.admin(consoleCalls.core.withdrawalBulkApprove, {
        token: finance.token,
        body: unchecked({ orderNos }),
      });
    expect((await many([])).body).toMatchObject({ code: 400, errorKey: 'SelectWithdrawals' });
    expect((await many(Array.from({ length: 51 }, (_, i) => `W${i}`))).body).toMatchObject({
      code: 400,
      errorKey: 'TooManyWithdrawals',
    });
    const answer = (await many([a.orderNo, b.orderNo, gone.orderNo, 'W-NOPE'])).body.data;
    expect(answer.results).toEqual([
      { orderNo: a.orderNo, ok: true, errorKey: null },
      { orderNo: b.orderNo, ok: true, errorKey: null },
      { orderNo: gone.orderNo, ok: false, errorKey: 'WithdrawalStateChanged' },
      { orderNo: 'W-NOPE', ok: false, errorKey: 'WithdrawalNotFound' },
    ]);
    const audit = await t.database.query<{ target: string }>(
      "select target from audit_log where action = 'withdrawal.approve' and operator_name = $1 order by id",
      [finance.username],
    );
    expect(audit.map((r) => r.target)).toEqual([`withdrawal:${a.orderNo}`, `withdrawal:${b.orderNo}`]);
    // Another tenant's operator approves none of them.
    const other = await f.operator('finance', ['000001']);
    const c = (await apply(who.token, { amount: '110' })).body.data;
    expect(
      (
        await f.admin(consoleCalls.core.withdrawalBulkApprove, {
          token: other,
          body: { orderNos: [c.orderNo] },
        })
      ).body.data.results,
    ).toEqual([{ orderNo: c.orderNo, ok: false, errorKey: 'WithdrawalNotFound' }]);
    expect(await books()).toEqual([]);
  });

  it('exports the selected withdrawals as CSV with the paid reference (the export module’s CSV), audited', async () => {
    const who = await f.withdrawer('1000');
    const finance = await f.operator();
    const a = (await apply(who.token, { amount: '200' })).body.data;
    const b = (await apply(who.token, { amount: '110' })).body.data;
    const c = (await apply(who.token, { amount: '120' })).body.data;
    for (const x of ['approve', 'process', 'pay']) await act(finance, a.orderNo, x);
    const download = (query: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: `/admin-api/export/csv?${new URLSearchParams(query).toString()}`,
        headers: { authorization: `Bearer ${finance}` },
      });
    const res = await download({ kind: 'withdrawals', orderNos: `${a.orderNo},${b.orderNo}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="withdrawals-all-tenants-selected.csv"',
    );
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/Failed at,Paid reference$/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([a.orderNo, b.orderNo]);
    expect(lines[1]).toMatch(new RegExp(`,BANK-${a.orderNo}$`));
    expect(res.body).not.toContain(c.orderNo);
    for (const bad of [
      { kind: 'withdrawals', orderNos: 'W1;drop' },
      { kind: 'users', orderNos: a.orderNo },
    ]) {
      expect(JSON.parse((await download(bad)).body)).toMatchObject({ code: 400, field: 'orderNos' });
    }
    const [entry] = await t.database.query<{ after: { orderNos: string } }>(
      "select after from audit_log where action = 'export.csv' order by id desc limit 1",
    );
    expect(entry!.after.orderNos).toBe(`${a.orderNo},${b.orderNo}`);
  });
});
