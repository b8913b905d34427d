import { accessApi, adminApi, RECOVERY_CODE_COUNT } from '@dramastar/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operatorRecoveryCodes } from '../../db/schema/index.js';
import { caller, unchecked } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import { OPERATOR_MAX_FAILED_LOGINS } from './operator.service.js';
import { totpCode } from './totp.js';

const A = '000000';

let t: TestApp;
let admin: ReturnType<typeof caller>;
let fixtures: ReturnType<typeof walletFixtures>;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true' });
  admin = caller(t.app, '/admin-api');
  fixtures = walletFixtures(t);
  owner = await fixtures.operator('owner', []);
});
afterAll(() => t.close());

const code = (secret: string) => totpCode(secret, t.clock.now());
const nextStep = () => t.clock.advance(30_000);

const login = (
  username: string,
  password: string,
  second: { totpCode?: string; recoveryCode?: string } = {},
  ip?: string,
) => admin(adminApi.login, { body: { username, password, ...second }, ...(ip ? { ip } : {}) });

/**
 * A finance operator made by the owner who changes its one-time password and enrols TOTP through
 * the console's calls: answers its password, secret and the recovery codes shown at enrolment.
 */
async function enrolled() {
  const username = `rc_${Math.random().toString(36).slice(2, 8)}`;
  const made = await admin(accessApi.createOperator, {
    token: owner,
    body: { username, role: 'finance', tenantIds: [A] },
  });
  expect(made.status).toBe(200);
  const first = made.body.data.oneTimePassword;
  const { token } = (await login(username, first)).body.data;
  const password = 'a-new-secret-42';
  await admin(accessApi.changePassword, { token, body: { currentPassword: first, newPassword: password } });
  const { secret } = (await admin(accessApi.totpStart, { token, body: {} })).body.data;
  const confirmed = await admin(accessApi.totpConfirm, { token, body: { code: code(secret) } });
  expect(confirmed.status).toBe(200);
  nextStep();
  return {
    id: made.body.data.operator.id,
    username,
    password,
    secret: secret,
    token: token,
    codes: confirmed.body.data.recoveryCodes,
  };
}

describe('recovery codes', () => {
  it('are shown once at enrolment, ten distinct ones, and stored only as hashes', async () => {
    const who = await enrolled();
    expect(who.codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(who.codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of who.codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.database.db
      .select()
      .from(operatorRecoveryCodes)
      .where(eq(operatorRecoveryCodes.operatorId, BigInt(who.id)));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const text = JSON.stringify(stored, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
    for (const c of who.codes) {
      expect(text).not.toContain(c);
      expect(text).not.toContain(c.replace('-', ''));
    }
    expect(await admin(accessApi.recoveryCodes, { token: who.token })).toMatchObject({
      status: 200,
      body: { data: { left: RECOVERY_CODE_COUNT, total: RECOVERY_CODE_COUNT } },
    });
  });

  it('sign in instead of an authenticator code, each once (case, spaces and dashes ignored)', async () => {
    const who = await enrolled();
    const [first, second] = who.codes as [string, string];
    const res = await login(who.username, who.password, { recoveryCode: first.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await login(who.username, who.password, { recoveryCode: first })).toMatchObject({
      status: 409,
      body: { errorKey: 'WrongRecoveryCode', field: 'recoveryCode' },
    });
    expect(
      (await login(who.username, who.password, { recoveryCode: ` ${second.replace('-', ' ')} ` })).status,
    ).toBe(200);
    expect(await admin(accessApi.recoveryCodes, { token: res.body.data.token })).toMatchObject({
      body: { data: { left: RECOVERY_CODE_COUNT - 2 } },
    });
    // A code never made, one of another shape, and a right code with a wrong password.
    expect(await login(who.username, who.password, { recoveryCode: 'aaaaa-aaaaa' })).toMatchObject({
      status: 409,
      body: { errorKey: 'WrongRecoveryCode' },
    });
    expect(await login(who.username, who.password, { recoveryCode: 'short' })).toMatchObject({
      status: 400,
      body: { field: 'recoveryCode' },
    });
    expect(
      (await login(who.username, 'not-the-password', { recoveryCode: who.codes[2] as string })).status,
    ).toBe(401);
    // The code was not spent by the refused sign-in.
    expect((await login(who.username, who.password, { recoveryCode: who.codes[2] as string })).status).toBe(
      200,
    );
  });

  it('used at once by several sign-ins, lets exactly one in', async () => {
    const who = await enrolled();
    const one = who.codes[0] as string;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => login(who.username, who.password, { recoveryCode: one })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const used = await t.database.db
      .select()
      .from(operatorRecoveryCodes)
      .where(eq(operatorRecoveryCodes.operatorId, BigInt(who.id)));
    expect(used.filter((r) => r.usedAt !== null)).toHaveLength(1);
  });

  it('wrong ones count toward the sign-in lock-out', async () => {
    const who = await enrolled();
    for (let i = 0; i < OPERATOR_MAX_FAILED_LOGINS; i++)
      expect(
        (await login(who.username, who.password, { recoveryCode: `zzzzz-zzzz${i + 2}` }, `10.9.0.${i}`))
          .status,
      ).toBe(409);
    expect(await login(who.username, who.password, { recoveryCode: who.codes[0] as string })).toMatchObject({
      status: 429,
      body: { errorKey: 'OperatorLocked' },
    });
    t.clock.advance(16 * 60_000);
    expect((await login(who.username, who.password, { recoveryCode: who.codes[0] as string })).status).toBe(
      200,
    );
  });

  it('are made anew with a current authenticator code: the old ones stop working; audited', async () => {
    const who = await enrolled();
    expect(
      await admin(accessApi.regenerateRecoveryCodes, { token: who.token, body: { code: '000000' } }),
    ).toMatchObject({ status: 409, body: { errorKey: 'WrongTotpCode', field: 'totpCode' } });
    expect(
      await admin(accessApi.regenerateRecoveryCodes, { token: who.token, body: unchecked({ code: 'abc' }) }),
    ).toMatchObject({ status: 400, body: { field: 'code' } });
    nextStep();
    const res = await admin(accessApi.regenerateRecoveryCodes, {
      token: who.token,
      body: { code: code(who.secret) },
    });
    expect(res.status).toBe(200);
    const fresh = res.body.data.recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.some((c) => who.codes.includes(c))).toBe(false);
    expect((await login(who.username, who.password, { recoveryCode: who.codes[0] as string })).status).toBe(
      409,
    );
    expect((await login(who.username, who.password, { recoveryCode: fresh[0] as string })).status).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'operator.recovery_codes_regenerate'),
          eq(auditLog.target, `operator:${who.username}`),
        ),
      );
    expect(entry?.after).toEqual({ recoveryCodes: RECOVERY_CODE_COUNT });
  });

  it('end with a reset of the operator’s authenticator', async () => {
    const who = await enrolled();
    expect((await admin(accessApi.resetOperatorTotp, { token: owner, body: { id: who.id } })).status).toBe(
      200,
    );
    const left = await t.database.db
      .select()
      .from(operatorRecoveryCodes)
      .where(eq(operatorRecoveryCodes.operatorId, BigInt(who.id)));
    expect(left).toHaveLength(0);
  });
});

describe('sign-ins in the audit log', () => {
  it('records sign-ins and failed ones with the reason, never the password or code', async () => {
    const who = await enrolled();
    const ip = '10.20.30.40';
    await login(who.username, 'wrong-password-9', {}, ip);
    await login(who.username, who.password, { totpCode: '000000' }, ip);
    await login(who.username, who.password, { recoveryCode: 'aaaaa-bbbbb' }, ip);
    await login('nobody-here', 'whatever-typed', {}, ip);
    nextStep();
    expect((await login(who.username, who.password, { totpCode: code(who.secret) }, ip)).status).toBe(200);
    expect(
      (await login(who.username, who.password, { recoveryCode: who.codes[0] as string }, ip)).status,
    ).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `operator:${who.username}`));
    const signIns = rows.filter((r) => r.action.startsWith('operator.sign_in'));
    expect(signIns.map((r) => [r.action, r.reason])).toEqual([
      ['operator.sign_in', null], // the one-time password at creation
      ['operator.sign_in_failed', 'wrong password'],
      ['operator.sign_in_failed', 'wrong authenticator code'],
      ['operator.sign_in_failed', 'wrong recovery code'],
      ['operator.sign_in', null],
      ['operator.sign_in', null],
    ]);
    expect(signIns.at(-2)?.after).toMatchObject({ method: 'password and authenticator code', ip });
    expect(signIns.at(-1)?.after).toMatchObject({
      method: 'recovery code',
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
    });
    const json = (v: unknown) =>
      JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? String(x) : x));
    const text = json(signIns);
    for (const secret of ['wrong-password-9', who.password, 'aaaaa-bbbbb', who.codes[0] as string])
      expect(text).not.toContain(secret);
    const unknown = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, 'operator:unknown'), eq(auditLog.action, 'operator.sign_in_failed')));
    expect(unknown.at(-1)).toMatchObject({ reason: 'unknown user name', operatorName: 'unknown' });
    expect(json(unknown)).not.toContain('whatever-typed');
  });
});
