import type { TranscodeStatus } from '@dramastar/contract';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './account.js';
import { tenants } from './tenant.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One rendition of an episode as stored (episode.renditions) and listed in its master playlist. */
export interface Rendition {
  /** `360p`: its playlist is `360p.m3u8`, its segments `360p_NNN.ts` (or `.m4s` with `360p_init.mp4`). */
  name: string;
  width: number;
  height: number;
  /** Peak segment bitrate, bit/s (HLS BANDWIDTH), measured on the files. */
  bandwidth: number;
  /** Mean bitrate over the episode, bit/s (HLS AVERAGE-BANDWIDTH). */
  averageBandwidth: number;
  /** RFC 6381 codecs, e.g. `avc1.64001e,mp4a.40.2`. */
  codecs: string;
  frameRate: number;
}

/** Texts per language; `en` is always there and stands in for a missing translation. */
export type LocalizedText = { en: string; vn?: string; id?: string };

export const series = pgTable(
  'series',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 })
      .notNull()
      .references(() => tenants.id),
    /** Stable name used by imports (folder name), unique per tenant. */
    slug: varchar('slug', { length: 80 }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    cover: text('cover').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    category: varchar('category', { length: 40 }).notNull(),
    /** `published` series are visible; `draft` ones are not. */
    status: varchar('status', { length: 12 }).notNull().default('published'),
    freeEpisodes: integer('free_episodes').notNull(),
    favoriteCount: integer('favorite_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    playCount: integer('play_count').notNull().default(0),
    /** Its episodes, kept by a trigger on `episode` (migration 0020), for lists and the feed's total. */
    episodeCount: integer('episode_count').notNull().default(0),
    /** Position in the console's order (lower first); ties by creation. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** Position on the home page's banner carousel; null = not a banner. */
    bannerOrder: integer('banner_order'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at'),
    /**
     * What the app's search looks in, kept by the database: titles and descriptions in every
     * language, tags and category, one per line (a search is one `ilike` per row).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(title->>'en', '') || E'\\n' || coalesce(title->>'vn', '') || E'\\n' || coalesce(title->>'id', '')
          || E'\\n' || coalesce(description->>'en', '') || E'\\n' || coalesce(description->>'vn', '')
          || E'\\n' || coalesce(description->>'id', '') || E'\\n' || tags::text || E'\\n' || category`,
      ),
  },
  // Every list of the app reads a tenant's published series in one of these orders, the first
  // page only (catalogue.home, allSeries, search, the feed): each has its index, so a page is a
  // short index scan however many series the tenant has.
  (t) => [
    uniqueIndex('series_tenant_slug_uq').on(t.tenantId, t.slug),
    /** The feed (series by series, in id order) and the tenant's series at all. */
    index('series_tenant_idx').on(t.tenantId, t.status, t.id),
    /** "hot" and allSeries: plays, then follows. */
    index('series_hot_idx').on(
      t.tenantId,
      t.status,
      t.playCount.desc().nullsFirst(),
      t.favoriteCount.desc().nullsFirst(),
      t.id,
    ),
    /** allSeries of one category, in the hot order (and the list of categories). */
    index('series_category_hot_idx').on(
      t.tenantId,
      t.status,
      t.category,
      t.playCount.desc().nullsFirst(),
      t.favoriteCount.desc().nullsFirst(),
      t.id,
    ),
    /** "ranking": follows, then plays. */
    index('series_ranking_idx').on(
      t.tenantId,
      t.status,
      t.favoriteCount.desc().nullsFirst(),
      t.playCount.desc().nullsFirst(),
      t.id,
    ),
    /** "new": the console's positions first, then the newest. */
    index('series_new_idx').on(
      t.tenantId,
      t.status,
      sql`(${t.sortOrder} = 0)`,
      t.sortOrder,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    /** "free": the console's positions first, then the most free episodes. */
    index('series_free_idx').on(
      t.tenantId,
      t.status,
      sql`(${t.sortOrder} = 0)`,
      t.sortOrder,
      t.freeEpisodes.desc().nullsFirst(),
      t.id,
    ),
    /** The banner carousel: the few series placed on it. */
    index('series_banner_idx')
      .on(t.tenantId, t.bannerOrder, t.id)
      .where(sql`${t.bannerOrder} is not null`),
  ],
);

/** A home section's titles per language; an empty or missing one falls back (see home_section). */
export type SectionTitle = { en?: string; vn?: string; id?: string };

/**
 * The tenant's home page sections, in `position` order. The built-in keys (hot, new, free,
 * ranking; kind `auto`) have their series computed by the catalogue and may carry title
 * overrides; `custom` sections list their series by id, in order, with an English title. A tenant
 * without rows shows the four built-in sections in their default order.
 */
export const homeSections = pgTable(
  'home_section',
  {
    tenantId: varchar('tenant_id', { length: 6 })
      .notNull()
      .references(() => tenants.id),
    key: varchar('key', { length: 32 }).notNull(),
    /** `auto` (built-in) or `custom`. */
    kind: varchar('kind', { length: 8 }).notNull(),
    title: jsonb('title').$type<SectionTitle>().notNull(),
    /** 1, 2, … from the top of the home page. */
    position: integer('position').notNull(),
    visible: boolean('visible').notNull().default(true),
    /** Custom sections: series ids in order (unpublished ones are skipped by the app's answer). */
    seriesIds: jsonb('series_ids').$type<number[]>().notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.key] }),
    uniqueIndex('home_section_position_uq').on(t.tenantId, t.position),
  ],
);

export const episodes = pgTable(
  'episode',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seriesId: bigint('series_id', { mode: 'number' })
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** Seconds. */
    duration: real('duration').notNull(),
    poster: text('poster').notNull(),
    /**
     * Storage key of the HLS directory: the ladder's `<rung>.m3u8` playlists and their segments,
     * or (episodes packaged before the ladder, `renditions` empty) one `index.m3u8` of 720×1280.
     */
    hlsKey: text('hls_key').notNull(),
    /** The ladder, lowest first: the master playlist is made from it per play. Empty: `index.m3u8` alone. */
    renditions: jsonb('renditions').$type<Rendition[]>().notNull().default([]),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('episode_series_number_uq').on(t.seriesId, t.number)],
);

/**
 * An episode's subtitle track in one language: a WebVTT file in the media store (private, served
 * only behind the episode's signed /stream address). One per episode and language; replacing a
 * track writes a new key, so an address already issued never serves half of each.
 */
export const subtitleTracks = pgTable(
  'subtitle_track',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    episodeId: bigint('episode_id', { mode: 'number' })
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    /** Lowercase BCP 47 code: en, vi, id, pt-br… */
    language: varchar('language', { length: 20 }).notNull(),
    /** The language's own name, as the player's menu shows it. */
    label: varchar('label', { length: 60 }).notNull(),
    /** Storage key of the WebVTT file. */
    storageKey: text('storage_key').notNull(),
    bytes: integer('bytes').notNull(),
    cueCount: integer('cue_count').notNull(),
    /** The operator who uploaded it (null: the importer or the demo seed). */
    operatorId: bigint('operator_id', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('subtitle_track_episode_language_uq').on(t.episodeId, t.language)],
);

/**
 * An uploaded video on its way to HLS: queued → running (progress 0..1) → done | failed. Any
 * instance may run it: a worker claims a queued job (or one whose lease ran out) with SKIP LOCKED.
 */
export const transcodeJobs = pgTable(
  'transcode_job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    seriesId: bigint('series_id', { mode: 'number' })
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    /** The episode number the result becomes (a new episode, or the one it replaces). */
    episodeNumber: integer('episode_number').notNull(),
    /** Set when the job replaces an existing episode's video. */
    episodeId: bigint('episode_id', { mode: 'number' }),
    /** Storage key of the uploaded source file. */
    sourceKey: text('source_key').notNull(),
    status: varchar('status', { length: 12 }).$type<TranscodeStatus>().notNull(),
    progress: real('progress').notNull().default(0),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: ts('lease_until'),
    operatorId: bigint('operator_id', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('transcode_job_status_idx').on(t.status, t.createdAt),
    index('transcode_job_series_idx').on(t.seriesId),
  ],
);

export const favorites = pgTable(
  'favorite',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: bigint('series_id', { mode: 'number' })
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.seriesId] }),
    index('favorite_user_idx').on(t.userId, t.createdAt),
  ],
);

export const likes = pgTable(
  'episode_like',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    episodeId: bigint('episode_id', { mode: 'number' })
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.episodeId] }),
    index('episode_like_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Watch progress: one row per user and episode; "continue watching" takes the newest per series. */
export const viewHistory = pgTable(
  'view_history',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    episodeId: bigint('episode_id', { mode: 'number' })
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    seriesId: bigint('series_id', { mode: 'number' })
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    /** Seconds into the episode. */
    progress: real('progress').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.episodeId] }),
    index('view_history_user_idx').on(t.userId, t.seriesId, t.updatedAt),
  ],
);

/**
 * Counted plays: one row per viewer and episode, `window_start` the time its last counted play
 * opened a window (30 minutes). A play counts when it claims the row: inserting it, or taking it
 * over once its window has passed (one conditional upsert: one winner on any number of instances).
 * The viewer (`viewer_key`) is `u:<user id>`, else `d:` and a hash of the app's device id, else
 * `a:` and a hash of the client address. Rows are kept 30 days (the clean-up job): the console's
 * unique viewers of a series are the distinct viewers of its rows in that time.
 */
export const playViews = pgTable(
  'play_view',
  {
    episodeId: bigint('episode_id', { mode: 'number' })
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    viewerKey: varchar('viewer_key', { length: 40 }).notNull(),
    /** The episode's series (its rows go with the episode's). */
    seriesId: bigint('series_id', { mode: 'number' }).notNull(),
    windowStart: ts('window_start').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.episodeId, t.viewerKey] }),
    /** Unique viewers of a series over a time (an index-only scan per series). */
    index('play_view_series_idx').on(t.seriesId, t.windowStart, t.viewerKey),
    /** The clean-up of rows past their keeping. */
    index('play_view_window_idx').on(t.windowStart),
  ],
);

/**
 * The points ledger: every change of a user's points is one row with a unique idempotency key,
 * so a reward is paid once however often its event repeats. The balance is the sum.
 */
export const pointEntries = pgTable(
  'point_entry',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    /** E.g. `paid_episode:<userId>:<episodeId>`. */
    idempotencyKey: varchar('idempotency_key', { length: 120 }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('point_entry_key_uq').on(t.idempotencyKey), index('point_entry_user_idx').on(t.userId)],
);

/** Secrets shared by all instances (e.g. the key that signs media URLs), made once. */
export const appSecrets = pgTable('app_secret', {
  name: varchar('name', { length: 40 }).primaryKey(),
  value: text('value').notNull(),
});
