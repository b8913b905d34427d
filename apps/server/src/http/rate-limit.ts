import { lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db, DbOrTx } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { AppError } from './errors.js';

export interface RateLimiter {
  /** Counts one attempt under `key`; refuses with 429 once `limit` attempts fell in the window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<void>;
  /**
   * Claims `key` for `seconds` (one winner however many instances race): 0 when claimed, else the
   * whole seconds left of the claim that holds it.
   */
  claim(key: string, seconds: number): Promise<number>;
  /** Gives back a claim made at `at` (the clock's time of `claim`), e.g. when its work failed. */
  release(key: string, at: Date): Promise<void>;
  /** Takes back one attempt `hit` counted under `key` that turned out not to count (a success). */
  forgive(key: string): Promise<void>;
}

type Rows<T> = { rows: T[] };

/**
 * Fixed-window counters in PostgreSQL, so every instance sees the same counts. One atomic upsert
 * per attempt: a window that has ended starts again at 1.
 */
export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const now = clock.now();
      const windowEndsBefore = new Date(now.getTime() - windowSeconds * 1000);
      const result = await db.execute(sql`
        insert into rate_limit (key, window_start, count) values (${key}, ${now}, 1)
        on conflict (key) do update set
          count = case when rate_limit.window_start <= ${windowEndsBefore} then 1 else rate_limit.count + 1 end,
          window_start = case when rate_limit.window_start <= ${windowEndsBefore} then ${now} else rate_limit.window_start end
        returning count`);
      const count = Number((result as Rows<{ count: number | string }>).rows[0]?.count ?? 0);
      if (count > limit) throw new AppError('TooManyRequests');
    },

    async claim(key, seconds) {
      const now = clock.now();
      const heldSince = new Date(now.getTime() - seconds * 1000);
      // Only a claim whose time is up is taken over; the conditional upsert has one winner.
      const result = await db.execute(sql`
        insert into rate_limit (key, window_start, count) values (${key}, ${now}, 1)
        on conflict (key) do update set window_start = ${now}, count = 1
          where rate_limit.window_start <= ${heldSince}
        returning key`);
      if ((result as Rows<unknown>).rows.length > 0) return 0;
      const held = await db.execute(sql`select window_start from rate_limit where key = ${key}`);
      const since = (held as Rows<{ window_start: Date | string }>).rows[0]?.window_start;
      if (since === undefined) return 1; // released meanwhile: a retry will claim it
      const left = seconds - (now.getTime() - new Date(since).getTime()) / 1000;
      return Math.max(1, Math.ceil(left));
    },

    async forgive(key) {
      await db.execute(sql`update rate_limit set count = count - 1 where key = ${key} and count > 0`);
    },

    async release(key, at) {
      await db.execute(sql`delete from rate_limit where key = ${key} and window_start = ${at}`);
    },
  };
}

/** Deletes the windows that started before `before` (the clean-up job, a day after they end): how many. */
export async function purgeRateLimits(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, before))
    .returning({ key: rateLimits.key });
  return gone.length;
}
