import { consoleCalls } from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unchecked } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';

/** Refunds and goodwill credits (issue 44 §2): limits per role, second approval, ledger, audit. */
let t: TestApp;
let f: WalletFixtures;

beforeAll(async () => {
  t = await buildTestApp();
  f = walletFixtures(t);
});
afterAll(() => t.close());

const credits = consoleCalls.credits;
const give = (token: string, body: Record<string, unknown>) =>
  f.admin(credits.create, {
    token,
    body: unchecked({ kind: 'goodwill', reason: 'Video did not play', requestId: randomUUID(), ...body }),
  });
const books = async () =>
  t.database.query(
    'select currency, sum(balance)::text as s from ledger_balance group by currency having sum(balance) <> 0',
  );
const audits = (action: string, target: string) =>
  t.database.query<{ operator_name: string; reason: string | null }>(
    'select operator_name, reason from audit_log where action = $1 and target = $2 order by id',
    [action, target],
  );

describe('credits by support', () => {
  it('credit the wallet through the ledger at once within the threshold, audited, and a retry credits once', async () => {
    const who = await f.user();
    const support = await f.operatorAccount('support');
    const requestId = randomUUID();
    const body = { userId: String(who.userId), amount: '300', requestId, kind: 'refund' };
    const first = await give(support.token, body);
    expect(first.body.data).toMatchObject({
      status: 'credited',
      amount: '300.00',
      currency: 'PHP',
      kind: 'refund',
    });
    const again = await give(support.token, body);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await f.balance(who.token)).toBe('300.00');
    // The same request id with another amount is refused, not credited.
    expect((await give(support.token, { ...body, amount: '301' })).body).toMatchObject({
      errorKey: 'IdempotencyConflict',
    });
    expect(await f.balance(who.token)).toBe('300.00');
    expect(await audits('credit.give', `user:${String(who.userId)}`)).toEqual([
      { operator_name: support.username, reason: 'Video did not play' },
    ]);
    const [transfer] = await t.database.query<{ kind: string }>(
      'select kind from ledger_transfer where idempotency_key = $1',
      [`credit:${first.body.data.id}`],
    );
    expect(transfer).toEqual({ kind: 'refund_credit' });
    expect(await books()).toEqual([]);
  });

  it('refuse over the role’s limit per credit and per day, splitting included; finance may give more', async () => {
    const who = await f.user();
    const support = await f.operator('support');
    const userId = String(who.userId);
    expect((await give(support, { userId, amount: '1000.01' })).body).toMatchObject({
      code: 409,
      errorKey: 'CreditLimitPerCredit',
      field: 'amount',
    });
    expect((await give(support, { userId, amount: '0' })).body).toMatchObject({ code: 400, field: 'amount' });
    expect((await give(support, { userId, amount: 'ten' })).body).toMatchObject({
      code: 400,
      field: 'amount',
    });
    // Split credits: three of 1,000 make the day's 3,000 (above 500 they wait, but count at once).
    for (let i = 0; i < 3; i++) expect((await give(support, { userId, amount: '1000' })).status).toBe(200);
    const fifth = await give(support, { userId, amount: '0.01' });
    expect(fifth.body).toMatchObject({ errorKey: 'CreditLimitPerDay' });
    expect(fifth.body.msg).toContain('0.00');
    const limits = await f.admin(credits.limits, { token: support, query: { userId } });
    expect(limits.body.data).toMatchObject({
      perCredit: '1000.00',
      perDay: '3000.00',
      leftToday: '0.00',
      secondApprovalAbove: '500.00',
    });
    // Finance's limits are higher; above the threshold it waits for a second operator.
    const finance = await f.operator('finance');
    expect((await give(finance, { userId, amount: '5000' })).body.data.status).toBe('pending');
    expect((await give(finance, { userId, amount: '20000.01' })).body.errorKey).toBe('CreditLimitPerCredit');
    // Content operators cannot credit at all; another tenant's user is not found.
    expect((await give(await f.operator('content'), { userId, amount: '1' })).status).toBe(403);
    expect((await give(await f.operator('support', ['000001']), { userId, amount: '1' })).status).toBe(404);
  });

  it('above the threshold wait for another operator: not the asker, not support; approved once', async () => {
    const who = await f.user();
    const asker = await f.operatorAccount('finance');
    const other = await f.operatorAccount('finance');
    const pending = (await give(asker.token, { userId: String(who.userId), amount: '1500' })).body.data;
    expect(pending.status).toBe('pending');
    expect(await f.balance(who.token)).toBe('0.00');
    const approve = (token: string) => f.admin(credits.approve, { token, body: { id: pending.id } });
    expect((await approve(asker.token)).body).toMatchObject({ code: 409, errorKey: 'CreditOwnApproval' });
    expect((await approve(await f.operator('support'))).status).toBe(403);
    expect((await approve(await f.operator('finance', ['000001']))).body.errorKey).toBe('CreditNotFound');
    const ok = await approve(other.token);
    expect(ok.body.data).toMatchObject({
      status: 'credited',
      requestedBy: asker.username,
      decidedBy: other.username,
    });
    expect((await approve(other.token)).body).toMatchObject({ errorKey: 'CreditStateChanged' });
    expect(await f.balance(who.token)).toBe('1500.00');
    expect(await audits('credit.approve', `user:${String(who.userId)}`)).toEqual([
      { operator_name: other.username, reason: null },
    ]);
    const queue = (await f.admin(credits.list, { token: other.token, query: { status: 'pending' } })).body
      .data.list;
    expect(queue.map((c: { id: string }) => c.id)).not.toContain(pending.id);
    expect(await books()).toEqual([]);
  });

  it('a rejected credit moves no money and returns its amount to the asker’s day', async () => {
    const who = await f.user();
    const support = await f.operatorAccount('support');
    const finance = await f.operator('finance');
    const userId = String(who.userId);
    const asked = [];
    for (let i = 0; i < 3; i++) asked.push((await give(support.token, { userId, amount: '1000' })).body.data);
    expect(asked.map((c) => c.status)).toEqual(['pending', 'pending', 'pending']);
    // 3,000 asked today: nothing left until one is refused.
    expect((await give(support.token, { userId, amount: '1' })).body.errorKey).toBe('CreditLimitPerDay');
    const list = (await f.admin(credits.list, { token: finance, query: { userId } })).body.data.list;
    expect(list).toHaveLength(3);
    const rejected = await f.admin(credits.reject, {
      token: finance,
      body: { id: asked[0]!.id, reason: 'Not owed' },
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decisionReason: 'Not owed' });
    expect(await f.balance(who.token)).toBe('0.00');
    expect((await give(support.token, { userId, amount: '400' })).body.data.status).toBe('credited');
    expect(await f.balance(who.token)).toBe('400.00');
    expect(
      (await f.admin(credits.limits, { token: support.token, query: { userId } })).body.data.leftToday,
    ).toBe('600.00');
    // The next day the limit is whole again (a new sign-in: a day's idle ends the old session).
    t.clock.advance(24 * 3600_000);
    const again = await f.admin(consoleCalls.core.login, {
      body: { username: support.username, password: support.password, totpCode: f.totp() },
    });
    expect(again.status).toBe(200);
    const tomorrow = again.body.data.token;
    expect((await f.admin(credits.limits, { token: tomorrow, query: { userId } })).body.data).toMatchObject({
      leftToday: '3000.00',
    });
    expect((await give(tomorrow, { userId, amount: '500' })).body.data.status).toBe('credited');
    expect(await f.balance(who.token)).toBe('900.00');
    expect(await books()).toEqual([]);
  });
});
