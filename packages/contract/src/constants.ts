/** Business constants shared by the server and the apps (spec sections 1, 3 and 9). */

export const APP_NAME = 'DramaStar';
export const APP_VERSION = '1.8.4';
export const APP_VERSION_CODE = 184;
export const DEFAULT_TENANT_ID = '000000';
export const API_PREFIX = '/app-api';
/** Every answer of /app-api is `{ code, msg, data? }`; the HTTP status equals `code`. */
export const SUCCESS_CODE = 200;
/**
 * The two calls a shared episode link's page needs before it can play (the series with its
 * episodes, then the episode's signed address), as plain strings: the web app asks them while its
 * page and the contract's schemas are still loading (features/drama/api/open-ahead.ts).
 */
export const OPENING_PATHS = { series: '/sv/videos/:seriesId', play: '/sv/play/:videoId' } as const;
/**
 * The anonymous id a browser keeps for itself (the web app makes it once, a random UUID, and keeps
 * it in local storage), sent in this header with play calls: a guest's plays are counted once per
 * device and episode in a window (the server counts a signed-in viewer by account, a guest
 * without a valid one by address). The server ignores a value that does not match the pattern.
 */
export const DEVICE_ID_HEADER = 'x-device-id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** The operator console's API (same envelope as /app-api). */
export const ADMIN_API_PREFIX = '/admin-api';

/** Operator roles of the console; every /admin-api call names the roles that may use it. */
export const OPERATOR_ROLES = ['owner', 'tenant_admin', 'finance', 'content', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Who may do what in the console (the role list): the server refuses every other role
 * (403) and the console hides what a role cannot use.
 */
export const ROLES = {
  /** Every operator (sign-in, own account, own sessions). */
  any: OPERATOR_ROLES,
  /** Everything within their tenants. */
  admins: ['owner', 'tenant_admin'],
  /** Recharges, withdrawals, ledger, dashboard figures, audit log. */
  finance: ['owner', 'tenant_admin', 'finance'],
  /** Series, episodes, banners. */
  content: ['owner', 'tenant_admin', 'content'],
  /** Users read-only and customer-service chat. */
  support: ['owner', 'tenant_admin', 'support'],
  /** Tenants themselves, operators of all tenants. */
  owner: ['owner'],
} as const satisfies Record<string, readonly OperatorRole[]>;

/** Membership tiers, lowest first: the Drama Week Card unlocks viewing only; Star Cards are 1-3. */
export const MEMBERSHIP_TIERS = ['week', 'primary', 'premium', 'director'] as const;
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];
export function isMembershipTier(value: unknown): value is MembershipTier {
  return typeof value === 'string' && (MEMBERSHIP_TIERS as readonly string[]).includes(value);
}

export const LANGUAGES = [
  { key: 'en', name: 'English' },
  { key: 'vn', name: 'Tiếng Việt' },
  { key: 'id', name: 'Bahasa Indonesia' },
] as const;
export type Language = (typeof LANGUAGES)[number]['key'];
export const LANGUAGE_KEYS = LANGUAGES.map((l) => l.key) as [Language, ...Language[]];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The BCP 47 tag of an app language, for Intl and <html lang>: the app says "vn", Intl wants "vi". */
export function localeOf(language: Language): string {
  return language === 'vn' ? 'vi' : language;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_KEYS as readonly string[]).includes(value);
}

/**
 * Reads a `content-language` / `Accept-Language` style value. Accepts our own keys and the
 * standard tags (`vi`, `vi-VN`, `id-ID`, `en-US`), first match wins; anything else is the default.
 */
export function parseLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const primary = tag.split('-')[0] ?? '';
    if (primary === 'vi' || primary === 'vn') return 'vn';
    if (primary === 'id' || primary === 'in') return 'id';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
/** The spec calls the default theme "black"; that is our `dark`. */
export const DEFAULT_THEME: Theme = 'dark';

export const CURRENCY_KEYS = ['PHP', 'VND', 'PKR', 'IDR', 'USDT'] as const;
export type CurrencyKey = (typeof CURRENCY_KEYS)[number];

export interface CurrencyInfo {
  key: CurrencyKey;
  /** The spec's `value`: the symbol shown before amounts. */
  symbol: string;
  /** Country or region name, in English. */
  name: string;
  /** ISO 3166 alpha-2 code of the country. */
  countryCode: string;
  phonePrefix: string;
  defaultLanguage: Language;
  hrefPrefix: string;
  /** Path of the flag image served by the web app. */
  flag: string;
  /** Digits after the decimal point: amounts are stored as integers of 10^-minorDigits. */
  minorDigits: number;
}

export const CURRENCIES: Record<CurrencyKey, CurrencyInfo> = {
  PHP: {
    key: 'PHP',
    symbol: '₱',
    name: 'Philippines',
    countryCode: 'PH',
    phonePrefix: '+63',
    defaultLanguage: 'en',
    hrefPrefix: 'ph',
    flag: '/flags/ph.svg',
    minorDigits: 2,
  },
  VND: {
    key: 'VND',
    symbol: '₫',
    name: 'Vietnam',
    countryCode: 'VN',
    phonePrefix: '+84',
    defaultLanguage: 'vn',
    hrefPrefix: 'vn',
    flag: '/flags/vn.svg',
    minorDigits: 0,
  },
  PKR: {
    key: 'PKR',
    symbol: 'Rs',
    name: 'Pakistan',
    countryCode: 'PK',
    phonePrefix: '+92',
    defaultLanguage: 'en',
    hrefPrefix: 'pk',
    flag: '/flags/pk.svg',
    minorDigits: 2,
  },
  IDR: {
    key: 'IDR',
    symbol: 'Rp',
    name: 'Indonesia',
    countryCode: 'ID',
    phonePrefix: '+62',
    defaultLanguage: 'id',
    hrefPrefix: 'id',
    flag: '/flags/id.svg',
    minorDigits: 2,
  },
  USDT: {
    key: 'USDT',
    symbol: '$',
    name: 'United States',
    countryCode: 'US',
    phonePrefix: '+1',
    defaultLanguage: 'en',
    hrefPrefix: 'us',
    flag: '/flags/us.svg',
    minorDigits: 6,
  },
};
export const CURRENCY_LIST: readonly CurrencyInfo[] = CURRENCY_KEYS.map((k) => CURRENCIES[k]);

export function isCurrencyKey(value: unknown): value is CurrencyKey {
  return typeof value === 'string' && (CURRENCY_KEYS as readonly string[]).includes(value);
}

/** Rates are integers in basis points (1 bp = 0.01 %), so no float ever touches money. */
export const LIMITS = {
  /** Request helper timeout. The spec has two readings (600000 and 60000); we use 60 s. */
  requestTimeoutMs: 60_000,
  scriptLoadTimeoutMs: 120_000,
  pageAsyncDelayMs: 200,
  pageTimeoutMs: 60_000,
  toastDurationMs: 2_000,
  notifyDurationMs: 3_000,
  loginPopupZIndex: 998,
  codeCountdownLoginSeconds: 120,
  codeCountdownDefaultSeconds: 60,
  codeLength: 6,
  inviteCodeLength: 8,
  userNameMin: 6,
  userNameMax: 20,
  passwordMin: 8,
  passwordMax: 20,
  bankCardNumberMinDigits: 6,
  withdrawal: {
    /** Minimum withdrawal in VND (major units). */
    minVnd: 6_000,
    feeBps: 500,
    divisibleBy: 100,
  },
  usdtWithdrawal: {
    feeBps: 200,
  },
  quickWithdrawAmounts: {
    PHP: [110, 200, 500, 'all'],
    PKR: [300, 500, 1000, 'all'],
  } as Partial<Record<CurrencyKey, readonly (number | 'all')[]>>,
  officialRecharge: {
    completeWithinMinutes: 5,
    /** Official bank transfer is only for orders over this many VND. */
    minVnd: 100_000_000,
  },
  trialCardHours: 72,
  freeTrialCardsPerPeriod: 5,
  points: {
    paidEpisode: 1,
    shareToNewUser: 10,
    sharePrimaryCard: 30,
    sharePremiumCard: 300,
    shareDirectorCard: 1_000,
  },
  invitationLevels: 5,
  monthlySalaryIntervalDays: 30,
  redPacketRefundHours: 24,
  dividendMonths: 10,
} as const;
