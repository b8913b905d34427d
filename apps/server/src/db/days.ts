import { type Column, type SQL, sql } from 'drizzle-orm';

/** A day of a tenant's calendar: `day` (YYYY-MM-DD) in `timeZone`. */
export interface LocalDay {
  timeZone: string;
  day: string;
}

/**
 * `column` (a timestamptz) falls on the local day `on`: from that day's midnight in its time zone to
 * the next one's (the same as `(column at time zone tz)::date = day`, but an index on the column
 * serves it).
 */
export function onLocalDay(column: Column | SQL, on: LocalDay): SQL {
  return sql`(${column} >= (${on.day}::date::timestamp at time zone ${on.timeZone})
    and ${column} < ((${on.day}::date + 1)::timestamp at time zone ${on.timeZone}))`;
}
