import type { AdminEpisode } from '@dramastar/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { episodes, series } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';

/*
 * What the parts of the console's content service share (content.service.ts composes them): the
 * operator's tenant check, the series lock and a series' episodes.
 */

export type SeriesRow = typeof series.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;

/** The operator's tenants (null = all) and, for audit entries, who acts. */
export interface Actor {
  tenantIds: string[] | null;
}

/** 403 when the record's tenant is outside the operator's. */
export function checkTenant(actor: Actor, tenantId: string): void {
  if (actor.tenantIds && !actor.tenantIds.includes(tenantId)) throw new AppError('Forbidden');
}

/** An episode as the console shows it. */
export function toAdminEpisode(row: EpisodeRow): AdminEpisode {
  return {
    id: row.id,
    number: row.number,
    duration: row.duration,
    poster: row.poster,
    createdAt: row.createdAt.toISOString(),
    renditions: row.renditions.map((r) => ({
      name: r.name,
      width: r.width,
      height: r.height,
      bandwidth: Math.round(r.bandwidth),
      averageBandwidth: Math.round(r.averageBandwidth),
    })),
  };
}

/** The series row, locked for the change, after the tenant check (404 / 403). */
export async function lockSeries(tx: Tx, actor: Actor, id: number, field = 'id'): Promise<SeriesRow> {
  const [row] = await tx.select().from(series).where(eq(series.id, id)).for('update');
  if (!row) throw new AppError('NotFound', { field });
  checkTenant(actor, row.tenantId);
  return row;
}

/** The series' episodes, by number. */
export async function episodesOf(tx: DbOrTx, seriesId: number): Promise<EpisodeRow[]> {
  return tx.select().from(episodes).where(eq(episodes.seriesId, seriesId)).orderBy(asc(episodes.number));
}
