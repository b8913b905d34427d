import { addDays } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { utcDay } from './event-store.js';

/** Partitions made ahead of today (UTC), so a write never finds its day missing. */
export const PARTITIONS_AHEAD_DAYS = 3;

const PARTITION = /^analytics_event_(\d{4})(\d{2})(\d{2})$/;
const partitionName = (day: string) => `analytics_event_${day.replaceAll('-', '')}`;

/** The day partitions of `analytics_event` that exist, oldest first. */
export async function listPartitions(database: Pick<Database, 'query'>): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'analytics_event'::regclass`,
  );
  return rows
    .map((r) => PARTITION.exec(r.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]}-${m[2]}-${m[3]}`)
    .sort();
}

/**
 * Makes the partitions from `back` days before `now` to PARTITIONS_AHEAD_DAYS after it (UTC days).
 * Safe on many instances at once: a partition another instance just made is not an error.
 */
export async function ensurePartitions(
  database: Pick<Database, 'query'>,
  now: Date,
  back = 2,
): Promise<number> {
  const today = utcDay(now);
  const have = new Set(await listPartitions(database));
  let made = 0;
  for (let d = -back; d <= PARTITIONS_AHEAD_DAYS; d++) {
    const day = addDays(today, d);
    if (have.has(day)) continue;
    try {
      await database.query(
        `create table if not exists ${partitionName(day)} partition of analytics_event
         for values from ('${day}') to ('${addDays(day, 1)}')`,
      );
      made++;
    } catch (error) {
      // Two instances making the same partition: one wins, the other finds it made.
      if (!(await listPartitions(database)).includes(day)) throw error;
    }
  }
  return made;
}

/** Drops whole day partitions older than `retentionDays` (UTC days before today); answers their days. */
export async function dropExpiredPartitions(
  database: Pick<Database, 'query'>,
  now: Date,
  retentionDays: number,
): Promise<string[]> {
  const oldest = addDays(utcDay(now), -retentionDays);
  const dropped: string[] = [];
  for (const day of await listPartitions(database)) {
    if (day >= oldest) break;
    await database.query(`drop table if exists ${partitionName(day)}`);
    dropped.push(day);
  }
  return dropped;
}
