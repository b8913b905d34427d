import type { Clock } from './clock.js';

export interface AnswerCacheOptions {
  /** An answer is read again after this, even when no change was announced (a safety net). */
  ttlMs: number;
  /** Entries kept; the oldest make room. */
  max: number;
}

/**
 * The answers held by a cache: read by many requests and never changed afterwards (whoever needs
 * another answer makes a new object), so the router turns each into JSON once (http/route.ts).
 */
const sharedAnswers = new WeakSet<object>();

/** Whether `value` is an answer kept by a cache (see `sharedAnswers`). */
export function isSharedAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && sharedAnswers.has(value);
}

/**
 * Answers by key, kept for `ttlMs` at most, the oldest dropped beyond `max` entries. Callers
 * asking a key whose answer is being read share that read. `forget(key)` and `clear()` also drop
 * the answers of reads under way (they may have read data from before the change).
 */
export function answerCache<T>(clock: Clock, { ttlMs, max }: AnswerCacheOptions) {
  const entries = new Map<string, { at: number; value: T }>();
  const loading = new Map<string, { promise: Promise<T> }>();

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && now >= hit.at && now - hit.at < ttlMs) return Promise.resolve(hit.value);
      const pending = loading.get(key);
      if (pending) return pending.promise;
      const read = {} as { promise: Promise<T> };
      loading.set(key, read);
      read.promise = (async () => {
        try {
          const value = await load();
          // Kept only when no forget or clear came while it was read.
          if (loading.get(key) === read) {
            entries.delete(key);
            if (entries.size >= max) {
              const oldest = entries.keys().next();
              if (!oldest.done) entries.delete(oldest.value);
            }
            entries.set(key, { at: now, value });
            if (typeof value === 'object' && value !== null) sharedAnswers.add(value);
          }
          return value;
        } finally {
          if (loading.get(key) === read) loading.delete(key);
        }
      })();
      return read.promise;
    },
    forget(key: string) {
      entries.delete(key);
      loading.delete(key);
    },
    clear() {
      entries.clear();
      loading.clear();
    },
  };
}

export type AnswerCache<T> = ReturnType<typeof answerCache<T>>;
