import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { DbOrTx } from '../../db/client.js';
import { episodes, series, subtitleTracks } from '../../db/schema/index.js';
import type { MediaStorage } from '../../media/storage.js';
import { type ParsedSubtitles, storeSubtitle, subtitleDir } from '../../media/subtitles.js';

export type SubtitleTrackRow = typeof subtitleTracks.$inferSelect;

/** The file name a track has behind an episode's signed /stream prefix: `sub_vi.vtt`. */
export const subtitleFile = (language: string) => `sub_${language}.vtt`;
/** The language of such a file name, or null. */
export const SUBTITLE_FILE = /^sub_([a-z]{2,3}(?:-[a-z0-9]{2,8})*)\.vtt$/;

export { subtitleDir };

/**
 * An episode's subtitle tracks (catalog's table): the play answer lists them, /stream serves
 * their files, the console and the importer write them. A file is written under a new key before
 * its row points at it, and the old file removed after, so a reader never finds a half-written one.
 */
export function subtitleTrackStore(deps: { storage: MediaStorage; clock: Clock }) {
  const { storage, clock } = deps;
  return {
    /** The episode's tracks, by language. */
    list(db: DbOrTx, episodeId: number): Promise<SubtitleTrackRow[]> {
      return db
        .select()
        .from(subtitleTracks)
        .where(eq(subtitleTracks.episodeId, episodeId))
        .orderBy(asc(subtitleTracks.language));
    },

    async find(db: DbOrTx, episodeId: number, language: string): Promise<SubtitleTrackRow | null> {
      const [row] = await db
        .select()
        .from(subtitleTracks)
        .where(and(eq(subtitleTracks.episodeId, episodeId), eq(subtitleTracks.language, language)));
      return row ?? null;
    },

    /** Writes a checked file to a fresh key in the store; the caller saves the row (or removes it). */
    putFile: (tenantId: string, episodeId: number, language: string, parsed: ParsedSubtitles) =>
      storeSubtitle(storage, tenantId, episodeId, language, parsed),

    /**
     * Inserts or replaces the episode's track in `language` (its file already at `storageKey`);
     * answers the row before (null when new) and after.
     */
    async save(
      tx: DbOrTx,
      input: {
        tenantId: string;
        episodeId: number;
        language: string;
        label: string;
        storageKey: string;
        parsed: ParsedSubtitles;
        operatorId: bigint | null;
      },
    ): Promise<{ before: SubtitleTrackRow | null; after: SubtitleTrackRow }> {
      const now = clock.now();
      const [before] = await tx
        .select()
        .from(subtitleTracks)
        .where(
          and(eq(subtitleTracks.episodeId, input.episodeId), eq(subtitleTracks.language, input.language)),
        )
        .for('update');
      const values = {
        label: input.label,
        storageKey: input.storageKey,
        bytes: input.parsed.bytes,
        cueCount: input.parsed.cues.length,
        operatorId: input.operatorId,
        updatedAt: now,
      };
      const [after] = await tx
        .insert(subtitleTracks)
        .values({
          tenantId: input.tenantId,
          episodeId: input.episodeId,
          language: input.language,
          createdAt: now,
          ...values,
        })
        .onConflictDoUpdate({ target: [subtitleTracks.episodeId, subtitleTracks.language], set: values })
        .returning();
      if (!after) throw new Error('subtitle track not saved');
      return { before: before ?? null, after };
    },

    /** Deletes the episode's track in `language`; answers the row deleted, or null. */
    async remove(tx: DbOrTx, episodeId: number, language: string): Promise<SubtitleTrackRow | null> {
      const [gone] = await tx
        .delete(subtitleTracks)
        .where(and(eq(subtitleTracks.episodeId, episodeId), eq(subtitleTracks.language, language)))
        .returning();
      return gone ?? null;
    },

    /** Removes a file no row points at any more (best effort: a leftover file is harmless). */
    async dropFile(key: string | null | undefined): Promise<void> {
      if (key) await storage.remove(key).catch(() => undefined);
    },

    /** The file's text, or null when it is gone from the store. */
    async readText(key: string): Promise<string | null> {
      const read = await storage.read(key);
      if (!read) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of read.body as AsyncIterable<Buffer | string>)
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

export type SubtitleTrackStore = ReturnType<typeof subtitleTrackStore>;

/**
 * The episodes (any tenant) whose media is under `hlsPrefix` (taken as a LIKE pattern's start) and
 * that have no track in `language` yet.
 */
export function episodesWithoutTrack(db: DbOrTx, hlsPrefix: string, language: string) {
  return db
    .select({
      id: episodes.id,
      number: episodes.number,
      duration: episodes.duration,
      tenantId: series.tenantId,
    })
    .from(episodes)
    .innerJoin(series, eq(series.id, episodes.seriesId))
    .leftJoin(
      subtitleTracks,
      and(eq(subtitleTracks.episodeId, episodes.id), eq(subtitleTracks.language, language)),
    )
    .where(and(like(episodes.hlsKey, `${hlsPrefix}%`), isNull(subtitleTracks.id)));
}

export type NewSubtitleTrack = typeof subtitleTracks.$inferInsert;

/** Adds tracks whose episode has none in their language yet: the storage keys of the rows added. */
export async function addTracks(db: DbOrTx, rows: NewSubtitleTrack[]): Promise<string[]> {
  const added = await db
    .insert(subtitleTracks)
    .values(rows)
    .onConflictDoNothing()
    .returning({ key: subtitleTracks.storageKey });
  return added.map((r) => r.key);
}
