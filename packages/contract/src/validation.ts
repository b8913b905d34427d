/**
 * The validation rules of spec section 5 as zod schemas. Issue messages are message keys
 * (see messages.ts) so each app translates them; the server answers 400 naming the field.
 */
import { z } from 'zod';
import { DEFAULT_TENANT_ID, LIMITS } from './constants.js';
import type { MessageKey } from './messages.js';
import { lazySchema } from './lazy-schema.js';

const m = (key: MessageKey) => ({ error: key });

/* eslint-disable no-control-regex -- these patterns exist to refuse control characters */
/** One line of text: no C0 control character, no DEL, no UTF-16 surrogate outside a pair. */
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001f\u007f\ud800-\udfff]*$/u;
/** Text of several lines: as one line, but tabs, line feeds and carriage returns are allowed. */
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ud800-\udfff]*$/u;
/* eslint-enable no-control-regex */

/**
 * The one string schema of every field a client sends: it refuses NUL (which PostgreSQL cannot
 * store), other control characters and unpaired surrogates with 400 `InvalidCharacters` naming the
 * field. `error` is the message when the value is missing or not a string. Build every input
 * string from `text()` or `multilineText()`; contract.test.ts walks every call and refuses a bare
 * `z.string()`.
 */
export function text(error?: MessageKey) {
  return z.string(error ? m(error) : undefined).regex(SINGLE_LINE_TEXT, m('InvalidCharacters'));
}

/** `text()` for fields of several lines (descriptions, chat messages): tabs and line breaks pass. */
export function multilineText(error?: MessageKey) {
  return z.string(error ? m(error) : undefined).regex(MULTI_LINE_TEXT, m('InvalidCharacters'));
}

/** The years a date a client sends may fall in. */
export const DATE_YEARS = { min: 1970, max: 9999 } as const;

/** Whether `value` is a real calendar day `YYYY-MM-DD` (no 2026-02-31) within `DATE_YEARS`. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day `YYYY-MM-DD` that exists in the calendar, else 400 `InvalidDate` naming the field. */
export const dateSchema = lazySchema(() => text().refine(isCalendarDate, m('InvalidDate')));

/** An ISO 8601 instant with its offset (`2026-03-01T00:00:00+07:00`) on a real day within `DATE_YEARS`. */
export const dateTimeSchema = lazySchema(() =>
  text().refine(
    (v) => z.iso.datetime({ offset: true }).safeParse(v).success && isCalendarDate(v.slice(0, 10)),
    m('InvalidDate'),
  ),
);

/** A practical "standard address" pattern: local@domain.tld, no spaces, one @. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export const emailSchema = lazySchema(() =>
  text('PleaseEnterEmail')
    .trim()
    .min(1, m('PleaseEnterEmail'))
    .max(254, m('InvalidEmailAddress'))
    .regex(EMAIL_PATTERN, m('InvalidEmailAddress')),
);

/** The code of an e-mail: empty and wrong-sized are told apart; a wrong code is the server's WrongEmailCode. */
export const verifyCodeSchema = lazySchema(() =>
  text('PleaseEnterEmailCode')
    .trim()
    .min(1, m('PleaseEnterEmailCode'))
    .length(LIMITS.codeLength, m('EmailCodeLength')),
);

export const tenantIdSchema = lazySchema(() =>
  text()
    .trim()
    .regex(/^\d{6}$/, m('TenantNotFound')),
);
/** The tenantId of a form: the default tenant when the client sends none. */
const formTenantId = lazySchema(() => tenantIdSchema.default(DEFAULT_TENANT_ID));

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

export const phonePrefixSchema = lazySchema(() =>
  text('PleaseChooseCountry')
    .trim()
    .regex(/^\+\d{1,4}$/, m('PleaseChooseCountry')),
);

/** The message key for a phone number under a prefix, or null when valid. */
export function checkPhone(prefix: string, phone: string): MessageKey | null {
  if (phone.trim() === '') return 'PleaseEnterPhoneNumber';
  return phoneRule(prefix).pattern.test(phone.trim()) ? null : phoneRule(prefix).message;
}

export const inviteCodeSchema = lazySchema(() =>
  text()
    .trim()
    .max(LIMITS.inviteCodeLength, m('InvalidInviteCode'))
    .regex(/^[A-Za-z0-9]*$/, m('InvalidInviteCode')),
);

/** The invite code is optional except for +63 (the Philippines). */
export function inviteCodeRequired(prefix: string): boolean {
  return prefix === '+63';
}

export const userNameSchema = lazySchema(() =>
  text('PleaseEnterUserName')
    .trim()
    .min(1, m('PleaseEnterUserName'))
    .regex(/^[A-Za-z0-9_]{6,20}$/, m('UsernameLettersNumbers')),
);

export const passwordSchema = lazySchema(() =>
  text('PleaseEnterPassword')
    .min(1, m('PleaseEnterPassword'))
    .min(LIMITS.passwordMin, m('PasswordLength'))
    .max(LIMITS.passwordMax, m('PasswordLength')),
);

export const captchaCodeSchema = lazySchema(() =>
  text('PleaseEnterVerificationCode')
    .trim()
    .min(1, m('PleaseEnterVerificationCode'))
    .max(10, m('PleaseEnterVerificationCode')),
);

export const nicknameSchema = lazySchema(() =>
  text('PleaseEnterNickname').trim().min(1, m('PleaseEnterNickname')).max(30, m('PleaseEnterNickname')),
);

/** Empty, then not digits (or too many), then too few: each with its own message. */
export const bankCardNumberSchema = lazySchema(() =>
  text('PleaseEnterBankCardNumber')
    .trim()
    .min(1, m('PleaseEnterBankCardNumber'))
    .regex(/^\d{1,30}$/, m('BankCardNumberDigits'))
    .min(LIMITS.bankCardNumberMinDigits, m('BankCardNumberTooShort')),
);

export const bankNameSchema = lazySchema(() =>
  text('PleaseEnterBankName')
    .trim()
    .min(1, m('PleaseEnterBankName'))
    .max(60, m('NameTooLong'))
    .regex(/^[A-Za-z ]+$/, m('BankNameEnglishOnly')),
);

/** A person's or account holder's name: letters of any script, with spaces, dots, hyphens, apostrophes. */
const personName = (empty: MessageKey, max: number) =>
  text(empty)
    .trim()
    .min(1, m(empty))
    .max(max, m('NameTooLong'))
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, m('NameLettersOnly'));

/** Withdrawal amount in major units: a positive whole number divisible by 100. */
export const withdrawalAmountSchema = lazySchema(() =>
  text()
    .trim()
    .regex(/^[1-9]\d*$/, m('WithdrawalDivisibleBy100'))
    .refine(
      (v) => /^\d+$/.test(v) && BigInt(v) % BigInt(LIMITS.withdrawal.divisibleBy) === 0n,
      m('WithdrawalDivisibleBy100'),
    ),
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

const phoneSchema = lazySchema(() =>
  text('PleaseEnterPhoneNumber').trim().min(1, m('PleaseEnterPhoneNumber')).max(16, m('PhoneNumberTooLong')),
);

/** E-mail registration form (section 3). */
export const emailRegisterForm = lazySchema(() =>
  z
    .object({
      phone: phoneSchema,
      email: emailSchema,
      areaCode: phonePrefixSchema,
      verifyCode: verifyCodeSchema,
      inviteCode: inviteCodeSchema.optional(),
      tenantId: formTenantId,
    })
    .superRefine(refinePhoneForm),
);

/** E-mail login form. */
export const emailLoginForm = lazySchema(() =>
  z.object({
    email: emailSchema,
    verifyCode: verifyCodeSchema,
    tenantId: formTenantId,
  }),
);

/** Username registration form; `repPassword` is checked here and not sent. */
export const nameRegisterForm = lazySchema(() =>
  z
    .object({
      phone: phoneSchema,
      userName: userNameSchema,
      password: passwordSchema,
      repPassword: text('PleaseEnterPasswordAgain').min(1, m('PleaseEnterPasswordAgain')),
      areaCode: phonePrefixSchema,
      inviteCode: inviteCodeSchema.optional(),
      uuid: text().trim().min(1, m('PleaseEnterVerificationCode')).max(64),
      code: captchaCodeSchema,
    })
    .superRefine((form, ctx) => {
      refinePhoneForm(form, ctx);
      if (form.repPassword !== form.password) {
        ctx.addIssue({ code: 'custom', path: ['repPassword'], message: 'TheTwoPasswordsAreInconsistent' });
      }
    }),
);

/** What the server receives for a username registration (no repPassword). */
export const nameRegisterBody = lazySchema(() =>
  z
    .object({
      phone: phoneSchema,
      userName: userNameSchema,
      password: passwordSchema,
      areaCode: phonePrefixSchema,
      inviteCode: inviteCodeSchema.optional(),
      uuid: text().trim().min(1, m('PleaseEnterVerificationCode')).max(64),
      code: captchaCodeSchema,
      tenantId: formTenantId,
    })
    .superRefine(refinePhoneForm),
);

export const nameLoginForm = lazySchema(() =>
  z.object({
    userName: userNameSchema,
    password: passwordSchema,
    tenantId: formTenantId,
  }),
);

/** What an e-mail code may be used for; it works only for that. */
export const EMAIL_CODE_PURPOSES = ['login', 'register', 'bind', 'cancel'] as const;
export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];

/** `isRegister` (0 login, 1 register) is the spec's field; `type` names the other purposes. */
export const sendEmailCodeBody = lazySchema(() =>
  z.object({
    email: emailSchema,
    isRegister: z.union([z.literal(0), z.literal(1)]).default(0),
    type: z.enum(EMAIL_CODE_PURPOSES).optional(),
    tenantId: formTenantId,
  }),
);

export function emailCodePurpose(body: {
  isRegister: 0 | 1;
  type?: EmailCodePurpose | undefined;
}): EmailCodePurpose {
  return body.type ?? (body.isRegister === 1 ? 'register' : 'login');
}

/** Completing a Google sign-up on the three-page: the phone and invite code rules of registration. */
export const thirdLoginBody = lazySchema(() =>
  z
    .object({
      accessToken: text().trim().min(1).max(200),
      channel: z.literal('google'),
      areaCode: phonePrefixSchema,
      phone: phoneSchema,
      inviteCode: inviteCodeSchema.optional(),
      tenantId: formTenantId,
    })
    .superRefine(refinePhoneForm),
);

export const changePasswordForm = lazySchema(() =>
  z
    .object({
      oldPassword: text('PleaseEnterPassword').min(1, m('PleaseEnterPassword')).max(LIMITS.passwordMax),
      password: passwordSchema,
      repPassword: text('PleaseEnterPasswordAgain').min(1, m('PleaseEnterPasswordAgain')),
    })
    .refine((f) => f.password === f.repPassword, {
      path: ['repPassword'],
      message: 'TheTwoPasswordsAreInconsistent',
    }),
);

/** Adding a user name and password to an account that has none. */
export const bindUserNameForm = lazySchema(() =>
  z
    .object({
      userName: userNameSchema,
      password: passwordSchema,
      repPassword: text('PleaseEnterPasswordAgain').min(1, m('PleaseEnterPasswordAgain')),
    })
    .refine((f) => f.password === f.repPassword, {
      path: ['repPassword'],
      message: 'TheTwoPasswordsAreInconsistent',
    }),
);

export const bindEmailForm = lazySchema(() => z.object({ email: emailSchema, verifyCode: verifyCodeSchema }));

/** The bank card form (spec section 3). `bank` is a code from the tenant's bank list. */
export const bankCardForm = lazySchema(() =>
  z.object({
    accountName: personName('PleaseEnterAccountName', 60),
    firstName: personName('PleaseEnterFirstName', 40),
    lastName: personName('PleaseEnterLastName', 40),
    email: emailSchema,
    phone: text('PleaseEnterPhoneNumber')
      .trim()
      .min(1, m('PleaseEnterPhoneNumber'))
      .regex(/^\d{6,16}$/, m('PhoneNumberDigits')),
    bank: text().trim().min(1, m('UnknownBank')).max(20, m('UnknownBank')),
    cardNumber: bankCardNumberSchema,
    bankName: bankNameSchema,
  }),
);

/** The payment password: 6 digits (asked before money leaves the wallet). */
export const payPasswordSchema = lazySchema(() =>
  text('PayPasswordSixDigits').regex(/^\d{6}$/, m('PayPasswordSixDigits')),
);

export const setPayPasswordForm = lazySchema(() =>
  z
    .object({
      password: payPasswordSchema,
      repPassword: text('PleaseEnterPasswordAgain').min(1, m('PleaseEnterPasswordAgain')),
      verifyCode: verifyCodeSchema,
    })
    .refine((f) => f.password === f.repPassword, {
      path: ['repPassword'],
      message: 'TheTwoPasswordsAreInconsistent',
    }),
);

/** The largest avatar, in bytes, and the image types accepted. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * The largest picture any upload takes (avatar, chat picture, series cover), by the dimensions
 * its header gives, read before anything is decoded: at most IMAGE_MAX_SIDE pixels on either side
 * and IMAGE_MAX_PIXELS in all (a 2 MB PNG of one colour can claim 30,000 × 30,000 pixels, 900 MB
 * decoded). Beyond either: 400 `ImageDimensionsTooLarge` naming `image`.
 */
export const IMAGE_MAX_SIDE = 8000;
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Avatars are stored re-encoded as WebP squares of this many pixels (shown at most ~88 CSS px wide). */
export const AVATAR_SIZE = 256;
/** Chat pictures are stored re-encoded with their longer side at most this many pixels. */
export const CHAT_IMAGE_MAX_SIDE = 1280;
