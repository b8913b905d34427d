import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Router } from '../../http/route.js';
import { cloudFrontSigner } from '../../media/cdn-signer.js';
import { createSignedPlaylists } from '../../media/segment-urls.js';
import type { MediaStorage } from '../../media/storage.js';
import { type S3MediaStorage, s3SegmentSigner } from '../../media/storage-s3.js';
import type { TenantService } from '../tenant/tenant.service.js';
import { catalogRoutes } from './catalog.routes.js';
import { createCatalogService } from './catalog.service.js';
import type { RecentViewers } from './catalog-rows.js';
import type { Entitlements } from './entitlement.js';
import type { PointsService } from './points.service.js';
import { createStreamSigner } from './stream-signer.js';

/**
 * The app's catalogue (/app-api/catalog, /stream): series, episodes, the feed, signed playback.
 * Segments come from the store (presigned) or its CDN (signed URLs), or through /stream on local
 * disk. Plays counted since the last flush reach their series before the database closes.
 */
export async function registerCatalog(
  app: FastifyInstance,
  router: Router,
  deps: {
    db: Db;
    clock: Clock;
    config: Pick<Config, 'segments' | 'cdn'>;
    storage: MediaStorage;
    /** The object store, when media live in one. */
    s3: S3MediaStorage | undefined;
    /** Who holds a viewing pass for paid episodes (a hook: membership comes later). */
    entitlements: Entitlements;
    points: PointsService;
    limiter: RateLimiter;
    tenants: TenantService;
    recentViewers: RecentViewers;
  },
) {
  const { db, clock, config, storage, s3, limiter } = deps;
  const signer = await createStreamSigner(db);
  const segmentSigner =
    config.segments === 'cdn' && config.cdn
      ? cloudFrontSigner(config.cdn)
      : config.segments === 'store' && s3
        ? s3SegmentSigner(s3)
        : undefined;
  const playlists = segmentSigner
    ? createSignedPlaylists({ storage, signer: segmentSigner, clock })
    : undefined;
  const catalog = createCatalogService({
    db,
    clock,
    entitlements: deps.entitlements,
    points: deps.points,
    signer,
    limiter,
    recentViewers: deps.recentViewers,
  });
  app.addHook('onClose', async () => {
    await catalog.flushPlays();
  });
  catalogRoutes(app, router, { catalog, tenants: deps.tenants, signer, storage, playlists, clock, limiter });
  return { catalog, segmentSigner };
}
