import { createHash } from 'node:crypto';
import { type AnalyticsBatch, ANALYTICS_MAX_AGE_MS, ANALYTICS_MAX_SKEW_MS } from '@dramastar/contract';
import { sql } from 'drizzle-orm';
import type { Counter } from 'prom-client';
import type { Clock } from '../../clock.js';
import type { Database, Tx } from '../../db/client.js';
import { encodeEvents, insertEvents } from './event-store.js';
import { createIngestBuffer, type DropReason, type IngestBuffer } from './ingest-buffer.js';

export interface AnalyticsCounters {
  dropped: Pick<Counter<'reason'>, 'inc'>;
  written: Pick<Counter, 'inc'>;
}

/** A UUID made from a natural key (a purchase's reference): the same purchase, the same event id. */
export function keyedUuid(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function createAnalyticsService(deps: {
  database: Database;
  clock: Clock;
  bufferMax: number;
  counters: AnalyticsCounters;
  log?: { warn(obj: object, msg: string): void };
  /** Bulk writer of encoded events; the event store by default (tests and the benchmark may slow it). */
  write?: (rows: string[]) => Promise<void>;
}) {
  const { clock, counters } = deps;
  const dropped = (reason: DropReason, count: number) => counters.dropped.inc({ reason }, count);
  const buffer: IngestBuffer<string> = createIngestBuffer<string>({
    write: deps.write ?? ((rows) => insertEvents(deps.database, rows)),
    maxEvents: deps.bufferMax,
    dropped,
    written: (count) => counters.written.inc(count),
    failed: (err) => deps.log?.warn({ err }, 'analytics: a batch of events could not be written (dropped)'),
  });

  return {
    buffer,
    /**
     * Takes a batch into the buffer; events outside the accepted window are dropped (counted).
     * No query: each event becomes its row's JSON at once, written later with thousands of others.
     */
    ingest(batch: AnalyticsBatch, who: { tenantId: string; userId: bigint | null }): { accepted: number } {
      const now = clock.now().getTime();
      const oldest = now - ANALYTICS_MAX_AGE_MS;
      const latest = now + ANALYTICS_MAX_SKEW_MS;
      let events = batch.events;
      if (events.some((e) => e.at < oldest || e.at > latest)) {
        events = events.filter((e) => e.at >= oldest && e.at <= latest);
        dropped('out_of_window', batch.events.length - events.length);
      }
      if (events.length === 0) return { accepted: 0 };
      return { accepted: buffer.add(encodeEvents(events, { ...who, deviceId: batch.deviceId }, now)) };
    },
    /**
     * A card purchase as an event, in the purchase's own transaction, inside a savepoint: should
     * the write fail (no partition for the day yet, a slow database), the event is dropped and
     * counted, never the purchase.
     */
    async recordPurchase(
      tx: Tx,
      purchase: { tenantId: string; userId: bigint; value: bigint; reference: string; upgrade: boolean },
    ): Promise<void> {
      const at = clock.now();
      try {
        await tx.transaction(async (savepoint) => {
          await savepoint.execute(sql`insert into analytics_event (day, id, tenant_id, at, received_at, type, user_id, detail, amount)
            values ((${at.toISOString()}::timestamptz at time zone 'UTC')::date, ${keyedUuid(`purchase:${purchase.reference}`)},
              ${purchase.tenantId}, ${at.toISOString()}, ${at.toISOString()}, 'purchase', ${purchase.userId.toString()},
              ${purchase.upgrade ? 'upgrade' : null}, ${purchase.value.toString()})
            on conflict (day, id) do nothing`);
        });
      } catch (err) {
        dropped('write_failed', 1);
        deps.log?.warn(
          { err },
          'analytics: a purchase event could not be written (dropped; the purchase stands)',
        );
      }
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
