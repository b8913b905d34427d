import { api, AVATAR_SIZE, type CallResult } from '@dramastar/contract';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caller } from '../../test/client.js';

type UserInfo = CallResult<typeof api.user.info>;
import { usingPostgres } from '../../test/database.js';
import { buildTestApp, secondInstance, TEST_CAPTCHA_ANSWER, type TestApp } from '../../test/helper.js';
import { bombPng, dataUrl, photoJpeg, plainPng } from '../../test/pictures.js';
import { lastCode } from '../../test/smtp.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ MEDIA_DIR: `/tmp/ds-user-test-${process.pid}` }, { smtp: true });
  call = caller(t.app);
});
afterAll(() => t.close());
beforeEach(() => t.clock.advance(3_600_000));

async function emailUser(inviteCode?: string): Promise<{ token: string; email: string; info: UserInfo }> {
  const email = `user${++n}@example.ph`;
  await call(api.auth.sendEmailCode, { body: { email, isRegister: 1 }, ip: `10.1.0.${n}` });
  const res = await call(api.auth.register, {
    body: { email, phone: '912345678', areaCode: '+84', verifyCode: lastCode(t.mails, email), inviteCode },
    ip: `10.1.0.${n}`,
  });
  const token = res.body.data.access_token;
  return { token, email, info: (await call(api.user.info, { token })).body.data };
}

async function nameUser(): Promise<{ token: string; userName: string; info: UserInfo }> {
  const userName = `name_${++n}`;
  const captcha = (await call(api.auth.captcha)).body.data;
  const res = await call(api.auth.registerByName, {
    body: {
      userName,
      password: 'secret-pass1',
      phone: '3001234567',
      areaCode: '+92',
      uuid: captcha.uuid,
      code: TEST_CAPTCHA_ANSWER,
    },
    ip: `10.2.0.${n}`,
  });
  const token = res.body.data.access_token;
  return { token, userName, info: (await call(api.user.info, { token })).body.data };
}

describe('profile', () => {
  it('updates the nickname, refusing an empty one', async () => {
    const { token } = await emailUser();
    const ok = await call(api.user.update, { token, body: { nickname: '  Star Fan ' } });
    expect(ok.body.data.nickname).toBe('Star Fan');
    const empty = await call(api.user.update, { token, body: { nickname: '   ' } });
    expect(empty.body).toMatchObject({ code: 400, field: 'nickname', errorKey: 'PleaseEnterNickname' });
  });

  it('stores an avatar re-encoded as a 256 × 256 WebP without its metadata, refusing other files and ones over 2 MB', async () => {
    const { token, info } = await emailUser();
    const photo = await photoJpeg(1200, 800);
    const up = await call(api.user.uploadAvatar, { token, body: { image: dataUrl('jpeg', photo) } });
    expect(up.status).toBe(200);
    expect(up.body.data.avatar).toMatch(new RegExp(`^/media/avatars/${info.userId}-[0-9a-f]{16}\\.webp$`));
    const stored = join(t.config.mediaDir, up.body.data.avatar.replace('/media/', ''));
    const meta = await sharp(await readFile(stored)).metadata();
    // The size it is shown at, and no camera make or GPS position left.
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'webp',
      AVATAR_SIZE,
      AVATAR_SIZE,
      undefined,
    ]);
    const saved = await call(api.user.update, { token, body: { avatar: up.body.data.avatar } });
    expect(saved.body.data.avatar).toBe(up.body.data.avatar);

    const text = Buffer.from('<svg onload=alert(1)>').toString('base64');
    expect(
      (await call(api.user.uploadAvatar, { token, body: { image: `data:image/png;base64,${text}` } })).body,
    ).toMatchObject({
      code: 400,
      errorKey: 'ImageInvalid',
    });
    expect(
      (await call(api.user.uploadAvatar, { token, body: { image: 'data:image/gif;base64,R0lGOD' } })).body
        .errorKey,
    ).toBe('ImageInvalid');
    // The first bytes of a PNG and nothing of a picture after them.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    expect(
      (await call(api.user.uploadAvatar, { token, body: { image: dataUrl('png', fake) } })).body,
    ).toMatchObject({
      code: 400,
      field: 'image',
      errorKey: 'ImageInvalid',
    });
    const big = Buffer.concat([await plainPng(8, 8), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await call(api.user.uploadAvatar, { token, body: { image: dataUrl('png', big) } });
    expect(tooBig.body).toMatchObject({ code: 400, errorKey: 'ImageTooLarge' });
    expect(
      (await call(api.user.update, { token, body: { avatar: 'https://evil.example/x.png' } })).body.field,
    ).toBe('avatar');
  });

  it('refuses a decompression bomb (30,000 × 30,000 PNG, under 1 MB sent) by its header, before decoding it', async () => {
    const { token, info } = await emailUser();
    const bomb = bombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const refused = await call(api.user.uploadAvatar, {
      token,
      body: { image: dataUrl('png', bomb) },
      lang: 'en',
    });
    expect(refused.body).toMatchObject({ code: 400, field: 'image', errorKey: 'ImageDimensionsTooLarge' });
    expect(refused.body.msg).toBe(
      'This picture is 30000 × 30000 pixels: a picture may have at most 8000 pixels on a side and 40 megapixels in all',
    );
    // Decoding it would have taken 900 MB.
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
    const avatars = await readdir(join(t.config.mediaDir, 'avatars')).catch(() => []);
    expect(avatars.filter((name) => name.startsWith(`${info.userId}-`))).toEqual([]);
  });
});

describe('invite code binding', () => {
  it('binds an inviter once, then it is locked', async () => {
    const a = await emailUser();
    const b = await emailUser();
    const c = await emailUser();
    const bound = await call(api.user.setInviteCode, {
      token: c.token,
      query: { inviteCode: a.info.inviteCode },
    });
    expect(bound.body.data).toEqual({ inviterCode: a.info.inviteCode });
    expect((await call(api.user.info, { token: c.token })).body.data.inviterCode).toBe(a.info.inviteCode);
    const again = await call(api.user.setInviteCode, {
      token: c.token,
      query: { inviteCode: b.info.inviteCode },
    });
    expect(again.body).toMatchObject({ code: 409, errorKey: 'InviteCodeLocked' });
  });

  it('refuses one’s own code, a code of one’s own downline, and unknown codes', async () => {
    const top = await emailUser();
    const mid = await emailUser(top.info.inviteCode);
    const low = await emailUser(mid.info.inviteCode);
    expect(
      (await call(api.user.setInviteCode, { token: top.token, query: { inviteCode: top.info.inviteCode } }))
        .body.errorKey,
    ).toBe('CannotInviteSelf');
    expect(
      (await call(api.user.setInviteCode, { token: top.token, query: { inviteCode: low.info.inviteCode } }))
        .body.errorKey,
    ).toBe('InviteCodeOwnTeam');
    expect(
      (await call(api.user.setInviteCode, { token: top.token, query: { inviteCode: 'QQQQ7777' } })).body,
    ).toMatchObject({
      code: 400,
      errorKey: 'InvalidInviteCode',
      field: 'inviteCode',
    });
    expect((await call(api.user.info, { token: top.token })).body.data.inviterCode).toBeNull();
  });

  it('accepts only system accounts’ codes through setSysUser', async () => {
    const agent = await emailUser();
    const user = await emailUser();
    const plain = await call(api.user.setSysUser, {
      token: user.token,
      query: { sysInviteCode: agent.info.inviteCode },
    });
    expect(plain.body).toMatchObject({ errorKey: 'InvalidInviteCode', field: 'sysInviteCode' });
    await t.database.query('update app_user set is_system = true where invite_code = $1', [
      agent.info.inviteCode,
    ]);
    const ok = await call(api.user.setSysUser, {
      token: user.token,
      query: { sysInviteCode: agent.info.inviteCode },
    });
    expect(ok.body.data.inviterCode).toBe(agent.info.inviteCode);
  });
});

describe('account messages', () => {
  it('welcomes a new user, in the reader’s language, and marks messages read', async () => {
    const { token, info } = await emailUser();
    const en = (await call(api.user.getMessage, { token })).body.data;
    expect(en.total).toBe(1);
    expect(en.unread).toBe(1);
    expect(en.list[0]).toMatchObject({ kind: 'welcome', title: 'Welcome to DramaStar', read: false });
    expect(en.list[0]!.content).toContain(info.inviteCode);
    const vn = (await call(api.user.getMessage, { token, lang: 'vn' })).body.data;
    expect(vn.list[0]!.title).toBe('Chào mừng đến với DramaStar');
    expect((await call(api.user.readMessages, { token, body: {} })).body.data).toEqual({ unread: 0 });
    expect((await call(api.user.getMessage, { token })).body.data.list[0]!.read).toBe(true);
  });
});

describe('login methods', () => {
  it('adds a user name and password to an e-mail account, which then logs in by name', async () => {
    const { token } = await emailUser();
    const userName = `bound_${n}`;
    const bind = await call(api.user.bindUserName, {
      token,
      body: { userName, password: 'new-pass-123', repPassword: 'new-pass-123' },
    });
    expect(bind.body.data.loginMethods).toEqual(['email', 'username']);
    const login = await call(api.auth.loginByName, { body: { userName, password: 'new-pass-123' } });
    expect(login.status).toBe(200);
    const methods = (await call(api.user.loginMethods, { token })).body.data;
    expect(methods.googleEnabled).toBe(false);
    expect(methods.methods).toEqual([
      {
        method: 'email',
        bound: true,
        detail: expect.stringMatching(/^u\*\*\*@example\.ph$/),
        canUnbind: true,
      },
      { method: 'username', bound: true, detail: userName, canUnbind: false },
      { method: 'google', bound: false, detail: null, canUnbind: false },
    ]);
  });

  it('binds an e-mail to a user-name account with a bind code, and never removes the last method', async () => {
    const { token } = await nameUser();
    const email = `bind${n}@example.ph`;
    await call(api.auth.sendEmailCode, { body: { email, type: 'bind' } });
    const bound = await call(api.user.bindEmail, {
      token,
      body: { email, verifyCode: lastCode(t.mails, email) },
    });
    expect(bound.body.data.loginMethods).toEqual(['email', 'username']);
    const unbound = await call(api.user.unbind, { token, body: { method: 'email' } });
    expect(unbound.body.data.loginMethods).toEqual(['username']);

    const only = await emailUser();
    expect(
      (await call(api.user.unbind, { token: only.token, body: { method: 'email' } })).body,
    ).toMatchObject({
      code: 409,
      errorKey: 'LastLoginMethod',
    });
  });

  it('binds an e-mail and a user name once, even when two binds race', async () => {
    const { token } = await nameUser();
    const emails = [`race${n}a@example.ph`, `race${n}b@example.ph`];
    for (const email of emails) await call(api.auth.sendEmailCode, { body: { email, type: 'bind' } });
    const binds = await Promise.all(
      emails.map((email) =>
        call(api.user.bindEmail, { token, body: { email, verifyCode: lastCode(t.mails, email) } }),
      ),
    );
    expect(binds.map((b) => b.status).sort()).toEqual([200, 409]);
    expect(binds.find((b) => b.status === 409)?.body).toMatchObject({
      errorKey: 'AlreadyBound',
      field: 'email',
    });
    const bound = binds.find((b) => b.status === 200)!;
    const methods = (await call(api.user.loginMethods, { token })).body.data.methods;
    // The address kept is the one whose bind succeeded.
    const winner = emails[binds.indexOf(bound)]!;
    expect(methods[0]).toMatchObject({ method: 'email', bound: true, detail: `${winner[0]}***@example.ph` });

    const mailUser = await emailUser();
    const names = [`racer_${n}a`, `racer_${n}b`];
    const named = await Promise.all(
      names.map((userName) =>
        call(api.user.bindUserName, {
          token: mailUser.token,
          body: { userName, password: 'secret-pass1', repPassword: 'secret-pass1' },
        }),
      ),
    );
    expect(named.map((b) => b.status).sort()).toEqual([200, 409]);
    expect(named.find((b) => b.status === 409)?.body).toMatchObject({ errorKey: 'AlreadyBound' });
    const kept = names[named.findIndex((b) => b.status === 200)]!;
    const login = await call(api.auth.loginByName, { body: { userName: kept, password: 'secret-pass1' } });
    expect(login.status).toBe(200);
    const other = names.find((name) => name !== kept)!;
    expect(
      (await call(api.auth.loginByName, { body: { userName: other, password: 'secret-pass1' } })).status,
    ).not.toBe(200);
  });

  it('never unbinds the last method, even when two unbinds race (two instances on PostgreSQL)', async () => {
    const second = await secondInstance(t);
    try {
      const other = caller(second?.app ?? t.app);
      const people = [];
      for (let i = 0; i < (usingPostgres ? 8 : 2); i++) {
        const person = await emailUser();
        // A Google identity beside the e-mail (as a Google bind leaves it).
        await t.database.query(
          `insert into user_identity (user_id, tenant_id, provider, subject, email, created_at)
           values ($1, '000000', 'google', $2, null, now())`,
          [person.info.userId, `subject-${n}`],
        );
        people.push(person);
      }
      const answers = await Promise.all(
        people.map(({ token }) =>
          Promise.all([
            call(api.user.unbind, { token, body: { method: 'email' } }),
            other(api.user.unbind, { token, body: { method: 'google' } }),
          ]),
        ),
      );
      for (const [i, pair] of answers.entries()) {
        expect(pair.map((u) => u.status).sort()).toEqual([200, 409]);
        expect(pair.find((u) => u.status === 409)?.body).toMatchObject({ errorKey: 'LastLoginMethod' });
        const methods = (await call(api.user.loginMethods, { token: people[i]!.token })).body.data.methods;
        expect(methods.filter((m: { bound: boolean }) => m.bound)).toHaveLength(1);
      }
    } finally {
      await second?.close();
    }
  });

  it('refuses a Google bind ticket while Google is not configured', async () => {
    const { token } = await emailUser();
    expect((await call(api.user.bindTicket, { token })).body.errorKey).toBe('GoogleNotConfigured');
  });
});

describe('password change', () => {
  it('needs the old password, ends every session and returns a new one', async () => {
    const { token, userName } = await nameUser();
    const other = (await call(api.auth.loginByName, { body: { userName, password: 'secret-pass1' } })).body
      .data.access_token;
    const wrong = await call(api.user.changePassword, {
      token,
      body: { oldPassword: 'not-it-123', password: 'brand-new-1', repPassword: 'brand-new-1' },
    });
    expect(wrong.body).toMatchObject({ errorKey: 'WrongPassword', field: 'oldPassword' });
    const ok = await call(api.user.changePassword, {
      token,
      body: { oldPassword: 'secret-pass1', password: 'brand-new-1', repPassword: 'brand-new-1' },
    });
    const fresh = ok.body.data.access_token;
    expect((await call(api.user.info, { token })).status).toBe(401);
    expect((await call(api.user.info, { token: other })).status).toBe(401);
    expect((await call(api.user.info, { token: fresh })).status).toBe(200);
    expect((await call(api.auth.loginByName, { body: { userName, password: 'brand-new-1' } })).status).toBe(
      200,
    );
  });
});

describe('account cancellation', () => {
  it('needs the password of a password account, then erases personal data and ends sessions', async () => {
    const { token, userName, info } = await nameUser();
    expect(
      (await call(api.user.cancelAccount, { token, body: { password: 'nope-nope-1' } })).body.errorKey,
    ).toBe('WrongPassword');
    expect(
      (await call(api.user.cancelAccount, { token, body: { password: 'secret-pass1' } })).body.code,
    ).toBe(200);
    expect((await call(api.user.info, { token })).status).toBe(401);
    expect(
      (await call(api.auth.loginByName, { body: { userName, password: 'secret-pass1' } })).body.errorKey,
    ).toBe('WrongUserNameOrPassword');
    const [row] = await t.database.query('select * from app_user where id = $1', [info.userId]);
    expect(row).toMatchObject({
      status: 'cancelled',
      user_name: null,
      email: null,
      phone: null,
      password_hash: null,
    });
  });

  it('needs an e-mail code (purpose cancel) for an e-mail account; the name can register again', async () => {
    const { token, email } = await emailUser();
    expect(
      (await call(api.user.cancelAccount, { token, body: { verifyCode: '000000' } })).body.errorKey,
    ).toBe('WrongEmailCode');
    await call(api.auth.sendEmailCode, { body: { email, type: 'cancel' } });
    const ok = await call(api.user.cancelAccount, { token, body: { verifyCode: lastCode(t.mails, email) } });
    expect(ok.status).toBe(200);
    t.clock.advance(61_000);
    expect((await call(api.auth.sendEmailCode, { body: { email, isRegister: 1 } })).status).toBe(200);
  });
});
