import { z } from 'zod';
import { defineCall } from '../call.js';
import { ROLES } from '../constants.js';

/** Upload limits of the console's Content pages (the server may lower the video limit by config). */
export const CONTENT_LIMITS = {
  /** Covers: JPEG, PNG or WebP, sent as a data URL. */
  coverMaxBytes: 2 * 1024 * 1024,
  /** Default largest episode video (VIDEO_UPLOAD_MAX_BYTES). */
  videoMaxBytes: 500 * 1024 * 1024,
  /** Accepted video containers, recognised by their first bytes. */
  videoTypes: ['mp4', 'mov', 'webm'],
  maxBanners: 10,
} as const;

export const SERIES_STATUSES = ['draft', 'published'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];
export const TRANSCODE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TranscodeStatus = (typeof TRANSCODE_STATUSES)[number];

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const tenantId = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** Texts per language: English is required, Vietnamese and Indonesian fall back to it. */
const localized = (max: number, required: boolean) =>
  z.object({
    en: required ? z.string().trim().min(1).max(max) : z.string().trim().max(max),
    vn: z.string().trim().max(max).optional(),
    id: z.string().trim().max(max).optional(),
  });

const seriesFields = {
  title: localized(120, true),
  description: localized(2000, false),
  tags: z.array(z.string().trim().min(1).max(30)).max(10),
  category: z.string().trim().min(1).max(40),
  freeEpisodes: z.number().int().min(0).max(1000),
  /** 0 = no position; 1, 2, … put the series first in the "new" and "free" sections, in that order. */
  sortOrder: z.number().int().min(0).max(100_000),
};

export const localizedText = z.object({
  en: z.string(),
  vn: z.string().optional(),
  id: z.string().optional(),
});

export const adminSeries = z.object({
  id: z.number().int(),
  tenantId: z.string(),
  slug: z.string(),
  title: localizedText,
  description: localizedText,
  /** /media path of the cover; empty until one is uploaded or the first episode gives its poster. */
  cover: z.string(),
  tags: z.array(z.string()),
  category: z.string(),
  status: z.enum(SERIES_STATUSES),
  freeEpisodes: z.number().int(),
  sortOrder: z.number().int(),
  /** Position on the home page's banner carousel (1 first); null = not a banner. */
  bannerOrder: z.number().int().nullable(),
  episodeCount: z.number().int(),
  playCount: z.number().int(),
  favoriteCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type AdminSeries = z.infer<typeof adminSeries>;

export const adminEpisode = z.object({
  id: z.number().int(),
  number: z.number().int(),
  /** Seconds. */
  duration: z.number(),
  poster: z.string(),
  createdAt: z.string(),
});
export type AdminEpisode = z.infer<typeof adminEpisode>;

export const transcodeJob = z.object({
  id: z.number().int(),
  tenantId: z.string(),
  seriesId: z.number().int(),
  /** The episode it makes (new upload: the next number at the time of upload) or replaces. */
  episodeNumber: z.number().int(),
  /** Set when the job replaces this episode's video. */
  episodeId: z.number().int().nullable(),
  status: z.enum(TRANSCODE_STATUSES),
  /** 0..1 while running; 1 when done. */
  progress: z.number(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TranscodeJob = z.infer<typeof transcodeJob>;

const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  tenantId: tenantId.optional(),
});

/** The console's Content calls: series, episodes and their transcoding jobs, banners. */
export const adminContentApi = {
  series: defineCall({
    path: '/content/series',
    auth: 'operator',
    roles: ROLES.content,
    query: pageQuery.extend({
      status: z.enum(SERIES_STATUSES).optional(),
      /** Matches titles (any language) and the slug. */
      keyword: z.string().trim().max(60).optional(),
    }),
    response: z.object({ list: z.array(adminSeries), total: z.number().int() }),
  }),
  seriesDetail: defineCall({
    path: '/content/series/detail',
    auth: 'operator',
    roles: ROLES.content,
    query: z.object({ seriesId: id }),
    response: z.object({ series: adminSeries, episodes: z.array(adminEpisode) }),
  }),
  /** A new series is a draft: it is published once it has an episode. */
  createSeries: defineCall({
    path: '/content/series/create',
    auth: 'operator',
    roles: ROLES.content,
    body: z.object({
      tenantId,
      ...seriesFields,
      description: seriesFields.description.default({ en: '' }),
      tags: seriesFields.tags.default([]),
      freeEpisodes: seriesFields.freeEpisodes.default(3),
      sortOrder: seriesFields.sortOrder.default(0),
    }),
    response: adminSeries,
  }),
  updateSeries: defineCall({
    path: '/content/series/update',
    auth: 'operator',
    roles: ROLES.content,
    body: z.object({
      id,
      title: seriesFields.title.optional(),
      description: seriesFields.description.optional(),
      tags: seriesFields.tags.optional(),
      category: seriesFields.category.optional(),
      freeEpisodes: seriesFields.freeEpisodes.optional(),
      sortOrder: seriesFields.sortOrder.optional(),
    }),
    response: adminSeries,
  }),
  /** The cover as a data URL: JPEG, PNG or WebP (checked by its bytes), at most 2 MB. */
  uploadCover: defineCall({
    path: '/content/series/cover',
    auth: 'operator',
    roles: ROLES.content,
    body: z.object({
      id,
      image: z
        .string()
        .max(Math.ceil((CONTENT_LIMITS.coverMaxBytes * 4) / 3) + 100, { error: 'ImageTooLarge' }),
    }),
    response: adminSeries,
    bodyLimit: 4 * 1024 * 1024,
  }),
  /** published needs at least one ready episode (409 SeriesNeedsEpisode). */
  setSeriesStatus: defineCall({
    path: '/content/series/status',
    auth: 'operator',
    roles: ROLES.content,
    body: z.object({ id, status: z.enum(SERIES_STATUSES) }),
    response: adminSeries,
  }),
  /** Position on the home banner carousel (1 first), or null to take it off. */
  setBanner: defineCall({
    path: '/content/series/banner',
    auth: 'operator',
    roles: ROLES.content,
    body: z.object({ id, bannerOrder: z.number().int().min(1).max(1000).nullable() }),
    response: adminSeries,
  }),
  /**
   * Upload an episode video: `multipart/form-data` with one file field `file` (mp4, mov or webm).
   * Without `episodeId` it becomes the series' next episode; with it, it replaces that episode's
   * video. Answers the queued transcoding job.
   */
  uploadEpisode: defineCall({
    path: '/content/episodes/upload',
    auth: 'operator',
    roles: ROLES.content,
    query: z.object({ seriesId: id, episodeId: id.optional() }),
    response: transcodeJob,
  }),
  /** Renumbers the series' episodes 1…n in the order given (every episode, once). */
  reorderEpisodes: defineCall({
    path: '/content/episodes/reorder',
    auth: 'operator',
    roles: ROLES.content,
    body: z.object({ seriesId: id, episodeIds: z.array(id).min(1).max(1000) }),
    response: z.object({ episodes: z.array(adminEpisode) }),
  }),
  /** Deletes an episode; the later ones move up a number. */
  deleteEpisode: defineCall({
    path: '/content/episodes/delete',
    auth: 'operator',
    roles: ROLES.content,
    body: z.object({ episodeId: id }),
    response: z.object({ episodes: z.array(adminEpisode) }),
  }),
  /** Transcoding jobs, newest first (the console polls this while one is queued or running). */
  jobs: defineCall({
    path: '/content/jobs',
    auth: 'operator',
    roles: ROLES.content,
    query: pageQuery.extend({
      seriesId: id.optional(),
      status: z.enum(TRANSCODE_STATUSES).optional(),
    }),
    response: z.object({ list: z.array(transcodeJob), total: z.number().int() }),
  }),
};
