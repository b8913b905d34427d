import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock.js';
import type { Tx } from '../../../db/client.js';
import { episodes, series, transcodeJobs } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import { type Actor, episodesOf, lockSeries, toAdminEpisode } from './content-rows.js';

/** The console's episodes of a series: their order and their deletion, numbered 1…n throughout. */
export function createContentEpisodes({ clock }: { clock: Clock }) {
  /**
   * Gives the episodes numbers 1…n in the order of `ids`. Numbers are unique per series and
   * checked row by row, so they move through negative values first.
   */
  async function renumber(tx: Tx, seriesId: number, ids: number[]): Promise<void> {
    const before = await tx
      .select({ id: episodes.id, number: episodes.number })
      .from(episodes)
      .where(eq(episodes.seriesId, seriesId));
    await tx
      .update(episodes)
      .set({ number: sql`-${episodes.number} - 1` })
      .where(eq(episodes.seriesId, seriesId));
    for (const [index, id] of ids.entries()) {
      await tx
        .update(episodes)
        .set({ number: index + 1 })
        .where(and(eq(episodes.id, id), eq(episodes.seriesId, seriesId)));
    }
    // Finished uploads follow their episode's new number (the transcoding list names it): moved
    // aside first, then each set from its old number, so no chain of renumbers collides.
    const done = and(eq(transcodeJobs.seriesId, seriesId), eq(transcodeJobs.status, 'done'));
    await tx
      .update(transcodeJobs)
      .set({ episodeNumber: sql`-${transcodeJobs.episodeNumber} - 1` })
      .where(and(done, sql`${transcodeJobs.episodeNumber} > 0`));
    for (const [index, id] of ids.entries()) {
      const old = before.find((e) => e.id === id)?.number;
      if (old === undefined) continue;
      await tx
        .update(transcodeJobs)
        .set({ episodeNumber: index + 1 })
        .where(and(done, eq(transcodeJobs.episodeNumber, -old - 1)));
    }
    // A deleted episode's uploads keep the number it had.
    await tx
      .update(transcodeJobs)
      .set({ episodeNumber: sql`-${transcodeJobs.episodeNumber} - 1` })
      .where(and(done, sql`${transcodeJobs.episodeNumber} < 0`));
  }

  return {
    async reorder(tx: Tx, actor: Actor, seriesId: number, ids: number[]) {
      await lockSeries(tx, actor, seriesId, 'seriesId');
      const before = await episodesOf(tx, seriesId);
      const known = new Set(before.map((e) => e.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((i) => !known.has(i))) {
        throw new AppError('EpisodeOrderMismatch', { status: 400, field: 'episodeIds' });
      }
      await renumber(tx, seriesId, ids);
      return {
        before: before.map(toAdminEpisode),
        after: (await episodesOf(tx, seriesId)).map(toAdminEpisode),
      };
    },

    /** Deletes an episode and closes the gap; a published series keeps at least one. */
    async deleteEpisode(tx: Tx, actor: Actor, episodeId: number) {
      const [found] = await tx.select().from(episodes).where(eq(episodes.id, episodeId));
      if (!found) throw new AppError('NotFound', { field: 'episodeId' });
      const owner = await lockSeries(tx, actor, found.seriesId, 'episodeId');
      const before = await episodesOf(tx, owner.id);
      const episode = before.find((e) => e.id === episodeId);
      if (!episode) throw new AppError('NotFound', { field: 'episodeId' });
      if (owner.status === 'published' && before.length <= 1) throw new AppError('SeriesNeedsEpisode');
      await tx.delete(episodes).where(eq(episodes.id, episodeId));
      await renumber(
        tx,
        owner.id,
        before.filter((e) => e.id !== episodeId).map((e) => e.id),
      );
      await tx.update(series).set({ updatedAt: clock.now() }).where(eq(series.id, owner.id));
      return {
        series: owner,
        deleted: episode,
        after: (await episodesOf(tx, owner.id)).map(toAdminEpisode),
      };
    },
  };
}
