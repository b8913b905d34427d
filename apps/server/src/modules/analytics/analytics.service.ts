import { createHash } from 'node:crypto';
import {
  type AnalyticsBatch,
  type AnalyticsEvent,
  ANALYTICS_MAX_AGE_MS,
  ANALYTICS_MAX_SKEW_MS,
} from '@dramastar/contract';
import { sql } from 'drizzle-orm';
import type { Counter } from 'prom-client';
import type { Clock } from '../../clock.js';
import type { Database, Tx } from '../../db/client.js';
import { type EventRow, insertEvents } from './event-store.js';
import { createIngestBuffer, type DropReason, type IngestBuffer } from './ingest-buffer.js';

export interface AnalyticsCounters {
  dropped: Pick<Counter<'reason'>, 'inc'>;
  written: Pick<Counter, 'inc'>;
}

/** An event's row from a batch: the viewer is the session's user (if any) and the device. */
export function eventRow(
  event: AnalyticsEvent,
  who: { tenantId: string; userId: bigint | null; deviceId: string },
  receivedAt: Date,
): EventRow {
  const row: EventRow = {
    id: event.id,
    tenantId: who.tenantId,
    at: new Date(event.at),
    receivedAt,
    type: event.type,
    userId: who.userId,
    deviceId: who.deviceId,
    seriesId: null,
    episodeId: null,
    episode: null,
    percent: null,
    seconds: null,
    detail: null,
    amount: null,
  };
  if (event.type === 'visit') return { ...row, detail: event.source };
  const episode = { ...row, seriesId: event.seriesId, episodeId: event.episodeId, episode: event.episode };
  switch (event.type) {
    case 'episode_start':
      return { ...episode, detail: event.entry };
    case 'episode_progress':
      return { ...episode, percent: event.percent, seconds: event.seconds };
    case 'episode_complete':
      return { ...episode, percent: 100, seconds: event.seconds };
    case 'paywall_shown':
      return episode;
    case 'unlock_action':
      return { ...episode, detail: event.action };
  }
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
  /** Bulk writer; the event store by default (tests and the benchmark may slow it). */
  write?: (rows: EventRow[]) => Promise<void>;
}) {
  const { clock, counters } = deps;
  const dropped = (reason: DropReason, count: number) => counters.dropped.inc({ reason }, count);
  const buffer: IngestBuffer = createIngestBuffer({
    write: deps.write ?? ((rows) => insertEvents(deps.database, rows)),
    maxEvents: deps.bufferMax,
    dropped,
    written: (count) => counters.written.inc(count),
    failed: (err) => deps.log?.warn({ err }, 'analytics: a batch of events could not be written (dropped)'),
  });

  return {
    buffer,
    /** Takes a batch into the buffer; events outside the accepted window are dropped (counted). */
    ingest(batch: AnalyticsBatch, who: { tenantId: string; userId: bigint | null }): { accepted: number } {
      const now = clock.now();
      const rows: EventRow[] = [];
      const oldest = now.getTime() - ANALYTICS_MAX_AGE_MS;
      const latest = now.getTime() + ANALYTICS_MAX_SKEW_MS;
      for (const event of batch.events) {
        if (event.at < oldest || event.at > latest) continue;
        rows.push(eventRow(event, { ...who, deviceId: batch.deviceId }, now));
      }
      if (rows.length < batch.events.length) dropped('out_of_window', batch.events.length - rows.length);
      return { accepted: buffer.add(rows) };
    },
    /**
     * A card bought, recorded in the purchase's own transaction (so it is there exactly when the
     * purchase is): the paywall it came from is found by the rollup (docs/analytics.md).
     */
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
