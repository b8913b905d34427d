export type DropReason = 'buffer_full' | 'write_failed' | 'out_of_window';

export interface IngestBufferOptions<T> {
  /** Writes items in bulk (one statement); a failure drops them (counted), it is not retried. */
  write(items: T[]): Promise<void>;
  /** Items held at most (waiting and being written); beyond, new items are dropped. */
  maxEvents: number;
  /** A write starts as soon as this many wait (else on the timer). */
  flushRows?: number;
  /** Waiting items are written at least this often. */
  flushMs?: number;
  dropped(reason: DropReason, count: number): void;
  written?(count: number): void;
  failed?(error: unknown): void;
}

export interface IngestBuffer<T> {
  /** Takes what fits; answers how many were taken. Never waits for the database. */
  add(items: readonly T[]): number;
  /** Writes everything waiting (tests, shutdown). */
  flush(): Promise<void>;
  /** Items held now. */
  size(): number;
  stop(): Promise<void>;
}

/**
 * The ingestion buffer of one instance: requests add events and answer at once; one write at a time
 * takes up to `flushRows` of them to the database. Memory is bounded by `maxEvents` whatever the
 * database does: when it is slow, the buffer fills and further events are dropped and counted, and
 * the app never waits for analytics.
 */
export function createIngestBuffer<T>(options: IngestBufferOptions<T>): IngestBuffer<T> {
  const flushRows = options.flushRows ?? 2000;
  const flushMs = options.flushMs ?? 1000;
  let waiting: T[] = [];
  let inFlight = 0;
  let writing: Promise<void> | null = null;
  let stopped = false;

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const rows = waiting.length <= flushRows ? waiting : waiting.slice(0, flushRows);
      waiting = waiting.length <= flushRows ? [] : waiting.slice(flushRows);
      inFlight = rows.length;
      try {
        await options.write(rows);
        options.written?.(rows.length);
      } catch (error) {
        options.dropped('write_failed', rows.length);
        options.failed?.(error);
      } finally {
        inFlight = 0;
      }
    }
  }
  const kick = () => {
    writing ??= drain().finally(() => {
      writing = null;
    });
    return writing;
  };
  const timer = setInterval(() => {
    if (waiting.length > 0) void kick();
  }, flushMs);
  timer.unref();

  return {
    add(items) {
      const room = Math.max(0, options.maxEvents - waiting.length - inFlight);
      const taken = items.length <= room ? items : items.slice(0, room);
      if (taken.length < items.length) options.dropped('buffer_full', items.length - taken.length);
      if (taken.length > 0) {
        for (const item of taken) waiting.push(item);
        if (waiting.length >= flushRows && !stopped) void kick();
      }
      return taken.length;
    },
    async flush() {
      while (writing || waiting.length > 0) await kick();
    },
    size: () => waiting.length + inFlight,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await this.flush();
    },
  };
}
