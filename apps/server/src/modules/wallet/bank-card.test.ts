import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/client.js';
import { buildTestApp, TEST_CAPTCHA_ANSWER, type TestApp } from '../../test/helper.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true' });
  call = caller(t.app);
});
afterAll(() => t.close());

async function user(tenantId = '000000') {
  const captcha = (await t.app.inject({ method: 'GET', url: '/app-api/auth/auth/code' })).json().data;
  const res = await call('/auth/registerByName', {
    body: {
      userName: `card_${++n}`,
      password: 'secret-pass1',
      phone: '3001234567',
      areaCode: '+92',
      uuid: captcha.uuid,
      code: TEST_CAPTCHA_ANSWER,
      tenantId,
    },
  });
  return res.body.data.access_token as string;
}

const card = (over: Record<string, string> = {}) => ({
  accountName: 'Maria Santos',
  firstName: 'Maria',
  lastName: 'Santos',
  email: 'maria@example.ph',
  phone: '9171234567',
  bank: 'BDO',
  cardNumber: '001234567890',
  bankName: 'BDO Makati Branch',
  ...over,
});

describe('bank cards', () => {
  it('lists the banks of the tenant’s currency', async () => {
    const php = (await call('/appConfig/bankConfig', { token: await user() })).body.data.banks;
    expect(php.map((b: { code: string }) => b.code)).toContain('GCASH');
    const vnd = (await call('/appConfig/bankConfig', { token: await user('000001') })).body.data.banks;
    expect(vnd.map((b: { code: string }) => b.code)).toContain('VCB');
  });

  it('adds a card with the number masked in every answer, and deletes it', async () => {
    const token = await user();
    const added = (await call('/account/addBankCard', { token, body: card() })).body.data.list;
    expect(added).toEqual([
      expect.objectContaining({
        bank: 'BDO',
        bankName: 'BDO Makati Branch',
        accountName: 'Maria Santos',
        cardNumber: '•••• 7890',
      }),
    ]);
    expect(JSON.stringify((await call('/account/queryBankCard', { token })).body)).not.toContain(
      '001234567890',
    );
    const other = await user();
    expect(
      (await call('/account/delBankCard', { token: other, body: { id: added[0].id } })).body,
    ).toMatchObject({ code: 404 });
    expect((await call('/account/delBankCard', { token, body: { id: added[0].id } })).body.data.list).toEqual(
      [],
    );
  });

  it.each([
    [{ cardNumber: '12345' }, 'cardNumber', 'BankCardNumberTooShort'],
    [{ cardNumber: '12ab5678' }, 'cardNumber', 'BankCardNumberTooShort'],
    [{ bankName: 'Ngân hàng' }, 'bankName', 'BankNameEnglishOnly'],
    [{ bankName: 'BDO 2' }, 'bankName', 'BankNameEnglishOnly'],
    [{ email: 'nope' }, 'email', 'InvalidEmailAddress'],
    [{ accountName: '' }, 'accountName', 'ValidationFailed'],
  ])('refuses %j with 400 naming %s, writing nothing', async (change, field, key) => {
    const token = await user();
    expect((await call('/account/addBankCard', { token, body: card(change) })).body).toMatchObject({
      code: 400,
      field,
      errorKey: key,
    });
    expect((await call('/account/queryBankCard', { token })).body.data.list).toEqual([]);
  });

  it('refuses a bank outside the tenant’s list, the same number twice, and a sixth card', async () => {
    const token = await user();
    expect((await call('/account/addBankCard', { token, body: card({ bank: 'VCB' }) })).body).toMatchObject({
      code: 400,
      field: 'bank',
      errorKey: 'UnknownBank',
    });
    await call('/account/addBankCard', { token, body: card() });
    expect((await call('/account/addBankCard', { token, body: card() })).body).toMatchObject({
      code: 409,
      errorKey: 'BankCardExists',
    });
    for (let i = 1; i <= 4; i++)
      await call('/account/addBankCard', { token, body: card({ cardNumber: `99887766${i}` }) });
    expect(
      (await call('/account/addBankCard', { token, body: card({ cardNumber: '5556667770' }) })).body,
    ).toMatchObject({ code: 409, errorKey: 'BankCardLimit' });
    expect((await call('/account/queryBankCard', { token })).body.data.list).toHaveLength(5);
  });
});
