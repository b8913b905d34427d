import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { AppError } from './errors.js';

export interface RateLimiter {
  /** Counts one attempt under `key`; refuses with 429 once `limit` attempts fell in the window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<void>;
}

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
      const rows = (result as { rows: { count: number | string }[] }).rows;
      const count = Number(rows[0]?.count ?? 0);
      if (count > limit) throw new AppError('TooManyRequests');
    },
  };
}
