import { z } from 'zod';
import { defineCall } from '../call.js';
import { CURRENCY_KEYS, ROLES } from '../constants.js';
import { dateSchema, text } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';
import { ANALYTICS_SOURCES } from './analytics.js';

/** The longest range the analytics pages answer, in days. */
export const ANALYTICS_MAX_DAYS = 92;
/** The range when none is asked: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** Retention is shown for these days after sign-up. */
export const RETENTION_DAYS = [1, 7, 30] as const;

const rangeQuery = {
  /** First day (tenant time zone); default 29 days before `to`. */
  from: dateSchema.optional(),
  /** Last day; default today in the tenant's time zone. */
  to: dateSchema.optional(),
  /** Default: the operator's first tenant (an owner: the default tenant). */
  tenantId: text()
    .regex(/^\d{6}$/)
    .optional(),
};
const amount = lazySchema(() => z.string());
const range = {
  tenantId: z.string(),
  timeZone: z.string(),
  currency: z.enum(CURRENCY_KEYS),
  from: z.string(),
  to: z.string(),
};

/** The funnel of one source: viewers first seen in the range, and how many reached each step by its end. */
export const analyticsFunnelRow = lazySchema(() =>
  z.object({
    source: z.enum(ANALYTICS_SOURCES),
    visitors: z.number().int(),
    played: z.number().int(),
    signedUp: z.number().int(),
    purchased: z.number().int(),
  }),
);
export type AnalyticsFunnelRow = z.infer<typeof analyticsFunnelRow>;

/** A series over the range (docs/analytics.md: viewers are summed per day). */
export const analyticsSeriesRow = lazySchema(() =>
  z.object({
    seriesId: z.number().int(),
    title: z.string(),
    viewers: z.number().int(),
    /** Average seconds watched per viewer and episode. */
    avgWatchSeconds: z.number(),
    paywallViewers: z.number().int(),
    conversions: z.number().int(),
    /** conversions / paywallViewers, 0…1 (0 when no paywall was shown). */
    conversionRate: z.number(),
    revenue: amount,
  }),
);
export type AnalyticsSeriesRow = z.infer<typeof analyticsSeriesRow>;

export const analyticsOverview = lazySchema(() =>
  z.object({
    ...range,
    funnel: z.array(analyticsFunnelRow),
    /** Sign-up cohorts of the range: the share active N days after sign-up (null: no cohort has reached day N). */
    retention: z.object({
      cohort: z.number().int(),
      days: z.array(
        z.object({
          day: z.number().int(),
          eligible: z.number().int(),
          retained: z.number().int(),
          rate: z.number().nullable(),
        }),
      ),
    }),
    paying: z.object({
      payingUsers: z.number().int(),
      revenue: amount,
      /** Revenue per paying user. */
      arppu: amount,
      firstPurchases: z.number().int(),
      renewals: z.number().int(),
      upgrades: z.number().int(),
    }),
    /** Per day: distinct viewers (any series) and paying users. */
    days: z.array(
      z.object({
        day: z.string(),
        viewers: z.number().int(),
        payingUsers: z.number().int(),
        revenue: amount,
      }),
    ),
    series: z.array(analyticsSeriesRow),
  }),
);
export type AnalyticsOverview = z.infer<typeof analyticsOverview>;

export const analyticsEpisodeRow = lazySchema(() =>
  z.object({
    episode: z.number().int(),
    viewers: z.number().int(),
    p25: z.number().int(),
    p50: z.number().int(),
    p75: z.number().int(),
    completed: z.number().int(),
    /** Viewers whose furthest episode (that day) was this one. */
    stopped: z.number().int(),
    avgWatchSeconds: z.number(),
    paywallViewers: z.number().int(),
    unlock: z.object({
      buy: z.number().int(),
      trial: z.number().int(),
      signIn: z.number().int(),
      dismiss: z.number().int(),
    }),
    purchases: z.number().int(),
    trials: z.number().int(),
    conversions: z.number().int(),
    revenue: amount,
  }),
);
export type AnalyticsEpisodeRow = z.infer<typeof analyticsEpisodeRow>;

export const analyticsSeriesDetail = lazySchema(() =>
  z.object({
    ...range,
    seriesId: z.number().int(),
    title: z.string(),
    /** Episodes 1…freeEpisodes are free: the paywall is at freeEpisodes + 1. */
    freeEpisodes: z.number().int(),
    episodes: z.array(analyticsEpisodeRow),
  }),
);
export type AnalyticsSeriesDetail = z.infer<typeof analyticsSeriesDetail>;

/** The console's analytics: read from the daily rollups only (docs/analytics.md). */
export const adminAnalyticsApi = {
  overview: defineCall({
    path: '/analytics/overview',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() => z.object(rangeQuery)),
    response: analyticsOverview,
  }),
  series: defineCall({
    path: '/analytics/series/:seriesId',
    auth: 'operator',
    roles: ROLES.finance,
    params: lazySchema(() => z.object({ seriesId: z.coerce.number().int().positive().max(2_147_483_647) })),
    query: lazySchema(() => z.object(rangeQuery)),
    response: analyticsSeriesDetail,
  }),
};
