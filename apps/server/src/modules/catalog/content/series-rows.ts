import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { episodes, series } from '../../../db/schema/index.js';
import type { Rendition } from '../../../media/ladder.js';

/**
 * Series and episodes listed without the console, for the demo seed (an edge, which does not
 * write catalog's tables itself): one plain write each.
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
