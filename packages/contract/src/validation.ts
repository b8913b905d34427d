/**
 * The validation rules of spec section 5 as zod schemas. Issue messages are message keys
 * (see messages.ts) so each app translates them; the server answers 400 naming the field.
 */
import { z } from 'zod';
import { DEFAULT_TENANT_ID, LIMITS } from './constants.js';
import type { MessageKey } from './messages.js';

const m = (key: MessageKey) => ({ error: key });

/** A practical "standard address" pattern: local@domain.tld, no spaces, one @. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export const emailSchema = z
  .string(m('PleaseEnterEmail'))
  .trim()
  .min(1, m('PleaseEnterEmail'))
  .max(254, m('InvalidEmailAddress'))
  .regex(EMAIL_PATTERN, m('InvalidEmailAddress'));

export const verifyCodeSchema = z
  .string(m('WrongEmailCode'))
  .trim()
  .length(LIMITS.codeLength, m('WrongEmailCode'));

export const tenantIdSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, m('TenantNotFound'));
/** The tenantId of a form: the default tenant when the client sends none. */
const formTenantId = tenantIdSchema.default(DEFAULT_TENANT_ID);

export interface PhoneRule {
  /** The input's max length. */
  maxLength: number;
  pattern: RegExp;
  message: MessageKey;
}

/** Phone rules per country prefix (section 5). */
export const PHONE_RULES: Record<string, PhoneRule> = {
  '+92': { maxLength: 10, pattern: /^3\d{9}$/, message: 'PhoneNumberPakistan' },
  '+84': { maxLength: 10, pattern: /^\d{9,10}$/, message: 'PhoneNumberIs9Digits' },
  '+63': { maxLength: 10, pattern: /^\d{10}$/, message: 'PhoneNumberIs10Digits' },
  // "starts with 8 followed by 10 to 13 digits; max 13": read as 10-13 digits in all, the first an 8.
  '+62': { maxLength: 13, pattern: /^8\d{9,12}$/, message: 'PhoneNumberIndonesia' },
};
export const OTHER_PHONE_RULE: PhoneRule = {
  maxLength: 12,
  pattern: /^\d{1,12}$/,
  message: 'PhoneNumberTooLong',
};

export function phoneRule(prefix: string): PhoneRule {
  return PHONE_RULES[prefix] ?? OTHER_PHONE_RULE;
}

export const phonePrefixSchema = z
  .string(m('PleaseChooseCountry'))
  .trim()
  .regex(/^\+\d{1,4}$/, m('PleaseChooseCountry'));

/** The message key for a phone number under a prefix, or null when valid. */
export function checkPhone(prefix: string, phone: string): MessageKey | null {
  if (phone.trim() === '') return 'PleaseEnterPhoneNumber';
  return phoneRule(prefix).pattern.test(phone.trim()) ? null : phoneRule(prefix).message;
}

export const inviteCodeSchema = z
  .string()
  .trim()
  .max(LIMITS.inviteCodeLength, m('InvalidInviteCode'))
  .regex(/^[A-Za-z0-9]*$/, m('InvalidInviteCode'));

/** The invite code is optional except for +63 (the Philippines). */
export function inviteCodeRequired(prefix: string): boolean {
  return prefix === '+63';
}

export const userNameSchema = z
  .string(m('PleaseEnterUserName'))
  .trim()
  .min(1, m('PleaseEnterUserName'))
  .regex(/^[A-Za-z0-9_]{6,20}$/, m('UsernameLettersNumbers'));

export const passwordSchema = z
  .string(m('PleaseEnterPassword'))
  .min(1, m('PleaseEnterPassword'))
  .min(LIMITS.passwordMin, m('PasswordLength'))
  .max(LIMITS.passwordMax, m('PasswordLength'));

export const captchaCodeSchema = z
  .string(m('PleaseEnterVerificationCode'))
  .trim()
  .min(1, m('PleaseEnterVerificationCode'))
  .max(10, m('PleaseEnterVerificationCode'));

export const nicknameSchema = z
  .string(m('PleaseEnterNickname'))
  .trim()
  .min(1, m('PleaseEnterNickname'))
  .max(30, m('PleaseEnterNickname'));

export const bankCardNumberSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.bankCardNumberMinDigits},30}$`), m('BankCardNumberTooShort'));

export const bankNameSchema = z
  .string()
  .trim()
  .min(1, m('BankNameEnglishOnly'))
  .max(60, m('BankNameEnglishOnly'))
  .regex(/^[A-Za-z ]+$/, m('BankNameEnglishOnly'));

/** Withdrawal amount in major units: a positive whole number divisible by 100. */
export const withdrawalAmountSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d*$/, m('WithdrawalDivisibleBy100'))
  .refine(
    (v) => /^\d+$/.test(v) && BigInt(v) % BigInt(LIMITS.withdrawal.divisibleBy) === 0n,
    m('WithdrawalDivisibleBy100'),
  );

/** Adds the per-prefix phone and invite-code rules to a form that has `areaCode`, `phone` and `inviteCode`. */
function refinePhoneForm(
  form: { areaCode: string; phone: string; inviteCode?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const phoneError = checkPhone(form.areaCode, form.phone);
  if (phoneError) ctx.addIssue({ code: 'custom', path: ['phone'], message: phoneError });
  if (inviteCodeRequired(form.areaCode) && !form.inviteCode) {
    ctx.addIssue({ code: 'custom', path: ['inviteCode'], message: 'InviteCodeRequired' });
  }
}

const phoneSchema = z
  .string(m('PleaseEnterPhoneNumber'))
  .trim()
  .min(1, m('PleaseEnterPhoneNumber'))
  .max(16, m('PhoneNumberTooLong'));

/** E-mail registration form (section 3). */
export const emailRegisterForm = z
  .object({
    phone: phoneSchema,
    email: emailSchema,
    areaCode: phonePrefixSchema,
    verifyCode: verifyCodeSchema,
    inviteCode: inviteCodeSchema.optional(),
    tenantId: formTenantId,
  })
  .superRefine(refinePhoneForm);

/** E-mail login form. */
export const emailLoginForm = z.object({
  email: emailSchema,
  verifyCode: verifyCodeSchema,
  tenantId: formTenantId,
});

/** Username registration form; `repPassword` is checked here and not sent. */
export const nameRegisterForm = z
  .object({
    phone: phoneSchema,
    userName: userNameSchema,
    password: passwordSchema,
    repPassword: z.string(m('PleaseEnterPasswordAgain')).min(1, m('PleaseEnterPasswordAgain')),
    areaCode: phonePrefixSchema,
    inviteCode: inviteCodeSchema.optional(),
    uuid: z.string().trim().min(1, m('PleaseEnterVerificationCode')).max(64),
    code: captchaCodeSchema,
  })
  .superRefine((form, ctx) => {
    refinePhoneForm(form, ctx);
    if (form.repPassword !== form.password) {
      ctx.addIssue({ code: 'custom', path: ['repPassword'], message: 'TheTwoPasswordsAreInconsistent' });
    }
  });

/** What the server receives for a username registration (no repPassword). */
export const nameRegisterBody = z
  .object({
    phone: phoneSchema,
    userName: userNameSchema,
    password: passwordSchema,
    areaCode: phonePrefixSchema,
    inviteCode: inviteCodeSchema.optional(),
    uuid: z.string().trim().min(1, m('PleaseEnterVerificationCode')).max(64),
    code: captchaCodeSchema,
    tenantId: formTenantId,
  })
  .superRefine(refinePhoneForm);

export const nameLoginForm = z.object({
  userName: userNameSchema,
  password: passwordSchema,
  tenantId: formTenantId,
});

/** What an e-mail code may be used for; it works only for that. */
export const EMAIL_CODE_PURPOSES = ['login', 'register', 'bind', 'cancel'] as const;
export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];

/** `isRegister` (0 login, 1 register) is the spec's field; `type` names the other purposes. */
export const sendEmailCodeBody = z.object({
  email: emailSchema,
  isRegister: z.union([z.literal(0), z.literal(1)]).default(0),
  type: z.enum(EMAIL_CODE_PURPOSES).optional(),
  tenantId: formTenantId,
});

export function emailCodePurpose(body: {
  isRegister: 0 | 1;
  type?: EmailCodePurpose | undefined;
}): EmailCodePurpose {
  return body.type ?? (body.isRegister === 1 ? 'register' : 'login');
}

/** Completing a Google sign-up on the three-page: the phone and invite code rules of registration. */
export const thirdLoginBody = z
  .object({
    accessToken: z.string().trim().min(1).max(200),
    channel: z.literal('google'),
    areaCode: phonePrefixSchema,
    phone: phoneSchema,
    inviteCode: inviteCodeSchema.optional(),
    tenantId: formTenantId,
  })
  .superRefine(refinePhoneForm);

export const changePasswordForm = z
  .object({
    oldPassword: z.string(m('PleaseEnterPassword')).min(1, m('PleaseEnterPassword')).max(LIMITS.passwordMax),
    password: passwordSchema,
    repPassword: z.string(m('PleaseEnterPasswordAgain')).min(1, m('PleaseEnterPasswordAgain')),
  })
  .refine((f) => f.password === f.repPassword, {
    path: ['repPassword'],
    message: 'TheTwoPasswordsAreInconsistent',
  });

/** Adding a user name and password to an account that has none. */
export const bindUserNameForm = z
  .object({
    userName: userNameSchema,
    password: passwordSchema,
    repPassword: z.string(m('PleaseEnterPasswordAgain')).min(1, m('PleaseEnterPasswordAgain')),
  })
  .refine((f) => f.password === f.repPassword, {
    path: ['repPassword'],
    message: 'TheTwoPasswordsAreInconsistent',
  });

export const bindEmailForm = z.object({ email: emailSchema, verifyCode: verifyCodeSchema });

/** The bank card form (spec section 3). `bank` is a code from the tenant's bank list. */
export const bankCardForm = z.object({
  accountName: z.string().trim().min(1, m('ValidationFailed')).max(60, m('ValidationFailed')),
  firstName: z.string().trim().min(1, m('ValidationFailed')).max(40, m('ValidationFailed')),
  lastName: z.string().trim().min(1, m('ValidationFailed')).max(40, m('ValidationFailed')),
  email: emailSchema,
  phone: z
    .string(m('PleaseEnterPhoneNumber'))
    .trim()
    .regex(/^\d{6,16}$/, m('PleaseEnterPhoneNumber')),
  bank: z.string().trim().min(1, m('UnknownBank')).max(20, m('UnknownBank')),
  cardNumber: bankCardNumberSchema,
  bankName: bankNameSchema,
});

/** The payment password: 6 digits (asked before money leaves the wallet). */
export const payPasswordSchema = z
  .string(m('PayPasswordSixDigits'))
  .regex(/^\d{6}$/, m('PayPasswordSixDigits'));

export const setPayPasswordForm = z
  .object({
    password: payPasswordSchema,
    repPassword: z.string(m('PleaseEnterPasswordAgain')).min(1, m('PleaseEnterPasswordAgain')),
    verifyCode: verifyCodeSchema,
  })
  .refine((f) => f.password === f.repPassword, {
    path: ['repPassword'],
    message: 'TheTwoPasswordsAreInconsistent',
  });

/** The largest avatar, in bytes, and the image types accepted. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
