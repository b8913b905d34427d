import type { Clock } from '../clock.js';
import { DAY_MS } from '../clock.js';
import type { Db } from '../db/client.js';
import { purgeRateLimits } from '../http/rate-limit.js';
import { purgeEnded } from '../modules/auth/auth-rows.js';
import { purgePlayViews } from '../modules/catalog/play-views.js';
import { purgeExpiredStates } from '../modules/oauth/oauth-states.js';

/**
 * Deletes what can never be used again: expired codes, captchas, tickets and OAuth states, ended
 * sessions, old rate-limit windows (a day after their end, for investigations), counted plays
 * past their 30 days (play-views.ts). Idempotent: two instances running it at once delete the
 * same rows once.
 */
export async function purgeExpired(db: Db, clock: Clock): Promise<number> {
  const dayAgo = new Date(clock.now().getTime() - DAY_MS);
  const counts = await Promise.all([
    purgeEnded(db, dayAgo),
    purgeExpiredStates(db, dayAgo),
    purgeRateLimits(db, dayAgo),
  ]);
  const plays = await purgePlayViews(db, clock);
  return counts.reduce((sum, n) => sum + n, plays);
}
