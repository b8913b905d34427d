import type { Db, Tx } from './client.js';

/** SQLSTATEs worth retrying: serialization_failure and deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);
/**
 * A wait that ran out: lock_not_available (lock_timeout) and query_canceled (statement_timeout).
 * Not retried: the same wait would likely run out again, and the caller is told to come back.
 */
const TIMED_OUT = new Set(['55P03', '57014']);
/** What node-postgres's pool says when no connection came within its `connectionTimeoutMillis`. */
const POOL_TIMEOUTS = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/** Whether `error` or one of its causes (drivers and drizzle wrap it) matches. */
function anyCause(error: unknown, matches: (e: { code?: unknown; message?: unknown }) => boolean): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (matches(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function isRetryableError(error: unknown): boolean {
  return anyCause(error, (e) => typeof e.code === 'string' && RETRYABLE.has(e.code));
}

/** The database could not serve in time (pool, lock or statement timeout): answer 503, not 500. */
export function isDatabaseBusy(error: unknown): boolean {
  return anyCause(
    error,
    (e) =>
      (typeof e.code === 'string' && TIMED_OUT.has(e.code)) ||
      (typeof e.message === 'string' && POOL_TIMEOUTS.has(e.message)),
  );
}

/**
 * The database cannot be reached (restarting, failing over, the network): refused or dropped
 * connections, and PostgreSQL's admin/crash shutdown, "starting up" and connection exceptions.
 * Answered 503 with Retry-After like a busy database: the instance is fine, and the pool opens
 * new connections as soon as the server is back.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNREACHABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];

export function isDatabaseUnreachable(error: unknown): boolean {
  return anyCause(
    error,
    (e) =>
      (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) ||
      (typeof e.message === 'string' && UNREACHABLE_MESSAGES.includes(e.message)),
  );
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
