import { z } from 'zod';
import { defineCall } from '../call.js';
import { DEVICE_ID_PATTERN, OPENING_PATHS } from '../constants.js';
import { tenantIdSchema, text } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';

const id = lazySchema(() => z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const tenantQuery = lazySchema(() => z.object({ tenantId: tenantIdSchema.optional() }));
const pageFields = {
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
};

/** A series as lists show it; texts in the request's language. */
export const seriesSummary = lazySchema(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    /** Cover image path (vertical 3:4). */
    cover: z.string(),
    tags: z.array(z.string()),
    category: z.string(),
    episodeCount: z.number().int(),
    /** Episodes 1…freeEpisodes play for everyone; the rest need a Star Card or a trial card. */
    freeEpisodes: z.number().int(),
    favoriteCount: z.number().int(),
    likeCount: z.number().int(),
    playCount: z.number().int(),
  }),
);
export type SeriesSummary = z.infer<typeof seriesSummary>;

/** A series as a card shows it (Home's sections): a summary without its description. */
export const seriesCard = lazySchema(() => seriesSummary.omit({ description: true }));
export type SeriesCard = z.infer<typeof seriesCard>;

export const episodeInfo = lazySchema(() =>
  z.object({
    id: z.number().int(),
    seriesId: z.number().int(),
    number: z.number().int(),
    /** Seconds. */
    duration: z.number(),
    poster: z.string(),
    free: z.boolean(),
    /** True when this viewer may not play it (a paid episode without a card). */
    locked: z.boolean(),
    likeCount: z.number().int(),
    /** This viewer liked it (false for guests). */
    liked: z.boolean(),
  }),
);
export type EpisodeInfo = z.infer<typeof episodeInfo>;

export const seriesPage = lazySchema(() =>
  z.object({ list: z.array(seriesSummary), total: z.number().int() }),
);

/** The home page's built-in sections, in their default order; the server computes their series. */
export const HOME_BUILTIN_SECTIONS = ['hot', 'new', 'free', 'ranking'] as const;
export type HomeBuiltinSection = (typeof HOME_BUILTIN_SECTIONS)[number];

export function isHomeBuiltinSection(key: string): key is HomeBuiltinSection {
  return (HOME_BUILTIN_SECTIONS as readonly string[]).includes(key);
}

/**
 * One home section, in the order the tenant's operators set (hidden sections are left out).
 * `key` is a built-in key or an operator's custom section key.
 */
export const homeSection = lazySchema(() =>
  z.object({
    key: z.string(),
    /** In the request's language; null: the app shows its own translated title of a built-in key. */
    title: z.string().nullable().default(null),
    series: z.array(seriesCard),
  }),
);
export type HomeSection = z.infer<typeof homeSection>;

export const seriesDetail = lazySchema(() =>
  z.object({
    series: seriesSummary,
    episodes: z.array(episodeInfo),
    /** This viewer follows (favourited) the series. */
    favorited: z.boolean(),
    /** Where this viewer stopped: episode and seconds, or null. */
    progress: z
      .object({ videoId: z.number().int(), number: z.number().int(), progress: z.number() })
      .nullable(),
    /**
     * Episodes this viewer has played (each has watch progress), in episode order: the episode
     * grid marks them. Empty for guests.
     */
    watched: z.array(z.number().int()).default([]),
  }),
);

/** The `x-device-id` header of a play call (DEVICE_ID_HEADER): a browser's anonymous id. */
export const deviceIdSchema = lazySchema(() => z.string().regex(DEVICE_ID_PATTERN));

/** One subtitle track of an episode, as a play answer lists it. */
export const subtitleTrack = lazySchema(() =>
  z.object({ language: z.string(), label: z.string(), url: z.string() }),
);

/** Short-lived signed address of an episode's HLS playlist, issued only to a viewer who may play it. */
export const playResult = lazySchema(() =>
  z.object({
    videoId: z.number().int(),
    playlistUrl: z.string(),
    /**
     * The lowest rendition's media playlist, signed like `playlistUrl` (null for an episode with
     * one rendition): where a cold start begins, so a player or the page's first script may fetch
     * it and its first segment beside the master playlist instead of after it.
     */
    startUrl: z.string().nullable().default(null),
    /**
     * That rendition's RFC 6381 codecs (`avc1.64000c,mp4a.40.2`; null with `startUrl`): the page's
     * first script plays its first segments through Media Source before the app has loaded, and
     * Media Source needs the type before the first byte (apps/web/index.html).
     */
    startCodecs: z.string().nullable().default(null),
    /**
     * With `start=1`: the text of the playlist at `startUrl` (its files' addresses as that
     * playlist lists them, relative to it or signed for the store), so the page's first script
     * asks its first segments at once instead of after one more request (null without it, or
     * when it could not be read).
     */
    startPlaylist: z.string().nullable().default(null),
    expiresAt: z.string(),
    /**
     * The episode's subtitle tracks (WebVTT), each a short-lived signed address as protected as the
     * playlist. `language` is a lowercase BCP 47 code (en, vi, id, or any the operator adds; the
     * app's locale `vn` matches `vi`); `label` is the language's own name ("Tiếng Việt").
     */
    subtitles: z.array(subtitleTrack),
  }),
);

export const historyEntry = lazySchema(() =>
  z.object({
    series: seriesSummary,
    videoId: z.number().int(),
    number: z.number().int(),
    progress: z.number(),
    duration: z.number(),
    updatedAt: z.string(),
  }),
);

const seriesBody = lazySchema(() => z.object({ seriesId: id }));
const videoBody = lazySchema(() => z.object({ videoId: id }));

export const videoCalls = {
  /** Follows a series (idempotent). */
  favoriting: defineCall({
    path: '/sv/favoriting',
    auth: 'user',
    bodyInQuery: true,
    body: seriesBody,
    response: lazySchema(() => z.object({ favorited: z.boolean(), favoriteCount: z.number().int() })),
  }),
  cancelFavoriting: defineCall({
    path: '/sv/cancelFavoriting',
    auth: 'user',
    bodyInQuery: true,
    body: seriesBody,
    response: lazySchema(() => z.object({ favorited: z.boolean(), favoriteCount: z.number().int() })),
  }),
  /** The signed-in user's followed series; the path's userId must be the user's own. */
  myFavo: defineCall({
    path: '/sv/myFavo/:userId',
    auth: 'user',
    params: lazySchema(() => z.object({ userId: id })),
    body: lazySchema(() => z.object(pageFields)),
    response: seriesPage,
  }),
  /** Whether the signed-in user follows series `id`. */
  myFavoList: defineCall({
    path: '/sv/myFavoList/:id',
    auth: 'user',
    params: lazySchema(() => z.object({ id })),
    response: lazySchema(() => z.object({ favorited: z.boolean() })),
  }),
  homeSeries: defineCall({
    path: '/sv/homeSeries',
    auth: 'guest',
    query: tenantQuery,
    response: lazySchema(() =>
      z.object({
        banners: z.array(seriesSummary),
        sections: z.array(homeSection),
        categories: z.array(z.string()),
      }),
    ),
  }),
  /** Keyword search over titles, descriptions and tags, in all languages. */
  page: defineCall({
    path: '/sv/page',
    auth: 'guest',
    query: lazySchema(() => tenantQuery.extend({ keyword: text().trim().max(100).optional() })),
    body: lazySchema(() => z.object({ ...pageFields, keyword: text().trim().max(100).optional() })),
    response: seriesPage,
  }),
  addViewHis: defineCall({
    path: '/sv/addViewHis',
    auth: 'user',
    query: lazySchema(() =>
      z.object({ seriesId: id, videoId: id, progress: z.coerce.number().min(0).max(86_400) }),
    ),
    response: lazySchema(() => z.null()),
  }),
  deleteViewHis: defineCall({
    path: '/sv/deleteViewHis',
    auth: 'user',
    query: lazySchema(() => z.object({ seriesId: id })),
    response: lazySchema(() => z.null()),
  }),
  queryViewHis: defineCall({
    path: '/sv/queryViewHis',
    auth: 'user',
    body: lazySchema(() => z.object(pageFields)),
    response: lazySchema(() => z.object({ list: z.array(historyEntry), total: z.number().int() })),
  }),
  liking: defineCall({
    path: '/sv/liking',
    auth: 'user',
    bodyInQuery: true,
    body: videoBody,
    response: lazySchema(() => z.object({ liked: z.boolean(), likeCount: z.number().int() })),
  }),
  cancelLiking: defineCall({
    path: '/sv/cancelLiking',
    auth: 'user',
    bodyInQuery: true,
    body: videoBody,
    response: lazySchema(() => z.object({ liked: z.boolean(), likeCount: z.number().int() })),
  }),
  /** A series with its episodes (the spec's fetchVideosSeries). */
  videos: defineCall({
    path: OPENING_PATHS.series,
    auth: 'guest',
    params: lazySchema(() => z.object({ seriesId: id })),
    response: seriesDetail,
  }),
  allSeries: defineCall({
    path: '/sv/allSeries',
    auth: 'guest',
    query: tenantQuery,
    body: lazySchema(() => z.object({ ...pageFields, category: text().trim().max(40).optional() })),
    response: seriesPage,
  }),
  /** The signed-in user's liked episodes; the path's userId must be the user's own. */
  myLikes: defineCall({
    path: '/sv/myLikes/:userId',
    auth: 'user',
    params: lazySchema(() => z.object({ userId: id })),
    body: lazySchema(() => z.object(pageFields)),
    response: lazySchema(() =>
      z.object({
        list: z.array(z.object({ series: seriesSummary, episode: episodeInfo })),
        total: z.number().int(),
      }),
    ),
  }),
  /** The Shorts feed (the spec's fetchVideosPage): episodes one after another, series by series. */
  videosPage: defineCall({
    path: '/sv/videosPage',
    auth: 'guest',
    query: tenantQuery,
    body: lazySchema(() => z.object(pageFields)),
    response: lazySchema(() =>
      z.object({
        list: z.array(z.object({ series: seriesSummary, episode: episodeInfo })),
        total: z.number().int(),
      }),
    ),
  }),
  /**
   * Signs the playlist address of an episode the viewer may play; 409 EpisodeLocked otherwise.
   * Counts a play once per viewer and episode in 30 minutes; a guest's browser sends its
   * anonymous id in the DEVICE_ID_HEADER header (deviceIdSchema).
   */
  play: defineCall({
    path: OPENING_PATHS.play,
    auth: 'guest',
    params: lazySchema(() => z.object({ videoId: id })),
    /** `start=1`: the answer carries the start rung's playlist itself (`startPlaylist`). */
    query: lazySchema(() => z.object({ start: z.literal('1').optional() })),
    response: playResult,
  }),
};
