import { z } from 'zod';
import { defineCall } from '../call.js';
import { ROLES } from '../constants.js';
import type { MessageKey } from '../messages.js';
import { HOME_BUILTIN_SECTIONS, isHomeBuiltinSection } from './video.js';
import { text, multilineText } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';

/** Upload limits of the console's Content pages (the server may lower the video limit by config). */
export const CONTENT_LIMITS = {
  /** Covers: JPEG, PNG or WebP, sent as a data URL. */
  coverMaxBytes: 2 * 1024 * 1024,
  /** Default largest episode video (VIDEO_UPLOAD_MAX_BYTES). */
  videoMaxBytes: 500 * 1024 * 1024,
  /** Accepted video containers, recognised by their first bytes. */
  videoTypes: ['mp4', 'mov', 'webm'],
  maxBanners: 10,
  /** Home sections of a tenant, the four built-in ones included. */
  maxHomeSections: 12,
  /** Series of a custom home section. */
  maxSectionSeries: 20,
  sectionTitleMax: 40,
} as const;

/** Subtitle uploads: SRT or WebVTT text, UTF-8. */
export const SUBTITLE_LIMITS = {
  maxBytes: 512 * 1024,
  maxCues: 5000,
  /** Cues a preview shows. */
  previewCues: 5,
  /** The languages the console offers first (BCP 47); any other code may be typed. */
  suggested: ['en', 'vi', 'id'],
} as const;

/** A lowercase BCP 47-ish language code: en, vi, pt-br, zh-hant, es-419 (any case typed is lowered). */
export const SUBTITLE_LANGUAGE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/;

export const SERIES_STATUSES = ['draft', 'published'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];
export const TRANSCODE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TranscodeStatus = (typeof TRANSCODE_STATUSES)[number];

const m = (key: MessageKey) => ({ error: key });
const id = lazySchema(() => z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const tenantId = lazySchema(() =>
  text()
    .trim()
    .regex(/^\d{6}$/),
);

/** Texts per language: English is required, Vietnamese and Indonesian fall back to it. */
const localized = (max: number, required: boolean, line = text) =>
  z.object({
    en: required ? line().trim().min(1).max(max) : line().trim().max(max),
    vn: line().trim().max(max).optional(),
    id: line().trim().max(max).optional(),
  });

const seriesFields = {
  title: localized(120, true),
  description: localized(2000, false, multilineText),
  tags: z.array(text().trim().min(1).max(30)).max(10),
  category: text().trim().min(1).max(40),
  freeEpisodes: z.number().int().min(0).max(1000),
  /** 0 = no position; 1, 2, … put the series first in the "new" and "free" sections, in that order. */
  sortOrder: z.number().int().min(0).max(100_000),
};

export const localizedText = lazySchema(() =>
  z.object({
    en: z.string(),
    vn: z.string().optional(),
    id: z.string().optional(),
  }),
);

export const adminSeries = lazySchema(() =>
  z.object({
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
    /** Plays counted: once per viewer and episode in 30 minutes. */
    playCount: z.number().int(),
    /** Distinct viewers (accounts, else devices, else addresses) with a counted play in the last 30 days. */
    viewers: z.number().int(),
    favoriteCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  }),
);
export type AdminSeries = z.infer<typeof adminSeries>;

/** One rung of an episode's ladder, as the console shows it. */
export const adminRendition = lazySchema(() =>
  z.object({
    /** `360p`, `720p`… */
    name: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** Peak and mean bitrate, bit/s. */
    bandwidth: z.number().int(),
    averageBandwidth: z.number().int(),
  }),
);

export const adminEpisode = lazySchema(() =>
  z.object({
    id: z.number().int(),
    number: z.number().int(),
    /** Seconds. */
    duration: z.number(),
    poster: z.string(),
    createdAt: z.string(),
    /** The adaptive ladder, lowest first; empty for an episode packaged before it (one 720p playlist). */
    renditions: z.array(adminRendition).default([]),
  }),
);
export type AdminEpisode = z.infer<typeof adminEpisode>;

export const transcodeJob = lazySchema(() =>
  z.object({
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
  }),
);
export type TranscodeJob = z.infer<typeof transcodeJob>;

/** An episode's subtitle track as the console lists it. */
export const adminSubtitleTrack = lazySchema(() =>
  z.object({
    language: z.string(),
    label: z.string(),
    /** Size of the stored WebVTT, bytes. */
    bytes: z.number().int(),
    cueCount: z.number().int(),
    /** Who saved it last (null: the importer or the demo seed). */
    operator: z.string().nullable(),
    updatedAt: z.string(),
  }),
);
export type AdminSubtitleTrack = z.infer<typeof adminSubtitleTrack>;

/** A cue of a preview: times in milliseconds, text without tags. */
export const subtitleCue = lazySchema(() =>
  z.object({ start: z.number().int(), end: z.number().int(), text: z.string() }),
);
export type SubtitleCuePreview = z.infer<typeof subtitleCue>;

/** A checked file: what it would store (first cues, counts), before or after saving. */
export const subtitleCheck = lazySchema(() =>
  z.object({
    format: z.enum(['srt', 'vtt']),
    cueCount: z.number().int(),
    bytes: z.number().int(),
    preview: z.array(subtitleCue),
  }),
);

const subtitleLanguage = lazySchema(() =>
  text('SubtitleLanguageInvalid')
    .trim()
    .transform((v) => v.replace(/_/g, '-').toLowerCase())
    .pipe(
      z.string().max(20, m('SubtitleLanguageInvalid')).regex(SUBTITLE_LANGUAGE, m('SubtitleLanguageInvalid')),
    ),
);
/** The file's text; JSON may double its bytes (escapes), the server checks the UTF-8 size. */
const subtitleText = lazySchema(() =>
  multilineText('SubtitleInvalid')
    .min(1, m('SubtitleInvalid'))
    .max(SUBTITLE_LIMITS.maxBytes * 2, m('SubtitleTooLarge')),
);
const SUBTITLE_BODY_LIMIT = SUBTITLE_LIMITS.maxBytes * 4 + 4096;

/**
 * `auto`: a built-in section (hot, new, free, ranking) whose series the server computes;
 * `custom`: an operator's ordered list of series.
 */
export const HOME_SECTION_KINDS = ['auto', 'custom'] as const;
export type HomeSectionKind = (typeof HOME_SECTION_KINDS)[number];

/** A section key: the built-in ones, or lower-case letters, digits, `-` and `_` for custom ones. */
export const HOME_SECTION_KEY = /^[a-z0-9][a-z0-9_-]{0,31}$/;

const sectionTitle = lazySchema(() => text().trim().max(CONTENT_LIMITS.sectionTitleMax));

/** One section as the console sends it; its place in the list is its position on the home page. */
export const homeSectionInput = lazySchema(() =>
  z.object({
    key: text().trim().regex(HOME_SECTION_KEY),
    visible: z.boolean(),
    /**
     * Custom sections: English required, an empty Vietnamese or Indonesian title shows the English
     * one. Built-in sections: optional overrides per language (all empty: the app's own title).
     */
    title: z
      .object({ en: sectionTitle.default(''), vn: sectionTitle.optional(), id: sectionTitle.optional() })
      .default({ en: '' }),
    /** Custom sections only: 1…20 series of the tenant, in order (unpublished ones are skipped in the app). */
    seriesIds: z
      .array(id)
      .max(CONTENT_LIMITS.maxSectionSeries, { error: 'HomeSectionSeriesCount' })
      .default([]),
  }),
);
export type HomeSectionInput = z.output<typeof homeSectionInput>;

const sectionIssue = (ctx: z.RefinementCtx, path: (string | number)[], message: MessageKey) =>
  ctx.addIssue({ code: 'custom', path, message });

/**
 * The whole list: at most 12 sections, keys unique, the four built-in ones always there (hide
 * one instead of deleting it), custom ones with an English title and 1…20 distinct series.
 */
export const homeSectionList = lazySchema(() =>
  z
    .array(homeSectionInput)
    .max(CONTENT_LIMITS.maxHomeSections, { error: 'HomeSectionsTooMany' })
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((section, i) => {
        if (seen.has(section.key)) sectionIssue(ctx, [i, 'key'], 'HomeSectionKeyDuplicate');
        seen.add(section.key);
        if (isHomeBuiltinSection(section.key)) {
          if (section.seriesIds.length > 0) sectionIssue(ctx, [i, 'seriesIds'], 'HomeSectionBuiltInSeries');
          return;
        }
        if (!section.title.en) sectionIssue(ctx, [i, 'title', 'en'], 'HomeSectionTitleRequired');
        if (section.seriesIds.length === 0) sectionIssue(ctx, [i, 'seriesIds'], 'HomeSectionSeriesCount');
        section.seriesIds.forEach((seriesId, j) => {
          if (section.seriesIds.indexOf(seriesId) !== j)
            sectionIssue(ctx, [i, 'seriesIds', j], 'ConfigDuplicate');
        });
      });
      if (HOME_BUILTIN_SECTIONS.some((key) => !seen.has(key)))
        sectionIssue(ctx, [], 'HomeSectionBuiltInRequired');
    }),
);

/** A tenant's home section as the console shows it. */
export const adminHomeSection = lazySchema(() =>
  z.object({
    key: z.string(),
    kind: z.enum(HOME_SECTION_KINDS),
    visible: z.boolean(),
    /** As stored: `en` is empty for a built-in section without an English override. */
    title: localizedText,
    /** Custom sections: their series in order; built-in sections: empty. */
    seriesIds: z.array(z.number().int()),
  }),
);
export type AdminHomeSection = z.infer<typeof adminHomeSection>;

export const adminHomeSections = lazySchema(() =>
  z.object({
    tenantId: z.string(),
    /** Nothing stored for the tenant: the four built-in sections in their default order. */
    isDefault: z.boolean(),
    /** In home page order (hidden ones included). */
    sections: z.array(adminHomeSection),
    updatedAt: z.string().nullable(),
  }),
);
export type AdminHomeSections = z.infer<typeof adminHomeSections>;

/** A series a custom section may list. */
export const sectionSeriesOption = lazySchema(() =>
  z.object({
    id: z.number().int(),
    title: localizedText,
    status: z.enum(SERIES_STATUSES),
    cover: z.string(),
  }),
);
export type SectionSeriesOption = z.infer<typeof sectionSeriesOption>;

const pageQuery = lazySchema(() =>
  z.object({
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    tenantId: tenantId.optional(),
  }),
);

/** The console's Content calls: series, episodes and their transcoding jobs, banners. */
export const adminContentApi = {
  series: defineCall({
    path: '/content/series',
    auth: 'operator',
    roles: ROLES.content,
    query: lazySchema(() =>
      pageQuery.extend({
        status: z.enum(SERIES_STATUSES).optional(),
        /** Matches titles (any language) and the slug. */
        keyword: text().trim().max(60).optional(),
      }),
    ),
    response: lazySchema(() => z.object({ list: z.array(adminSeries), total: z.number().int() })),
  }),
  seriesDetail: defineCall({
    path: '/content/series/detail',
    auth: 'operator',
    roles: ROLES.content,
    query: lazySchema(() => z.object({ seriesId: id })),
    response: lazySchema(() => z.object({ series: adminSeries, episodes: z.array(adminEpisode) })),
  }),
  /** A new series is a draft: it is published once it has an episode. */
  createSeries: defineCall({
    path: '/content/series/create',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() =>
      z.object({
        tenantId,
        ...seriesFields,
        description: seriesFields.description.default({ en: '' }),
        tags: seriesFields.tags.default([]),
        freeEpisodes: seriesFields.freeEpisodes.default(3),
        sortOrder: seriesFields.sortOrder.default(0),
      }),
    ),
    response: adminSeries,
  }),
  updateSeries: defineCall({
    path: '/content/series/update',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() =>
      z.object({
        id,
        title: seriesFields.title.optional(),
        description: seriesFields.description.optional(),
        tags: seriesFields.tags.optional(),
        category: seriesFields.category.optional(),
        freeEpisodes: seriesFields.freeEpisodes.optional(),
        sortOrder: seriesFields.sortOrder.optional(),
      }),
    ),
    response: adminSeries,
  }),
  /** The cover as a data URL: JPEG, PNG or WebP (checked by its bytes), at most 2 MB. */
  uploadCover: defineCall({
    path: '/content/series/cover',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() =>
      z.object({
        id,
        image: text().max(Math.ceil((CONTENT_LIMITS.coverMaxBytes * 4) / 3) + 100, {
          error: 'ImageTooLarge',
        }),
      }),
    ),
    response: adminSeries,
    bodyLimit: 4 * 1024 * 1024,
  }),
  /** published needs at least one ready episode (409 SeriesNeedsEpisode). */
  setSeriesStatus: defineCall({
    path: '/content/series/status',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() => z.object({ id, status: z.enum(SERIES_STATUSES) })),
    response: adminSeries,
  }),
  /** Position on the home banner carousel (1 first), or null to take it off. */
  setBanner: defineCall({
    path: '/content/series/banner',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() => z.object({ id, bannerOrder: z.number().int().min(1).max(1000).nullable() })),
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
    query: lazySchema(() => z.object({ seriesId: id, episodeId: id.optional() })),
    response: transcodeJob,
  }),
  /**
   * With object storage: a short-lived address the browser PUTs the video to directly (its
   * signature covers the type and size given here), then `uploadDone` queues the job. `direct`
   * false (local storage): use the multipart `uploadEpisode` instead.
   */
  uploadUrl: defineCall({
    path: '/content/episodes/upload-url',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() =>
      z.object({
        seriesId: id,
        contentType: z.enum(['video/mp4', 'video/quicktime', 'video/webm']),
        size: z.number().int().min(1),
      }),
    ),
    response: lazySchema(() =>
      z.object({
        direct: z.boolean(),
        url: z.string().nullable(),
        key: z.string().nullable(),
        expiresAt: z.number().int().nullable(),
      }),
    ),
  }),
  /** The video PUT to `uploadUrl`'s address is in the store: queue its transcoding. */
  uploadDone: defineCall({
    path: '/content/episodes/upload-done',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() =>
      z.object({
        seriesId: id,
        episodeId: id.optional(),
        key: text().regex(/^uploads\/[0-9a-f]{32}\/source$/),
      }),
    ),
    response: transcodeJob,
  }),
  /** Renumbers the series' episodes 1…n in the order given (every episode, once). */
  reorderEpisodes: defineCall({
    path: '/content/episodes/reorder',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() => z.object({ seriesId: id, episodeIds: z.array(id).min(1).max(1000) })),
    response: lazySchema(() => z.object({ episodes: z.array(adminEpisode) })),
  }),
  /** Deletes an episode; the later ones move up a number. */
  deleteEpisode: defineCall({
    path: '/content/episodes/delete',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() => z.object({ episodeId: id })),
    response: lazySchema(() => z.object({ episodes: z.array(adminEpisode) })),
  }),
  /** An episode's subtitle tracks, by language. */
  subtitles: defineCall({
    path: '/content/episodes/subtitles',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() => z.object({ episodeId: id })),
    response: lazySchema(() => z.object({ list: z.array(adminSubtitleTrack) })),
  }),
  /**
   * Checks an SRT or WebVTT file without saving it (the console's preview before saving): 400
   * `SubtitleInvalid` naming the line, 413 `SubtitleTooLarge`.
   */
  checkSubtitle: defineCall({
    path: '/content/episodes/subtitles/check',
    auth: 'operator',
    roles: ROLES.content,
    bodyLimit: SUBTITLE_BODY_LIMIT,
    body: lazySchema(() => z.object({ text: subtitleText })),
    response: subtitleCheck,
  }),
  /**
   * Adds the episode's track in `language`, or replaces it (SRT is converted to WebVTT). `label`
   * defaults to the language's own name ("Tiếng Việt"). Refusals as `checkSubtitle`'s, and 400
   * `SubtitleLanguageInvalid` for a code that is not a language.
   */
  uploadSubtitle: defineCall({
    path: '/content/episodes/subtitles/upload',
    auth: 'operator',
    roles: ROLES.content,
    bodyLimit: SUBTITLE_BODY_LIMIT,
    body: lazySchema(() =>
      z.object({
        episodeId: id,
        language: subtitleLanguage,
        label: text().trim().max(60).optional(),
        text: subtitleText,
      }),
    ),
    response: lazySchema(() =>
      z.object({ track: adminSubtitleTrack, replaced: z.boolean(), check: subtitleCheck }),
    ),
  }),
  /** The first cues of a saved track, read back from the store. */
  subtitlePreview: defineCall({
    path: '/content/episodes/subtitles/preview',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() => z.object({ episodeId: id, language: subtitleLanguage })),
    response: lazySchema(() => z.object({ track: adminSubtitleTrack, check: subtitleCheck })),
  }),
  /** Deletes the episode's track in `language` (404 when it has none); answers the tracks left. */
  deleteSubtitle: defineCall({
    path: '/content/episodes/subtitles/delete',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() => z.object({ episodeId: id, language: subtitleLanguage })),
    response: lazySchema(() => z.object({ list: z.array(adminSubtitleTrack) })),
  }),
  /** A tenant's home sections in order (the four built-in ones when nothing is stored). */
  homeSections: defineCall({
    path: '/content/sections',
    auth: 'operator',
    roles: ROLES.content,
    query: lazySchema(() => z.object({ tenantId })),
    response: adminHomeSections,
  }),
  /**
   * Replaces a tenant's home sections with this ordered list (positions, visibility, titles, the
   * series of custom sections), in one transaction with one audit entry. Every series id must be a
   * series of the tenant (400 `HomeSectionSeriesUnknown` naming it). Answers the list as saved.
   */
  saveHomeSections: defineCall({
    path: '/content/sections/save',
    auth: 'operator',
    roles: ROLES.content,
    body: lazySchema(() => z.object({ tenantId, sections: homeSectionList })),
    response: adminHomeSections,
  }),
  /** The tenant's series (drafts too, at most 1000, by English title) for a custom section's picker. */
  sectionSeries: defineCall({
    path: '/content/sections/series',
    auth: 'operator',
    roles: ROLES.content,
    query: lazySchema(() => z.object({ tenantId })),
    response: lazySchema(() => z.object({ list: z.array(sectionSeriesOption) })),
  }),
  /** Transcoding jobs, newest first (the console polls this while one is queued or running). */
  jobs: defineCall({
    path: '/content/jobs',
    auth: 'operator',
    roles: ROLES.content,
    query: lazySchema(() =>
      pageQuery.extend({
        seriesId: id.optional(),
        status: z.enum(TRANSCODE_STATUSES).optional(),
      }),
    ),
    response: lazySchema(() => z.object({ list: z.array(transcodeJob), total: z.number().int() })),
  }),
};
