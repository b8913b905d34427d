import { adminApi, api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { caller, unchecked } from '../../test/client.js';
import { usingPostgres } from '../../test/database.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { lastCode } from '../../test/smtp.js';
import { PAY_PASSWORD, walletFixtures } from '../../test/wallet-fixtures.js';
import { createOperatorService, OPERATOR_MAX_FAILED_LOGINS } from '../operator/operator.service.js';
import { OPERATOR_SIGN_IN_FAILURES } from '../operator/admin.routes.js';
import { createUserService } from '../user/user.service.js';
import { createPayPasswordService, PAY_PASSWORD_MAX_TRIES } from '../wallet/pay-password.service.js';
import { CLIENT_LIMITS } from './auth.service.js';
import { type EmailCodeService, MAX_WRONG_TRIES, SENDS_PER_IP_PER_HOUR } from './email-code.service.js';

/**
 * Lock-outs and limits under concurrent tries, on two server instances over one database (on
 * PostgreSQL each with its own connection pool): every try claims its attempt atomically before
 * the slow check, so no burst checks more than the limit. Fewer tries on the embedded database.
 */
const TRIES = usingPostgres ? 100 : 30;

let a: TestApp;
let b: TestApp;
let secondPool: Database | undefined;
let calls: ReturnType<typeof caller>[];
let admins: ReturnType<typeof caller>[];

beforeAll(async () => {
  a = await buildTestApp({}, { smtp: true });
  const url = (a.database as Database & { url?: string }).url;
  secondPool = url ? await openDatabase({ url, poolMax: 10 }) : undefined;
  b = await buildTestApp({}, { smtp: true, database: secondPool ?? a.database });
  calls = [caller(a.app), caller(b.app)];
  admins = [caller(a.app, '/admin-api'), caller(b.app, '/admin-api')];
});
afterAll(async () => {
  await b.close();
  await secondPool?.close();
  await a.close();
});

/** Both instances' clocks move together. */
const advance = (ms: number) => [a, b].forEach((x) => x.clock.advance(ms));
const one = async (sql: string, params: unknown[]) => (await a.database.query(sql, params))[0];
const tally = (keys: string[]) =>
  keys.reduce<Record<string, number>>((m, k) => ({ ...m, [k]: (m[k] ?? 0) + 1 }), {});

/**
 * Starts `tries - 1` wrong tries at once, alternating the instances; once the database shows the
 * limit reached (or the burst has ended), the right one. Answers the keys of all, the right last.
 */
async function burst(
  tries: number,
  wrong: (i: number) => Promise<string>,
  limitReached: () => Promise<boolean>,
  right: () => Promise<string>,
): Promise<{ wrong: string[]; right: string }> {
  const burst = { settled: false };
  const all = Promise.all(Array.from({ length: tries - 1 }, (_, i) => wrong(i))).finally(() => {
    burst.settled = true;
  });
  while (!burst.settled && !(await limitReached())) await new Promise((r) => setImmediate(r));
  const last = await right();
  return { wrong: await all, right: last };
}

const keyOf = (p: Promise<{ body: { errorKey?: string; code: number } }>) =>
  p.then((r) => r.body.errorKey ?? String(r.body.code));

/** A user with a payment password, and the payment-password service of each instance. */
async function payingUser() {
  const f = walletFixtures(a);
  const { userId } = await f.user();
  await f.payPassword(userId);
  const services = [
    { db: a.database.db, clock: a.clock },
    { db: (secondPool ?? a.database).db, clock: b.clock },
  ].map(({ db, clock }) =>
    createPayPasswordService(db, clock, {
      codes: undefined as unknown as EmailCodeService,
      users: createUserService(db, clock, { invited: async () => {} }),
    }),
  );
  return { userId, services };
}

describe('the payment password', () => {
  it('verifies at most 5 of 100 concurrent tries on two instances; then even the right one is refused', async () => {
    const { userId, services } = await payingUser();
    const attempt = (i: number, password: string) =>
      services[i % 2]!.verify(userId, password).then(
        () => 'ok',
        (e: unknown) => (e as { key: string }).key,
      );
    const attempts = async () =>
      Number(
        (await one('select failed_attempts from pay_password where user_id = $1', [userId]))?.failed_attempts,
      );

    const { wrong, right } = await burst(
      TRIES,
      (i) => attempt(i, '000000'),
      async () => (await attempts()) >= PAY_PASSWORD_MAX_TRIES,
      () => attempt(1, PAY_PASSWORD),
    );
    // Four wrong answers, the fifth wrong try starts the lock; nothing else was verified.
    expect(tally(wrong)).toEqual({
      WrongPaymentPassword: PAY_PASSWORD_MAX_TRIES - 1,
      PayPasswordLocked: TRIES - PAY_PASSWORD_MAX_TRIES,
    });
    expect(right).toBe('PayPasswordLocked');
    const row = await one('select failed_attempts, locked_until from pay_password where user_id = $1', [
      userId,
    ]);
    expect(Number(row?.failed_attempts)).toBe(PAY_PASSWORD_MAX_TRIES);
    expect(row?.locked_until).not.toBeNull();

    advance(15 * 60_000 + 1);
    expect(await attempt(0, PAY_PASSWORD)).toBe('ok');
    expect(await attempts()).toBe(0);
  });
});

describe('the payment password, paid with the right one many times at once', () => {
  it('is never refused as locked while only right passwords are being verified (two instances)', async () => {
    const { userId, services } = await payingUser();
    // More right tries at once than the 5 a claim allows: the 5th claim sets a lock that a right
    // one lifts; the others wait for it instead of being told the password is locked.
    const answers = await Promise.all(
      Array.from({ length: 3 * PAY_PASSWORD_MAX_TRIES }, (_, i) =>
        services[i % 2]!.verify(userId, PAY_PASSWORD).then(
          () => 'ok',
          (e: unknown) => (e as { key: string }).key,
        ),
      ),
    );
    expect(tally(answers)).toEqual({ ok: 3 * PAY_PASSWORD_MAX_TRIES });
    const row = await one('select failed_attempts, locked_until from pay_password where user_id = $1', [
      userId,
    ]);
    expect([Number(row?.failed_attempts), row?.locked_until]).toEqual([0, null]);
  });
});

describe('operator sign-in', () => {
  it('checks at most 5 of 100 concurrent passwords on two instances; then even the right one is refused', async () => {
    const username = `racer_${Date.now()}`;
    await createOperatorService(a.database.db, a.clock).create({
      username,
      password: 'right-horse-1',
      role: 'support',
      tenantIds: ['000000'],
    });
    const login = (i: number, password: string) =>
      admins[i % 2]!(adminApi.login, { body: { username, password }, ip: `10.70.${i % 250}.1` });
    const failures = async () =>
      Number(
        (await one('select failed_logins from operator where username = $1', [username]))?.failed_logins,
      );

    const { wrong, right } = await burst(
      TRIES,
      (i) => keyOf(login(i, `wrong-horse-${i}`)),
      async () => (await failures()) >= OPERATOR_MAX_FAILED_LOGINS,
      () => keyOf(login(1, 'right-horse-1')),
    );
    expect(tally(wrong)).toEqual({
      WrongOperatorLogin: OPERATOR_MAX_FAILED_LOGINS,
      OperatorLocked: TRIES - 1 - OPERATOR_MAX_FAILED_LOGINS,
    });
    expect(right).toBe('OperatorLocked');
    expect(await failures()).toBe(OPERATOR_MAX_FAILED_LOGINS);

    advance(15 * 60_000 + 1);
    expect((await login(0, 'right-horse-1')).status).toBe(200);
    expect(await failures()).toBe(0);
  });
  it('gives the try back when the password is right and the TOTP code is still to come', async () => {
    const fin = await walletFixtures(a).operatorAccount('finance', ['000000']);
    const ask = (i: number) =>
      keyOf(admins[i % 2]!(adminApi.login, { body: { username: fin.username, password: fin.password } }));
    const state = () =>
      a.database.query('select failed_logins, locked_until from operator where username = $1', [
        fin.username,
      ]);
    // At once, tries beyond 5 in flight may meet the lock; once they are answered nothing counts.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(i)));
    expect(burst.filter((k) => k === 'TotpRequired').length).toBeGreaterThanOrEqual(
      OPERATOR_MAX_FAILED_LOGINS,
    );
    expect(burst.every((k) => k === 'TotpRequired' || k === 'OperatorLocked')).toBe(true);
    expect(await state()).toEqual([{ failed_logins: 0, locked_until: null }]);
    for (let i = 0; i < 2 * OPERATOR_MAX_FAILED_LOGINS; i++) expect(await ask(i)).toBe('TotpRequired');
    expect(await state()).toEqual([{ failed_logins: 0, locked_until: null }]);
  });
});

describe('console sign-in per client address', () => {
  it('checks at most 30 failed sign-ins from one address across usernames and instances; successes do not count', async () => {
    const { limit, seconds } = OPERATOR_SIGN_IN_FAILURES;
    const username = `spray_${Date.now()}`;
    await createOperatorService(a.database.db, a.clock).create({
      username,
      password: 'right-horse-2',
      role: 'support',
      tenantIds: ['000000'],
    });
    const ip = '10.72.0.1';
    const login = (i: number, name: string, password: string, from = ip) =>
      keyOf(admins[i % 2]!(adminApi.login, { body: { username: name, password }, ip: from }));
    // Signing in from the address many times uses none of its failures.
    for (let i = 0; i < limit + 5; i++) expect(await login(i, username, 'right-horse-2')).toBe('200');

    const tries = await Promise.all(
      Array.from({ length: limit + 20 }, (_, i) => login(i, `nobody_${i}`, `guess-${i}`)),
    );
    expect(tally(tries)).toEqual({ WrongOperatorLogin: limit, TooManyRequests: 20 });
    expect(await login(0, username, 'right-horse-2')).toBe('TooManyRequests');
    expect(await login(1, username, 'right-horse-2', '10.72.0.2')).toBe('200');

    advance(seconds * 1000 + 1);
    expect(await login(0, username, 'right-horse-2')).toBe('200');
  });
});

describe('e-mail codes', () => {
  let n = 0;
  /** A registered address with a fresh login code; guesses come from many client addresses. */
  async function loginCode() {
    const email = `race${++n}@example.ph`;
    const ip = `10.71.${n}.1`;
    await calls[0]!(api.auth.sendEmailCode, { body: { email, isRegister: 1 }, ip });
    const register = await calls[0]!(api.auth.register, {
      body: { email, phone: '912345678', areaCode: '+84', verifyCode: lastCode(a.mails, email) },
      ip,
    });
    expect(register.status).toBe(200);
    expect((await calls[0]!(api.auth.sendEmailCode, { body: { email, isRegister: 0 }, ip })).status).toBe(
      200,
    );
    const code = lastCode(a.mails, email);
    const guess = (i: number, verifyCode: string) =>
      keyOf(calls[i % 2]!(api.auth.login, { body: { email, verifyCode }, ip: `10.72.${i % 250}.${n}` }));
    const wrongCode = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const attempts = async () =>
      Number(
        (
          await one(
            "select attempts from email_code where email = $1 and purpose = 'login' order by id desc",
            [email],
          )
        )?.attempts,
      );
    return { code, guess, wrongCode, attempts };
  }

  it('compares at most 5 of 100 concurrent guesses on two instances; then even the right code is refused', async () => {
    const { code, guess, wrongCode, attempts } = await loginCode();
    const { wrong, right } = await burst(
      TRIES,
      (i) => guess(i, wrongCode(i)),
      async () => (await attempts()) >= MAX_WRONG_TRIES,
      () => guess(1, code),
    );
    expect(tally(wrong)).toEqual({
      WrongEmailCode: MAX_WRONG_TRIES - 1,
      TooManyWrongCodes: TRIES - MAX_WRONG_TRIES,
    });
    expect(right).toBe('TooManyWrongCodes');
    expect(await attempts()).toBe(MAX_WRONG_TRIES);
  });

  it('never counts more than 5 wrong guesses when the right code is in the middle of the burst', async () => {
    const { code, guess, wrongCode, attempts } = await loginCode();
    const middle = Math.floor(TRIES / 2);
    const keys = await Promise.all(
      Array.from({ length: TRIES }, (_, i) => guess(i, i === middle ? code : wrongCode(i))),
    );
    const wrong = keys.filter((_, i) => i !== middle);
    expect(wrong.filter((k) => k === 'WrongEmailCode').length).toBeLessThanOrEqual(MAX_WRONG_TRIES - 1);
    expect(['200', 'TooManyWrongCodes']).toContain(keys[middle]);
    expect(await attempts()).toBeLessThanOrEqual(MAX_WRONG_TRIES);
  });

  it('sends one code to 20 concurrent requests on two instances (the 60-second rule)', async () => {
    const email = `resend${++n}@example.ph`;
    const send = (i: number) =>
      calls[i % 2]!(api.auth.sendEmailCode, { body: { email, isRegister: 1 }, ip: `10.73.${i}.1` });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 200))
      expect(refused.body).toMatchObject({
        code: 429,
        errorKey: 'ResendTooSoon',
        data: { resendInSeconds: 60 },
      });
    expect(Number((await one('select count(*) as n from email_code where email = $1', [email]))?.n)).toBe(1);
    expect([...a.mails, ...b.mails].filter((m) => m.to.includes(email))).toHaveLength(1);
    advance(60_000);
    expect((await send(99)).status).toBe(200);
  });
});

describe('per client address, across instances', () => {
  let n = 0;
  const signIn = (i: number) => ({ email: `nobody${i}@example.ph`, verifyCode: '123456' });
  const signUp = (i: number) => ({
    email: `new${i}@example.ph`,
    phone: '912345678',
    areaCode: '+84',
    verifyCode: '123456',
  });
  it.each([
    { call: api.auth.login, limit: CLIENT_LIMITS.signIn.limit, body: signIn },
    { call: api.auth.register, limit: CLIENT_LIMITS.signUp.limit, body: signUp },
    {
      call: api.auth.sendEmailCode,
      limit: SENDS_PER_IP_PER_HOUR,
      body: (i: number) => ({ email: `x${i}@example.ph`, isRegister: 0 }),
    },
    {
      call: api.auth.sendEmailCode,
      limit: SENDS_PER_IP_PER_HOUR,
      body: (i: number) => ({ email: `y${i}@example.ph`, isRegister: 1 }),
    },
  ])('limits $call.path to $limit, whatever the answer would have been', async ({ call, limit, body }) => {
    const ip = `10.74.${++n}.1`;
    const answers = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) => calls[i % 2]!(call, { body: unchecked(body(i)), ip })),
    );
    expect(answers.filter((r) => r.status !== 429)).toHaveLength(limit);
    for (const refused of answers.filter((r) => r.status === 429))
      expect(refused.body.errorKey).toBe('TooManyRequests');
  });

  it('limits captcha pictures (30 a minute)', async () => {
    const ip = '10.75.0.1';
    const before = Number((await one('select count(*) as n from captcha', []))?.n);
    const answers = await Promise.all(
      Array.from({ length: TRIES }, (_, i) => calls[i % 2]!(api.auth.captcha, { ip })),
    );
    const { limit } = CLIENT_LIMITS.captcha;
    expect(answers.filter((r) => r.status === 200)).toHaveLength(limit);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(TRIES - limit);
    expect(Number((await one('select count(*) as n from captcha', []))?.n)).toBe(before + limit);
    advance(60_000);
    expect((await calls[0]!(api.auth.captcha, { ip })).status).toBe(200);
  });
});

describe('session hand-over', () => {
  it('a ticket issued before a password change no longer signs in', async () => {
    const f = walletFixtures(a);
    const { token } = await f.user();
    const ticket = (await calls[0]!(api.user.handoffTicket, { token })).body.data.ticket;
    const changed = await calls[1]!(api.user.changePassword, {
      token,
      body: { oldPassword: 'secret-pass1', password: 'brand-new-1', repPassword: 'brand-new-1' },
    });
    expect(changed.status).toBe(200);
    expect((await calls[0]!(api.auth.loginByTicket, { body: { ticket } })).body).toMatchObject({
      code: 409,
      errorKey: 'LoginTicketInvalid',
    });
  });
});
