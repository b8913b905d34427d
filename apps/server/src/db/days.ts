import { type Column, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Calendar days `from` … `to` (YYYY-MM-DD, both included) of a tenant's time zone, as SQL for the
 * reports that count per local day (the console dashboard asks each table's owner so).
 */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
  /** The first day's midnight in the time zone (timestamptz). */
  start: SQL;
  /** The midnight after the last day (timestamptz): a time is in the range when `start` <= it < `end`. */
  end: SQL;
  /**
   * A timestamptz's local day as 'YYYY-MM-DD': of a drizzle column (or any SQL), or of a column
   * written by name (`'created_at'`, `'t.created_at'`: a name in code, never input).
   */
  localDay: (column: SQLWrapper | string) => SQL<string>;
}

export function tenantDayRange(from: string, to: string, timeZone: string): DayRange {
  return {
    from,
    to,
    timeZone,
    start: sql`(${from}::timestamp at time zone ${timeZone})`,
    end: sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`,
    localDay: (column) =>
      sql<string>`to_char((${typeof column === 'string' ? sql.raw(column) : column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`,
  };
}

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
  const { start, end } = tenantDayRange(on.day, on.day, on.timeZone);
  return sql`(${column} >= ${start} and ${column} < ${end})`;
}
