import { z } from 'zod';
import { defineCall } from '../call.js';
import { text } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';
import { deviceIdSchema } from './video.js';

/** Events one ingestion call may carry (the app sends up to ANALYTICS_BATCH_MAX at a time). */
export const ANALYTICS_BATCH_MAX = 100;
/** An event is accepted when it happened at most this long before it arrives (else dropped). */
export const ANALYTICS_MAX_AGE_MS = 48 * 3_600_000;
/** … or at most this far in the future (a device clock a little ahead). */
export const ANALYTICS_MAX_SKEW_MS = 10 * 60_000;
/** Progress milestones of an episode, in percent. */
export const ANALYTICS_PROGRESS_MARKS = [25, 50, 75] as const;
/** Where a viewer came from (docs/analytics.md: first touch). */
export const ANALYTICS_SOURCES = ['invite', 'direct', 'banner', 'shorts'] as const;
export type AnalyticsSource = (typeof ANALYTICS_SOURCES)[number];
/** What a viewer did on the unlock prompt. */
export const UNLOCK_ACTIONS = ['buy', 'trial', 'sign_in', 'dismiss'] as const;
export type UnlockAction = (typeof UNLOCK_ACTIONS)[number];
/** Where a play was started from: a Home banner, the Shorts feed, or anywhere else. */
export const PLAY_ENTRIES = ['banner', 'shorts', 'other'] as const;
export type PlayEntry = (typeof PLAY_ENTRIES)[number];

/** An anonymous device id the app keeps in localStorage (a random UUID; nothing personal). */

const id = lazySchema(() => z.number().int().positive().max(2_147_483_647));
const episodeFields = {
  seriesId: id,
  episodeId: id,
  /** The episode's number in its series (1…). */
  episode: z.number().int().min(1).max(10_000),
};
const common = {
  /** A random UUID made by the app once per event: a retried batch counts once. */
  id: z.uuid(),
  /** When it happened, in epoch milliseconds (the device's clock). */
  at: z.number().int().positive(),
};

/** One viewing event as the app records it (docs/analytics.md defines each). */
export const analyticsEvent = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ ...common, type: z.literal('visit'), source: z.enum(['invite', 'direct']) }).strict(),
    z
      .object({ ...common, ...episodeFields, type: z.literal('episode_start'), entry: z.enum(PLAY_ENTRIES) })
      .strict(),
    z
      .object({
        ...common,
        ...episodeFields,
        type: z.literal('episode_progress'),
        percent: z.union([z.literal(25), z.literal(50), z.literal(75)]),
        /** Seconds of the episode watched so far in this play. */
        seconds: z.number().min(0).max(86_400),
      })
      .strict(),
    z
      .object({
        ...common,
        ...episodeFields,
        type: z.literal('episode_complete'),
        seconds: z.number().min(0).max(86_400),
      })
      .strict(),
    z.object({ ...common, ...episodeFields, type: z.literal('paywall_shown') }).strict(),
    z
      .object({
        ...common,
        ...episodeFields,
        type: z.literal('unlock_action'),
        action: z.enum(UNLOCK_ACTIONS),
      })
      .strict(),
  ]),
);
export type AnalyticsEvent = z.infer<typeof analyticsEvent>;
export type AnalyticsEventType = AnalyticsEvent['type'] | 'purchase' | 'trial' | 'sign_up';

export const analyticsBatch = lazySchema(() =>
  z
    .object({
      deviceId: deviceIdSchema,
      /**
       * The session token, for batches sent with `navigator.sendBeacon` (which cannot set
       * headers); otherwise the `Authorization` header says who the viewer is.
       */
      token: text().max(200).optional(),
      events: z.array(analyticsEvent).min(1).max(ANALYTICS_BATCH_MAX),
    })
    .strict(),
);
export type AnalyticsBatch = z.infer<typeof analyticsBatch>;

/** The app's call: one batch of events (guest; the viewer is the session's user, else the device). */
export const analyticsCalls = {
  events: defineCall({
    path: '/analytics/events',
    auth: 'guest',
    body: analyticsBatch,
    bodyLimit: 64 * 1024,
    hideErrorToast: true,
    response: lazySchema(() =>
      z.object({
        /** Events taken into the buffer (the rest were too old, from the future, or the buffer was full). */
        accepted: z.number().int(),
      }),
    ),
  }),
};
