import {
  ANALYTICS_BATCH_MAX,
  type AnalyticsBatch,
  analyticsBatch,
  DEVICE_ID_PATTERN,
  PLAY_ENTRIES,
  SINGLE_LINE_TEXT,
  UNLOCK_ACTIONS,
} from '@dramastar/contract';
import { z } from 'zod';

/*
 * The ingestion call's body, checked without zod's general machinery: the contract's
 * `analyticsBatch` is the rule, and this is a hand-written copy of it for the one call that takes
 * tens of events per request (zod spent ~5 µs per event, a third of the call's own time). It may
 * only be stricter, never looser: anything it does not accept goes to the contract's schema, which
 * decides and names the invalid field for the 400. A property test (batch-check.test.ts) checks
 * both agree on valid, mutated and random batches.
 */

// The contract's z.uuid(): RFC 9562 versions 1-8 with the RFC variant, or the nil and max UUIDs.
const UUID =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const MAX_ID = 2_147_483_647;
const entries: ReadonlySet<unknown> = new Set(PLAY_ENTRIES);
const actions: ReadonlySet<unknown> = new Set(UNLOCK_ACTIONS);

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID;
const isSeconds = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 86_400;

/** Own keys of `o`, counted: with every expected key present, equal counts mean no unknown key. */
function keyCount(o: Obj): number {
  let n = 0;
  for (const key in o) if (Object.hasOwn(o, key)) n++;
  return n;
}

function episodeOk(e: Obj): boolean {
  const episode = e.episode;
  return (
    isId(e.seriesId) &&
    isId(e.episodeId) &&
    typeof episode === 'number' &&
    Number.isInteger(episode) &&
    episode >= 1 &&
    episode <= 10_000
  );
}

function eventOk(e: unknown): boolean {
  if (!isObject(e)) return false;
  const { id, at } = e;
  if (typeof id !== 'string' || !UUID.test(id)) return false;
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || at <= 0) return false;
  switch (e.type) {
    case 'visit':
      return keyCount(e) === 4 && (e.source === 'invite' || e.source === 'direct');
    case 'episode_start':
      return keyCount(e) === 7 && episodeOk(e) && entries.has(e.entry);
    case 'episode_progress':
      return (
        keyCount(e) === 8 &&
        episodeOk(e) &&
        (e.percent === 25 || e.percent === 50 || e.percent === 75) &&
        isSeconds(e.seconds)
      );
    case 'episode_complete':
      return keyCount(e) === 7 && episodeOk(e) && isSeconds(e.seconds);
    case 'paywall_shown':
      return keyCount(e) === 6 && episodeOk(e);
    case 'unlock_action':
      return keyCount(e) === 7 && episodeOk(e) && actions.has(e.action);
    default:
      return false;
  }
}

/** The batch as the contract accepts it, or null when it is not certainly valid. */
export function quickBatch(value: unknown): AnalyticsBatch | null {
  if (!isObject(value)) return null;
  const { deviceId, token, events } = value;
  if (typeof deviceId !== 'string' || !DEVICE_ID_PATTERN.test(deviceId)) return null;
  let keys = 2;
  if (token !== undefined) {
    if (typeof token !== 'string' || token.length > 200 || !SINGLE_LINE_TEXT.test(token)) return null;
    keys++;
  } else if (Object.hasOwn(value, 'token')) return null;
  if (keyCount(value) !== keys) return null;
  if (!Array.isArray(events) || events.length < 1 || events.length > ANALYTICS_BATCH_MAX) return null;
  for (const e of events) if (!eventOk(e)) return null;
  return value as AnalyticsBatch;
}

/**
 * The call's body schema: the quick check, else the contract's schema (its issues, so the 400
 * names the field as for any call).
 */
export const batchBody = z.unknown().transform((value, ctx): AnalyticsBatch => {
  const quick = quickBatch(value);
  if (quick) return quick;
  const parsed = analyticsBatch.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
  return z.NEVER;
});
