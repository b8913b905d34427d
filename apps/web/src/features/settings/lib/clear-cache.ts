import type { QueryClient } from '@tanstack/react-query';
import { COOKIE_NAMES, readCookie, removeCookie } from '../../../shared/cookies';
import { STORAGE_KEYS } from '../../../shared/store/storage-keys';
import { useSession } from '../../../shared/store/session';

/** What "Clear cache" keeps: the session, the tenant, the language, the theme and the video quality. */
const KEPT: readonly string[] = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.userInfo,
  STORAGE_KEYS.userDetail,
  STORAGE_KEYS.tenantId,
  STORAGE_KEYS.currencyType,
  STORAGE_KEYS.inviteUrl,
  STORAGE_KEYS.language,
  STORAGE_KEYS.theme,
  STORAGE_KEYS.videoQuality,
  STORAGE_KEYS.isWebview,
];

/** Bytes a string takes in storage (UTF-16). */
const size = (text: string) => text.length * 2;

/**
 * Clears cached data: the query cache, local storage other than the session (country, phone
 * prefix, login bookkeeping, …), the remembered invite code and the service worker's caches.
 * Resolves the number of bytes removed (an estimate for the in-memory and worker caches).
 */
export async function clearCache(queryClient: QueryClient): Promise<number> {
  let bytes = 0;

  for (const query of queryClient.getQueryCache().getAll()) {
    try {
      const text = JSON.stringify(query.state.data) as string | undefined;
      bytes += size(text ?? '');
    } catch {
      // data that cannot be serialised counts as nothing
    }
  }
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'user' || query.queryKey[1] !== 'info',
  });

  try {
    for (const key of Object.keys(localStorage)) {
      if (KEPT.includes(key)) continue;
      bytes += size(key) + size(localStorage.getItem(key) ?? '');
      localStorage.removeItem(key);
    }
  } catch {
    // storage unavailable: nothing stored to clear
  }
  useSession.setState({ countryDes: null, phonePrefix: null, loginType: null, bind: null });

  for (const name of [COOKIE_NAMES.inviteInfo, COOKIE_NAMES.loginCallbackUrl]) {
    const value = readCookie(name);
    if (value !== null) {
      bytes += size(name) + size(value);
      removeCookie(name);
    }
  }

  if ('caches' in window) {
    try {
      const names = await caches.keys();
      for (const name of names) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          const length = Number(response?.headers.get('content-length') ?? 0);
          bytes += Number.isFinite(length) ? length : 0;
        }
        await caches.delete(name);
      }
    } catch {
      // no Cache Storage (private mode, http): nothing to clear
    }
  }
  return bytes;
}

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${units[unit] ?? 'B'}`;
}
