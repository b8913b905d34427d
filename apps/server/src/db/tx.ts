import type { Db, Tx } from './client.js';

/** SQLSTATEs worth retrying: serialization_failure and deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryableError(error: unknown): boolean {
  // Drivers and drizzle wrap the database error; walk the cause chain.
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export interface TxOptions {
  isolationLevel?: 'read committed' | 'repeatable read' | 'serializable';
  /** How many times to retry after a serialization failure or deadlock. */
  retries?: number;
  /** Called before each retry; for logs and tests. */
  onRetry?: (attempt: number, error: unknown) => void;
}

/**
 * Runs `work` in one transaction. On a serialization failure or deadlock the whole transaction is
 * run again, a bounded number of times, after a short randomised pause; `work` must therefore
 * have no effects outside the database.
 */
export async function withTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: TxOptions = {},
): Promise<T> {
  const retries = options.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(work, { isolationLevel: options.isolationLevel ?? 'read committed' });
    } catch (error) {
      if (attempt >= retries || !isRetryableError(error)) throw error;
      options.onRetry?.(attempt + 1, error);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
    }
  }
}
