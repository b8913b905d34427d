import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { episodes } from '../../../db/schema/index.js';
import { addFiles, encodeLadder } from '../../../media/hls.js';
import {
  masterPlaylist,
  measureRendition,
  parseMediaPlaylist,
  type Rendition,
} from '../../../media/ladder.js';
import type { MediaStorage } from '../../../media/storage.js';

/** The one playlist of an episode packaged before the ladder: 720×1280 H.264 at CRF 28, `seg_NNN.ts`. */
const LEGACY = 'index.m3u8';
const LEGACY_SEGMENT = /^seg_\d{3,6}\.ts$/;

export interface RepackageResult {
  hlsKey: string;
  renditions: Rendition[];
  /** Rows that took the ladder (demo media is shared by every tenant's rows). */
  episodes: number;
}

/**
 * Turns an episode made before the ladder into one with it, in place: its 720p segments stay as
 * they are and become the 720p rung (`720p.m3u8` lists the same `seg_NNN.ts`: no second encode of
 * the top rung, no generation loss there, and addresses already handed out keep working), and the
 * rungs below (180p to 540p) are encoded from them, cut at the same 2 s key frames. Files are
 * added beside the old ones; the rows with that key take the ladder last, in one update.
 */
export async function repackageEpisode(
  db: Db,
  storage: MediaStorage,
  hlsKey: string,
  options: { preset?: string } = {},
): Promise<RepackageResult> {
  const work = await mkdtemp(join(tmpdir(), 'ds-repackage-'));
  try {
    const legacy = join(work, 'legacy');
    const out = join(work, 'out');
    await mkdir(legacy, { recursive: true });
    await mkdir(out, { recursive: true });
    // The legacy files here (ffmpeg reads files): copied from disk or downloaded from the store.
    const fetchFile = async (name: string) => {
      const local = storage.localPath(`${hlsKey}/${name}`);
      if (local) await copyFile(local, join(legacy, name));
      else await storage.download(`${hlsKey}/${name}`, join(legacy, name));
    };
    await fetchFile(LEGACY);
    const playlist = await readFile(join(legacy, LEGACY), 'utf8');
    const segments = parseMediaPlaylist(playlist).map((s) => s.uri);
    if (segments.length === 0 || !segments.every((uri) => LEGACY_SEGMENT.test(uri)))
      throw new Error(`${hlsKey}: not a playlist this command made`);
    for (const segment of segments) await fetchFile(segment);

    // TS like the kept 720p rung: one episode's rungs are all of one kind, so a player switching
    // rungs never changes container mid-stream.
    const lower = await encodeLadder(join(legacy, LEGACY), out, {
      maxShort: 540,
      preset: options.preset,
      format: 'ts',
      // Cut where the kept 720p segments are: every 2 s from the start.
      firstSegment: null,
    });
    await writeFile(join(legacy, '720p.m3u8'), playlist);
    const top = await measureRendition(
      legacy,
      { name: '720p', width: 720, height: 1280, maxrate: 0 },
      'ts',
      30,
    );
    const renditions = [...lower.filter((r) => r.name !== '720p'), top];
    await copyFile(join(legacy, '720p.m3u8'), join(out, '720p.m3u8'));
    await writeFile(join(out, 'master.m3u8'), masterPlaylist(renditions));
    await addFiles(storage, out, hlsKey);
    const updated = await db
      .update(episodes)
      .set({ renditions })
      .where(and(eq(episodes.hlsKey, hlsKey), sql`jsonb_array_length(${episodes.renditions}) = 0`))
      .returning({ id: episodes.id });
    return { hlsKey, renditions, episodes: updated.length };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The storage keys of episodes still without a ladder, oldest first. */
export async function legacyEpisodeKeys(db: Db, limit?: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ hlsKey: episodes.hlsKey })
    .from(episodes)
    .where(sql`jsonb_array_length(${episodes.renditions}) = 0`)
    .orderBy(episodes.hlsKey)
    .limit(limit ?? 1_000_000);
  return rows.map((r) => r.hlsKey);
}
