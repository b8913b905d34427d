import { basename, dirname } from 'node:path';
import { api, DEVICE_ID_HEADER, deviceIdSchema } from '@dramastar/contract';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { clientAddress } from '../../http/client-address.js';
import type { Router } from '../../http/route.js';
import { masterPlaylist } from '../../media/ladder.js';
import { SEGMENT_URL_SECONDS, type SignedPlaylists } from '../../media/segment-urls.js';
import { type MediaStorage, RangeNotSatisfiableError } from '../../media/storage.js';
import type { SessionUser } from '../../http/actors.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { CatalogService } from './catalog.service.js';
import { MASTER_PLAYLIST, type StreamSigner } from './stream-signer.js';
import { SUBTITLE_FILE } from './subtitle-tracks.js';

/**
 * The files of an episode's directory: the master playlist (made from the row), a rung's playlist
 * (`360p.m3u8`), its segments (`360p_000.ts`, or `.m4s` after `360p_init.mp4`), and the one
 * playlist and segments of an episode packaged before the ladder (`index.m3u8`, `seg_000.ts`).
 */
const HLS_FILE =
  /^(master\.m3u8|index\.m3u8|seg_\d{3,6}\.ts|\d{3,4}p\.m3u8|\d{3,4}p_\d{3,6}\.(?:ts|m4s)|\d{3,4}p_init\.mp4)$/;
const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
};
const typeOf = (file: string) => TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
const SUBTITLE_TYPE = 'text/vtt; charset=utf-8';
const DIGITS = /^(0|[1-9]\d{0,18})$/;

export function catalogRoutes(
  app: FastifyInstance,
  router: Router,
  deps: {
    catalog: CatalogService;
    tenants: TenantService;
    signer: StreamSigner;
    storage: MediaStorage;
    /** Segments from the store or a CDN (signed addresses in the playlists); absent: through /stream. */
    playlists?: SignedPlaylists | undefined;
    clock: Clock;
    limiter: RateLimiter;
  },
): void {
  const { catalog, tenants } = deps;

  /** A guest call's tenant: the one asked for, else the viewer's, else the host's (all cached). */
  async function tenantOf(req: FastifyRequest, asked: string | undefined, viewer: SessionUser | null) {
    if (asked) return (await tenants.config(asked)).tenantId;
    return viewer?.tenantId ?? (await tenants.resolveByDomain(req.hostname)).tenantId;
  }

  router.guest(api.video.homeSeries, async ({ query, req, lang, viewer }) =>
    catalog.home(await tenantOf(req, query.tenantId, await viewer()), lang),
  );
  router.guest(api.video.allSeries, async ({ query, body, req, lang, viewer }) =>
    catalog.all(await tenantOf(req, query.tenantId, await viewer()), body, lang),
  );
  router.guest(api.video.page, async ({ query, body, req, lang, viewer }) =>
    catalog.search(
      await tenantOf(req, query.tenantId, await viewer()),
      query.keyword ?? body.keyword ?? '',
      body,
      lang,
    ),
  );
  router.guest(api.video.videos, async ({ params, req, lang, viewer }) => {
    const who = await viewer();
    return catalog.detail(await tenantOf(req, undefined, who), params.seriesId, who, lang);
  });
  router.guest(api.video.videosPage, async ({ query, body, req, lang, viewer }) => {
    const who = await viewer();
    return catalog.feed(await tenantOf(req, query.tenantId, who), body, who, lang);
  });
  router.guest(api.video.play, async ({ params, query, req, viewer }) => {
    // The client's address (grouped as every per-address limit is: IPv6 by its /64), read in this
    // one place: the per-address limit, and a guest's viewer when the browser sends no device id.
    const address = clientAddress(req);
    // Generous for a viewer swiping through the feed; it bounds what one address can ask.
    await deps.limiter.hit(`play:ip:${address}`, 300, 60);
    const who = await viewer();
    // A device id off the contract's pattern is ignored: the play counts by address.
    const device = deviceIdSchema.safeParse(req.headers[DEVICE_ID_HEADER]);
    const played = await catalog.play(await tenantOf(req, undefined, who), params.videoId, who, {
      deviceId: device.success ? device.data : null,
      address,
    });
    // A cold open's first script asks the start rung's playlist with the address: one request
    // less before its first segments (a 3G line's round trip, and a connection the page's
    // scripts hold). Unreadable, it is left out: the page then asks it as before.
    if (query.start !== '1' || !played.startUrl) return played;
    const file = played.startUrl.slice(played.startUrl.lastIndexOf('/') + 1);
    const [row] = await catalog.episodeKey(params.videoId);
    const startPlaylist = row ? await mediaPlaylist(row.hlsKey, file).catch(() => null) : null;
    return { ...played, startPlaylist };
  });

  router.user(api.video.favoriting, ({ user, body }) => catalog.setFavorite(user, body.seriesId, true));
  router.user(api.video.cancelFavoriting, ({ user, body }) =>
    catalog.setFavorite(user, body.seriesId, false),
  );
  router.user(api.video.liking, ({ user, body }) => catalog.setLike(user, body.videoId, true));
  router.user(api.video.cancelLiking, ({ user, body }) => catalog.setLike(user, body.videoId, false));
  // Whatever user id the path names, a user sees only their own lists.
  router.user(api.video.myFavo, ({ user, body, lang }) => catalog.myFavorites(user, body, lang));
  router.user(api.video.myFavoList, ({ user, params }) => catalog.isFavorite(user, params.id));
  router.user(api.video.myLikes, ({ user, body, lang }) => catalog.myLikes(user, body, lang));
  router.user(api.video.addViewHis, async ({ user, query }) => {
    await catalog.addHistory(user, query.seriesId, query.videoId, query.progress);
    return null;
  });
  router.user(api.video.deleteViewHis, async ({ user, query }) => {
    await catalog.deleteHistory(user, query.seriesId);
    return null;
  });
  router.user(api.video.queryViewHis, ({ user, body, lang }) => catalog.history(user, body, lang));

  /**
   * The poster a guest's details page opens with (`videoId`, else the first episode), as a
   * redirect to the picture: index.html asks for it before any script has run, since the page's
   * address is a hash route the server never sees (README, "The first screen").
   */
  app.get<{ Params: { seriesId: string }; Querystring: { videoId?: string } }>(
    '/poster/:seriesId',
    async (req, reply) => {
      const { seriesId } = req.params;
      const { videoId } = req.query;
      if (!DIGITS.test(seriesId) || (videoId !== undefined && !DIGITS.test(videoId))) {
        throw new AppError('NotFound');
      }
      const tenant = await tenants.resolveByDomain(req.hostname);
      const { episodes } = await catalog.detail(
        tenant.tenantId,
        Number(seriesId),
        null,
        tenant.defaultLanguage,
      );
      const episode = episodes.find((e) => e.id === Number(videoId)) ?? episodes[0];
      if (!episode) throw new AppError('NotFound');
      // Straight to where the picture is (the public bucket or its CDN): one redirect, not two.
      const key = /^\/media\/(.+)$/.exec(episode.poster)?.[1];
      let direct: string | null = null;
      try {
        direct = key ? deps.storage.publicUrl(key) : null;
      } catch {
        direct = null;
      }
      return reply.header('cache-control', 'public, max-age=300').redirect(direct ?? episode.poster, 302);
    },
  );

  /**
   * A subtitle track of the episode whose address was signed (the checks of /stream done): its
   * WebVTT from the store, through this instance in every storage mode (same origin as the page,
   * so a `<track>` needs no CORS; a track is a few KB). Only the episode's own tracks are found.
   */
  async function sendSubtitle(
    req: FastifyRequest,
    reply: FastifyReply,
    videoId: number,
    language: string,
    remaining: number,
  ) {
    const key = await catalog.subtitleKey(videoId, language);
    if (!key) throw new AppError('NotFound');
    const cacheControl = `private, max-age=${remaining}`;
    const local = deps.storage.localPath(key);
    if (local) {
      const result = await send(req.raw, basename(local), {
        root: dirname(local),
        acceptRanges: false,
        cacheControl: false,
      });
      if (result.type !== 'file') throw new AppError('NotFound');
      return reply
        .code(result.statusCode)
        .headers(result.headers)
        .header('content-type', SUBTITLE_TYPE)
        .header('cache-control', cacheControl)
        .send(result.stream);
    }
    const stored = await deps.storage.read(key).catch((error: unknown) => {
      throw new AppError('ServiceUnavailable', { cause: error });
    });
    if (!stored) throw new AppError('NotFound');
    return reply
      .headers(stored.headers)
      .header('content-type', SUBTITLE_TYPE)
      .header('cache-control', cacheControl)
      .send(stored.body);
  }

  /**
   * A media playlist's text as `/stream` answers it: its files signed for the store or the CDN
   * when segments go there directly, else as stored (addresses relative to it); null when absent.
   */
  async function mediaPlaylist(hlsKey: string, file: string): Promise<string | null> {
    if (deps.playlists) return deps.playlists.playlist(hlsKey, file);
    const stored = await deps.storage.read(`${hlsKey}/${file}`);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  /**
   * Episode playlists and segments, only through addresses signed by `play`: the signature binds
   * the episode, the viewer and the expiry. Each part is checked in its canonical form (digits, a
   * known file name) before anything else. The master playlist is made from the episode's row.
   * With segments delivered directly (object storage, or its CDN) a media playlist is answered
   * with its files' lines signed for the store or the CDN, and a file asked here is redirected
   * there: no segment byte passes through this instance. Otherwise (local disk) the files are
   * served from here, Range requests answered (players seek with them).
   */
  app.get<{ Params: { videoId: string; viewer: string; expires: string; signature: string; file: string } }>(
    '/stream/:videoId/:viewer/:expires/:signature/:file',
    async (req, reply) => {
      const { videoId, viewer, expires, signature, file } = req.params;
      const subtitle = SUBTITLE_FILE.exec(file)?.[1];
      if (
        ![videoId, viewer, expires].every((part) => DIGITS.test(part)) ||
        !(HLS_FILE.test(file) || subtitle)
      ) {
        throw new AppError('NotFound');
      }
      const id = Number(videoId);
      const until = Number(expires);
      if (!Number.isSafeInteger(id) || !Number.isSafeInteger(until)) throw new AppError('NotFound');
      const verdict = deps.signer.check(id, BigInt(viewer), until, signature, deps.clock.now());
      if (verdict === 'invalid') throw new AppError('Forbidden');
      if (verdict === 'expired') throw new AppError('StreamExpired');
      const remaining = Math.max(0, until - Math.floor(deps.clock.now().getTime() / 1000));
      if (subtitle) return sendSubtitle(req, reply, id, subtitle, remaining);
      const [row] = await catalog.episodeKey(id);
      if (!row) throw new AppError('NotFound');
      const type = typeOf(file);
      const cacheControl = `private, max-age=${remaining}`;
      if (file === MASTER_PLAYLIST) {
        if (row.renditions.length === 0) throw new AppError('NotFound');
        return reply
          .header('content-type', type)
          .header('cache-control', cacheControl)
          .send(masterPlaylist(row.renditions));
      }
      const direct = deps.playlists;
      if (direct) {
        if (file.endsWith('.m3u8')) {
          const text = await mediaPlaylist(row.hlsKey, file).catch((error: unknown) => {
            throw new AppError('ServiceUnavailable', { cause: error });
          });
          if (text === null) throw new AppError('NotFound');
          // Kept no longer than the addresses it lists work.
          const keep = Math.min(remaining, SEGMENT_URL_SECONDS);
          return reply
            .header('content-type', type)
            .header('cache-control', `private, max-age=${keep}`)
            .send(text);
        }
        // A segment asked here (a playlist fetched before the switch, a hand-made address).
        const signed = await direct.file(row.hlsKey, file);
        return reply.header('cache-control', 'private, no-store').redirect(signed, 302);
      }
      const dir = deps.storage.localPath(row.hlsKey);
      if (!dir) {
        // Object storage: the bytes pass through this instance (after the check above), ranges included.
        const range = req.headers.range;
        const stored = await deps.storage
          .read(
            `${row.hlsKey}/${file}`,
            typeof range === 'string' && /^bytes=\d*-\d*$/.test(range) ? range : undefined,
          )
          .catch((error: unknown) => {
            if (error instanceof RangeNotSatisfiableError) throw new AppError('RangeNotSatisfiable');
            // The store is unreachable or failing: a retryable 503, not a 500.
            throw new AppError('ServiceUnavailable', { cause: error });
          });
        if (!stored) throw new AppError('NotFound');
        return reply
          .code(stored.status)
          .headers(stored.headers)
          .header('content-type', type)
          .header('cache-control', cacheControl)
          .send(stored.body);
      }
      const result = await send(req.raw, file, { root: dir, acceptRanges: true, cacheControl: false });
      if (result.type === 'error' && result.statusCode === 416) throw new AppError('RangeNotSatisfiable');
      if (result.type !== 'file') throw new AppError('NotFound');
      return reply
        .code(result.statusCode)
        .headers(result.headers)
        .header('content-type', type)
        .header('cache-control', cacheControl)
        .send(result.stream);
    },
  );
}
