import { api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/client.js';
import { buildTestApp, TEST_CAPTCHA_ANSWER, type TestApp } from '../../test/helper.js';
import { lastCode } from '../../test/smtp.js';
import type { EmailCodeService } from '../auth/email-code.service.js';
import { createUserService } from '../user/user.service.js';
import { createPayPasswordService } from './pay-password.service.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({}, { smtp: true });
  call = caller(t.app);
});
afterAll(() => t.close());

async function emailUser() {
  const email = `pay${++n}@example.ph`;
  await call(api.auth.sendEmailCode, { body: { email, isRegister: 1 }, ip: `10.6.0.${n}` });
  const res = await call(api.auth.register, {
    body: { email, phone: '912345678', areaCode: '+84', verifyCode: lastCode(t.mails, email) },
    ip: `10.6.0.${n}`,
  });
  const token = res.body.data.access_token;
  return { token, email, userId: BigInt((await call(api.user.info, { token })).body.data.userId) };
}

async function setPassword(token: string, email: string, password = '135790') {
  t.clock.advance(61_000);
  expect((await call(api.account.sendSmsCode, { token })).body.data).toMatchObject({
    email,
    expiresInSeconds: 600,
  });
  return call(api.account.setPayPassword, {
    token,
    body: { password, repPassword: password, verifyCode: lastCode(t.mails, email) },
  });
}

describe('the payment password', () => {
  it('is set with a code sent to the account e-mail, and only as 6 digits', async () => {
    const { token, email } = await emailUser();
    expect((await call(api.user.exitsPayPass, { token })).body.data).toEqual({
      exists: false,
      lockedUntil: null,
    });
    expect(
      (
        await call(api.account.setPayPassword, {
          token,
          body: { password: '12345', repPassword: '12345', verifyCode: '000000' },
        })
      ).body,
    ).toMatchObject({
      code: 400,
      field: 'password',
      errorKey: 'PayPasswordSixDigits',
    });
    expect(
      (
        await call(api.account.setPayPassword, {
          token,
          body: { password: '123456', repPassword: '123457', verifyCode: '000000' },
        })
      ).body,
    ).toMatchObject({
      code: 400,
      field: 'repPassword',
    });
    expect(
      (
        await call(api.account.setPayPassword, {
          token,
          body: { password: '123456', repPassword: '123456', verifyCode: '000000' },
        })
      ).body.errorKey,
    ).toBe('WrongEmailCode');
    const ok = await setPassword(token, email);
    expect(ok.body.data).toEqual({ exists: true, lockedUntil: null });
    const [stored] = await t.database.query<{ hash: string }>('select hash from pay_password');
    expect(stored!.hash).toMatch(/^\$argon2id\$/);
  });

  it('needs an e-mail on the account', async () => {
    const captcha = (await call(api.auth.captcha)).body.data;
    const reg = await call(api.auth.registerByName, {
      body: {
        userName: 'no_mail_1',
        password: 'secret-pass1',
        phone: '3001234567',
        areaCode: '+92',
        uuid: captcha.uuid,
        code: TEST_CAPTCHA_ANSWER,
      },
    });
    const res = await call(api.account.sendSmsCode, { token: reg.body.data.access_token });
    expect(res.body).toMatchObject({ code: 409, errorKey: 'EmailRequired' });
  });

  it('refuses a wrong password and locks after 5 wrong tries for 15 minutes', async () => {
    const { token, email, userId } = await emailUser();
    const service = createPayPasswordService(t.database.db, t.clock, {
      codes: undefined as unknown as EmailCodeService,
      users: createUserService(t.database.db, t.clock, { invited: async () => {} }),
    });
    await expect(service.verify(userId, '135790')).rejects.toMatchObject({ key: 'PaymentPasswordNotSet' });
    await setPassword(token, email);
    await expect(service.verify(userId, '135790')).resolves.toBeUndefined();
    const keys: string[] = [];
    for (let i = 0; i < 5; i++)
      keys.push(
        await service.verify(userId, '000000').then(
          () => 'ok',
          (e: unknown) => (e as { key: string }).key,
        ),
      );
    expect(keys).toEqual([
      'WrongPaymentPassword',
      'WrongPaymentPassword',
      'WrongPaymentPassword',
      'WrongPaymentPassword',
      'PayPasswordLocked',
    ]);
    await expect(service.verify(userId, '135790')).rejects.toMatchObject({
      key: 'PayPasswordLocked',
      options: { params: { minutes: 15 } },
    });
    expect((await call(api.user.exitsPayPass, { token })).body.data.lockedUntil).not.toBeNull();
    t.clock.advance(15 * 60_000 + 1);
    await expect(service.verify(userId, '135790')).resolves.toBeUndefined();
  });
});
