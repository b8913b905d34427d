import { randomUUID } from 'node:crypto';
import {
  adminApi,
  api,
  adminConfigApi,
  adminDashboardApi,
  type AnyCall,
  defaultEarnSettings,
  defaultMembershipSettings,
  defaultWalletSettings,
} from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { caller, unchecked } from '../../test/client.js';
import { usingPostgres } from '../../test/database.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import { BANKS } from '../../modules/wallet/banks.js';
import { base32Decode, hotp, totpCode, totpStep } from '../../modules/operator/totp.js';

const wrongCode = (secret: string) => hotp(base32Decode(secret), totpStep(t.clock.now()) + 5);

let t: TestApp;
let f: ReturnType<typeof walletFixtures>;
let owner: string;
let adminA: string;
/** A tenant admin of 000004 for the collection tests, with its authenticator secret. */
let cashier: Awaited<ReturnType<ReturnType<typeof walletFixtures>['operatorAccount']>>;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true', PUBLIC_URL: 'https://drama.example' });
  f = walletFixtures(t);
  owner = await f.operator('owner', []);
  adminA = await f.operator('tenant_admin', ['000001']);
  cashier = await f.operatorAccount('tenant_admin', ['000003']);
});
afterAll(() => t.close());

/** A console call as `token`, its input sent as the test wrote it (good or deliberately bad). */
const admin = <C extends AnyCall>(
  call: C,
  token: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
) => f.admin(call, { token, body: unchecked(options.body), query: unchecked(options.query) });
const read = async (tenantId: string, token = owner) =>
  (await admin(adminConfigApi.tenantConfig, token, { query: { tenantId } })).body.data;
const audits = async (action: string) =>
  (await admin(adminApi.audit, owner, { query: { action } })).body.data.list as {
    tenantId: string;
    operator: string;
    before: unknown;
    after: unknown;
  }[];
const membership = (tenantId: string) => ({ tenantId, ...defaultMembershipSettings('PHP') });
const withPrimaryPrice = (tenantId: string, price: string) => {
  const m = membership(tenantId);
  m.tiers[1]!.price = price;
  return m;
};
const tierPrices = async (token: string, c = f.call) =>
  (await c(api.user.queryGreatestVipcard, { token })).body.data.tiers.map((x) => x.price);

describe('reading a tenant configuration', () => {
  it('answers effective values with a default flag per section', async () => {
    const config = await read('000000');
    expect(config.general).toEqual({
      name: 'DramaStar',
      domains: ['127.0.0.1', 'localhost'],
      currency: 'PHP',
      defaultLanguage: 'en',
      timeZone: 'Asia/Manila',
      inviteUrl: 'https://drama.example/#/pages/login/register',
      websiteUrl: null,
      earnEnabled: true,
    });
    expect(config.membership).toEqual({ value: defaultMembershipSettings('PHP'), isDefault: true });
    expect(config.wallet).toEqual({
      value: { ...defaultWalletSettings('PHP'), banks: BANKS.PHP },
      isDefault: true,
      // Outside production the demo's payment details are offered (demo-details.test.ts).
      hiddenChannels: [],
    });
    expect(config.earn.isDefault).toBe(true);
    expect(config.team.isDefault).toBe(true);
  });

  it('keeps a tenant admin to its tenants and other roles out', async () => {
    expect((await admin(adminConfigApi.tenantConfig, adminA, { query: { tenantId: '000001' } })).status).toBe(
      200,
    );
    expect((await admin(adminConfigApi.tenantConfig, adminA, { query: { tenantId: '000002' } })).status).toBe(
      403,
    );
    expect(
      (await admin(adminConfigApi.updateMembership, adminA, { body: withPrimaryPrice('000002', '1') }))
        .status,
    ).toBe(403);
    expect(
      (
        await admin(adminConfigApi.resetSection, adminA, {
          body: { tenantId: '000002', section: 'membership' },
        })
      ).status,
    ).toBe(403);
    expect((await admin(adminConfigApi.copyrights, adminA, { query: { tenantId: '000002' } })).status).toBe(
      403,
    );
    const finance = await f.operator('finance', ['000001']);
    expect(
      (await admin(adminConfigApi.tenantConfig, finance, { query: { tenantId: '000001' } })).status,
    ).toBe(403);
    expect((await admin(adminConfigApi.tenants, adminA)).status).toBe(403);
    expect(await read('000002')).toMatchObject({ membership: { isDefault: true } });
  });
});

describe('validation', () => {
  it.each([
    ['a zero price', '0', 'ConfigMustBePositive'],
    ['a non-amount', 'abc', 'InvalidAmount'],
    ['too many decimals for PHP', '299.999', 'TooManyDecimals'],
  ])('refuses %s with 400 naming tiers.1.price', async (_, price, key) => {
    const res = await admin(adminConfigApi.updateMembership, owner, {
      body: withPrimaryPrice('000000', price),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorKey: key, field: 'tiers.1.price' });
  });

  it.each([
    ['a negative amount', 'paidEpisode', -1],
    ['a fraction', 'shareToNewUser', 2.5],
    ['more than the maximum', 'shareDirectorCard', 1_000_001],
    ['a string', 'sharePrimaryCard', '30'],
  ])('refuses points rules with %s: 400 naming points.<field>, nothing stored', async (_, field, bad) => {
    const body = {
      ...membership('000000'),
      points: { ...defaultMembershipSettings('PHP').points, [field]: bad },
    };
    const res = await admin(adminConfigApi.updateMembership, owner, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: `points.${field}` });
    expect((await read('000000')).membership.isDefault).toBe(true);
  });

  it('reads stored settings saved without points rules as the defaults', async () => {
    const { points: _omitted, ...older } = membership('000000');
    const res = await admin(adminConfigApi.updateMembership, owner, { body: older });
    expect(res.status).toBe(200);
    expect(res.body.data.membership.value.points).toEqual(defaultMembershipSettings('PHP').points);
    await t.database.query(
      `update tenant set membership_settings = membership_settings - 'points' where id = '000000'`,
    );
    expect((await read('000000')).membership).toMatchObject({
      isDefault: false,
      value: { points: { paidEpisode: 1, shareToNewUser: 10, shareDirectorCard: 1000 } },
    });
    // Back to null directly, so the audit of resets stays the later test's own.
    await t.database.query(`update tenant set membership_settings = null where id = '000000'`);
  });

  it('answers 400, never 500, for a malformed section', async () => {
    for (const body of [
      { tenantId: '000000' },
      { tenantId: '000000', tiers: 'x' },
      { tenantId: '000000', tiers: [{}] },
    ]) {
      expect((await admin(adminConfigApi.updateMembership, owner, { body })).status).toBe(400);
    }
    expect(
      (await admin(adminConfigApi.updateEarn, owner, { body: { tenantId: '000000', redPacket: {} } })).status,
    ).toBe(400);
  });

  it('checks fields against each other: tier order, min ≤ max, unique codes, rates', async () => {
    const swapped = membership('000000');
    [swapped.tiers[0], swapped.tiers[1]] = [swapped.tiers[1]!, swapped.tiers[0]!];
    expect((await admin(adminConfigApi.updateMembership, owner, { body: swapped })).body).toMatchObject({
      errorKey: 'ConfigTierOrder',
      field: 'tiers.0.tier',
    });
    const earn = { tenantId: '000000', ...defaultEarnSettings('PHP') };
    earn.redPacket.minShare = '20000';
    expect((await admin(adminConfigApi.updateEarn, owner, { body: earn })).body).toMatchObject({
      code: 400,
      errorKey: 'ConfigMinAboveMax',
      field: 'redPacket.minShare',
    });
    const tasks = { tenantId: '000000', ...defaultEarnSettings('PHP') };
    tasks.tasks[1]!.code = tasks.tasks[0]!.code;
    expect((await admin(adminConfigApi.updateEarn, owner, { body: tasks })).body).toMatchObject({
      errorKey: 'ConfigDuplicate',
      field: 'tasks.1.code',
    });
    const wallet = { tenantId: '000000', ...defaultWalletSettings('PHP') };
    wallet.recharge.gateway.minAmount = '60000';
    expect((await admin(adminConfigApi.updateWallet, owner, { body: wallet })).body).toMatchObject({
      errorKey: 'ConfigMinAboveMax',
      field: 'recharge.gateway.minAmount',
    });
    const team = (await read('000000')).team.value;
    team.referralBps[0] = 12_000;
    expect(
      (await admin(adminConfigApi.updateTeam, owner, { body: { tenantId: '000000', ...team } })).body,
    ).toMatchObject({
      code: 400,
      field: 'referralBps.0',
    });
    expect(
      (
        await admin(adminConfigApi.updateGeneral, owner, {
          body: { ...(await read('000000')).general, tenantId: '000000', timeZone: 'Mars/Olympus' },
        })
      ).body,
    ).toMatchObject({ errorKey: 'InvalidTimeZone', field: 'timeZone' });
    // Nothing of it was stored.
    expect((await read('000000')).membership.isDefault).toBe(true);
    expect((await read('000000')).earn.isDefault).toBe(true);
  });
});

describe('money settings out of range', () => {
  it.each([
    ['withdrawal.bankFeeBps', 9000, 'ConfigFeeRange', 'A fee from 0 % to 50 %'],
    ['withdrawal.bankFeeBps', -5, 'ConfigFeeRange', 'A fee from 0 % to 50 %'],
    ['withdrawal.bankFeeBps', 12.5, 'ConfigFeeRange', 'A fee from 0 % to 50 %'],
    ['withdrawal.usdtFeeBps', 5001, 'ConfigFeeRange', 'A fee from 0 % to 50 %'],
    ['recharge.official.windowMinutes', 0, 'ConfigWindowRange', 'From 1 to 60 minutes'],
    ['recharge.official.windowMinutes', 61, 'ConfigWindowRange', 'From 1 to 60 minutes'],
    ['withdrawal.divisibleBy', 0, 'ConfigStepRange', 'A whole number, at least 1'],
  ])(
    'refuses %s = %s with 400 naming the field and the range in words, never clamping',
    async (field, bad, key, msg) => {
      const before = await read('000000');
      const wallet = { tenantId: '000000', ...structuredClone(before.wallet.value) } as Record<
        string,
        unknown
      >;
      const [group, ...rest] = field.split('.') as [string, ...string[]];
      let node = wallet[group] as Record<string, unknown>;
      for (const part of rest.slice(0, -1)) node = node[part] as Record<string, unknown>;
      node[rest.at(-1)!] = bad;
      const res = await admin(adminConfigApi.updateWallet, owner, { body: wallet });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, errorKey: key, field });
      expect(res.body.msg).toContain(msg);
      // Nothing stored, nothing changed into something else.
      expect((await read('000000')).wallet).toEqual(before.wallet);
    },
  );

  it('keeps the edges: 0 % and 50 % fees are saved as typed', async () => {
    const wallet = { tenantId: '000003', ...defaultWalletSettings('PKR') };
    wallet.withdrawal.bankFeeBps = 5000;
    wallet.withdrawal.usdtFeeBps = 0;
    const res = await admin(adminConfigApi.updateWallet, owner, { body: wallet });
    expect(res.status).toBe(200);
    const stored = (await read('000003')).wallet.value.withdrawal;
    expect([stored.bankFeeBps, stored.usdtFeeBps]).toEqual([5000, 0]);
  });

  it('refuses a team rate above 50 % in words', async () => {
    const team = (await read('000000')).team.value;
    team.welfareBps[2] = 9000;
    const res = await admin(adminConfigApi.updateTeam, owner, { body: { tenantId: '000000', ...team } });
    expect(res.body).toMatchObject({ code: 400, errorKey: 'ConfigRateRange', field: 'welfareBps.2' });
  });
});

describe('where users pay', () => {
  const nextStep = () => t.clock.advance(30_000);
  const save = (body: object) =>
    admin(adminConfigApi.updateWallet, cashier.token, { body: { tenantId: '000003', ...body } });

  it('asks for the authenticator code again, refuses a wrong one, audits the move and tells the owner', async () => {
    const current = (await read('000003')).wallet.value;
    const moved = structuredClone(current);
    moved.recharge.official.accountNumber = '999888777666';
    moved.recharge.usdt.address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

    const without = await save(moved);
    expect(without).toMatchObject({ status: 409, body: { errorKey: 'TotpRequired', field: 'totpCode' } });
    const wrong = await save({ ...moved, totpCode: wrongCode(cashier.totpSecret) });
    expect(wrong).toMatchObject({ status: 409, body: { errorKey: 'WrongTotpCode', field: 'totpCode' } });
    expect((await read('000003')).wallet.value.recharge.official.accountNumber).toBe(
      current.recharge.official.accountNumber,
    );

    nextStep();
    const ok = await save({ ...moved, totpCode: totpCode(cashier.totpSecret, t.clock.now()) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const stored = (await read('000003')).wallet.value;
    expect(stored.recharge.official.accountNumber).toBe('999888777666');
    expect(stored).not.toHaveProperty('totpCode');
    // Its own audit entry, which the owners' dashboard lists.
    const [entry] = await audits('config.wallet.collection');
    expect(entry).toMatchObject({
      tenantId: '000003',
      operator: cashier.username,
      before: { accountNumber: current.recharge.official.accountNumber },
      after: { accountNumber: '999888777666', usdtAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    });
    // The owner's dashboard lists it at the top.
    const notice = await admin(adminDashboardApi.sensitiveChanges, owner);
    expect(notice.body.data.list[0]).toMatchObject({
      action: 'config.wallet.collection',
      operator: cashier.username,
      tenantId: '000003',
    });
    // The same code cannot serve twice.
    moved.recharge.official.accountName = 'SOMEONE ELSE';
    expect(
      (await save({ ...moved, totpCode: totpCode(cashier.totpSecret, t.clock.now()) })).body.errorKey,
    ).toBe('WrongTotpCode');
  });

  it('asks nothing when only other wallet settings change', async () => {
    const current = (await read('000003')).wallet.value;
    current.withdrawal.bankFeeBps = 300;
    expect((await save(current)).status).toBe(200);
  });

  it('asks for the code before a reset puts the demo account back', async () => {
    const reset = (totp?: string) =>
      admin(adminConfigApi.resetSection, cashier.token, {
        body: { tenantId: '000003', section: 'wallet', ...(totp ? { totpCode: totp } : {}) },
      });
    expect((await reset()).body.errorKey).toBe('TotpRequired');
    nextStep();
    expect((await reset(totpCode(cashier.totpSecret, t.clock.now()))).status).toBe(200);
    expect((await read('000003')).wallet.isDefault).toBe(true);
  });
});

describe('the tenant’s website', () => {
  it('is set in the console (http or https only), shown to the app, and cleared by an empty field', async () => {
    const save = async (websiteUrl: unknown) =>
      admin(adminConfigApi.updateGeneral, owner, {
        body: { ...(await read('000001')).general, tenantId: '000001', websiteUrl },
      });
    const app = async () =>
      (await f.call(api.config.tenantConfig, { query: { tenantId: '000001' } })).body.data.websiteUrl;
    expect((await save('https://dramastar.example/')).status).toBe(200);
    expect((await read('000001')).general.websiteUrl).toBe('https://dramastar.example/');
    expect(await app()).toBe('https://dramastar.example/');
    for (const bad of ['javascript:alert(1)', 'ftp://files.example/', 'not a link']) {
      const res = await save(bad);
      expect([res.status, res.body.field], bad).toEqual([400, 'websiteUrl']);
    }
    expect(await app()).toBe('https://dramastar.example/');
    expect((await save('')).status).toBe(200);
    expect(await app()).toBeNull();
  });
});

describe('changes apply at once, audited', () => {
  it('a Star Card price change shows in the app immediately, on a second instance too, and resets', async () => {
    const who = await f.user('000000');
    expect(await tierPrices(who.token)).toEqual(['49.00', '299.00', '999.00', '2999.00']);
    // A second app instance on the same data (its own database pool on PostgreSQL).
    const second = await buildTestApp(
      {},
      {
        database: usingPostgres
          ? await openDatabase({ url: (t.database as { url?: string }).url, poolMax: 2 })
          : t.database,
      },
    );
    try {
      const other = caller(second.app);
      expect(await tierPrices(who.token, other)).toEqual(['49.00', '299.00', '999.00', '2999.00']);

      const res = await admin(adminConfigApi.updateMembership, owner, {
        body: withPrimaryPrice('000000', '349'),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.membership.isDefault).toBe(false);
      expect(res.body.data.membership.value.tiers[1]!.price).toBe('349');
      expect(await tierPrices(who.token)).toEqual(['49.00', '349.00', '999.00', '2999.00']);
      expect(await tierPrices(who.token, other)).toEqual(['49.00', '349.00', '999.00', '2999.00']);

      const [entry] = await audits('config.membership.update');
      expect(entry).toMatchObject({ tenantId: '000000' });
      expect((entry!.before as { value: { tiers: { price: string }[] } }).value.tiers[1]!.price).toBe('299');
      expect((entry!.after as { value: { tiers: { price: string }[] } }).value.tiers[1]!.price).toBe('349');

      const reset = await admin(adminConfigApi.resetSection, owner, {
        body: { tenantId: '000000', section: 'membership' },
      });
      expect(reset.body.data.membership).toEqual({
        value: defaultMembershipSettings('PHP'),
        isDefault: true,
      });
      expect(await tierPrices(who.token, other)).toEqual(['49.00', '299.00', '999.00', '2999.00']);
      expect(await audits('config.membership.reset')).toHaveLength(1);
    } finally {
      await second.close();
      if (usingPostgres) await second.database.close();
    }
  });

  it('the red packet limits call answers the tenant configuration', async () => {
    const who = await f.user('000003');
    const rules = async () => (await f.call(api.redPacket.rules, { token: who.token })).body.data;
    expect(await rules()).toEqual({ currency: 'PKR', ...defaultEarnSettings('PKR').redPacket });
    const earn = { tenantId: '000003', ...defaultEarnSettings('PKR') };
    earn.redPacket = { minShare: '10', maxAmount: '500', maxShares: 20, expiryHours: 12 };
    expect((await admin(adminConfigApi.updateEarn, owner, { body: earn })).status).toBe(200);
    expect(await rules()).toEqual({
      currency: 'PKR',
      minShare: '10',
      maxAmount: '500',
      maxShares: 20,
      expiryHours: 12,
    });
    await f.recharge(who, '1000');
    const send = await f.call(api.redPacket.sendRedPacket, {
      token: who.token,
      body: { amount: '600', shares: 2, requestId: randomUUID() },
    });
    expect(send.body.errorKey).toBe('AmountAboveMaximum');
  });

  it('the bank list of withdrawals follows the wallet section', async () => {
    const who = await f.user('000004');
    const banks = async () => (await f.call(api.config.bankConfig, { token: who.token })).body.data.banks;
    expect(await banks()).toEqual(BANKS.USDT);
    const wallet = (await read('000004')).wallet.value;
    wallet.banks = [{ code: 'CITI', name: 'Citibank' }];
    expect(
      (await admin(adminConfigApi.updateWallet, owner, { body: { tenantId: '000004', ...wallet } })).status,
    ).toBe(200);
    expect(await banks()).toEqual([{ code: 'CITI', name: 'Citibank' }]);
  });

  it('general settings: earn switch, name and domains, audited; the currency is fixed once money moved', async () => {
    const before = (await read('000001', adminA)).general;
    const res = await admin(adminConfigApi.updateGeneral, adminA, {
      body: {
        ...before,
        tenantId: '000001',
        name: 'DramaStar Việt',
        earnEnabled: false,
        domains: ['vn.localhost', 'vn2.example.com'],
      },
    });
    expect(res.status).toBe(200);
    expect((await f.call(api.config.queryEarnSwitch, { query: { tenantId: '000001' } })).body.data).toEqual({
      enabled: false,
    });
    expect(
      (await f.call(api.config.queryTenantId, { query: { domain: 'vn2.example.com' } })).body.data,
    ).toMatchObject({
      tenantId: '000001',
      name: 'DramaStar Việt',
    });
    const [entry] = await audits('config.general.update');
    expect(entry).toMatchObject({
      tenantId: '000001',
      before: { earnEnabled: true },
      after: { earnEnabled: false },
    });

    // A domain of another tenant is refused.
    expect(
      (
        await admin(adminConfigApi.updateGeneral, adminA, {
          body: { ...before, tenantId: '000001', domains: ['id.localhost'] },
        })
      ).body,
    ).toMatchObject({ code: 409, errorKey: 'DomainTaken' });

    // Once a wallet exists in the ledger the currency stays.
    const who = await f.user('000001');
    await f.recharge(who, '100000');
    const refused = await admin(adminConfigApi.updateGeneral, adminA, {
      body: { ...before, tenantId: '000001', currency: 'USDT' },
    });
    expect(refused).toMatchObject({ status: 409, body: { errorKey: 'CurrencyInUse', field: 'currency' } });
    expect((await read('000001')).general.currency).toBe('VND');
  });
});

describe('tenants', () => {
  const newTenant = {
    tenantId: '000777',
    name: 'DramaStar Jakarta',
    currency: 'IDR',
    defaultLanguage: 'id',
    timeZone: 'Asia/Jakarta',
    domains: ['Jakarta.Example.com'],
  };

  it('are created by the owner and resolve by host; ids and domains are unique', async () => {
    expect((await admin(adminConfigApi.createTenant, adminA, { body: newTenant })).status).toBe(403);
    const res = await admin(adminConfigApi.createTenant, owner, { body: newTenant });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      tenantId: '000777',
      currency: 'IDR',
      domains: ['jakarta.example.com'],
    });
    const resolved = await caller(t.app)(api.config.queryTenantId, { host: 'jakarta.example.com:8080' });
    expect(resolved.body.data).toMatchObject({
      tenantId: '000777',
      currency: 'IDR',
      defaultLanguage: 'id',
    });
    expect((await admin(adminConfigApi.createTenant, owner, { body: newTenant })).body).toMatchObject({
      code: 409,
      errorKey: 'TenantExists',
    });
    expect(
      (
        await admin(adminConfigApi.createTenant, owner, {
          body: { ...newTenant, tenantId: '000778', domains: ['us.localhost'] },
        })
      ).body,
    ).toMatchObject({ code: 409, errorKey: 'DomainTaken' });
    expect(
      (
        await admin(adminConfigApi.createTenant, owner, {
          body: { ...newTenant, tenantId: '77', domains: ['x.example.com'] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await admin(adminConfigApi.createTenant, owner, {
          body: { ...newTenant, tenantId: '000779', domains: ['bad domain'] },
        })
      ).body,
    ).toMatchObject({ code: 400, field: 'domains.0', errorKey: 'InvalidDomain' });
    expect((await audits('tenant.create'))[0]).toMatchObject({
      tenantId: '000777',
      after: { name: 'DramaStar Jakarta' },
    });
    const list = (await admin(adminConfigApi.tenants, owner)).body.data.list as { tenantId: string }[];
    expect(list.map((x) => x.tenantId)).toContain('000777');
    // A new tenant without wallets may still change its currency; its sections follow.
    const general = (await read('000777')).general;
    expect(
      (
        await admin(adminConfigApi.updateGeneral, owner, {
          body: { ...general, tenantId: '000777', currency: 'USDT' },
        })
      ).status,
    ).toBe(200);
    expect((await read('000777')).membership.value.tiers[1]!.price).toBe('4.99');
  });

  it('keep their currency once they have a copyright product', async () => {
    const created = await admin(adminConfigApi.createTenant, owner, {
      body: { ...newTenant, tenantId: '000888', domains: ['eight.example.com'] },
    });
    expect(created.status).toBe(200);
    const product = await admin(adminConfigApi.saveCopyright, owner, {
      body: {
        tenantId: '000888',
        code: 'first',
        title: { en: 'First', vn: 'Một', id: 'Satu' },
        totalQuantity: 10,
        price: '1000',
        dailyProfit: '10',
        termDays: 30,
        perUserMax: 1,
        startsAt: t.clock.now().toISOString(),
        endsAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
      },
    });
    expect(product.status).toBe(200);
    const general = (await read('000888')).general;
    expect(
      await admin(adminConfigApi.updateGeneral, owner, {
        body: { ...general, tenantId: '000888', currency: 'USDT' },
      }),
    ).toMatchObject({ status: 409, body: { errorKey: 'CurrencyInUse' } });
  });

  it('have their domains edited by the owner', async () => {
    const res = await admin(adminConfigApi.tenantDomains, owner, {
      body: { tenantId: '000777', domains: ['jkt.example.com'] },
    });
    expect(res.body.data.domains).toEqual(['jkt.example.com']);
    const old = await f.call(api.config.queryTenantId, { query: { domain: 'jakarta.example.com' } });
    expect(old.body.data.tenantId).toBe('000000');
    const now = await f.call(api.config.queryTenantId, { query: { domain: 'jkt.example.com' } });
    expect(now.body.data.tenantId).toBe('000777');
    expect((await audits('tenant.domains'))[0]).toMatchObject({
      before: { domains: ['jakarta.example.com'] },
      after: { domains: ['jkt.example.com'] },
    });
  });
});

describe('a restart', () => {
  it('keeps what operators configured: seeding adds missing tenants only', async () => {
    const res = await admin(adminConfigApi.tenantDomains, owner, {
      body: { tenantId: '000002', domains: ['id2.example.com'] },
    });
    expect(res.status).toBe(200);
    const again = await buildTestApp({ DEMO_CONTENT: 'true' }, { database: t.database });
    try {
      const domain = await caller(again.app)(api.config.queryTenantId, {
        query: { domain: 'id.localhost' },
      });
      expect(domain.body.data.tenantId).toBe('000000');
      expect((await read('000002')).general.domains).toEqual(['id2.example.com']);
    } finally {
      await again.close();
    }
  });
});

describe('copyright products', () => {
  const form = (extra: Record<string, unknown> = {}) => ({
    tenantId: '000000',
    code: 'ops-test',
    title: { en: 'Ops test', vn: 'Thử', id: 'Uji' },
    totalQuantity: 10,
    price: '100',
    dailyProfit: '2',
    termDays: 10,
    perUserMax: 5,
    startsAt: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
    endsAt: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    ...extra,
  });

  it('are created, edited for new purchases only, and retired, each audited', async () => {
    const created = await admin(adminConfigApi.saveCopyright, owner, { body: form() });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ state: 'open', price: '100.00', sold: 0 });

    const who = await f.user('000000');
    await f.recharge(who, '1000');
    const buy = () => f.buyCopyright(who, id, 2);
    expect((await buy()).status).toBe(200);

    const edited = await admin(adminConfigApi.saveCopyright, owner, {
      body: form({ id, price: '150', dailyProfit: '3' }),
    });
    expect(edited.body.data).toMatchObject({ price: '150.00', dailyProfit: '3.00', sold: 2 });
    expect((await buy()).status).toBe(200);
    const holdings = (await f.call(api.team.copyrightHoldings, { token: who.token })).body.data.list as {
      productId: string;
      paid: string;
      dailyRevenue: string;
    }[];
    expect(
      holdings
        .filter((h) => h.productId === id)
        .map((h) => [h.paid, h.dailyRevenue])
        .sort(),
    ).toEqual([
      ['200.00', '4.00'],
      ['300.00', '6.00'],
    ]);

    expect(
      (await admin(adminConfigApi.saveCopyright, owner, { body: form({ id, totalQuantity: 3 }) })).body,
    ).toMatchObject({
      code: 409,
      errorKey: 'QuantityBelowSold',
    });
    expect(
      (await admin(adminConfigApi.saveCopyright, owner, { body: form({ id, price: '0' }) })).body,
    ).toMatchObject({
      code: 400,
      field: 'price',
    });
    // Another tenant's admin can neither edit nor retire it.
    expect((await admin(adminConfigApi.saveCopyright, adminA, { body: form({ id }) })).status).toBe(403);
    expect((await admin(adminConfigApi.retireCopyright, adminA, { body: { id } })).status).toBe(403);

    const retired = await admin(adminConfigApi.retireCopyright, owner, { body: { id } });
    expect(retired.body.data.state).toBe('ended');
    expect((await buy()).body.errorKey).toBe('InvestEnded');
    const list = (await admin(adminConfigApi.copyrights, owner, { query: { tenantId: '000000' } })).body.data
      .list;
    expect(list.find((p: { id: string }) => p.id === id)).toMatchObject({ state: 'ended', sold: 4 });
    expect((await audits('copyright.create'))[0]).toMatchObject({ before: null, after: { price: '100.00' } });
    expect((await audits('copyright.update'))[0]).toMatchObject({
      before: { price: '100.00' },
      after: { price: '150.00' },
    });
    expect((await audits('copyright.retire'))[0]).toMatchObject({ before: { closedAt: null } });
  });
});
