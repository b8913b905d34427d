import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { episodes, type LocalizedText, series } from '../../../db/schema/index.js';
import type { Rendition } from '../../../media/ladder.js';

/**
 * Series and episodes asked of the catalog by other owners: the demo seed's plain writes (an edge,
 * which does not write catalog's tables itself) and titles by id.
 */

export type NewSeries = typeof series.$inferInsert;
export type NewEpisode = Omit<typeof episodes.$inferInsert, 'seriesId'>;

/** Lists a series unless its tenant has one of that slug (kept as it is): the new id, or null. */
export async function addSeries(db: DbOrTx, values: NewSeries): Promise<number | null> {
  const [row] = await db.insert(series).values(values).onConflictDoNothing().returning({ id: series.id });
  return row?.id ?? null;
}

/** Adds a new series' episodes. */
export async function addEpisodes(db: DbOrTx, seriesId: number, rows: NewEpisode[]): Promise<void> {
  await db.insert(episodes).values(rows.map((row) => ({ ...row, seriesId })));
}

/** Gives the episodes playing `hlsKey` (in any tenant) the ladder of their media, made again. */
export async function setRenditions(db: DbOrTx, hlsKey: string, renditions: Rendition[]): Promise<void> {
  await db.update(episodes).set({ renditions }).where(eq(episodes.hlsKey, hlsKey));
}

/** The titles of the tenant's series among `ids` (one query); a series not found is not in the map. */
export async function seriesTitles(
  db: DbOrTx,
  tenantId: string,
  ids: readonly number[],
): Promise<Map<number, LocalizedText>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: series.id, title: series.title })
    .from(series)
    .where(and(eq(series.tenantId, tenantId), inArray(series.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.title]));
}
