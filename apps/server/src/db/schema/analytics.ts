import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/*
 * Viewing analytics (docs/analytics.md). The raw events live in `analytics_event`, a table
 * partitioned by day that drizzle cannot declare: it is made by hand in the migration
 * `analytics` and written with SQL by modules/analytics/event-store.ts. The tables below are the
 * daily rollups the console reads; the rollup job (jobs/analytics-rollup.job.ts) rewrites a
 * tenant's day in one transaction, so running it again, or on two instances, gives the same rows.
 */

/** Per tenant, day (tenant time zone), series and episode. Counts of distinct viewers unless said. */
export const analyticsEpisodeDays = pgTable(
  'analytics_episode_day',
  {
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    seriesId: integer('series_id').notNull(),
    episode: integer('episode').notNull(),
    /** Viewers who started the episode. */
    viewers: integer('viewers').notNull(),
    p25: integer('p25').notNull(),
    p50: integer('p50').notNull(),
    p75: integer('p75').notNull(),
    completed: integer('completed').notNull(),
    /** Viewers whose furthest episode of the series that day was this one. */
    stopped: integer('stopped').notNull(),
    /** Sum over viewers of the furthest second each reached in the episode. */
    watchSeconds: bigint('watch_seconds', { mode: 'number' }).notNull(),
    paywallViewers: integer('paywall_viewers').notNull(),
    unlockBuy: integer('unlock_buy').notNull(),
    unlockTrial: integer('unlock_trial').notNull(),
    unlockSignIn: integer('unlock_sign_in').notNull(),
    unlockDismiss: integer('unlock_dismiss').notNull(),
    /** Purchases (cards) made this day attributed to a paywall of this episode within 24 h. */
    purchases: integer('purchases').notNull(),
    /** Trials taken this day from the unlock prompt of this episode. */
    trials: integer('trials').notNull(),
    /** Viewers shown this paywall this day who bought a card or took a trial within 24 h. */
    conversions: integer('conversions').notNull(),
    /** Minor units of the tenant's currency, of the attributed purchases. */
    revenue: bigint('revenue', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.seriesId, t.day, t.episode] })],
);

/** Per tenant, day and series: distinct viewers of the series (the "hot" ranking reads these). */
export const analyticsSeriesDays = pgTable(
  'analytics_series_day',
  {
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    seriesId: integer('series_id').notNull(),
    viewers: integer('viewers').notNull(),
    watchSeconds: bigint('watch_seconds', { mode: 'number' }).notNull(),
    /*
     * The series' episode rows of the day added up, so the console's overview reads one row per
     * series and day instead of one per episode (100 series × 30 episodes × 30 days was 90,000).
     */
    /** Sum over episodes of their viewers (a viewer of 3 episodes counts 3: average watch time). */
    episodeViewers: integer('episode_viewers').notNull().default(0),
    paywallViewers: integer('paywall_viewers').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    /** Minor units of the tenant's currency, of the purchases attributed to the series' paywalls. */
    revenue: bigint('revenue', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.day, t.seriesId] }),
    index('analytics_series_day_series_idx').on(t.tenantId, t.seriesId, t.day),
  ],
);

/**
 * One row per viewer (a user, or a device never signed in): the first day of each funnel step and
 * the source of the first visit. A device that signs in is merged into its user (`mergedInto`).
 */
export const analyticsViewers = pgTable(
  'analytics_viewer',
  {
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    /** `u:<userId>` or `d:<deviceId>`. */
    viewer: text('viewer').notNull(),
    source: varchar('source', { length: 8 }).notNull(),
    firstVisitDay: date('first_visit_day', { mode: 'string' }),
    firstPlayDay: date('first_play_day', { mode: 'string' }),
    signUpDay: date('sign_up_day', { mode: 'string' }),
    firstPurchaseDay: date('first_purchase_day', { mode: 'string' }),
    /** The source was set by an event at this time (the earliest wins). */
    sourceAt: timestamp('source_at', { withTimezone: true }).notNull(),
    mergedInto: text('merged_into'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.viewer] }),
    index('analytics_viewer_visit_idx').on(t.tenantId, t.firstVisitDay),
    index('analytics_viewer_sign_up_idx').on(t.tenantId, t.signUpDay),
  ],
);

/** Signed-in users active (any event) or paying on a day: retention, paying users, ARPPU. */
export const analyticsUserDays = pgTable(
  'analytics_user_day',
  {
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    active: boolean('active').notNull(),
    firstPurchases: integer('first_purchases').notNull(),
    renewals: integer('renewals').notNull(),
    upgrades: integer('upgrades').notNull(),
    revenue: bigint('revenue', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.day, t.userId] }),
    // Paying users, revenue and ARPPU read only the days' purchases, not every active user.
    index('analytics_user_day_paying_idx')
      .on(t.tenantId, t.day)
      .where(sql`first_purchases + renewals + upgrades > 0`),
  ],
);

/**
 * The funnel's viewers grouped by their first days and source, rebuilt for a tenant after each
 * rollup: the console sums a few hundred rows per day instead of counting every viewer.
 */
export const analyticsFunnel = pgTable(
  'analytics_funnel',
  {
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    firstVisitDay: date('first_visit_day', { mode: 'string' }).notNull(),
    source: varchar('source', { length: 8 }).notNull(),
    firstPlayDay: date('first_play_day', { mode: 'string' }),
    signUpDay: date('sign_up_day', { mode: 'string' }),
    firstPurchaseDay: date('first_purchase_day', { mode: 'string' }),
    viewers: integer('viewers').notNull(),
  },
  (t) => [index('analytics_funnel_tenant_day_idx').on(t.tenantId, t.firstVisitDay)],
);

/** A tenant's day rolled up: when, from how many events (the job re-rolls recent days). */
export const analyticsRollups = pgTable(
  'analytics_rollup',
  {
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    events: integer('events').notNull(),
    rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);
