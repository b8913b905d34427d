import {
  APP_NAME,
  DEFAULT_LANGUAGE,
  DEFAULT_TENANT_ID,
  DEFAULT_THEME,
  isCurrencyKey,
  isLanguage,
  THEMES,
  type CurrencyKey,
  type Language,
  type TenantSummary,
  type Theme,
  type UserInfo,
} from '@dramastar/contract';
import { isInAppBrowser } from '../in-app-browser';
import { create } from 'zustand';
import { readJson, readString, writeValue } from './local-storage';
import { LAST_KNOWN_KEY, STORAGE_KEYS, type StorageKey } from './storage-keys';

/** Shapes the server has not fixed yet are kept as plain objects. */
export type Json = Record<string, unknown>;

export interface CountryDes {
  img: string;
  name: string;
  phonePrefix: string;
  code: string;
}

export type TenantStatus = 'pending' | 'ready' | 'fallback';
export type SocketStatus = 'closed' | 'connecting' | 'open';

export interface SessionState {
  token: string | null;
  /** The answer of /user/info; userDetail holds the same answer (the spec keeps both). */
  userInfo: UserInfo | null;
  userDetail: UserInfo | null;
  walletInfo: Json | null;
  openId: string | null;
  corpId: string | null;
  hasLogin: boolean;
  videotoPay: boolean;
  countryDes: CountryDes | null;
  phonePrefix: string | null;
  theme: Theme;
  videoItem: Json | null;
  socketStatus: SocketStatus;
  /** The language the user picked, or null while the tenant's default applies. */
  chosenLanguage: Language | null;
  tenantId: string;
  tenantName: string;
  tenantLanguage: Language | null;
  tenantStatus: TenantStatus;
  currencyType: CurrencyKey | null;
  inviteUrl: string | null;
  isWebview: boolean;
  loginType: string | null;
  bind: string | null;
  /** Website mode (`website=1` on a login route): English, whatever was chosen; not persisted. */
  websiteMode: boolean;
}

export interface SessionActions {
  /** Saves the token of a successful login or registration. */
  login: (token: string) => void;
  setToken: (token: string) => void;
  /** Stores /user/info as userInfo and userDetail, and the tenantId it names. */
  setUserInfo: (userInfo: UserInfo | null) => void;
  setUserDetail: (userDetail: UserInfo | null) => void;
  setWalletInfo: (walletInfo: Json | null) => void;
  /** Clears token, user info, user detail and openId (spec section 4). */
  logout: () => void;
  setTheme: (theme: Theme) => void;
  /** An explicit choice of the user: it is persisted and wins over the tenant's default. */
  setLanguage: (language: Language) => void;
  setTenant: (tenant: TenantSummary) => void;
  /** The tenant could not be resolved: keep what we have, or the default tenant. */
  setTenantFallback: () => void;
  /** The country picked in a login form or on the Select Countries page. */
  setCountry: (country: CountryDes | null) => void;
  setWebsiteMode: (websiteMode: boolean) => void;
  setLoginType: (loginType: string | null) => void;
  setBind: (bind: string | null) => void;
  /** The chat socket's state (features/chat): connecting, open or closed. */
  setSocketStatus: (socketStatus: SocketStatus) => void;
}

export type Session = SessionState & SessionActions;

function readTheme(): Theme {
  const value = readString(STORAGE_KEYS.theme);
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_THEME;
}

function readObject(key: StorageKey): Json | null {
  const value = readJson(key);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

const USER_INFO_STRINGS = [
  'userId',
  'tenantId',
  'nickname',
  'inviteCode',
  'inviteLink',
  'createdAt',
] as const;
const USER_INFO_NULLABLE = ['avatar', 'email', 'userName', 'areaCode', 'phone', 'inviterCode'] as const;

/**
 * The stored copy of /user/info: one this app wrote from a checked answer, so a look at its
 * fields' types is enough (an older version's shape is dropped). By hand rather than with the
 * contract's schema, which would put zod in the first screen's script; a test keeps the two alike.
 */
export function isStoredUserInfo(value: unknown): value is UserInfo {
  if (value === null || typeof value !== 'object') return false;
  const info = value as Record<string, unknown>;
  return (
    USER_INFO_STRINGS.every((field) => typeof info[field] === 'string') &&
    USER_INFO_NULLABLE.every((field) => info[field] === null || typeof info[field] === 'string') &&
    Array.isArray(info.loginMethods) &&
    info.loginMethods.every((method) => typeof method === 'string') &&
    typeof info.hasPassword === 'boolean'
  );
}

function readUserInfo(key: StorageKey): UserInfo | null {
  const value = readJson(key);
  return isStoredUserInfo(value) ? value : null;
}

function readCountry(): CountryDes | null {
  const value = readObject(STORAGE_KEYS.country);
  if (!value) return null;
  const { img, name, phonePrefix, code } = value;
  return typeof img === 'string' &&
    typeof name === 'string' &&
    typeof phonePrefix === 'string' &&
    typeof code === 'string'
    ? { img, name, phonePrefix, code }
    : null;
}

function readTenantId(): string {
  const value = readString(STORAGE_KEYS.tenantId);
  return value && /^\d{6}$/.test(value) ? value : DEFAULT_TENANT_ID;
}

/** The state as the browser remembers it; used at start-up and by tests after clearing storage. */
export function initialSessionState(): SessionState {
  const token = readString(STORAGE_KEYS.token) || null;
  const language = readString(STORAGE_KEYS.language);
  const currency = readString(STORAGE_KEYS.currencyType);
  return {
    token,
    userInfo: readUserInfo(STORAGE_KEYS.userInfo),
    userDetail: readUserInfo(STORAGE_KEYS.userDetail),
    walletInfo: null,
    openId: null,
    corpId: null,
    hasLogin: token !== null,
    videotoPay: false,
    countryDes: readCountry(),
    phonePrefix: readString(STORAGE_KEYS.phonePrefix),
    theme: readTheme(),
    videoItem: null,
    socketStatus: 'closed',
    chosenLanguage: isLanguage(language) ? language : null,
    tenantId: readTenantId(),
    tenantName: APP_NAME,
    tenantLanguage: null,
    tenantStatus: 'pending',
    currencyType: isCurrencyKey(currency) ? currency : null,
    inviteUrl: readString(STORAGE_KEYS.inviteUrl),
    // Told afresh at every start from the user agent (each browser has its own storage anyway).
    isWebview: typeof navigator !== 'undefined' && isInAppBrowser(navigator.userAgent),
    loginType: readString(STORAGE_KEYS.loginType),
    bind: readString(STORAGE_KEYS.bind),
    websiteMode: false,
  };
}

export const useSession = create<Session>()((set) => ({
  ...initialSessionState(),
  login: (token) => set({ token, hasLogin: true }),
  setToken: (token) => set({ token, hasLogin: true }),
  setUserInfo: (userInfo) =>
    set(
      userInfo && /^\d{6}$/.test(userInfo.tenantId)
        ? { userInfo, userDetail: userInfo, tenantId: userInfo.tenantId }
        : { userInfo, userDetail: userInfo },
    ),
  setUserDetail: (userDetail) => set({ userDetail }),
  setWalletInfo: (walletInfo) => set({ walletInfo }),
  logout: () => {
    // The last known balance and card (shared/network/last-known.ts) leave with the session.
    try {
      localStorage.removeItem(LAST_KNOWN_KEY);
    } catch {
      // no storage: nothing was kept
    }
    set({ token: null, hasLogin: false, userInfo: null, userDetail: null, openId: null, walletInfo: null });
  },
  setTheme: (theme) => set({ theme }),
  setLanguage: (chosenLanguage) => set({ chosenLanguage }),
  setTenant: (tenant) =>
    set({
      tenantId: tenant.tenantId,
      tenantName: tenant.name || APP_NAME,
      tenantLanguage: tenant.defaultLanguage,
      currencyType: tenant.currency,
      inviteUrl: tenant.inviteUrl,
      tenantStatus: 'ready',
    }),
  setTenantFallback: () => set({ tenantStatus: 'fallback', tenantName: APP_NAME }),
  setCountry: (countryDes) => set({ countryDes, phonePrefix: countryDes?.phonePrefix ?? null }),
  setWebsiteMode: (websiteMode) => set({ websiteMode }),
  setLoginType: (loginType) => set({ loginType }),
  setBind: (bind) => set({ bind }),
  setSocketStatus: (socketStatus) => set({ socketStatus }),
}));

/** Which field of the state is written to which localStorage key. */
const PERSISTED: readonly (readonly [keyof SessionState, StorageKey])[] = [
  ['token', STORAGE_KEYS.token],
  ['userInfo', STORAGE_KEYS.userInfo],
  ['userDetail', STORAGE_KEYS.userDetail],
  ['theme', STORAGE_KEYS.theme],
  ['chosenLanguage', STORAGE_KEYS.language],
  ['tenantId', STORAGE_KEYS.tenantId],
  ['currencyType', STORAGE_KEYS.currencyType],
  ['inviteUrl', STORAGE_KEYS.inviteUrl],
  ['countryDes', STORAGE_KEYS.country],
  ['phonePrefix', STORAGE_KEYS.phonePrefix],
  ['isWebview', STORAGE_KEYS.isWebview],
  ['loginType', STORAGE_KEYS.loginType],
  ['bind', STORAGE_KEYS.bind],
];

// Write-through persistence: every change of a persisted field lands in its own key.
useSession.subscribe((state, previous) => {
  for (const [field, key] of PERSISTED) {
    if (state[field] !== previous[field]) writeValue(key, state[field]);
  }
});

/** The language in effect: English in website mode, else the user's choice, else the tenant's default, else English. */
export function selectLanguage(state: SessionState): Language {
  if (state.websiteMode) return 'en';
  return state.chosenLanguage ?? state.tenantLanguage ?? DEFAULT_LANGUAGE;
}

export function useLanguage(): Language {
  return useSession(selectLanguage);
}
