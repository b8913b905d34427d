import { api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/client.js';
import { createSealer, DEVELOPMENT_DATA_KEY } from '../../sealing.js';
import { usingPostgres } from '../../test/database.js';
import { buildTestApp, secondInstance, TEST_CAPTCHA_ANSWER, type TestApp } from '../../test/helper.js';
import { sealLegacyBankCards } from './bank-card.service.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true' });
  call = caller(t.app);
});
afterAll(() => t.close());

/** A new user, each from an address of its own (sign-ups are limited per client address). */
async function user(tenantId = '000000') {
  const ip = `10.0.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
  const captcha = (await call(api.auth.captcha, { ip })).body.data;
  const res = await call(api.auth.registerByName, {
    ip,
    body: {
      userName: `card_${n}`,
      password: 'secret-pass1',
      phone: '3001234567',
      areaCode: '+92',
      uuid: captcha.uuid,
      code: TEST_CAPTCHA_ANSWER,
      tenantId,
    },
  });
  return res.body.data.access_token;
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
    const php = (await call(api.config.bankConfig, { token: await user() })).body.data.banks;
    expect(php.map((b: { code: string }) => b.code)).toContain('GCASH');
    const vnd = (await call(api.config.bankConfig, { token: await user('000001') })).body.data.banks;
    expect(vnd.map((b: { code: string }) => b.code)).toContain('VCB');
  });

  it('adds a card with the number masked in every answer, and deletes it', async () => {
    const token = await user();
    const added = (await call(api.account.addBankCard, { token, body: card() })).body.data.list;
    expect(added).toEqual([
      expect.objectContaining({
        bank: 'BDO',
        bankName: 'BDO Makati Branch',
        accountName: 'Maria Santos',
        cardNumber: '•••• 7890',
      }),
    ]);
    expect(JSON.stringify((await call(api.account.queryBankCard, { token })).body)).not.toContain(
      '001234567890',
    );
    const other = await user();
    expect(
      (await call(api.account.delBankCard, { token: other, body: { id: added[0]!.id } })).body,
    ).toMatchObject({ code: 404 });
    expect(
      (await call(api.account.delBankCard, { token, body: { id: added[0]!.id } })).body.data.list,
    ).toEqual([]);
  });

  it.each([
    [{ cardNumber: '12345' }, 'cardNumber', 'BankCardNumberTooShort'],
    [{ cardNumber: '12ab5678' }, 'cardNumber', 'BankCardNumberDigits'],
    [{ cardNumber: '' }, 'cardNumber', 'PleaseEnterBankCardNumber'],
    [{ cardNumber: '1'.repeat(31) }, 'cardNumber', 'BankCardNumberDigits'],
    [{ bankName: 'Ngân hàng' }, 'bankName', 'BankNameEnglishOnly'],
    [{ bankName: 'BDO 2' }, 'bankName', 'BankNameEnglishOnly'],
    [{ bankName: '  ' }, 'bankName', 'PleaseEnterBankName'],
    [{ email: 'nope' }, 'email', 'InvalidEmailAddress'],
    [{ accountName: '' }, 'accountName', 'PleaseEnterAccountName'],
    [{ accountName: 'Juan 2' }, 'accountName', 'NameLettersOnly'],
    [{ firstName: '' }, 'firstName', 'PleaseEnterFirstName'],
    [{ firstName: 'J0hn' }, 'firstName', 'NameLettersOnly'],
    [{ lastName: '' }, 'lastName', 'PleaseEnterLastName'],
    [{ lastName: 'x'.repeat(41) }, 'lastName', 'NameTooLong'],
    [{ phone: '' }, 'phone', 'PleaseEnterPhoneNumber'],
    [{ phone: '12' }, 'phone', 'PhoneNumberDigits'],
  ])('refuses %j with 400 naming %s, writing nothing', async (change, field, key) => {
    const token = await user();
    expect((await call(api.account.addBankCard, { token, body: card(change) })).body).toMatchObject({
      code: 400,
      field,
      errorKey: key,
    });
    expect((await call(api.account.queryBankCard, { token })).body.data.list).toEqual([]);
  });

  it('keeps the number sealed at rest: only the last four digits and a keyed digest in clear', async () => {
    const token = await user();
    await call(api.account.addBankCard, { token, body: card({ cardNumber: '4455667788990011' }) });
    const rows = await t.database.query(
      "select * from bank_card where card_last4 = '0011' order by id desc limit 1",
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(JSON.stringify(row)).not.toContain('4455667788990011');
    expect(JSON.stringify(row)).not.toContain('5566778899');
    expect(row).toMatchObject({ card_number: null, card_last4: '0011' });
    const sealer = createSealer(DEVELOPMENT_DATA_KEY);
    expect(sealer.open(row.card_number_sealed as string)).toBe('4455667788990011');
    expect(row.card_number_digest).toBe(sealer.digest('4455667788990011'));
  });

  it('seals the numbers of cards stored in clear before, once, at start', async () => {
    const token = await user();
    await call(api.account.addBankCard, { token, body: card({ cardNumber: '777788889999' }) });
    // As a card written before numbers were sealed.
    await t.database.query(
      "update bank_card set card_number = '777788889999', card_number_sealed = null, card_number_digest = null, card_last4 = null where card_last4 = '9999'",
    );
    const sealer = createSealer(DEVELOPMENT_DATA_KEY);
    expect(await sealLegacyBankCards(t.database.db, sealer)).toBe(1);
    expect(await sealLegacyBankCards(t.database.db, sealer)).toBe(0);
    const [row] = await t.database.query("select * from bank_card where card_last4 = '9999'");
    expect(row).toMatchObject({ card_number: null, card_last4: '9999' });
    expect(sealer.open(row!.card_number_sealed as string)).toBe('777788889999');
    expect((await call(api.account.queryBankCard, { token })).body.data.list).toEqual([
      expect.objectContaining({ cardNumber: '•••• 9999' }),
    ]);
    // The same number again is still refused (by its digest).
    expect(
      (await call(api.account.addBankCard, { token, body: card({ cardNumber: '777788889999' }) })).body,
    ).toMatchObject({ errorKey: 'BankCardExists' });
  });

  it('refuses a bank outside the tenant’s list, the same number twice, and a sixth card', async () => {
    const token = await user();
    expect((await call(api.account.addBankCard, { token, body: card({ bank: 'VCB' }) })).body).toMatchObject({
      code: 400,
      field: 'bank',
      errorKey: 'UnknownBank',
    });
    await call(api.account.addBankCard, { token, body: card() });
    expect((await call(api.account.addBankCard, { token, body: card() })).body).toMatchObject({
      code: 409,
      errorKey: 'BankCardExists',
    });
    for (let i = 1; i <= 4; i++)
      await call(api.account.addBankCard, { token, body: card({ cardNumber: `99887766${i}` }) });
    expect(
      (await call(api.account.addBankCard, { token, body: card({ cardNumber: '5556667770' }) })).body,
    ).toMatchObject({ code: 409, errorKey: 'BankCardLimit' });
    expect((await call(api.account.queryBankCard, { token })).body.data.list).toHaveLength(5);
  });

  it('keeps the five-card limit when many cards are added at once (two instances on PostgreSQL)', async () => {
    const second = await secondInstance(t, { DEMO_CONTENT: 'true' });
    try {
      const token = await user();
      const callers = [call, caller(second?.app ?? t.app)];
      const attempts = usingPostgres ? 16 : 8;
      const answers = await Promise.all(
        Array.from({ length: attempts }, (_, i) =>
          callers[i % 2]!(api.account.addBankCard, {
            token,
            body: card({ cardNumber: `4400110022${10 + i}` }),
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.body.errorKey === 'BankCardLimit')).toHaveLength(attempts - 5);
      expect((await call(api.account.queryBankCard, { token })).body.data.list).toHaveLength(5);
    } finally {
      await second?.close();
    }
  });
});
