import { accessApi, adminApi, type AnyCall } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, unchecked } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import { OPERATOR_MAX_FAILED_LOGINS } from './operator.service.js';
import { base32Decode, hotp, totpCode, totpStep } from './totp.js';

const A = '000000';
const B = '000001';

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
/** A code that is not the current one nor a neighbour's. */
const wrongCode = (secret: string) => hotp(base32Decode(secret), totpStep(t.clock.now()) + 5);
/** On to the next 30-second step, so a new code exists. */
const nextStep = () => t.clock.advance(30_000);

const login = (username: string, password: string, totpCode?: string) =>
  admin(adminApi.login, {
    body: { username, password, ...(totpCode ? { totpCode } : {}) },
  });

/** An operator made in the console by the owner (one-time password, set-up pending). */
async function created(role: string, tenantIds: string[], by = owner) {
  const username = `new_${role}_${Math.random().toString(36).slice(2, 8)}`;
  const res = await admin(accessApi.createOperator, {
    token: by,
    body: unchecked({ username, role, tenantIds }),
  });
  expect(res.status).toBe(200);
  return {
    id: res.body.data.operator.id,
    username,
    password: res.body.data.oneTimePassword,
  };
}

/** Changes the one-time password and enrols TOTP: the operator's first sign-in. */
async function setUp(who: { username: string; password: string }) {
  const { token } = (await login(who.username, who.password)).body.data;
  const password = 'a-new-secret-42';
  expect(
    (
      await admin(accessApi.changePassword, {
        token,
        body: { currentPassword: who.password, newPassword: password },
      })
    ).status,
  ).toBe(200);
  const { secret } = (await admin(accessApi.totpStart, { token, body: {} })).body.data;
  expect((await admin(accessApi.totpConfirm, { token, body: { code: code(secret) } })).status).toBe(200);
  nextStep();
  return { token, password, secret: secret };
}

describe('TOTP sign-in (required for finance)', () => {
  it('asks for the code, refuses a wrong one and a replayed one', async () => {
    const fin = await fixtures.operatorAccount('finance', [A]);
    expect(await login(fin.username, fin.password)).toMatchObject({
      status: 409,
      body: { errorKey: 'TotpRequired' },
    });
    expect(await login(fin.username, fin.password, wrongCode(fin.totpSecret))).toMatchObject({
      status: 409,
      body: { errorKey: 'WrongTotpCode' },
    });
    expect(await login(fin.username, fin.password, '12ab56')).toMatchObject({
      status: 400,
      body: { field: 'totpCode' },
    });
    const good = code(fin.totpSecret);
    const res = await login(fin.username, fin.password, good);
    expect(res.status).toBe(200);
    expect(res.body.data.operator).toMatchObject({ totpEnabled: true, totpRequired: true });
    // The same code again, even with the right password: refused.
    expect(await login(fin.username, fin.password, good)).toMatchObject({
      status: 409,
      body: { errorKey: 'WrongTotpCode' },
    });
    nextStep();
    expect((await login(fin.username, fin.password, code(fin.totpSecret))).status).toBe(200);
    // A wrong password with a right code is still a wrong sign-in.
    nextStep();
    expect((await login(fin.username, 'not-the-password', code(fin.totpSecret))).status).toBe(401);
  });

  it('locks the operator after repeated wrong codes', async () => {
    const fin = await fixtures.operatorAccount('finance', [A]);
    for (let i = 0; i < OPERATOR_MAX_FAILED_LOGINS; i++)
      expect((await login(fin.username, fin.password, wrongCode(fin.totpSecret))).status).toBe(409);
    expect(await login(fin.username, fin.password, code(fin.totpSecret))).toMatchObject({
      status: 429,
      body: { errorKey: 'OperatorLocked' },
    });
    t.clock.advance(16 * 60_000);
    expect((await login(fin.username, fin.password, code(fin.totpSecret))).status).toBe(200);
  });
});

describe('the set-up gate', () => {
  it('opens the console only after the password change and (finance) TOTP enrolment', async () => {
    const fin = await created('finance', [A]);
    const res = await login(fin.username, fin.password);
    expect(res.body.data.operator).toMatchObject({ mustChangePassword: true, totpEnabled: false });
    const { token } = res.body.data;
    expect(await admin(adminApi.recharges, { token })).toMatchObject({
      status: 403,
      body: { errorKey: 'PasswordChangeRequired' },
    });
    expect(await admin(accessApi.sessions, { token })).toMatchObject({ status: 403 });
    expect((await admin(adminApi.me, { token })).body.data.mustChangePassword).toBe(true);

    const change = (currentPassword: string, newPassword: string) =>
      admin(accessApi.changePassword, { token, body: { currentPassword, newPassword } });
    expect(await change('wrong-password', 'long-enough-1')).toMatchObject({
      status: 409,
      body: { errorKey: 'WrongCurrentPassword' },
    });
    expect(await change(fin.password, 'short')).toMatchObject({
      status: 400,
      body: { errorKey: 'OperatorPasswordLength', field: 'newPassword' },
    });
    expect(await change(fin.password, fin.username.toUpperCase())).toMatchObject({
      status: 409,
      body: { errorKey: 'PasswordIsUsername' },
    });
    expect(await change(fin.password, 'long-enough-1')).toMatchObject({
      status: 200,
      body: { data: { mustChangePassword: false } },
    });

    expect(await admin(adminApi.recharges, { token })).toMatchObject({
      status: 403,
      body: { errorKey: 'TotpEnrolmentRequired' },
    });
    expect(await admin(accessApi.totpConfirm, { token, body: { code: '123456' } })).toMatchObject({
      status: 409,
      body: { errorKey: 'TotpNotStarted' },
    });
    const start = (await admin(accessApi.totpStart, { token, body: {} })).body.data;
    expect(start.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.uri).toContain(`otpauth://totp/DramaStar%3A${fin.username}?secret=${start.secret}`);
    expect(start.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(
      await admin(accessApi.totpConfirm, { token, body: { code: wrongCode(start.secret) } }),
    ).toMatchObject({ status: 409, body: { errorKey: 'WrongTotpCode' } });
    expect(await admin(accessApi.totpConfirm, { token, body: { code: code(start.secret) } })).toMatchObject({
      status: 200,
      body: { data: { totpEnabled: true } },
    });
    expect((await admin(adminApi.recharges, { token })).status).toBe(200);
    expect(await admin(accessApi.totpStart, { token, body: {} })).toMatchObject({
      status: 409,
      body: { errorKey: 'TotpAlreadyEnabled' },
    });
    // The next sign-in asks for the code; the enrolment's code is spent.
    expect((await login(fin.username, 'long-enough-1')).body.errorKey).toBe('TotpRequired');
    expect((await login(fin.username, 'long-enough-1', code(start.secret))).body.errorKey).toBe(
      'WrongTotpCode',
    );
    nextStep();
    expect((await login(fin.username, 'long-enough-1', code(start.secret))).status).toBe(200);

    const audit = (await admin(adminApi.audit, { token: owner, query: { pageSize: '100' } })).body.data.list;
    const mine = audit.filter((e: { target: string }) => e.target === `operator:${fin.username}`);
    expect(mine.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['operator.create', 'operator.password_change', 'operator.totp_enable']),
    );
    expect(JSON.stringify(mine)).not.toContain(start.secret);
  });

  it('holds a tenant admin, who can move money, at the TOTP enrolment like finance', async () => {
    const ta = await created('tenant_admin', [A]);
    const { token } = (await login(ta.username, ta.password)).body.data;
    await admin(accessApi.changePassword, {
      token,
      body: { currentPassword: ta.password, newPassword: 'admin-pass-77' },
    });
    expect((await admin(adminApi.me, { token })).body.data).toMatchObject({
      totpRequired: true,
      totpEnabled: false,
    });
    for (const [declared, body] of [
      [adminApi.confirmRecharge, { orderNo: 'R1', matchedReference: 'REF' }],
      [adminApi.withdrawalAction, { orderNo: 'W1', action: 'approve' }],
      [accessApi.resetOperatorTotp, { id: '1' }],
    ] as const) {
      expect(await admin(declared, { token, body: unchecked(body) }), declared.path).toMatchObject({
        status: 403,
        body: { errorKey: 'TotpEnrolmentRequired' },
      });
    }
    const { secret } = (await admin(accessApi.totpStart, { token, body: {} })).body.data;
    await admin(accessApi.totpConfirm, { token, body: { code: code(secret) } });
    nextStep();
    expect((await admin(adminApi.recharges, { token })).status).toBe(200);
    expect(await admin(accessApi.totpDisable, { token, body: { code: code(secret) } })).toMatchObject({
      status: 409,
      body: { errorKey: 'TotpRoleRequires' },
    });
    expect((await login(ta.username, 'admin-pass-77')).body.errorKey).toBe('TotpRequired');
  });

  it('lets a content operator in after the password change; TOTP stays optional for it', async () => {
    const editor = await created('content', [A]);
    const { token } = (await login(editor.username, editor.password)).body.data;
    await admin(accessApi.changePassword, {
      token,
      body: { currentPassword: editor.password, newPassword: 'editor-pass-99' },
    });
    const me = (await admin(adminApi.me, { token })).body.data;
    expect(me).toMatchObject({ mustChangePassword: false, totpEnabled: false, totpRequired: false });
    expect((await admin(accessApi.sessions, { token })).status).toBe(200);
    // It may enrol, and turn TOTP off again with a code; finance may not.
    const { secret } = (await admin(accessApi.totpStart, { token, body: {} })).body.data;
    await admin(accessApi.totpConfirm, { token, body: { code: code(secret) } });
    nextStep();
    expect(await admin(accessApi.totpDisable, { token, body: { code: code(secret) } })).toMatchObject({
      status: 200,
      body: { data: { totpEnabled: false } },
    });
    expect((await login(editor.username, 'editor-pass-99')).status).toBe(200);
    const fin = await fixtures.operatorAccount('finance', [A]);
    expect(
      await admin(accessApi.totpDisable, { token: fin.token, body: { code: code(fin.totpSecret) } }),
    ).toMatchObject({ status: 409, body: { errorKey: 'TotpRoleRequires' } });
  });
});

describe('sessions', () => {
  it('lists mine with user agent, address and the current one; revokes one or all others', async () => {
    const editor = await created('support', [A]);
    const first = await setUpWithoutTotp(editor);
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/admin-api/auth/login',
        headers: { 'content-type': 'application/json', 'user-agent': 'Console-Test/2.0' },
        payload: JSON.stringify({ username: editor.username, password: first.password }),
        remoteAddress: '203.0.113.9',
      })
    ).json().data.token as string;
    const third = (await login(editor.username, first.password)).body.data.token;

    const list = (await admin(accessApi.sessions, { token: first.token })).body.data.list;
    expect(list).toHaveLength(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const byAgent = list.find((s: { userAgent: string | null }) => s.userAgent === 'Console-Test/2.0')!;
    expect(byAgent).toMatchObject({
      ip: '203.0.113.9',
      current: false,
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
    });

    expect(
      await admin(accessApi.revokeSession, { token: first.token, body: { id: byAgent.id } }),
    ).toMatchObject({
      status: 200,
    });
    expect((await admin(adminApi.me, { token: second })).status).toBe(401);
    expect(
      await admin(accessApi.revokeSession, { token: first.token, body: { id: byAgent.id } }),
    ).toMatchObject({
      status: 404,
      body: { errorKey: 'SessionNotFound' },
    });
    // Another operator's session cannot be named.
    const other = await fixtures.operatorAccount('support', [A]);
    const theirs = (await admin(accessApi.sessions, { token: other.token })).body.data.list[0]!.id;
    expect((await admin(accessApi.revokeSession, { token: first.token, body: { id: theirs } })).status).toBe(
      404,
    );
    expect((await admin(adminApi.me, { token: other.token })).status).toBe(200);

    expect(await admin(accessApi.revokeOtherSessions, { token: first.token, body: {} })).toMatchObject({
      status: 200,
      body: { data: { revoked: 1 } },
    });
    expect((await admin(adminApi.me, { token: third })).status).toBe(401);
    expect((await admin(adminApi.me, { token: first.token })).status).toBe(200);
  });

  it('records last seen at most once a minute', async () => {
    const sup = await fixtures.operatorAccount('support', [A]);
    const seen = async () =>
      (await admin(accessApi.sessions, { token: sup.token })).body.data.list[0]!.lastSeenAt as string;
    const at = await seen();
    t.clock.advance(20_000);
    expect(await seen()).toBe(at);
    t.clock.advance(41_000);
    expect(await seen()).toBe(t.clock.now().toISOString());
  });

  it('ends the other sessions at a password change', async () => {
    const sup = await fixtures.operatorAccount('support', [A]);
    const other = (await login(sup.username, sup.password, code(sup.totpSecret))).body.data.token;
    nextStep();
    expect(
      (
        await admin(accessApi.changePassword, {
          token: sup.token,
          body: { currentPassword: sup.password, newPassword: 'changed-pass-77' },
        })
      ).status,
    ).toBe(200);
    expect((await admin(adminApi.me, { token: other })).status).toBe(401);
    expect((await admin(adminApi.me, { token: sup.token })).status).toBe(200);
  });
});

/** Password change only (roles without required TOTP). */
async function setUpWithoutTotp(who: { username: string; password: string }) {
  const { token } = (await login(who.username, who.password)).body.data;
  const password = 'support-pass-123';
  await admin(accessApi.changePassword, {
    token,
    body: { currentPassword: who.password, newPassword: password },
  });
  return { token: token, password };
}

describe('operators management', () => {
  it('lets a tenant admin manage its own tenants only, never owners', async () => {
    const ta = await fixtures.operator('tenant_admin', [A]);
    const create = (body: object) => admin(accessApi.createOperator, { token: ta, body: unchecked(body) });
    expect(await create({ username: 'would_be_owner', role: 'owner', tenantIds: [] })).toMatchObject({
      status: 403,
    });
    expect(await create({ username: 'other_tenant', role: 'finance', tenantIds: [B] })).toMatchObject({
      status: 403,
    });
    expect(await create({ username: 'two_tenants', role: 'finance', tenantIds: [A, B] })).toMatchObject({
      status: 403,
    });
    expect(await create({ username: 'no_tenant', role: 'finance', tenantIds: [] })).toMatchObject({
      status: 409,
      body: { errorKey: 'OperatorTenantsRequired' },
    });
    const mine = await created('finance', [A], ta);
    expect(await create({ username: mine.username, role: 'content', tenantIds: [A] })).toMatchObject({
      status: 409,
      body: { errorKey: 'OperatorUsernameTaken' },
    });
    const theirs = await created('finance', [B]);
    const list = (await admin(accessApi.operators, { token: ta, query: { pageSize: '100' } })).body.data.list;
    const names = list.map((o: { username: string }) => o.username);
    expect(names).toContain(mine.username);
    expect(names).not.toContain(theirs.username);
    // % and _ in the name searched for are literal.
    const named = async (username: string) =>
      (await admin(accessApi.operators, { token: owner, query: { username } })).body.data.list.map(
        (o: { username: string }) => o.username,
      );
    expect(await named(mine.username.toUpperCase())).toEqual([mine.username]);
    expect(await named(mine.username.replace('_finance_', '%'))).toEqual([]);
    expect(await named(mine.username.replace('_finance_', '_finance%'))).toEqual([]);
    expect(list.some((o: { role: string }) => o.role === 'owner')).toBe(false);
    expect((await admin(accessApi.operators, { token: ta, query: { tenantId: B } })).status).toBe(403);
    const all = (await admin(accessApi.operators, { token: owner, query: { pageSize: '100' } })).body.data
      .list;
    expect(all.map((o: { username: string }) => o.username)).toEqual(
      expect.arrayContaining([mine.username, theirs.username]),
    );

    for (const declared of [accessApi.resetOperatorPassword, accessApi.resetOperatorTotp])
      expect(await admin(declared, { token: ta, body: { id: theirs.id } }), declared.path).toMatchObject({
        status: 403,
      });
    expect(
      await admin(accessApi.setOperatorDisabled, { token: ta, body: { id: theirs.id, disabled: true } }),
    ).toMatchObject({ status: 403 });
    const ownerRow = all.find((o: { role: string }) => o.role === 'owner')!;
    expect(
      await admin(accessApi.setOperatorDisabled, { token: ta, body: { id: ownerRow.id, disabled: true } }),
    ).toMatchObject({ status: 403 });
    expect(
      await admin(accessApi.setOperatorDisabled, { token: owner, body: { id: '999999', disabled: true } }),
    ).toMatchObject({ status: 404, body: { errorKey: 'OperatorNotFound' } });
    expect(
      await admin(accessApi.setOperatorDisabled, { token: owner, body: { id: ownerRow.id, disabled: true } }),
    ).toMatchObject({ status: 409, body: { errorKey: 'OperatorSelf' } });
  });

  it('disables and enables, resets the password and TOTP, each ending sessions and audited', async () => {
    const ta = await fixtures.operator('tenant_admin', [A]);
    const fin = await created('finance', [A], ta);
    const first = await setUp(fin);
    const act = <C extends AnyCall>(call: C, body: object) =>
      admin(call, { token: ta, body: unchecked({ id: fin.id, ...body }) });

    expect(await act(accessApi.setOperatorDisabled, { disabled: true })).toMatchObject({
      status: 200,
      body: { data: { disabled: true } },
    });
    expect((await admin(adminApi.me, { token: first.token })).status).toBe(401);
    expect((await login(fin.username, first.password, code(first.secret))).status).toBe(401);
    expect(await act(accessApi.setOperatorDisabled, { disabled: false })).toMatchObject({
      body: { data: { disabled: false } },
    });
    const again = (await login(fin.username, first.password, code(first.secret))).body.data.token;
    nextStep();

    const reset = await act(accessApi.resetOperatorPassword, {});
    expect(reset.body.data.operator.mustChangePassword).toBe(true);
    expect((await admin(adminApi.me, { token: again })).status).toBe(401);
    expect((await login(fin.username, first.password, code(first.secret))).status).toBe(401);
    nextStep();
    const afterReset = await login(fin.username, reset.body.data.oneTimePassword, code(first.secret));
    expect(afterReset.status).toBe(200);
    expect((await admin(adminApi.recharges, { token: afterReset.body.data.token })).body.errorKey).toBe(
      'PasswordChangeRequired',
    );

    expect(await act(accessApi.resetOperatorTotp, {})).toMatchObject({
      status: 200,
      body: { data: { totpEnabled: false } },
    });
    expect((await admin(adminApi.me, { token: afterReset.body.data.token })).status).toBe(401);
    // No code asked any more: it enrols again at this sign-in.
    expect((await login(fin.username, reset.body.data.oneTimePassword)).status).toBe(200);

    const audit = (await admin(adminApi.audit, { token: ta, query: { pageSize: '100' } })).body.data.list;
    const actions = audit
      .filter((e: { target: string }) => e.target === `operator:${fin.username}`)
      .map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'operator.create',
        'operator.disable',
        'operator.enable',
        'operator.password_reset',
        'operator.totp_reset',
      ]),
    );
    const disable = audit.find((e: { action: string }) => e.action === 'operator.disable');
    expect(disable).toMatchObject({ tenantId: A, before: { disabled: false }, after: { disabled: true } });
  });
});

describe('the audit log', () => {
  it('filters by time: from (inclusive) and to (exclusive); a backwards or malformed range is refused', async () => {
    const early = await created('support', [A]);
    t.clock.advance(3_600_000);
    const middle = t.clock.now().toISOString();
    const late = await created('support', [A]);
    const targets = async (query: Record<string, string>) => {
      const res = await admin(adminApi.audit, {
        token: owner,
        query: { pageSize: '100', action: 'operator.create', ...query },
      });
      expect(res.status).toBe(200);
      return res.body.data.list.map((e: { target: string }) => e.target);
    };
    expect(await targets({ from: middle })).toContain(`operator:${late.username}`);
    expect(await targets({ from: middle })).not.toContain(`operator:${early.username}`);
    expect(await targets({ to: middle })).toContain(`operator:${early.username}`);
    expect(await targets({ to: middle })).not.toContain(`operator:${late.username}`);

    expect(await admin(adminApi.audit, { token: owner, query: { from: middle, to: middle } })).toMatchObject({
      status: 400,
      body: { field: 'to' },
    });
    expect(await admin(adminApi.audit, { token: owner, query: { from: 'yesterday' } })).toMatchObject({
      status: 400,
      body: { field: 'from' },
    });
  });
});
