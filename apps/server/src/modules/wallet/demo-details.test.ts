import {
  adminConfigApi,
  api,
  DEMO_BANK_ACCOUNT,
  DEMO_USDT_ADDRESS,
  type WalletSettings,
} from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';

/** The tenant's own collection account and deposit address, as an operator would enter them. */
const OWN_BANK = {
  bankName: 'BDO Unibank',
  accountName: 'STARLIGHT MEDIA INC',
  accountNumber: '004560012345',
};
const OWN_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

async function setup(env: Record<string, string>) {
  const t = await buildTestApp({ LOG_LEVEL: 'warn', ...env }, { smtp: true });
  const f = walletFixtures(t);
  const admin = await f.operator('tenant_admin');
  const channels = async (token: string) =>
    (await f.call(api.config.queryPc, { token })).body.data.channels as {
      code: string;
      usdt: { address: string } | null;
    }[];
  const consoleWallet = async () =>
    (await f.admin(adminConfigApi.tenantConfig, { token: admin, query: { tenantId: '000000' } })).body.data
      .wallet as { value: WalletSettings; isDefault: boolean; hiddenChannels: string[] };
  const order = (token: string, channel: 'official' | 'usdt', amount: string) =>
    f.call(api.user.addBalance, {
      token,
      body: { channel, amount, requestId: randomUUID() },
      lang: 'en',
    });
  return { t, f, admin, channels, consoleWallet, order };
}

describe('payment details on a production server', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: 'ab'.repeat(32) });
  });
  afterAll(() => s.t.close());

  it('never offers the demo bank account or USDT address, refuses orders on them, and tells the console', async () => {
    const who = await s.f.user();
    // A tenant whose wallet settings were never saved: no bank transfer, no USDT.
    const pc = await s.f.call(api.config.queryPc, { token: who.token });
    expect(pc.body.data.channels.map((c: { code: string }) => c.code)).toEqual(['gateway']);
    for (const demo of [DEMO_BANK_ACCOUNT.bankName, DEMO_BANK_ACCOUNT.accountNumber, DEMO_USDT_ADDRESS])
      expect(JSON.stringify(pc.body)).not.toContain(demo);

    // Asked directly: 409 naming what is missing; nothing is made.
    const bank = await s.order(who.token, 'official', '5000');
    expect(bank.body).toMatchObject({ code: 409, errorKey: 'CollectionAccountMissing', field: 'channel' });
    expect(bank.body.msg).toBe('Bank transfer is not set up on this site yet');
    const usdt = await s.order(who.token, 'usdt', '20');
    expect(usdt.body).toMatchObject({ code: 409, errorKey: 'UsdtAddressMissing', field: 'channel' });
    expect(usdt.body.msg).toBe('USDT recharge is not set up on this site yet');
    const rows = await s.t.database.query<{ n: number }>('select count(*)::int as n from recharge_order');
    expect(rows[0]!.n).toBe(0);

    // The console says which switched-on channels users do not see.
    const before = await s.consoleWallet();
    expect(before).toMatchObject({ isDefault: true, hiddenChannels: ['official', 'usdt'] });

    // Saved with the tenant's own bank account but the demo address left: only USDT stays hidden.
    const value = before.value;
    // Where users pay changes: the operator's authenticator code again (one code per 30 s step).
    const saved = await s.f.admin(adminConfigApi.updateWallet, {
      token: s.admin,
      body: {
        ...value,
        recharge: { ...value.recharge, official: { ...value.recharge.official, ...OWN_BANK } },
        tenantId: '000000',
        totpCode: s.f.totp(),
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.wallet).toMatchObject({ isDefault: false, hiddenChannels: ['usdt'] });
    expect((await s.channels(who.token)).map((c) => c.code)).toEqual(['gateway', 'official']);
    const paid = await s.order(who.token, 'official', '5000');
    expect(paid.status).toBe(200);
    expect(paid.body.data.official).toMatchObject(OWN_BANK);
    expect((await s.order(who.token, 'usdt', '20')).body.errorKey).toBe('UsdtAddressMissing');

    // The account number alone left at the demo's is still the demo's account.
    s.t.clock.advance(30_000);
    const half = await s.f.admin(adminConfigApi.updateWallet, {
      token: s.admin,
      body: {
        totpCode: s.f.totp(),
        ...value,
        recharge: {
          ...value.recharge,
          official: { ...value.recharge.official, bankName: 'BDO Unibank' },
          usdt: { ...value.recharge.usdt, address: OWN_ADDRESS },
        },
        tenantId: '000000',
      },
    });
    expect(half.body.data.wallet.hiddenChannels).toEqual(['official']);
    const listed = await s.channels(who.token);
    expect(listed.map((c) => c.code)).toEqual(['gateway', 'usdt']);
    expect(listed[1]!.usdt?.address).toBe(OWN_ADDRESS);
  });
});

describe('payment details on a development server', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup({});
  });
  afterAll(() => s.t.close());

  it('keeps the demo bank account and USDT address, so a demo can be paid end to end', async () => {
    const who = await s.f.user();
    const listed = await s.channels(who.token);
    expect(listed.map((c) => c.code)).toEqual(['gateway', 'official', 'usdt']);
    expect(listed[2]!.usdt?.address).toBe(DEMO_USDT_ADDRESS);
    const bank = await s.order(who.token, 'official', '5000');
    expect(bank.body.data.official).toMatchObject({ accountNumber: DEMO_BANK_ACCOUNT.accountNumber });
    expect((await s.consoleWallet()).hiddenChannels).toEqual([]);
  });
});
