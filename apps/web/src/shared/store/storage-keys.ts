/** Every localStorage key the web app uses (spec section 3), in one place. */
export const STORAGE_KEYS = {
  token: 'user_token',
  userInfo: 'user_info',
  userDetail: 'user_detail',
  tenantId: 'tenantId',
  currencyType: 'currencyType',
  country: 'country',
  phonePrefix: 'phonePrefix',
  inviteUrl: 'inviteUrl',
  /** Set only when the user picks a language; otherwise the tenant's default applies. */
  language: 'language',
  theme: 'theme',
  /** The viewer's video quality and data saver (not in the spec: this app's own). */
  videoQuality: 'videoQuality',
  /** The viewer's subtitles: on or off and the language (not in the spec: this app's own). */
  subtitles: 'subtitles',
  isWebview: 'isWebview',
  loginType: 'loginType',
  bind: 'bind',
  /** Ours, not the spec's: this browser's anonymous id (shared/device-id.ts): play calls, analytics. */
  deviceId: 'device_id',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** sessionStorage: set while a reload after a failed page chunk is under way, to avoid loops. */
export const CHUNK_RELOAD_KEY = 'chunk_reload';

/**
 * localStorage: the signed-in user's last known balance and card, shown marked as such when the
 * server cannot be reached (not a key of the spec; cleared on logout and by Clear cache).
 */
export const LAST_KNOWN_KEY = 'last_known';
