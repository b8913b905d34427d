import { unchecked } from '../../test/client.js';
import { accountCalls, adminUsersApi, api, CURRENCIES, type CurrencyKey } from '@dramastar/contract';
import { eq } from 'drizzle-orm';
import { tenants, users } from '../../db/schema/index.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { lastCode } from '../../test/smtp.js';
import { PAY_PASSWORD, walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';
import { createTicketService } from '../../modules/auth/ticket.service.js';

let t: TestApp;
let f: WalletFixtures;
let owner: string;
let support: string;
let finance: string;
let adminOther: string;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true', SESSION_IDLE_DAYS: '365' }, { smtp: true });
  f = walletFixtures(t);
  owner = await f.operator('owner', []);
  support = await f.operator('support', ['000000']);
  finance = await f.operator('finance', ['000000']);
  adminOther = await f.operator('tenant_admin', ['000001']);
});
afterAll(() => t.close());

const userName = async (token: string) =>
  (await f.call(api.user.info, { token })).body.data.userName as string;
const loginByName = async (name: string, lang?: string) => {
  const captcha = (await f.call(api.auth.captcha)).body.data;
  return f.call(api.auth.loginByName, {
    body: unchecked({
      userName: name,
      password: 'secret-pass1',
      tenantId: '000000',
      uuid: captcha.uuid,
      code: 'AB7K',
    }),
    ip: `10.77.0.${Math.floor(Math.random() * 200)}`,
    ...(lang ? { lang } : {}),
  });
};
const audits = async (target: string) =>
  t.database.query<{
    action: string;
    before: unknown;
    after: unknown;
    reason: string | null;
    tenant_id: string;
  }>('select action, before, after, reason, tenant_id from audit_log where target = $1 order by id', [
    target,
  ]);

async function registerByEmail(email: string) {
  expect((await f.call(api.auth.sendEmailCode, { body: { email, isRegister: 1 } })).status).toBe(200);
  const res = await f.call(api.auth.register, {
    body: { email, phone: '912345678', areaCode: '+84', verifyCode: lastCode(t.mails, email) },
  });
  expect(res.status).toBe(200);
  const token = res.body.data.access_token;
  const info = (await f.call(api.user.info, { token })).body.data;
  return { token, userId: info.userId, inviteCode: info.inviteCode };
}

describe('searching users', () => {
  it('finds a user by e-mail, user name, phone, id and invite code, within the operator’s tenants', async () => {
    const ana = await registerByEmail('ana.search@example.ph');
    const other = await f.user('000001');
    const byEmail = await f.admin(adminUsersApi.search, { token: support, query: { q: 'ANA.search@' } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data).toMatchObject({
      total: 1,
      list: [{ userId: ana.userId, email: 'ana.search@example.ph', status: 'active', tenantId: '000000' }],
    });
    const find = async (q: string, token = support) =>
      (
        (await f.admin(adminUsersApi.search, { token, query: { q } })).body.data.list as { userId: string }[]
      ).map((u) => u.userId);
    expect(await find(ana.userId)).toContain(ana.userId);
    expect(await find(ana.inviteCode.toLowerCase())).toEqual([ana.userId]);
    expect(await find('+84 912 345 678')).toContain(ana.userId);
    const named = await f.user();
    const name = await userName(named.token);
    expect(await find(name.toUpperCase())).toEqual([String(named.userId)]);
    // % and _ are literal: "wallet%" finds nobody.
    expect(await find('wallet%')).toEqual([]);
    expect(await find('ana_search')).toEqual([]);
    expect(await find('_')).not.toContain(ana.userId);
    expect(await find('ana.search')).toEqual([ana.userId]);
    // support of 000000 does not see 000001's users, the owner does.
    expect(await find(other.inviteCode)).toEqual([]);
    expect(await find(other.inviteCode, owner)).toEqual([String(other.userId)]);
    expect(await find(ana.inviteCode, adminOther)).toEqual([]);
    expect(
      await f.admin(adminUsersApi.search, { token: support, query: { q: 'x', tenantId: '000001' } }),
    ).toMatchObject({ status: 403 });
    expect(
      (
        await f.admin(adminUsersApi.search, { token: owner, query: { tenantId: '000001' } })
      ).body.data.list.every((u: { tenantId: string }) => u.tenantId === '000001'),
    ).toBe(true);
    expect(await f.admin(adminUsersApi.search, { token: support, query: { pageSize: '500' } })).toMatchObject(
      {
        status: 400,
        body: { field: 'pageSize' },
      },
    );
    // content operators do not read users.
    const content = await f.operator('content', ['000000']);
    expect((await f.admin(adminUsersApi.search, { token: content })).status).toBe(403);
  });
});

describe("a user's detail", () => {
  it("names the tenant's country, whatever the phone's calling code says", async () => {
    const who = await f.user('000000');
    await t.database.db.update(users).set({ areaCode: '+1' }).where(eq(users.id, who.userId));
    const detail = await f.admin(adminUsersApi.detail, {
      token: finance,
      query: { userId: String(who.userId) },
    });
    const [tenant] = await t.database.db.select().from(tenants).where(eq(tenants.id, '000000'));
    expect(detail.body.data.profile).toMatchObject({
      areaCode: '+1',
      country: CURRENCIES[tenant?.currency as CurrencyKey].name,
    });
    expect(detail.body.data.profile.country).not.toBe('United States');
  });

  it('shows profile, inviter, membership, balances, team levels, wallet records and sessions', async () => {
    const top = await f.user();
    const mid = await f.user('000000', top.inviteCode);
    const leaf = await f.user('000000', mid.inviteCode);
    await f.call(api.test.openVipLevel, { token: mid.token, body: { level: 2 } });
    await f.recharge(mid, '300');

    const detail = await f.admin(adminUsersApi.detail, {
      token: finance,
      query: { userId: String(mid.userId) },
    });
    expect(detail.status).toBe(200);
    const d = detail.body.data;
    expect(d.profile).toMatchObject({
      userId: String(mid.userId),
      tenantId: '000000',
      areaCode: '+92',
      phone: '3001234567',
      country: 'Philippines', // tenant 000000's, not the +92 phone's
      inviteCode: mid.inviteCode,
      inviter: { userId: String(top.userId), inviteCode: top.inviteCode },
      status: 'active',
      loginMethods: ['username'],
      frozen: null,
    });
    expect(d.membership.active).toMatchObject({ tier: 'premium' });
    expect(d.membership.cards).toHaveLength(1);
    expect(d.membership.trialCards).toEqual([]);
    expect(d.balances).toEqual([{ currency: 'PHP', balance: '300.00' }]);
    expect(d.team.upline).toEqual([
      {
        level: 1,
        userId: String(top.userId),
        nickname: expect.any(String),
        inviteCode: top.inviteCode,
        status: 'active',
      },
    ]);
    expect(d.team.downline).toEqual([
      { level: 1, count: 1 },
      { level: 2, count: 0 },
      { level: 3, count: 0 },
      { level: 4, count: 0 },
      { level: 5, count: 0 },
    ]);
    const topDetail = (
      await f.admin(adminUsersApi.detail, { token: support, query: { userId: String(top.userId) } })
    ).body.data;
    expect(topDetail.team.downline.slice(0, 2)).toEqual([
      { level: 1, count: 1 },
      { level: 2, count: 1 },
    ]);
    const leafDetail = (
      await f.admin(adminUsersApi.detail, { token: support, query: { userId: String(leaf.userId) } })
    ).body.data;
    expect(leafDetail.team.upline.map((u: { level: number; userId: string }) => [u.level, u.userId])).toEqual(
      [
        [1, String(mid.userId)],
        [2, String(top.userId)],
      ],
    );

    const ledger = await f.admin(adminUsersApi.ledger, {
      token: support,
      query: { userId: String(mid.userId) },
    });
    expect(ledger.body.data).toMatchObject({
      currency: 'PHP',
      total: 1,
      list: [{ type: 'recharge', amount: '300.00', currency: 'PHP' }],
    });
    const recharges = await f.admin(adminUsersApi.recharges, {
      token: support,
      query: { userId: String(mid.userId) },
    });
    expect(recharges.body.data).toMatchObject({
      total: 1,
      list: [{ status: 'credited', userId: String(mid.userId) }],
    });

    // A withdrawal shows in its user's list.
    const low = await f.withdrawer('500', '000000');
    expect(
      (
        await f.call(accountCalls.applyWithdrawal, {
          token: low.token,
          body: { amount: '200', payPassword: PAY_PASSWORD, requestId: randomUUID() },
        })
      ).status,
    ).toBe(200);
    const wd = await f.admin(adminUsersApi.withdrawals, {
      token: support,
      query: { userId: String(low.userId) },
    });
    expect(wd.body.data).toMatchObject({ total: 1, list: [{ status: 'applied', amount: '200.00' }] });

    const sessions = await f.admin(adminUsersApi.sessions, {
      token: support,
      query: { userId: String(mid.userId) },
    });
    expect(sessions.body.data).toMatchObject({ total: 1, list: [{ status: 'active', revokedAt: null }] });
  });

  it('answers 404 for no such user and 403 for a user of another tenant', async () => {
    expect(
      await f.admin(adminUsersApi.detail, { token: support, query: { userId: '999999999' } }),
    ).toMatchObject({
      status: 404,
    });
    const other = await f.user('000001');
    for (const declared of [
      adminUsersApi.detail,
      adminUsersApi.ledger,
      adminUsersApi.recharges,
      adminUsersApi.withdrawals,
      adminUsersApi.sessions,
    ])
      expect(
        (await f.admin(declared, { token: support, query: unchecked({ userId: String(other.userId) }) }))
          .status,
        declared.path,
      ).toBe(403);
    expect(
      (await f.admin(adminUsersApi.detail, { token: owner, query: { userId: String(other.userId) } })).status,
    ).toBe(200);
    expect(await f.admin(adminUsersApi.detail, { token: support, query: { userId: 'abc' } })).toMatchObject({
      status: 400,
      body: { field: 'userId' },
    });
  });
});

describe('sessions', () => {
  it('admins end one session (audited); support and finance may not', async () => {
    const who = await f.user();
    const list = async () =>
      (await f.admin(adminUsersApi.sessions, { token: support, query: { userId: String(who.userId) } })).body
        .data.list as { id: string; status: string }[];
    const [session] = await list();
    const body = { userId: String(who.userId), sessionId: session!.id };
    expect((await f.admin(adminUsersApi.revokeSession, { token: support, body })).status).toBe(403);
    expect((await f.admin(adminUsersApi.revokeSession, { token: finance, body })).status).toBe(403);
    expect((await f.admin(adminUsersApi.revokeSession, { token: adminOther, body })).status).toBe(403);
    expect((await f.call(api.user.info, { token: who.token })).status).toBe(200);
    const ticket = (await f.call(api.user.handoffTicket, { token: who.token })).body.data.ticket;
    const revoked = await f.admin(adminUsersApi.revokeSession, { token: owner, body });
    expect(revoked).toMatchObject({ status: 200, body: { data: { id: session!.id, status: 'revoked' } } });
    expect((await f.call(api.user.info, { token: who.token })).status).toBe(401);
    // A hand-off ticket the session made ends with it.
    expect(await f.call(api.auth.loginByTicket, { body: { ticket } })).toMatchObject({
      status: 409,
      body: { errorKey: 'LoginTicketInvalid' },
    });
    expect((await list())[0]!.status).toBe('revoked');
    expect(await audits(`user:${who.userId}`)).toMatchObject([
      { action: 'user.session.revoke', before: { status: 'active' }, after: { status: 'revoked' } },
    ]);
    // Another user's session through this user: 404.
    const stranger = await f.user();
    expect(
      (
        await f.admin(adminUsersApi.revokeSession, {
          token: owner,
          body: { userId: String(stranger.userId), sessionId: session!.id },
        })
      ).status,
    ).toBe(404);
  });
});

describe('freezing a user', () => {
  it('needs an admin of the user’s tenant and a reason', async () => {
    const who = await f.user();
    const body = { userId: String(who.userId), reason: 'Chargeback fraud' };
    for (const token of [support, finance, adminOther])
      expect((await f.admin(adminUsersApi.freeze, { token, body })).status).toBe(403);
    expect(
      await f.admin(adminUsersApi.freeze, { token: owner, body: { userId: body.userId, reason: ' x ' } }),
    ).toMatchObject({
      status: 400,
      body: { field: 'reason', errorKey: 'ReasonRequired' },
    });
    expect(
      await f.admin(adminUsersApi.freeze, { token: owner, body: unchecked({ userId: body.userId }) }),
    ).toMatchObject({
      status: 400,
      body: { field: 'reason' },
    });
    expect((await f.call(api.user.info, { token: who.token })).status).toBe(200);
    expect(await audits(`user:${who.userId}`)).toEqual([]);
  });

  it('ends the sessions, refuses sign-in and money, and unfreezing restores sign-in', async () => {
    const who = await f.withdrawer('500');
    const name = await userName(who.token);
    const second = (await loginByName(name)).body.data.access_token;
    const admin = await f.operator('tenant_admin', ['000000']);

    const frozen = await f.admin(adminUsersApi.freeze, {
      token: admin,
      body: { userId: String(who.userId), reason: 'Suspicious withdrawals' },
    });
    expect(frozen).toMatchObject({
      status: 200,
      body: { data: { userId: String(who.userId), status: 'frozen' } },
    });
    expect(await audits(`user:${who.userId}`)).toEqual([
      {
        action: 'user.freeze',
        before: { status: 'active' },
        after: { status: 'frozen' },
        reason: 'Suspicious withdrawals',
        tenant_id: '000000',
      },
    ]);

    // Every session is gone: 401 on any user call, money calls included.
    for (const token of [who.token, second])
      expect((await f.call(api.user.info, { token })).status).toBe(401);
    expect(
      (
        await f.call(accountCalls.applyWithdrawal, {
          token: who.token,
          body: { amount: '200', payPassword: PAY_PASSWORD, requestId: randomUUID() },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await f.call(api.user.addBalance, {
          token: who.token,
          body: { channel: 'gateway', amount: '100', requestId: randomUUID() },
        })
      ).status,
    ).toBe(401);
    expect(
      await t.database.query('select 1 from session where user_id = $1 and revoked_at is null', [who.userId]),
    ).toEqual([]);
    expect(await t.database.query('select 1 from withdrawal where user_id = $1', [who.userId])).toEqual([]);

    // Sign-in is refused with the frozen message, in the user's language; a wrong password still says wrong password.
    expect(await loginByName(name)).toMatchObject({
      status: 409,
      body: { errorKey: 'AccountFrozen', msg: 'This account is frozen. Contact customer service.' },
    });
    expect((await loginByName(name, 'vn')).body.msg).toBe(
      'Tài khoản này đã bị đóng băng. Vui lòng liên hệ chăm sóc khách hàng.',
    );
    const captcha = (await f.call(api.auth.captcha)).body.data;
    expect(
      (
        await f.call(api.auth.loginByName, {
          body: unchecked({
            userName: name,
            password: 'wrong-pass-9',
            tenantId: '000000',
            uuid: captcha.uuid,
            code: 'AB7K',
          }),
          ip: '10.78.0.1',
        })
      ).body.errorKey,
    ).toBe('WrongUserNameOrPassword');
    // The same user name cannot be registered by someone else meanwhile.
    expect(
      await t.database.query('select count(*)::int as n from app_user where user_name = $1', [name]),
    ).toEqual([{ n: 1 }]);

    // The detail tells who froze the account and why; freezing twice is refused.
    const detail = (
      await f.admin(adminUsersApi.detail, { token: support, query: { userId: String(who.userId) } })
    ).body.data;
    expect(detail.profile).toMatchObject({ status: 'frozen', frozen: { reason: 'Suspicious withdrawals' } });
    expect(
      await f.admin(adminUsersApi.freeze, {
        token: owner,
        body: { userId: String(who.userId), reason: 'again' },
      }),
    ).toMatchObject({ status: 409, body: { errorKey: 'UserStatusConflict' } });
    expect(
      (
        await f.admin(adminUsersApi.search, { token: support, query: { status: 'frozen' } })
      ).body.data.list.map((u: { userId: string }) => u.userId),
    ).toContain(String(who.userId));

    // Unfreezing: audited with its reason; the user signs in and moves money again.
    expect(
      (
        await f.admin(adminUsersApi.unfreeze, {
          token: support,
          body: { userId: String(who.userId), reason: 'ok now' },
        })
      ).status,
    ).toBe(403);
    const back = await f.admin(adminUsersApi.unfreeze, {
      token: admin,
      body: { userId: String(who.userId), reason: 'Documents checked' },
    });
    expect(back).toMatchObject({ status: 200, body: { data: { status: 'active' } } });
    expect((await audits(`user:${who.userId}`)).at(-1)).toMatchObject({
      action: 'user.unfreeze',
      before: { status: 'frozen' },
      after: { status: 'active' },
      reason: 'Documents checked',
    });
    const login = await loginByName(name);
    expect(login.status).toBe(200);
    const token = login.body.data.access_token;
    expect(
      (
        await f.call(accountCalls.applyWithdrawal, {
          token,
          body: { amount: '200', payPassword: PAY_PASSWORD, requestId: randomUUID() },
        })
      ).status,
    ).toBe(200);
    expect(
      await f.admin(adminUsersApi.unfreeze, {
        token: owner,
        body: { userId: String(who.userId), reason: 'again' },
      }),
    ).toMatchObject({ status: 409, body: { errorKey: 'UserStatusConflict' } });
  });

  it('refuses e-mail codes, e-mail login, Google sign-in and a login hand-over for a frozen account', async () => {
    const email = 'frozen.mail@example.ph';
    const who = await registerByEmail(email);
    // A login code asked before the freeze.
    expect((await f.call(api.auth.sendEmailCode, { body: { email, isRegister: 0 } })).status).toBe(200);
    const code = lastCode(t.mails, email);
    const tickets = createTicketService(t.database.db, t.clock);
    const google = await tickets.issue(t.database.db, {
      kind: 'google_login',
      tenantId: '000000',
      data: { subject: 'g-frozen', email, name: 'Frozen' },
    });
    const handoff = (await f.call(api.user.handoffTicket, { token: who.token })).body.data.ticket;
    expect(
      (
        await f.admin(adminUsersApi.freeze, {
          token: owner,
          body: { userId: who.userId, reason: 'Abuse report' },
        })
      ).status,
    ).toBe(200);

    const refused = { status: 409, body: { errorKey: 'AccountFrozen' } };
    t.clock.advance(61_000);
    expect(await f.call(api.auth.sendEmailCode, { body: { email, isRegister: 0 } })).toMatchObject(refused);
    expect(await f.call(api.auth.login, { body: { email, verifyCode: code } })).toMatchObject(refused);
    // Registering the address again is refused as taken.
    expect(await f.call(api.auth.sendEmailCode, { body: { email, isRegister: 1 } })).toMatchObject({
      status: 409,
      body: { errorKey: 'EmailAlreadyRegistered' },
    });
    expect(
      await f.call(api.auth.thirdLoginByToken, { body: { accessToken: google, channel: 'google' } }),
    ).toMatchObject(refused);
    // The hand-over ticket ended with the sessions at the freeze.
    expect(await f.call(api.auth.loginByTicket, { body: { ticket: handoff } })).toMatchObject({
      status: 409,
      body: { errorKey: 'LoginTicketInvalid' },
    });
    // Nothing was linked or started.
    expect(await t.database.query('select 1 from user_identity where user_id = $1', [who.userId])).toEqual(
      [],
    );
    expect(
      await t.database.query('select 1 from session where user_id = $1 and revoked_at is null', [who.userId]),
    ).toEqual([]);

    // After unfreezing the unused code still works.
    await f.admin(adminUsersApi.unfreeze, { token: owner, body: { userId: who.userId, reason: 'Resolved' } });
    expect((await f.call(api.auth.login, { body: { email, verifyCode: code } })).status).toBe(200);
  });
});
