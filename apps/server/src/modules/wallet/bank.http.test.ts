import { randomInt, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { toMajor, toMinor, withdrawalFee, type WithdrawalStage } from '@dramastar/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { manualClock } from '../../clock.js';
import { loadConfig } from '../../config.js';
import { type Database, openDatabase } from '../../db/client.js';
import { payPasswords } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { openTestDatabase, usingPostgres } from '../../test/database.js';
import { TEST_CAPTCHA_ANSWER } from '../../test/helper.js';
import { ledgerViolations } from '../../test/ledger-checks.js';
import { bankCardInput, completeOperatorSetup, PAY_PASSWORD } from '../../test/wallet-fixtures.js';
import { hashPassword } from '../auth/password.js';
import { createLedger } from '../ledger/ledger.service.js';
import { createOperatorService } from '../operator/operator.service.js';
import { SIGNATURE_HEADER, signWebhook } from '../payment/gateway.js';
import { SANDBOX_WEBHOOK_PATH, sandboxSecret } from '../payment/sandbox-gateway.js';

/**
 * The bank test over HTTP, in the spirit of Jepsen's: two server instances (two processes' worth
 * of Fastify apps, each with its own connection pool) share one PostgreSQL database; concurrent
 * clients recharge through signed gateway webhooks (some delivered several times, to both
 * instances at once), apply for withdrawals, act on them as finance, and spend from wallets (a
 * membership-like debit made in-process through the ledger on a third pool). Some requests are
 * retried with the same key, some reuse a key with another body. Throughout and at the end: the
 * books sum to zero, no wallet is negative, no key applies twice, a recharge is credited once,
 * withdrawals payable holds exactly the open withdrawals, and every wallet equals a model
 * replayed from the operations that succeeded.
 *
 * PostgreSQL only (TEST_DATABASE_URL): an embedded PGlite database cannot be shared by two pools.
 */

const TENANT = '000000';
const CURRENCY = 'PHP';
const USERS = 10;
const OPERATIONS = 2400;
const CONCURRENCY = 20;
const CHECK_EVERY = 500;
const FEE_BPS = 500;

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
  body: any;
}

interface Instance {
  name: string;
  app: FastifyInstance;
  database: Database;
  url: string;
}

interface BankUser {
  userId: bigint;
  token: string;
  ip: string;
}

const clock = manualClock();
const ledger = createLedger(clock);
let database: Database & { url?: string };
let instances: Instance[] = [];
let third: Database | undefined;
let secret: Buffer;
let financeTokens: string[] = [];
/** Error lines (level >= 50) the two apps logged: a 500 anywhere is worth seeing. */
const errorLogs: string[] = [];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;
const chance = (p: number) => Math.random() < p;
const other = (i: Instance) => instances.find((x) => x !== i)!;

async function send(
  instance: Instance,
  path: string,
  options: {
    body?: unknown;
    raw?: string;
    token?: string;
    headers?: Record<string, string>;
    get?: boolean;
  } = {},
): Promise<Answer> {
  const res = await fetch(`${instance.url}${path}`, {
    method: options.get ? 'GET' : 'POST',
    headers: {
      ...(options.get ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.get ? {} : { body: options.raw ?? JSON.stringify(options.body ?? {}) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the report
  }
  return { status: res.status, body };
}

const describeAnswer = (a: Answer) =>
  `${a.status} ${typeof a.body === 'object' && a.body ? `${a.body.errorKey ?? ''} ${a.body.msg ?? ''}` : String(a.body).slice(0, 200)}`;

async function startInstance(name: string, url: string): Promise<Instance> {
  const instanceDb = await openDatabase({ url, poolMax: 10 });
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        const parsed = JSON.parse(line) as { level?: number };
        if ((parsed.level ?? 0) >= 50) errorLogs.push(`${name}: ${line.slice(0, 2000)}`);
      }
      done();
    },
  });
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      WEB_DIR: '/nonexistent',
      DATA_DIR: '/tmp/dramastar-test',
      // Registration is limited per client address: the test, a proxy on loopback, gives each
      // client's in X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
    }),
    {
      database: instanceDb,
      clock,
      logStream,
      captcha: () => ({ text: TEST_CAPTCHA_ANSWER, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
      demoSeries: [],
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { name, app, database: instanceDb, url: `http://127.0.0.1:${port}` };
}

let registered = 0;
async function register(instance: Instance): Promise<BankUser> {
  const n = ++registered;
  const ip = `10.77.${Math.floor(n / 200)}.${n % 200}`;
  const captcha = await send(instance, '/app-api/auth/auth/code', { get: true });
  expect(captcha.status).toBe(200);
  const res = await send(instance, '/app-api/auth/registerByName', {
    body: {
      userName: `bank_${n}_${randomUUID().slice(0, 6)}`,
      password: 'secret-pass1',
      phone: '3001234567',
      areaCode: '+92',
      uuid: captcha.body.data.uuid,
      code: TEST_CAPTCHA_ANSWER,
      tenantId: TENANT,
    },
    headers: { 'x-forwarded-for': ip },
  });
  expect(res.status, describeAnswer(res)).toBe(200);
  const token = res.body.data.access_token as string;
  const info = await send(other(instance), '/app-api/user/info', { token });
  expect(info.status).toBe(200);
  return { userId: BigInt(info.body.data.userId), token, ip };
}

/** A user who may withdraw: Star Card, payment password, one bank card. */
async function withdrawer(instance: Instance): Promise<BankUser> {
  const who = await register(instance);
  const vip = await send(instance, '/app-api/test/openVipLevel', { token: who.token, body: { level: 1 } });
  expect(vip.status, describeAnswer(vip)).toBe(200);
  await database.db
    .insert(payPasswords)
    .values({ userId: who.userId, hash: await hashPassword(PAY_PASSWORD), updatedAt: clock.now() });
  const card = await send(other(instance), '/app-api/account/addBankCard', {
    token: who.token,
    body: bankCardInput,
  });
  expect(card.status, describeAnswer(card)).toBe(200);
  return who;
}

function webhookBody(
  orderNo: string,
  txnId: string,
  amountMinor: bigint,
  type: 'payment.paid' | 'payment.failed' = 'payment.paid',
) {
  return JSON.stringify({
    id: `evt_${randomUUID().slice(0, 12)}`,
    type,
    data: {
      txnId,
      paymentId: `pay_${txnId}`,
      merchantOrderNo: orderNo,
      amount: amountMinor.toString(),
      currency: CURRENCY,
    },
  });
}

const signed = (body: string, at = clock.now()) => ({
  [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(at.getTime() / 1000)),
});

const deliver = (instance: Instance, body: string, headers: Record<string, string>) =>
  send(instance, SANDBOX_WEBHOOK_PATH, { raw: body, headers });

async function createOrder(instance: Instance, who: BankUser, amount: string, requestId = randomUUID()) {
  return send(instance, '/app-api/user/addBalance', {
    token: who.token,
    body: { channel: 'gateway', amount, requestId },
  });
}

async function walletBalance(userId: bigint): Promise<bigint> {
  const rows = await database.query<{ balance: string }>(
    'select balance::text as balance from ledger_balance where code = $1 and currency = $2',
    [`wallet:${userId}`, CURRENCY],
  );
  return BigInt(rows[0]?.balance ?? '0');
}

beforeAll(async () => {
  if (!usingPostgres) return;
  database = await openTestDatabase();
  const url = database.url!;
  // Both instances start at once, as a rolling deploy would: migrations take an advisory lock.
  instances = await Promise.all([startInstance('A', url), startInstance('B', url)]);
  third = await openDatabase({ url, poolMax: 6 });
  secret = await sandboxSecret(database.db);
  const operators = createOperatorService(database.db, clock);
  financeTokens = [];
  for (const [i, instance] of instances.entries()) {
    const username = `bank_finance_${i}`;
    await operators.create({ username, password: 'operator-pass-1', role: 'finance', tenantIds: [TENANT] });
    const login = await send(instance, '/admin-api/auth/login', {
      body: { username, password: 'operator-pass-1' },
    });
    expect(login.status, describeAnswer(login)).toBe(200);
    await completeOperatorSetup(database.db, username, clock.now());
    financeTokens.push(login.body.data.token as string);
  }
});

afterAll(async () => {
  if (!usingPostgres) return;
  for (const instance of instances) {
    await instance.app.close();
    await instance.database.close();
  }
  await third?.close();
  await database.close();
});

describe.skipIf(!usingPostgres)('webhooks across two instances', () => {
  it('the same webhook delivered 5 times concurrently to both instances credits once', async () => {
    const [a, b] = instances as [Instance, Instance];
    const who = await register(a);
    const order = await createOrder(b, who, '375.25');
    expect(order.status, describeAnswer(order)).toBe(200);
    const orderNo = order.body.data.orderNo as string;
    const body = webhookBody(orderNo, `txn_${randomUUID().slice(0, 8)}`, 37_525n);
    const headers = signed(body);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => deliver(i % 2 === 0 ? a : b, body, headers)),
    );
    expect(answers.map((x) => x.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(answers.map((x) => x.body.data.outcome as string).sort()).toEqual([
      'credited',
      ...Array.from({ length: 9 }, () => 'duplicate'),
    ]);
    for (const instance of instances) {
      const info = await send(instance, '/app-api/account/accountInfo', { token: who.token });
      expect(info.body.data.balance).toBe('375.25');
    }
    const transfers = await database.query<{ n: string }>(
      "select count(*)::text as n from ledger_transfer where kind = 'recharge' and reference = $1",
      [orderNo],
    );
    expect(transfers[0]!.n).toBe('1');
    const events = await database.query<{ outcome: string; n: string }>(
      'select outcome, count(*)::text as n from gateway_event where order_no = $1 group by outcome order by outcome',
      [orderNo],
    );
    expect(events).toEqual([
      { outcome: 'credited', n: '1' },
      { outcome: 'duplicate', n: '9' },
    ]);
  });

  it('forged, unsigned, tampered and stale webhooks to either instance credit nothing', async () => {
    const who = await register(instances[1]!);
    const order = await createOrder(instances[0]!, who, '300');
    const orderNo = order.body.data.orderNo as string;
    const body = webhookBody(orderNo, `txn_${randomUUID().slice(0, 8)}`, 30_000n);
    const now = Math.floor(clock.now().getTime() / 1000);
    for (const instance of instances) {
      const forged = await deliver(instance, body, { [SIGNATURE_HEADER]: `t=${now},v1=${'0'.repeat(64)}` });
      expect(forged).toMatchObject({ status: 401, body: { errorKey: 'InvalidSignature' } });
      const otherKey = { [SIGNATURE_HEADER]: signWebhook(Buffer.alloc(32, 7), body, now) };
      expect((await deliver(instance, body, otherKey)).status).toBe(401);
      expect((await deliver(instance, body, {})).status).toBe(401);
      const tampered = await deliver(instance, body.replace('30000', '90000'), signed(body));
      expect(tampered).toMatchObject({ status: 401, body: { errorKey: 'InvalidSignature' } });
      const stale = await deliver(instance, body, signed(body, new Date(clock.now().getTime() - 301_000)));
      expect(stale).toMatchObject({ status: 400, body: { errorKey: 'StaleWebhook' } });
      const future = await deliver(instance, body, signed(body, new Date(clock.now().getTime() + 120_000)));
      expect(future).toMatchObject({ status: 400, body: { errorKey: 'StaleWebhook' } });
      const short = webhookBody(orderNo, 'txn_short', 29_999n);
      expect(await deliver(instance, short, signed(short))).toMatchObject({
        status: 409,
        body: { errorKey: 'AmountMismatch' },
      });
      const unknown = webhookBody('R00000000000000000000', 'txn_unknown', 30_000n);
      expect((await deliver(instance, unknown, signed(unknown))).status).toBe(404);
    }
    expect(await walletBalance(who.userId)).toBe(0n);
    const status = await database.query<{ status: string }>(
      'select status from recharge_order where order_no = $1',
      [orderNo],
    );
    expect(status[0]!.status).toBe('pending');
    const transfers = await database.query<{ n: string }>(
      'select count(*)::text as n from ledger_transfer where reference = $1',
      [orderNo],
    );
    expect(transfers[0]!.n).toBe('0');
  });
});

// ---------------------------------------------------------------------------------------------
// The bank test
// ---------------------------------------------------------------------------------------------

const STAGE_RANK: Record<WithdrawalStage, number> = {
  applied: 0,
  approved: 1,
  processing: 2,
  paid: 3,
  rejected: 3,
  failed: 3,
};
const TERMINAL: WithdrawalStage[] = ['paid', 'rejected', 'failed'];
type Action = 'approve' | 'process' | 'pay' | 'reject' | 'fail';
const ACTIONS: Action[] = ['approve', 'process', 'pay', 'reject', 'fail'];

interface ModelWithdrawal {
  orderNo: string;
  userId: bigint;
  amount: bigint;
  fee: bigint;
  status: WithdrawalStage;
  terminalActions: Action[];
}

describe.skipIf(!usingPostgres)('the bank over HTTP on two instances', () => {
  it(`keeps every invariant over ${OPERATIONS} random concurrent operations`, async () => {
    const started = Date.now();
    const users: BankUser[] = [];
    for (let i = 0; i < USERS; i++) users.push(await withdrawer(instances[i % 2]!));

    // --- the model and the log of what succeeded ---
    const model = new Map<bigint, bigint>(users.map((u) => [u.userId, 0n]));
    const credit = (userId: bigint, delta: bigint) => model.set(userId, (model.get(userId) ?? 0n) + delta);
    const log: string[] = [];
    const violations: string[] = [];
    const violation = (what: string) => {
      if (violations.length < 200) violations.push(what);
      else if (violations.length === 200) violations.push('… more violations left out');
    };
    const counts = {
      operations: 0,
      retries: 0,
      changedBodyRetries: 0,
      refusedConflicts: 0,
      insufficientFunds: 0,
      stateChanged: 0,
      tooManyOpenOrders: 0,
      recharges: 0,
      credited: 0,
      deliveries: 0,
      declined: 0,
      amountMismatches: 0,
      withdrawals: 0,
      actions: 0,
      debits: 0,
      checks: 0,
    };
    /** orderNo → credit amount, for orders created; credited marks those a delivery credited. */
    const orders = new Map<string, { userId: bigint; amount: bigint; credited: boolean }>();
    const withdrawals = new Map<string, ModelWithdrawal>();
    const debits = new Map<string, bigint>();
    let debitTotal = 0n;

    const expectConflict = (what: string, answer: Answer) => {
      counts.changedBodyRetries++;
      if (answer.status === 409 && answer.body.errorKey === 'IdempotencyConflict') counts.refusedConflicts++;
      else violation(`${what}: a changed-body retry was not refused: ${describeAnswer(answer)}`);
    };

    // --- recharge: a gateway order, then its signed webhook (sometimes several, to both) ---
    async function recharge(instance: Instance, who: BankUser) {
      const amount = BigInt(randomInt(10_000, 500_001));
      const amountText = toMajor(amount, CURRENCY);
      const requestId = randomUUID();
      const attempts = [createOrder(instance, who, amountText, requestId)];
      if (chance(0.2)) {
        counts.retries++;
        attempts.push(createOrder(other(instance), who, amountText, requestId));
      }
      const answers = await Promise.all(attempts);
      const ok = answers.filter((a) => a.status === 200);
      for (const a of answers) {
        if (a.status === 409 && a.body.errorKey === 'TooManyOpenOrders') counts.tooManyOpenOrders++;
        else if (a.status !== 200) violation(`addBalance ${amountText}: ${describeAnswer(a)}`);
      }
      if (ok.length === 0) return;
      const orderNo = ok[0]!.body.data.orderNo as string;
      if (ok.some((a) => a.body.data.orderNo !== orderNo))
        violation(
          `addBalance retried with one requestId made two orders: ${ok.map((a) => a.body.data.orderNo).join(', ')}`,
        );
      if (ok[0]!.body.data.creditAmount !== amountText)
        violation(`order ${orderNo} credits ${ok[0]!.body.data.creditAmount}, asked ${amountText}`);
      counts.recharges++;
      orders.set(orderNo, { userId: who.userId, amount, credited: false });
      log.push(`order ${orderNo} ${who.userId} ${amount}`);
      if (chance(0.1)) {
        expectConflict(
          `addBalance ${orderNo}`,
          await createOrder(pick(instances), who, toMajor(amount + 100n, CURRENCY), requestId),
        );
      }

      const txnId = `txn_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
      const outcomes: string[] = [];
      const post = async (target: Instance, body: string) => {
        counts.deliveries++;
        const answer = await deliver(target, body, signed(body));
        if (answer.status === 200) outcomes.push(answer.body.data.outcome as string);
        return answer;
      };
      const mode = randomInt(100);
      if (mode < 8) {
        // The payer declined; sometimes the money arrives later after all (another transaction).
        const failed = await post(pick(instances), webhookBody(orderNo, txnId, amount, 'payment.failed'));
        if (failed.status !== 200) violation(`failed webhook ${orderNo}: ${describeAnswer(failed)}`);
        if (chance(0.5)) await post(pick(instances), webhookBody(orderNo, `${txnId}_late`, amount));
      } else if (mode < 13) {
        // A paid notification whose amount is not the order's: refused, then the right one.
        counts.amountMismatches++;
        const wrong = await post(pick(instances), webhookBody(orderNo, txnId, amount + 1n));
        if (wrong.status !== 409 || wrong.body.errorKey !== 'AmountMismatch')
          violation(`mismatched webhook ${orderNo}: ${describeAnswer(wrong)}`);
        await post(pick(instances), webhookBody(orderNo, txnId, amount));
      } else if (mode < 18) {
        // Failed and paid notifications of two transactions at once, to both instances.
        await Promise.all([
          post(instance, webhookBody(orderNo, `${txnId}_f`, amount, 'payment.failed')),
          post(other(instance), webhookBody(orderNo, txnId, amount)),
        ]);
      } else {
        const body = webhookBody(orderNo, txnId, amount);
        const copies = chance(0.25) ? randomInt(2, 6) : 1;
        if (copies > 1) counts.retries += copies - 1;
        // The same bytes with one signature, delivered `copies` times at once to both instances.
        const headers = signed(body);
        const answers = await Promise.all(
          Array.from({ length: copies }, (_, i) => {
            counts.deliveries++;
            return deliver(i % 2 === 0 ? instance : other(instance), body, headers);
          }),
        );
        for (const a of answers) {
          if (a.status === 200) outcomes.push(a.body.data.outcome as string);
          else violation(`webhook ${orderNo}: ${describeAnswer(a)}`);
        }
        if (chance(0.1)) {
          // The provider notifies again for another transaction: nothing more is credited.
          const again = await post(pick(instances), webhookBody(orderNo, `${txnId}_2`, amount));
          if (again.status !== 200 || again.body.data.outcome !== 'ignored:already-credited')
            violation(`second transaction for ${orderNo}: ${describeAnswer(again)}`);
        }
        if (chance(0.1)) {
          // The same transaction re-signed with another amount, after the credit: changes nothing.
          const changed = await post(pick(instances), webhookBody(orderNo, txnId, amount * 2n));
          if (changed.status !== 200 || changed.body.data.outcome !== 'duplicate')
            violation(`re-signed webhook with another amount for ${orderNo}: ${describeAnswer(changed)}`);
        }
      }
      const credits = outcomes.filter((o) => o === 'credited').length;
      counts.declined += outcomes.filter((o) => o === 'declined').length;
      if (credits > 1) violation(`order ${orderNo} credited ${credits} times`);
      if (credits >= 1) {
        orders.get(orderNo)!.credited = true;
        counts.credited++;
        credit(who.userId, amount);
        log.push(`credited ${orderNo} ${who.userId} +${amount}`);
      }
    }

    // --- withdrawal application ---
    async function applyWithdrawal(instance: Instance, who: BankUser) {
      const amount = BigInt(randomInt(11, 601)) * 1000n;
      const fee = withdrawalFee(amount, FEE_BPS);
      const body = {
        amount: toMajor(amount, CURRENCY),
        channel: 'bank',
        payPassword: PAY_PASSWORD,
        requestId: randomUUID(),
      };
      const call = (target: Instance, b: typeof body) =>
        send(target, '/app-api/account/applyWithdrawal', { token: who.token, body: b });
      const attempts = [call(instance, body)];
      if (chance(0.2)) {
        counts.retries++;
        attempts.push(call(other(instance), body));
      }
      const answers = await Promise.all(attempts);
      const ok = answers.filter((a) => a.status === 200);
      for (const a of answers) {
        if (a.status === 409 && a.body.errorKey === 'InsufficientFunds') counts.insufficientFunds++;
        else if (a.status !== 200) violation(`applyWithdrawal ${body.amount}: ${describeAnswer(a)}`);
      }
      if (ok.length === 0) return;
      const orderNo = ok[0]!.body.data.orderNo as string;
      if (ok.some((a) => a.body.data.orderNo !== orderNo))
        violation(`applyWithdrawal retried with one requestId made two withdrawals`);
      const data = ok[0]!.body.data;
      if (
        toMinor(data.fee as string, CURRENCY) !== fee ||
        toMinor(data.amount as string, CURRENCY) !== amount
      )
        violation(`withdrawal ${orderNo}: amount ${data.amount} fee ${data.fee}, expected fee ${fee}`);
      counts.withdrawals++;
      withdrawals.set(orderNo, {
        orderNo,
        userId: who.userId,
        amount,
        fee,
        status: 'applied',
        terminalActions: [],
      });
      credit(who.userId, -(amount + fee));
      log.push(`withdrawal ${orderNo} ${who.userId} -${amount + fee}`);
      if (chance(0.1)) {
        expectConflict(
          `applyWithdrawal ${orderNo}`,
          await call(pick(instances), { ...body, amount: toMajor(amount + 1000n, CURRENCY) }),
        );
      }
    }

    // --- finance acting on a withdrawal (sometimes two operators at once, on both instances) ---
    const likelyAction = (status: WithdrawalStage): Action => {
      if (chance(0.15)) return pick(ACTIONS);
      const r = Math.random();
      if (status === 'applied') return r < 0.75 ? 'approve' : 'reject';
      if (status === 'approved') return r < 0.7 ? 'process' : r < 0.85 ? 'reject' : 'fail';
      return r < 0.75 ? 'pay' : 'fail';
    };
    async function act(instance: Instance) {
      const open = [...withdrawals.values()].filter((w) => !TERMINAL.includes(w.status));
      if (open.length === 0) return false;
      const w = pick(open);
      const actions = [likelyAction(w.status)];
      if (chance(0.2)) {
        counts.retries++;
        actions.push(chance(0.5) ? actions[0]! : likelyAction(w.status));
      }
      const answers = await Promise.all(
        actions.map((action, i) =>
          send(i === 0 ? instance : other(instance), '/admin-api/finance/withdrawals/action', {
            token: financeTokens[i === 0 ? instances.indexOf(instance) : instances.indexOf(other(instance))]!,
            body: {
              orderNo: w.orderNo,
              action,
              ...(action === 'reject' || action === 'fail' ? { reason: `bank test ${action}` } : {}),
              ...(action === 'pay' ? { reference: `BANK-${w.orderNo}` } : {}),
            },
          }),
        ),
      );
      answers.forEach((a, i) => {
        const action = actions[i]!;
        if (a.status === 409 && a.body.errorKey === 'WithdrawalStateChanged') {
          counts.stateChanged++;
          return;
        }
        if (a.status !== 200) {
          violation(`${action} ${w.orderNo}: ${describeAnswer(a)}`);
          return;
        }
        counts.actions++;
        const after = a.body.data.status as WithdrawalStage;
        if (STAGE_RANK[after] > STAGE_RANK[w.status]) w.status = after;
        if (TERMINAL.includes(after)) {
          w.terminalActions.push(action);
          if (w.terminalActions.length > 1)
            violation(`withdrawal ${w.orderNo} ended twice: ${w.terminalActions.join(', ')}`);
          if (after === 'rejected' || after === 'failed') {
            credit(w.userId, w.amount + w.fee);
            log.push(`${action} ${w.orderNo} ${w.userId} +${w.amount + w.fee}`);
          } else log.push(`paid ${w.orderNo}`);
        }
      });
      return true;
    }

    // --- a membership-like debit in-process, on a third pool ---
    const debitOnce = (userId: bigint, amount: bigint, key: string) =>
      withTransaction(third!.db, (tx) =>
        ledger.transfer(tx, {
          tenantId: TENANT,
          currency: CURRENCY,
          from: { userId },
          to: { system: 'membership_revenue' },
          amount,
          kind: 'membership',
          reference: key,
          idempotencyKey: key,
        }),
      );
    async function debit(who: BankUser) {
      const amount = BigInt(randomInt(100, 300_001));
      const key = `membership:bank-${randomUUID()}`;
      const attempts = [debitOnce(who.userId, amount, key)];
      if (chance(0.2)) {
        counts.retries++;
        attempts.push(debitOnce(who.userId, amount, key));
      }
      const results = await Promise.allSettled(attempts);
      let applied = 0;
      for (const r of results) {
        if (r.status === 'fulfilled') {
          if (!r.value.replayed) applied++;
        } else if (r.reason instanceof AppError && r.reason.key === 'InsufficientFunds') {
          counts.insufficientFunds++;
        } else {
          violation(`debit ${key}: ${String(r.reason)}`);
        }
      }
      if (applied > 1) violation(`debit ${key} applied ${applied} times`);
      if (applied === 0) return;
      counts.debits++;
      debits.set(key, amount);
      debitTotal += amount;
      credit(who.userId, -amount);
      log.push(`debit ${key} ${who.userId} -${amount}`);
      if (chance(0.1)) {
        counts.changedBodyRetries++;
        try {
          await debitOnce(who.userId, amount + 1n, key);
          violation(`debit ${key}: a changed-body retry was applied`);
        } catch (error) {
          if (error instanceof AppError && error.key === 'IdempotencyConflict') counts.refusedConflicts++;
          else violation(`debit ${key}: a changed-body retry answered ${String(error)}`);
        }
      }
    }

    // --- invariants checked by SQL, each in one statement (one snapshot) ---
    async function audit(when: string) {
      counts.checks++;
      const found = (what: string) => violation(`${when}: ${what}`);
      for (const v of await ledgerViolations(database)) found(v);
      const duplicates = await database.query<{ key: string }>(
        'select idempotency_key as key from ledger_transfer group by tenant_id, idempotency_key having count(*) > 1',
      );
      for (const d of duplicates) found(`idempotency key ${d.key} used twice`);
      const twice = await database.query<{ reference: string }>(
        "select reference from ledger_transfer where kind = 'recharge' group by reference having count(*) > 1",
      );
      for (const r of twice) found(`recharge ${r.reference} credited more than once`);
      const events = await database.query<{ order_no: string }>(
        "select order_no from gateway_event where outcome = 'credited' group by order_no having count(*) > 1",
      );
      for (const e of events) found(`webhook credited ${e.order_no} more than once`);
      const orderBooks = await database.query<{ order_no: string; status: string; n: string }>(
        `select o.order_no, o.status, count(t.id)::text as n
         from recharge_order o left join ledger_transfer t on t.kind = 'recharge' and t.reference = o.order_no
         group by o.order_no, o.status
         having (o.status = 'credited') <> (count(t.id) = 1)`,
      );
      for (const o of orderBooks) found(`recharge ${o.order_no} is ${o.status} with ${o.n} credits`);
      const system = await database.query<Record<string, string>>(
        `select
           (select coalesce(sum(balance), 0) from ledger_balance where code = 'system:withdrawals_payable')::text as payable,
           (select coalesce(sum(amount + fee), 0) from withdrawal where status in ('applied', 'approved', 'processing'))::text as open,
           (select coalesce(sum(balance), 0) from ledger_balance where code = 'system:payouts')::text as payouts,
           (select coalesce(sum(amount), 0) from withdrawal where status = 'paid')::text as paid,
           (select coalesce(sum(balance), 0) from ledger_balance where code = 'system:fees')::text as fees,
           (select coalesce(sum(fee), 0) from withdrawal where status = 'paid')::text as paid_fees,
           (select coalesce(-sum(balance), 0) from ledger_balance where code = 'system:recharge_clearing')::text as cleared,
           (select coalesce(sum(credit_amount), 0) from recharge_order where status = 'credited')::text as credited`,
      );
      const s = system[0]!;
      if (s.payable !== s.open) found(`withdrawals payable ${s.payable} but open withdrawals ${s.open}`);
      if (s.payouts !== s.paid) found(`payouts ${s.payouts} but paid withdrawals ${s.paid}`);
      if (s.fees !== s.paid_fees) found(`fees ${s.fees} but fees of paid withdrawals ${s.paid_fees}`);
      if (s.cleared !== s.credited) found(`recharge clearing ${s.cleared} but credited orders ${s.credited}`);
      const withdrawalBooks = await database.query<{ order_no: string; status: string }>(
        `select w.order_no, w.status
         from withdrawal w left join ledger_transfer t on t.reference = w.order_no
         group by w.order_no, w.status, w.amount, w.fee
         having coalesce(sum(t.amount) filter (where t.kind in ('withdrawal', 'fee')), 0) <> w.amount + w.fee
             or count(t.id) filter (where t.kind = 'withdrawal_refund') <> (case when w.status in ('rejected', 'failed') then 1 else 0 end)
             or coalesce(sum(t.amount) filter (where t.kind = 'withdrawal_refund'), 0) <> (case when w.status in ('rejected', 'failed') then w.amount + w.fee else 0 end)
             or count(t.id) filter (where t.kind = 'payout') <> (case when w.status = 'paid' then 1 else 0 end)`,
      );
      for (const w of withdrawalBooks)
        found(`withdrawal ${w.order_no} (${w.status}) has the wrong transfers`);
    }

    // --- the clients ---
    // Every user starts with one paid recharge, so spending can begin at once.
    await Promise.all(users.map((u, i) => recharge(instances[i % 2]!, u)));
    let next = 0;
    let done = 0;
    const checks: Promise<void>[] = [];
    const worker = async () => {
      while (next < OPERATIONS) {
        const n = next++;
        if (n % 8 === 0) clock.advance(1000); // about 8 operations a second of the servers' time
        const instance = pick(instances);
        const who = pick(users);
        const r = randomInt(100);
        try {
          if (r < 35) await recharge(instance, who);
          else if (r < 60) await applyWithdrawal(instance, who);
          else if (r < 85) {
            if (!(await act(instance))) await recharge(instance, who);
          } else await debit(who);
        } catch (error) {
          violation(`operation ${n} threw: ${String(error)}`);
        }
        counts.operations++;
        if (++done % CHECK_EVERY === 0) checks.push(audit(`after ${done} operations (in flight)`));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
    await Promise.all(checks);
    await audit('at the end');

    // --- the end: every wallet equals the model replayed from the log ---
    const replayed = new Map<bigint, bigint>(users.map((u) => [u.userId, 0n]));
    for (const line of log) {
      const [kind, , user, delta] = line.split(' ');
      if (kind === 'order' || kind === 'paid' || !user || !delta) continue;
      replayed.set(BigInt(user), (replayed.get(BigInt(user)) ?? 0n) + BigInt(delta.replace('+', '')));
    }
    for (const u of users) {
      const actual = await walletBalance(u.userId);
      const expected = replayed.get(u.userId)!;
      if (expected !== model.get(u.userId)) violation(`the log and the model disagree for ${u.userId}`);
      if (actual !== expected) violation(`wallet ${u.userId} holds ${actual}, the model says ${expected}`);
      for (const instance of instances) {
        const info = await send(instance, '/app-api/account/accountInfo', { token: u.token });
        if (info.body.data?.balance !== toMajor(expected, CURRENCY))
          violation(
            `instance ${instance.name} shows ${u.userId} ${describeAnswer(info)} ${info.body.data?.balance}`,
          );
      }
    }
    const orderRows = await database.query<{ order_no: string; status: string }>(
      'select order_no, status from recharge_order',
    );
    const orderStatus = new Map(orderRows.map((r) => [r.order_no, r.status]));
    for (const [orderNo, o] of orders) {
      if ((orderStatus.get(orderNo) === 'credited') !== o.credited)
        violation(`order ${orderNo} is ${orderStatus.get(orderNo)}, the log says credited=${o.credited}`);
    }
    const withdrawalRows = await database.query<{ order_no: string; status: string }>(
      'select order_no, status from withdrawal',
    );
    const withdrawalStatus = new Map(withdrawalRows.map((r) => [r.order_no, r.status]));
    for (const w of withdrawals.values()) {
      if (withdrawalStatus.get(w.orderNo) !== w.status)
        violation(
          `withdrawal ${w.orderNo} is ${withdrawalStatus.get(w.orderNo)}, the model says ${w.status}`,
        );
    }
    if (withdrawalRows.length !== withdrawals.size)
      violation(`${withdrawalRows.length} withdrawals in the database, ${withdrawals.size} applied`);
    const membership = await database.query<{ n: string; s: string; balance: string }>(
      `select count(*)::text as n, coalesce(sum(amount), 0)::text as s,
         (select balance::text from ledger_balance where code = 'system:membership_revenue') as balance
       from ledger_transfer where kind = 'membership'`,
    );
    const m = membership[0]!;
    if (Number(m.n) !== debits.size || BigInt(m.s) !== debitTotal || BigInt(m.balance) !== debitTotal)
      violation(
        `membership: ${m.n} transfers of ${m.s} (revenue ${m.balance}), ${debits.size} debits of ${debitTotal} applied`,
      );
    if (counts.refusedConflicts !== counts.changedBodyRetries)
      violation(`${counts.changedBodyRetries - counts.refusedConflicts} changed-body retries not refused`);
    if (errorLogs.length > 0)
      violation(`the servers logged ${errorLogs.length} errors; first: ${errorLogs[0]}`);

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `bank test over HTTP (2 instances, 1 PostgreSQL, ${CONCURRENCY} clients, ${seconds} s):`,
        `${counts.operations} operations, ${counts.retries} retries, ${counts.changedBodyRetries} changed-body retries (${counts.refusedConflicts} refused),`,
        `${counts.recharges} recharge orders (${counts.credited} credited by ${counts.deliveries} webhook deliveries, ${counts.declined} declined, ${counts.amountMismatches} amount mismatches refused),`,
        `${counts.withdrawals} withdrawals, ${counts.actions} finance actions (${counts.stateChanged} refused as state changed), ${counts.debits} debits,`,
        `${counts.insufficientFunds} refused for funds, ${counts.tooManyOpenOrders} refused for open orders, ${counts.checks} invariant checks, ${violations.length} violations`,
      ].join('\n  '),
    );
    expect(violations).toEqual([]);
    expect(counts.operations).toBeGreaterThanOrEqual(OPERATIONS);
    expect(counts.changedBodyRetries).toBeGreaterThan(0);
    expect(counts.credited).toBeGreaterThan(0);
  });
});
