import { describe, expect, it } from 'vitest';
import {
  checkPhone,
  emailLoginForm,
  emailRegisterForm,
  emailSchema,
  nameRegisterForm,
  phoneRule,
  userNameSchema,
  passwordSchema,
  withdrawalAmountSchema,
  bankNameSchema,
  bankCardNumberSchema,
  bankCardForm,
  verifyCodeSchema,
  inviteCodeSchema,
} from './validation.js';

const firstMessage = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) =>
  result.success
    ? null
    : { message: result.error!.issues[0]!.message, path: result.error!.issues[0]!.path.join('.') };

describe('e-mail', () => {
  it('trims and accepts a standard address', () => {
    expect(emailSchema.parse('  ana@example.ph ')).toBe('ana@example.ph');
  });
  it.each([
    ['', 'PleaseEnterEmail'],
    ['   ', 'PleaseEnterEmail'],
    ['ana', 'InvalidEmailAddress'],
    ['ana@', 'InvalidEmailAddress'],
    ['ana@example', 'InvalidEmailAddress'],
    ['an a@example.com', 'InvalidEmailAddress'],
    ['ana@@example.com', 'InvalidEmailAddress'],
  ])('refuses %j with %s', (value, key) => {
    expect(firstMessage(emailSchema.safeParse(value))?.message).toBe(key);
  });
});

describe('verification code', () => {
  it('is 6 characters', () => {
    expect(verifyCodeSchema.safeParse('123456').success).toBe(true);
    expect(firstMessage(verifyCodeSchema.safeParse('12345'))?.message).toBe('EmailCodeLength');
    expect(firstMessage(verifyCodeSchema.safeParse('1234567'))?.message).toBe('EmailCodeLength');
  });
});

describe('phone numbers per country prefix', () => {
  it.each([
    ['+92', '3001234567', null],
    ['+92', '4001234567', 'PhoneNumberPakistan'],
    ['+92', '300123456', 'PhoneNumberPakistan'],
    ['+92', '30012345678', 'PhoneNumberPakistan'],
    ['+84', '912345678', null],
    ['+84', '0912345678', null],
    ['+84', '91234567', 'PhoneNumberIs9Digits'],
    ['+84', '09123456789', 'PhoneNumberIs9Digits'],
    ['+63', '9171234567', null],
    ['+63', '917123456', 'PhoneNumberIs10Digits'],
    ['+63', '91712345678', 'PhoneNumberIs10Digits'],
    ['+62', '8123456789', null],
    ['+62', '8123456789012', null],
    ['+62', '812345678', 'PhoneNumberIndonesia'],
    ['+62', '81234567890123', 'PhoneNumberIndonesia'],
    ['+62', '7123456789', 'PhoneNumberIndonesia'],
    ['+1', '2025550123', null],
    ['+1', '123456789012', null],
    ['+1', '1234567890123', 'PhoneNumberTooLong'],
    ['+63', '', 'PleaseEnterPhoneNumber'],
    ['+63', '91712a4567', 'PhoneNumberIs10Digits'],
  ])('%s %s → %s', (prefix, phone, expected) => {
    expect(checkPhone(prefix, phone)).toBe(expected);
  });

  it('gives each prefix its input max length', () => {
    expect(phoneRule('+92').maxLength).toBe(10);
    expect(phoneRule('+84').maxLength).toBe(10);
    expect(phoneRule('+63').maxLength).toBe(10);
    expect(phoneRule('+62').maxLength).toBe(13);
    expect(phoneRule('+1').maxLength).toBe(12);
  });
});

describe('invite code', () => {
  it('is at most 8 letters or digits', () => {
    expect(inviteCodeSchema.safeParse('AB12CD34').success).toBe(true);
    expect(firstMessage(inviteCodeSchema.safeParse('AB12CD345'))?.message).toBe('InvalidInviteCode');
    expect(firstMessage(inviteCodeSchema.safeParse('AB-12'))?.message).toBe('InvalidInviteCode');
  });
});

describe('user name and password', () => {
  it.each([
    ['ana_01', true],
    ['abcde', false],
    ['a'.repeat(20), true],
    ['a'.repeat(21), false],
    ['ana-01', false],
    ['ana 01x', false],
  ])('user name %j valid: %s', (value, ok) => {
    expect(userNameSchema.safeParse(value).success).toBe(ok);
  });
  it('reports an empty user name as missing, a wrong one as the letters rule', () => {
    expect(firstMessage(userNameSchema.safeParse(''))?.message).toBe('PleaseEnterUserName');
    expect(firstMessage(userNameSchema.safeParse('ab'))?.message).toBe('UsernameLettersNumbers');
  });
  it('takes passwords of 8 to 20 characters', () => {
    expect(passwordSchema.safeParse('1234567').success).toBe(false);
    expect(passwordSchema.safeParse('12345678').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(20)).success).toBe(true);
    expect(firstMessage(passwordSchema.safeParse('x'.repeat(21)))?.message).toBe('PasswordLength');
    expect(firstMessage(passwordSchema.safeParse(''))?.message).toBe('PleaseEnterPassword');
  });
});

describe('forms', () => {
  const register = {
    phone: '9171234567',
    email: ' ana@example.ph ',
    areaCode: '+63',
    verifyCode: '123456',
    inviteCode: 'AB12CD34',
  };

  it('e-mail registration trims the e-mail and fills the default tenant', () => {
    expect(emailRegisterForm.parse(register)).toMatchObject({ email: 'ana@example.ph', tenantId: '000000' });
  });

  it('requires an invite code for +63 only', () => {
    expect(firstMessage(emailRegisterForm.safeParse({ ...register, inviteCode: '' }))).toEqual({
      message: 'InviteCodeRequired',
      path: 'inviteCode',
    });
    expect(
      emailRegisterForm.safeParse({ ...register, areaCode: '+84', phone: '912345678', inviteCode: '' })
        .success,
    ).toBe(true);
  });

  it('checks the phone by the chosen prefix, naming the phone field', () => {
    expect(firstMessage(emailRegisterForm.safeParse({ ...register, areaCode: '+92' }))).toEqual({
      message: 'PhoneNumberPakistan',
      path: 'phone',
    });
  });

  it('requires a country to be chosen', () => {
    expect(firstMessage(emailRegisterForm.safeParse({ ...register, areaCode: '' }))?.message).toBe(
      'PleaseChooseCountry',
    );
  });

  it('username registration requires the repeated password to match', () => {
    const form = {
      phone: '912345678',
      userName: 'ana_01',
      password: 'secret123',
      repPassword: 'secret124',
      areaCode: '+84',
      uuid: 'u1',
      code: 'abcd',
    };
    expect(firstMessage(nameRegisterForm.safeParse(form))).toEqual({
      message: 'TheTwoPasswordsAreInconsistent',
      path: 'repPassword',
    });
    expect(nameRegisterForm.safeParse({ ...form, repPassword: 'secret123' }).success).toBe(true);
    expect(
      firstMessage(nameRegisterForm.safeParse({ ...form, repPassword: 'secret123', code: '' }))?.message,
    ).toBe('PleaseEnterVerificationCode');
  });

  it('e-mail login needs e-mail and code', () => {
    expect(
      emailLoginForm.safeParse({ email: 'a@b.co', verifyCode: '123456', tenantId: '000001' }).success,
    ).toBe(true);
    expect(firstMessage(emailLoginForm.safeParse({ email: 'a@b.co', verifyCode: '' }))?.message).toBe(
      'PleaseEnterEmailCode',
    );
  });
});

describe('wallet fields', () => {
  it('withdrawal amounts must be whole and divisible by 100', () => {
    expect(withdrawalAmountSchema.safeParse('6000').success).toBe(true);
    expect(withdrawalAmountSchema.safeParse('6050').success).toBe(false);
    expect(withdrawalAmountSchema.safeParse('60.5').success).toBe(false);
    expect(withdrawalAmountSchema.safeParse('0').success).toBe(false);
    expect(firstMessage(withdrawalAmountSchema.safeParse('150'))?.message).toBe('WithdrawalDivisibleBy100');
  });
  it('bank card numbers have more than 5 digits; bank names are English letters and spaces', () => {
    expect(bankCardNumberSchema.safeParse('12345').success).toBe(false);
    expect(bankCardNumberSchema.safeParse('123456').success).toBe(true);
    expect(bankNameSchema.safeParse('Bank of the Philippine Islands').success).toBe(true);
    expect(bankNameSchema.safeParse('Ngân hàng').success).toBe(false);
    expect(bankNameSchema.safeParse('BDO 2').success).toBe(false);
  });
});

describe('bank card form', () => {
  const card = {
    accountName: 'Maria Santos',
    firstName: 'Maria',
    lastName: 'Santos',
    email: 'maria@example.ph',
    phone: '9171234567',
    bank: 'BDO',
    cardNumber: '001234567890',
    bankName: 'BDO Makati Branch',
  };

  it.each(['Nguyễn Thị Ánh', "O'Brien-Smith", 'Ma. Cristina', 'Siti Nurhaliza', 'محمد علی'])(
    'accepts the name %s',
    (name) => {
      expect(bankCardForm.safeParse({ ...card, accountName: name, firstName: name }).success).toBe(true);
    },
  );

  it('names the first mistake of each field', () => {
    const result = bankCardForm.safeParse({
      ...card,
      firstName: '',
      cardNumber: '',
      bankName: '',
      phone: '12',
    });
    const first = new Map<string, string>();
    for (const issue of result.error?.issues ?? []) {
      const field = String(issue.path[0]);
      if (!first.has(field)) first.set(field, issue.message);
    }
    expect(Object.fromEntries(first)).toEqual({
      firstName: 'PleaseEnterFirstName',
      cardNumber: 'PleaseEnterBankCardNumber',
      bankName: 'PleaseEnterBankName',
      phone: 'PhoneNumberDigits',
    });
  });
});
