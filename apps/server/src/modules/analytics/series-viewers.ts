import { type Column, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Distinct viewers per series over a range of the tenant's days (summed per day, from the rollups):
 * what rankings read instead of play counters (docs/analytics.md). Most viewed first; at most
 * `limit` series.
 */
export async function seriesViewers(
  db: DbOrTx,
  tenantId: string,
  range: { from: string; to: string },
  limit = 100,
): Promise<{ seriesId: number; viewers: number }[]> {
  const rows = await rowsOf<{ series_id: number; viewers: number }>(
    db,
    sql`select series_id, sum(viewers)::int as viewers from analytics_series_day
        where tenant_id = ${tenantId} and day between ${range.from}::date and ${range.to}::date
        group by series_id having sum(viewers) > 0 order by 2 desc, 1 limit ${limit}`,
  );
  return rows.map((r) => ({ seriesId: r.series_id, viewers: r.viewers }));
}

/** Days of rollups the "hot" ranking and the leader board count viewers over. */
export const HOT_DAYS = 30;

/**
 * A series' distinct viewers of the last HOT_DAYS days (summed per day, from the rollups), as an
 * SQL expression on the caller's series columns: the order of the catalogue's "hot" ranking and
 * leader board (handed to the catalog by app.ts: the catalogue sorts and pages its series in one
 * query, while the rollup's SQL stays with its owner).
 */
export function recentViewers(tenantId: SQL | Column, seriesId: SQL | Column, now: Date): SQL<number> {
  const since = new Date(now.getTime() - HOT_DAYS * 86_400_000).toISOString().slice(0, 10);
  return sql<number>`(select coalesce(sum(v.viewers), 0) from analytics_series_day v
    where v.tenant_id = ${tenantId} and v.series_id = ${seriesId} and v.day > ${since}::date)`;
}
