import { LANGUAGES } from '@dramastar/contract';
import { answerCache } from '../../answer-cache.js';
import type { Clock } from '../../clock.js';

/**
 * Tenant-wide catalogue answers (home, series pages, search, a series with its episodes, feed
 * pages) are kept in memory per instance and tenant: every committed console change of the
 * tenant's content forgets them on every instance (app.ts: `catalogChanged`), and they are read
 * again after this in any case (so plays, likes and follows by other viewers show within it).
 */
export const CATALOG_CACHE_TTL_MS = 10_000;
/** Cached answers per tenant (pages and search words make many keys); the oldest make room. */
export const CATALOG_CACHE_MAX = 5_000;

export const seriesKey = (seriesId: number) => `series:${seriesId}`;

/** This instance's cache of tenant-wide catalogue answers, one per tenant. */
export function createCatalogCache(clock: Clock) {
  const caches = new Map<string, ReturnType<typeof answerCache<unknown>>>();
  /** A tenant-wide answer from this instance's cache (never anything that depends on the viewer). */
  function cached<T>(tenantId: string, key: string, load: () => Promise<T>): Promise<T> {
    let cache = caches.get(tenantId);
    if (!cache) {
      cache = answerCache<unknown>(clock, { ttlMs: CATALOG_CACHE_TTL_MS, max: CATALOG_CACHE_MAX });
      caches.set(tenantId, cache);
    }
    return cache.get(key, load) as Promise<T>;
  }

  /** A series' episodes, and its guest answer in each language, are read again on next ask. */
  function forgetSeries(tenantId: string, seriesId: number) {
    const cache = caches.get(tenantId);
    cache?.forget(seriesKey(seriesId));
    LANGUAGES.forEach(({ key }) => cache?.forget(`${seriesKey(seriesId)}:guest:${key}`));
  }

  /**
   * Forgets the cached answers of a tenant (all tenants without one). Call after a change to its
   * series, episodes, banners or home sections is committed (app.ts's `catalogChanged` also
   * tells the other instances).
   */
  function invalidate(tenantId?: string): void {
    if (tenantId === undefined) caches.forEach((cache) => cache.clear());
    else caches.get(tenantId)?.clear();
  }

  return { cached, forgetSeries, invalidate };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
