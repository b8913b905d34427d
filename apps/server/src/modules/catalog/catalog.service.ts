import { createCatalogBrowseService } from './catalog-browse.service.js';
import { createCatalogCache } from './catalog-cache.js';
import { createCatalogPlaybackService } from './catalog-playback.service.js';
import { type CatalogDeps, createCatalogRows } from './catalog-rows.js';
import { createCatalogViewerService } from './catalog-viewer.service.js';

export { CATALOG_CACHE_MAX, CATALOG_CACHE_TTL_MS } from './catalog-cache.js';
export { type CatalogDeps, localize } from './catalog-rows.js';

/** The notification (with the tenant's id after it) that a tenant's catalogue changed. */
export const CATALOG_CHANGED = 'catalog:';
/** How often each instance adds the plays it counted to their series (`flushPlays`). */
export const PLAY_COUNT_FLUSH_MS = 5_000;

/**
 * The viewer-facing catalogue, one object made of its parts: browsing (catalog-browse.service.ts),
 * the viewer's own follows, likes and history (catalog-viewer.service.ts) and playback
 * (catalog-playback.service.ts), sharing one cache of tenant-wide answers (catalog-cache.ts) and
 * the reads in catalog-rows.ts.
 */
export function createCatalogService({
  db,
  clock,
  entitlements,
  points,
  signer,
  limiter,
  recentViewers,
}: CatalogDeps) {
  const cache = createCatalogCache(clock);
  const rows = createCatalogRows({ db, entitlements });
  return {
    invalidate: cache.invalidate,
    ...createCatalogPlaybackService({ db, clock, entitlements, points, signer, limiter, rows }),
    ...createCatalogBrowseService({ db, clock, entitlements, cache, rows, recentViewers }),
    ...createCatalogViewerService({ db, clock, cache, rows }),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
