import type { AnalyticsEvent } from '@dramastar/contract';
import type { Database } from '../../db/client.js';

/*
 * Raw events as stored in `analytics_event` (see the migration `analytics`). On their way there an
 * event is one JSON object in a string, made when the batch arrives (encodeEvents) and written
 * with thousands of others as one JSON array (insertEvents): no object per event kept in the
 * buffer, no date formatting, one serialisation.
 */

/** The UTC day of an instant: the partition an event lives in. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Who sent a batch: the viewer's tenant, user (if signed in) and device. */
export interface BatchSender {
  tenantId: string;
  userId: bigint | null;
  deviceId: string;
}

/**
 * A batch's events as JSON objects with `analytics_event`'s column names (times in epoch
 * milliseconds). Every value comes checked by the contract (UUIDs, enums, numbers, the device id's
 * [A-Za-z0-9_-]); the strings that come from outside are still JSON-escaped.
 */
export function encodeEvents(
  events: readonly AnalyticsEvent[],
  who: BatchSender,
  receivedAt: number,
): string[] {
  const tail =
    `"tenant_id":${JSON.stringify(who.tenantId)},"device_id":${JSON.stringify(who.deviceId)},` +
    `${who.userId === null ? '' : `"user_id":${who.userId},`}"received_at":${receivedAt}}`;
  const out = new Array<string>(events.length);
  let i = -1;
  for (const e of events) {
    i++;
    const head = `{"id":"${e.id}","at":${e.at},"type":"${e.type}",`;
    if (e.type === 'visit') {
      out[i] = `${head}"detail":"${e.source}",${tail}`;
      continue;
    }
    const ep = `${head}"series_id":${e.seriesId},"episode_id":${e.episodeId},"episode":${e.episode},`;
    switch (e.type) {
      case 'episode_start':
        out[i] = `${ep}"detail":"${e.entry}",${tail}`;
        break;
      case 'episode_progress':
        out[i] = `${ep}"percent":${e.percent},"seconds":${e.seconds},${tail}`;
        break;
      case 'episode_complete':
        out[i] = `${ep}"percent":100,"seconds":${e.seconds},${tail}`;
        break;
      case 'paywall_shown':
        out[i] = `${ep}${tail}`;
        break;
      case 'unlock_action':
        out[i] = `${ep}"detail":"${e.action}",${tail}`;
        break;
    }
  }
  return out;
}

// One statement: the array parsed by PostgreSQL, each row routed to its day's partition; an event
// already stored (same id, same day) is skipped, so retries count once. synchronous_commit is off
// for this statement's transaction only: the commit does not wait for the disk (PostgreSQL
// crashing could lose its last fraction of a second of events, as an instance stopping loses
// what it holds; it can never corrupt or half-write them).
const INSERT = `insert into analytics_event
  (day, id, tenant_id, at, received_at, type, user_id, device_id, series_id, episode_id, episode, percent, seconds, detail)
  select (to_timestamp(t.at / 1000.0) at time zone 'UTC')::date, t.id, t.tenant_id, to_timestamp(t.at / 1000.0),
    to_timestamp(t.received_at / 1000.0), t.type, t.user_id, t.device_id, t.series_id, t.episode_id, t.episode,
    t.percent, t.seconds, t.detail
  from (select set_config('synchronous_commit', 'off', true)) as s(setting), json_to_recordset($1::json) as t(
    id uuid, tenant_id varchar, at bigint, received_at bigint, type varchar, user_id bigint, device_id varchar,
    series_id int, episode_id int, episode int, percent smallint, seconds real, detail varchar
  )
  on conflict (day, id) do nothing`;

/** Writes encoded events (encodeEvents) in one statement: one round trip however many. */
export async function insertEvents(
  database: Pick<Database, 'query'>,
  rows: readonly string[],
): Promise<void> {
  if (rows.length === 0) return;
  await database.query(INSERT, [`[${rows.join(',')}]`]);
}
