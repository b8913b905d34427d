import { api } from '@dramastar/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../clock.js';
import { caller } from '../../test/client.js';
import { buildTestApp, TEST_CAPTCHA_ANSWER, type TestApp } from '../../test/helper.js';
import { lastCode } from '../../test/smtp.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
let ipCounter = 0;
/** A fresh client address per test, so rate limits of one test do not reach another. */
let ip = '10.0.0.1';

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true' }, { smtp: true });
  call = caller(t.app);
});
afterAll(() => t.close());
beforeEach(() => {
  ip = `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  t.clock.advance(3_600_000);
});

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.database.query<{ n: string }>(`select count(*)::text as n from ${sql}`, params))[0]?.n);

async function sendCode(email: string, isRegister: 0 | 1, extra: Record<string, unknown> = {}) {
  return call(api.auth.sendEmailCode, { body: { email, isRegister, ...extra }, ip });
}

async function registerByEmail(email: string, extra: Record<string, unknown> = {}) {
  const sent = await sendCode(email, 1, extra.tenantId ? { tenantId: extra.tenantId } : {});
  expect(sent.status).toBe(200);
  const res = await call(api.auth.register, {
    body: { email, phone: '912345678', areaCode: '+84', verifyCode: lastCode(t.mails, email), ...extra },
    ip,
  });
  return res;
}

async function registerByName(userName: string, extra: Record<string, unknown> = {}) {
  const captcha = (await call(api.auth.captcha)).body.data;
  return call(api.auth.registerByName, {
    body: {
      userName,
      password: 'secret-pass1',
      phone: '3001234567',
      areaCode: '+92',
      uuid: captcha.uuid,
      code: TEST_CAPTCHA_ANSWER,
      ...extra,
    },
    ip,
  });
}

describe('e-mail codes', () => {
  it('sends 6 digits over SMTP and stores only a hash', async () => {
    const res = await sendCode(' Ana@Example.PH ', 1);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ email: 'ana@example.ph', expiresInSeconds: 600, resendInSeconds: 60 });
    const code = lastCode(t.mails, 'ana@example.ph');
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.database.query<{ code_hash: string }>(
      "select code_hash from email_code where email = 'ana@example.ph'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a second code within 60 seconds (429), allows it after', async () => {
    await sendCode('ben@example.ph', 1);
    const again = await sendCode('ben@example.ph', 1);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ errorKey: 'ResendTooSoon', data: { resendInSeconds: 60 } });
    t.clock.advance(59_000);
    expect((await sendCode('ben@example.ph', 1)).body).toMatchObject({
      code: 429,
      data: { resendInSeconds: 1 },
    });
    t.clock.advance(1_000);
    expect((await sendCode('ben@example.ph', 1)).status).toBe(200);
  });

  it('gives the minute back when a code could not be delivered', async () => {
    const down = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const send = () =>
        caller(down.app)(api.auth.sendEmailCode, { body: { email: 'lost@example.ph', isRegister: 1 } });
      expect((await send()).body.errorKey).toBe('ServiceUnavailable');
      // Not ResendTooSoon: the failed send did not keep the slot (nor its code).
      expect((await send()).body.errorKey).toBe('ServiceUnavailable');
      expect(await down.database.query('select 1 from email_code')).toEqual([]);
    } finally {
      await down.close();
    }
  });

  it('limits codes per client address (429)', async () => {
    for (let i = 0; i < 30; i++) expect((await sendCode(`many${i}@example.ph`, 1)).status).toBe(200);
    const refused = await sendCode('many-last@example.ph', 1);
    expect(refused.status).toBe(429);
    expect(refused.body.errorKey).toBe('TooManyRequests');
  });

  it('limits codes per e-mail address (429), whatever the client address', async () => {
    for (let i = 0; i < 10; i++) {
      ip = `10.9.9.${i}`;
      expect((await sendCode('busy@example.ph', 1)).status).toBe(200);
      t.clock.advance(61_000);
    }
    ip = '10.9.9.99';
    expect((await sendCode('busy@example.ph', 1)).status).toBe(429);
  });

  it('refuses a login code for an unknown address and a register code for a known one', async () => {
    expect((await sendCode('nobody@example.ph', 0)).body).toMatchObject({
      code: 409,
      errorKey: 'PleaseRegisterFirst',
    });
    await registerByEmail('known@example.ph');
    expect((await sendCode('known@example.ph', 1)).body).toMatchObject({
      errorKey: 'EmailAlreadyRegistered',
    });
  });

  it('answers in the language of the request', async () => {
    await sendCode('lang@example.ph', 1);
    const res = await call(api.auth.sendEmailCode, {
      body: { email: 'lang@example.ph', isRegister: 1 },
      lang: 'vn',
      ip,
    });
    expect(res.body.msg).toMatch(/^Vui lòng đợi \d+ giây/);
  });
});

describe('e-mail registration and login', () => {
  it('registers with a code: a session token, the tenant, an 8-character invite code of its own', async () => {
    const res = await registerByEmail('cara@example.ph', { tenantId: '000001' });
    expect(res.status).toBe(200);
    const token = res.body.data.access_token;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const info = (await call(api.user.info, { token })).body.data;
    expect(info).toMatchObject({
      tenantId: '000001',
      email: 'cara@example.ph',
      phone: '912345678',
      areaCode: '+84',
      inviterCode: null,
      loginMethods: ['email'],
      hasPassword: false,
    });
    expect(info.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(info.inviteLink).toBe(
      `http://localhost:8080/#/pages/login/register?inviteCode=${info.inviteCode}`,
    );
    const sessions = await t.database.query<{ token_hash: string }>('select token_hash from session');
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);
  });

  it('names a new account friendlily in the language it signed up in, never after its e-mail', async () => {
    const en = (
      await call(api.user.info, { token: (await registerByEmail('gil@example.ph')).body.data.access_token })
    ).body.data;
    expect(en.nickname).toMatch(/^Viewer \d{4}$/);
    await sendCode('hoa@example.ph', 1);
    const vn = await call(api.auth.register, {
      body: {
        email: 'hoa@example.ph',
        phone: '912345678',
        areaCode: '+84',
        verifyCode: lastCode(t.mails, 'hoa@example.ph'),
      },
      lang: 'vn',
      ip,
    });
    const info = (await call(api.user.info, { token: vn.body.data.access_token })).body.data;
    expect(info.nickname).toMatch(/^Khán giả \d{4}$/);
  });

  it('links the new user to the inviter of a valid invite code', async () => {
    const inviter = (
      await call(api.user.info, { token: (await registerByEmail('dan@example.ph')).body.data.access_token })
    ).body.data;
    const res = await registerByEmail('eve@example.ph', { inviteCode: inviter.inviteCode.toLowerCase() });
    const info = (await call(api.user.info, { token: res.body.data.access_token })).body.data;
    expect(info.inviterCode).toBe(inviter.inviteCode);
  });

  it('refuses an unknown invite code (400 naming inviteCode) and writes nothing; the code still works after', async () => {
    await sendCode('fay@example.ph', 1);
    const code = lastCode(t.mails, 'fay@example.ph');
    const body = { email: 'fay@example.ph', phone: '912345678', areaCode: '+84', verifyCode: code };
    const users = await count('app_user');
    const refused = await call(api.auth.register, { body: { ...body, inviteCode: 'ZZZZ9999' }, ip });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errorKey: 'InvalidInviteCode',
      field: 'inviteCode',
      msg: 'Invalid invite code',
    });
    expect(await count('app_user')).toBe(users);
    expect((await call(api.auth.register, { body, ip })).status).toBe(200);
  });

  it('requires an invite code for +63', async () => {
    const res = await call(api.auth.register, {
      body: { email: 'gus@example.ph', phone: '9171234567', areaCode: '+63', verifyCode: '123456' },
      ip,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorKey: 'InviteCodeRequired', field: 'inviteCode' });
  });

  it('uses a code once only, and only for its purpose', async () => {
    const token = (await registerByEmail('hal@example.ph')).body.data.access_token;
    expect(token).toEqual(expect.any(String));
    await sendCode('hal@example.ph', 0);
    const code = lastCode(t.mails, 'hal@example.ph');
    const login = () => call(api.auth.login, { body: { email: 'hal@example.ph', verifyCode: code }, ip });
    expect((await login()).status).toBe(200);
    expect((await login()).body).toMatchObject({
      code: 409,
      errorKey: 'WrongEmailCode',
      field: 'verifyCode',
    });
    // A register code cannot log in.
    await sendCode('ivy@example.ph', 1);
    await registerByEmail('ivy2@example.ph');
    const registerCode = lastCode(t.mails, 'ivy@example.ph');
    expect(
      (await call(api.auth.login, { body: { email: 'ivy2@example.ph', verifyCode: registerCode }, ip })).body
        .errorKey,
    ).toBe('WrongEmailCode');
  });

  it('expires a code after 10 minutes', async () => {
    await registerByEmail('jay@example.ph');
    await sendCode('jay@example.ph', 0);
    t.clock.advance(600_000);
    const res = await call(api.auth.login, {
      body: { email: 'jay@example.ph', verifyCode: lastCode(t.mails, 'jay@example.ph') },
      ip,
    });
    expect(res.body).toMatchObject({ errorKey: 'EmailCodeExpired' });
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    await registerByEmail('kim@example.ph');
    await sendCode('kim@example.ph', 0);
    const right = lastCode(t.mails, 'kim@example.ph');
    const wrong = right === '000000' ? '111111' : '000000';
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      keys.push(
        (await call(api.auth.login, { body: { email: 'kim@example.ph', verifyCode: wrong }, ip })).body
          .errorKey!,
      );
    }
    expect(keys).toEqual([
      'WrongEmailCode',
      'WrongEmailCode',
      'WrongEmailCode',
      'WrongEmailCode',
      'TooManyWrongCodes',
    ]);
    const res = await call(api.auth.login, { body: { email: 'kim@example.ph', verifyCode: right }, ip });
    expect(res.body.errorKey).toBe('TooManyWrongCodes');
  });

  it.each([
    ['+92', '3001234567', null],
    ['+92', '4001234567', 'PhoneNumberPakistan'],
    ['+84', '0912345678', null],
    ['+84', '91234567', 'PhoneNumberIs9Digits'],
    ['+63', '9171234567', null],
    ['+63', '917123456', 'PhoneNumberIs10Digits'],
    ['+62', '81234567890', null],
    ['+62', '71234567890', 'PhoneNumberIndonesia'],
    ['+1', '202555012345', null],
    ['+1', '2025550123456', 'PhoneNumberTooLong'],
    ['+84', '', 'PleaseEnterPhoneNumber'],
  ])('checks the phone %s %s on registration (%s)', async (areaCode, phone, key) => {
    const res = await call(api.auth.register, {
      body: {
        email: 'p@example.ph',
        phone,
        areaCode,
        verifyCode: '123456',
        inviteCode: areaCode === '+63' ? 'AAAA2222' : undefined,
      },
      ip,
    });
    if (key === null) {
      // The phone passed: the refusal is about something later (no code was sent).
      expect(res.body.field).not.toBe('phone');
    } else {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorKey: key, field: 'phone' });
    }
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'InvalidEmailAddress'],
    [{ email: '' }, 'email', 'PleaseEnterEmail'],
    [{ verifyCode: '12345' }, 'verifyCode', 'EmailCodeLength'],
    [{ inviteCode: 'ABCDEFGHI' }, 'inviteCode', 'InvalidInviteCode'],
    [{ areaCode: '' }, 'areaCode', 'PleaseChooseCountry'],
  ])('refuses %j with 400 naming %s', async (change, field, key) => {
    const body = {
      email: 'q@example.ph',
      phone: '912345678',
      areaCode: '+84',
      verifyCode: '123456',
      ...change,
    };
    const res = await call(api.auth.register, { body, ip });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field, errorKey: key });
  });
});

describe('user name registration and login', () => {
  it('registers with a captcha, stores the password with argon2id, and logs in', async () => {
    const res = await registerByName('lee_01');
    expect(res.status).toBe(200);
    const stored = await t.database.query<{ password_hash: string }>(
      "select password_hash from app_user where user_name = 'lee_01'",
    );
    expect(stored[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const login = await call(api.auth.loginByName, {
      body: { userName: 'LEE_01', password: 'secret-pass1' },
      ip,
    });
    expect(login.status).toBe(200);
    expect(login.body.data.access_token).toEqual(expect.any(String));
  });

  it('refuses a wrong captcha and uses the captcha up either way', async () => {
    const captcha = (await call(api.auth.captcha)).body.data;
    expect(Buffer.from(captcha.img, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const body = {
      userName: 'mia_01',
      password: 'secret-pass1',
      phone: '3001234567',
      areaCode: '+92',
      uuid: captcha.uuid,
    };
    const wrong = await call(api.auth.registerByName, { body: { ...body, code: 'XXXX' }, ip });
    expect(wrong.body).toMatchObject({ code: 409, errorKey: 'WrongCaptcha', field: 'code' });
    const reused = await call(api.auth.registerByName, { body: { ...body, code: TEST_CAPTCHA_ANSWER }, ip });
    expect(reused.body.errorKey).toBe('WrongCaptcha');
    expect(await count("app_user where user_name = 'mia_01'")).toBe(0);
  });

  it('accepts the captcha answer in any case, and expires it after 5 minutes', async () => {
    expect((await registerByName('ned_01', { code: TEST_CAPTCHA_ANSWER.toLowerCase() })).status).toBe(200);
    const captcha = (await call(api.auth.captcha)).body.data;
    t.clock.advance(5 * 60_000);
    const res = await registerByName('ned_02', { uuid: captcha.uuid });
    expect(res.body.errorKey).toBe('WrongCaptcha');
  });

  it('refuses a taken user name, whatever its case', async () => {
    await registerByName('ola_01');
    const res = await registerByName('OLA_01');
    expect(res.body).toMatchObject({ code: 409, errorKey: 'UserNameTaken', field: 'userName' });
  });

  it('refuses mismatched passwords before anything else (web form rule), and short ones', async () => {
    const res = await registerByName('pia_01', { password: 'short' });
    expect(res.body).toMatchObject({ code: 400, field: 'password', errorKey: 'PasswordLength' });
    const name = await registerByName('bad name');
    expect(name.body).toMatchObject({ field: 'userName', errorKey: 'UsernameLettersNumbers' });
  });

  it('refuses a wrong password the same way as an unknown user, and limits tries per user name', async () => {
    await registerByName('quin_01');
    const wrong = await call(api.auth.loginByName, {
      body: { userName: 'quin_01', password: 'wrong-pass1' },
      ip,
    });
    const unknown = await call(api.auth.loginByName, {
      body: { userName: 'nobody_x', password: 'wrong-pass1' },
      ip,
    });
    expect(wrong.body).toMatchObject({ code: 409, errorKey: 'WrongUserNameOrPassword' });
    expect(unknown.body).toEqual(wrong.body);
    for (let i = 0; i < 9; i++) {
      ip = `10.8.8.${i}`;
      await call(api.auth.loginByName, { body: { userName: 'quin_01', password: 'wrong-pass1' }, ip });
    }
    const limited = await call(api.auth.loginByName, {
      body: { userName: 'quin_01', password: 'secret-pass1' },
      ip,
    });
    expect(limited.status).toBe(429);
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with a made-up token, and after logout', async () => {
    expect((await call(api.user.info)).status).toBe(401);
    expect((await call(api.user.info, { token: 'x'.repeat(43) })).body).toMatchObject({
      code: 401,
      errorKey: 'Unauthorized',
    });
    const token = (await registerByName('ray_01')).body.data.access_token;
    expect((await call(api.user.info, { token })).status).toBe(200);
    expect((await call(api.auth.logout, { token })).body).toEqual({ code: 200, msg: 'Success', data: null });
    expect((await call(api.user.info, { token })).status).toBe(401);
  });

  it('ends after 30 idle days', async () => {
    const token = (await registerByName('sam_01')).body.data.access_token;
    t.clock.advance(29 * DAY_MS);
    expect((await call(api.user.info, { token })).status).toBe(200);
    t.clock.advance(30 * DAY_MS + 1000);
    expect((await call(api.user.info, { token })).status).toBe(401);
  });

  it('ends after 180 days however active', async () => {
    const token = (await registerByName('tia_01')).body.data.access_token;
    for (let day = 0; day < 175; day += 25) {
      t.clock.advance(25 * DAY_MS);
      expect((await call(api.user.info, { token })).status).toBe(200);
    }
    t.clock.advance(6 * DAY_MS);
    expect((await call(api.user.info, { token })).status).toBe(401);
  });
});

describe('the development outbox', () => {
  it('is not there when an SMTP server is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });

  it('keeps codes readable at /dev/outbox and /dev/mail without SMTP', async () => {
    const dev = await buildTestApp();
    try {
      const send = await caller(dev.app)(api.auth.sendEmailCode, {
        body: { email: 'uma@example.ph', isRegister: 1 },
      });
      expect(send.status).toBe(200);
      const outbox = await dev.app.inject({ method: 'GET', url: '/dev/outbox?to=UMA@example.ph' });
      const [mail] = outbox.json();
      expect(mail).toMatchObject({ to: 'uma@example.ph', subject: 'Your DramaStar code' });
      expect(mail.code).toMatch(/^\d{6}$/);
      expect(mail.text).toContain(mail.code);
      const page = await dev.app.inject({ method: 'GET', url: '/dev/mail' });
      expect(page.body).toContain(mail.code);
    } finally {
      await dev.close();
    }
  });
});

describe('session hand-over (embedded login)', () => {
  it('signs the same user in once with a 2-minute ticket, as a new session', async () => {
    const token = (await registerByName('vic_01')).body.data.access_token;
    const ticket = (await call(api.user.handoffTicket, { token })).body.data.ticket;
    expect(ticket).not.toContain(token);
    const other = await call(api.auth.loginByTicket, { body: { ticket } });
    const fresh = other.body.data.access_token;
    expect(fresh).not.toBe(token);
    expect((await call(api.user.info, { token: fresh })).body.data.userName).toBe('vic_01');
    expect((await call(api.auth.loginByTicket, { body: { ticket } })).body.errorKey).toBe(
      'LoginTicketInvalid',
    );

    const late = (await call(api.user.handoffTicket, { token })).body.data.ticket;
    t.clock.advance(2 * 60_000 + 1);
    expect((await call(api.auth.loginByTicket, { body: { ticket: late } })).body).toMatchObject({
      code: 409,
      errorKey: 'LoginTicketInvalid',
    });
    expect((await call(api.user.handoffTicket)).status).toBe(401);
  });

  it('ends a ticket with the session that made it: after logout it no longer signs in', async () => {
    const token = (await registerByName('vic_02')).body.data.access_token;
    const ticket = (await call(api.user.handoffTicket, { token })).body.data.ticket;
    expect((await call(api.auth.logout, { token })).status).toBe(200);
    expect((await call(api.auth.loginByTicket, { body: { ticket } })).body).toMatchObject({
      code: 409,
      errorKey: 'LoginTicketInvalid',
    });
    const open = await t.database.query<{ n: number }>(
      `select count(*)::int as n from session s join app_user u on u.id = s.user_id
        where u.user_name = 'vic_02' and s.revoked_at is null`,
    );
    expect(open[0]?.n).toBe(0);
  });

  it("keeps a ticket when another of the user's sessions logs out", async () => {
    const first = (await registerByName('vic_03')).body.data.access_token;
    const ticket = (await call(api.user.handoffTicket, { token: first })).body.data.ticket;
    const second = (await call(api.auth.loginByTicket, { body: { ticket } })).body.data.access_token;
    const again = (await call(api.user.handoffTicket, { token: first })).body.data.ticket;
    expect((await call(api.auth.logout, { token: second })).status).toBe(200);
    const third = await call(api.auth.loginByTicket, { body: { ticket: again } });
    expect(third.status).toBe(200);
    expect((await call(api.user.info, { token: third.body.data.access_token })).body.data.userName).toBe(
      'vic_03',
    );
  });
});
