import type { Database } from '../../db/client.js';

/** One raw event as stored in `analytics_event` (see the migration `analytics`). */
export interface EventRow {
  id: string;
  tenantId: string;
  /** When it happened. */
  at: Date;
  receivedAt: Date;
  type: string;
  userId: bigint | null;
  deviceId: string | null;
  seriesId: number | null;
  episodeId: number | null;
  episode: number | null;
  percent: number | null;
  seconds: number | null;
  /** The visit's source, the play's entry, the unlock action, or `upgrade` on a purchase. */
  detail: string | null;
  /** Purchases: minor units of the tenant's currency. */
  amount: bigint | null;
}

/** The UTC day of an instant: the partition an event lives in. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const INSERT = `insert into analytics_event
  (day, id, tenant_id, at, received_at, type, user_id, device_id, series_id, episode_id, episode, percent, seconds, detail, amount)
  select (t.at at time zone 'UTC')::date, t.* from unnest(
    $1::uuid[], $2::varchar[], $3::timestamptz[], $4::timestamptz[], $5::varchar[], $6::bigint[], $7::varchar[],
    $8::int[], $9::int[], $10::int[], $11::smallint[], $12::real[], $13::varchar[], $14::bigint[]
  ) as t(id, tenant_id, at, received_at, type, user_id, device_id, series_id, episode_id, episode, percent, seconds, detail, amount)
  on conflict (day, id) do nothing`;

/**
 * Writes events in one statement (arrays unnested server-side): one round trip per batch, however
 * many events. An event already stored (same id, same day) is skipped: retries count once.
 */
export async function insertEvents(
  database: Pick<Database, 'query'>,
  rows: readonly EventRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(pick: (r: EventRow) => T) => rows.map(pick);
  await database.query(INSERT, [
    col((r) => r.id),
    col((r) => r.tenantId),
    col((r) => r.at.toISOString()),
    col((r) => r.receivedAt.toISOString()),
    col((r) => r.type),
    col((r) => (r.userId === null ? null : r.userId.toString())),
    col((r) => r.deviceId),
    col((r) => r.seriesId),
    col((r) => r.episodeId),
    col((r) => r.episode),
    col((r) => r.percent),
    col((r) => r.seconds),
    col((r) => r.detail),
    col((r) => (r.amount === null ? null : r.amount.toString())),
  ]);
}
