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
  select (t.at at time zone 'UTC')::date, t.* from json_to_recordset($1::json) as t(
    id uuid, tenant_id varchar, at timestamptz, received_at timestamptz, type varchar, user_id bigint, device_id varchar,
    series_id int, episode_id int, episode int, percent smallint, seconds real, detail varchar, amount bigint
  )
  on conflict (day, id) do nothing`;

/**
 * Writes events in one statement: the rows go as one JSON parameter (serialised natively, parsed by
 * PostgreSQL), one round trip per batch however many events. An event already stored (same id,
 * same day) is skipped: retries count once.
 */
export async function insertEvents(
  database: Pick<Database, 'query'>,
  rows: readonly EventRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      tenant_id: r.tenantId,
      at: r.at.toISOString(),
      received_at: r.receivedAt.toISOString(),
      type: r.type,
      user_id: r.userId === null ? null : r.userId.toString(),
      device_id: r.deviceId,
      series_id: r.seriesId,
      episode_id: r.episodeId,
      episode: r.episode,
      percent: r.percent,
      seconds: r.seconds,
      detail: r.detail,
      amount: r.amount === null ? null : r.amount.toString(),
    })),
  );
  await database.query(INSERT, [json]);
}
