import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/client.js';
import { episodes, series } from '../../../db/schema/index.js';
import { withTransaction } from '../../../db/tx.js';
import { FFMPEG, run, VERTICAL_720 } from '../../../media/ffmpeg.js';
import { packageEpisode } from '../../../media/hls.js';
import type { Rendition } from '../../../media/ladder.js';
import { joinKey, type MediaStorage } from '../../../media/storage.js';
import {
  canonicalLanguage,
  languageLabel,
  type ParsedSubtitles,
  parseSubtitles,
  SubtitleError,
} from '../../../media/subtitles.js';
import { subtitleTrackStore } from '../subtitle-tracks.js';

/** `<episode file base>.<language>.srt|vtt`: a subtitle track beside an episode file. */
const SUBTITLE_NAME = /^(.+)\.([^.]+)\.(srt|vtt)$/i;

interface ImportedTrack {
  language: string;
  file: string;
  parsed: ParsedSubtitles;
}

/**
 * The subtitle files beside each video (by the video's base name), read and checked before any
 * packaging starts: a bad one stops the import with its file name and line. Answers the tracks
 * per video name and the subtitle files that match no video.
 */
export async function findSubtitles(
  dir: string,
  files: string[],
  videos: string[],
): Promise<{ byVideo: Map<string, ImportedTrack[]>; unmatched: string[] }> {
  const bases = new Map(videos.map((v) => [v.slice(0, v.length - extname(v).length), v]));
  const byVideo = new Map<string, ImportedTrack[]>();
  const unmatched: string[] = [];
  for (const file of files.sort(natural.compare)) {
    const m = SUBTITLE_NAME.exec(file);
    if (!m) continue;
    const [, base = '', code = ''] = m;
    const video = bases.get(base);
    if (!video) {
      unmatched.push(file);
      continue;
    }
    const language = canonicalLanguage(code);
    if (!language) throw new Error(`${file}: "${code}" is not a language code (en, vi, id, pt-BR…)`);
    let parsed: ParsedSubtitles;
    try {
      parsed = parseSubtitles(await readFile(join(dir, file)));
    } catch (error) {
      if (error instanceof SubtitleError) throw new Error(`${file}: ${error.message}`);
      throw error;
    }
    const list = byVideo.get(video) ?? [];
    if (list.some((t) => t.language === language)) {
      throw new Error(`${file}: a second ${language} track for ${video}`);
    }
    list.push({ language, file, parsed });
    byVideo.set(video, list);
  }
  return { byVideo, unmatched };
}

const VIDEO = new Set(['.mp4', '.mov', '.mkv', '.webm', '.m4v', '.avi']);
const text = z.object({
  en: z.string().min(1).max(120),
  vn: z.string().max(120).optional(),
  id: z.string().max(120).optional(),
});

/** `series.json` beside the videos: everything optional but the English title (or --title). */
export const seriesManifest = z.object({
  title: text.optional(),
  description: z
    .object({
      en: z.string().max(2000),
      vn: z.string().max(2000).optional(),
      id: z.string().max(2000).optional(),
    })
    .optional(),
  category: z.string().min(1).max(40).optional(),
  tags: z.array(z.string().min(1).max(30)).max(10).optional(),
  freeEpisodes: z.number().int().min(0).optional(),
});

export interface ImportOptions {
  dir: string;
  tenantId: string;
  slug: string;
  title?: string | undefined;
  freeEpisodes?: number | undefined;
  category?: string | undefined;
}

/** Natural order: ep2 before ep10. */
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Imports a series from a folder of video files (one per episode, in natural name order):
 * each becomes the HLS ladder (240p up to the source's size, its aspect ratio kept, ~2 s segments
 * aligned across rungs) and a poster; the cover is `cover.jpg`
 * or `cover.png` in the folder, else the first episode's poster. Running it again updates the
 * series and replaces its episodes' media.
 */
export async function importSeries(db: Db, clock: Clock, storage: MediaStorage, options: ImportOptions) {
  const names = (await readdir(options.dir))
    .filter((n) => VIDEO.has(extname(n).toLowerCase()))
    .sort(natural.compare);
  if (names.length === 0) throw new Error(`no video files in ${options.dir}`);
  const files = await readdir(options.dir);
  const manifest = files.includes('series.json')
    ? seriesManifest.parse(JSON.parse(await readFile(join(options.dir, 'series.json'), 'utf8')))
    : {};
  const title = manifest.title ?? (options.title ? { en: options.title } : undefined);
  if (!title) throw new Error('give the series a title: --title or series.json');

  const subtitles = await findSubtitles(options.dir, [...files], names);

  const prefix = joinKey(options.tenantId, options.slug);
  const packaged: { number: number; duration: number; renditions: Rendition[] }[] = [];
  for (const [index, name] of names.entries()) {
    const number = index + 1;
    const { duration, renditions } = await packageEpisode(join(options.dir, name), storage, {
      hlsKey: joinKey('hls', prefix, number),
      posterKey: joinKey('posters', prefix, number),
    });
    packaged.push({ number, duration, renditions });
  }

  const coverKey = joinKey('covers', prefix);
  const coverFile = files.find((f) => /^cover\.(jpe?g|png)$/i.test(f));
  const coverSource = coverFile ? join(options.dir, coverFile) : join(options.dir, names[0] ?? '');
  // Made in a temporary directory, then put in the store (local disk or object storage alike).
  const coverDir = await mkdtemp(join(tmpdir(), 'ds-cover-'));
  try {
    await run(FFMPEG, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      coverSource,
      '-frames:v',
      '1',
      '-vf',
      VERTICAL_720.replace(/720:1280/g, '600:800'),
      '-q:v',
      '4',
      join(coverDir, 'cover.jpg'),
    ]);
    await storage.putDirectory(coverDir, coverKey);
  } finally {
    await rm(coverDir, { recursive: true, force: true });
  }

  const values = {
    tenantId: options.tenantId,
    slug: options.slug,
    title,
    description: manifest.description ?? { en: '' },
    cover: `/media/${coverKey}/cover.jpg`,
    tags: manifest.tags ?? [],
    category: manifest.category ?? options.category ?? 'drama',
    freeEpisodes: Math.min(manifest.freeEpisodes ?? options.freeEpisodes ?? 3, names.length),
    createdAt: clock.now(),
  };
  const tracks = subtitleTrackStore({ storage, clock });
  const written: string[] = [];
  const replaced: string[] = [];
  const done = await withTransaction(db, async (tx) => {
    written.length = 0;
    replaced.length = 0;
    const [row] = await tx
      .insert(series)
      .values(values)
      .onConflictDoUpdate({
        target: [series.tenantId, series.slug],
        set: {
          title: values.title,
          description: values.description,
          cover: values.cover,
          tags: values.tags,
          category: values.category,
          freeEpisodes: values.freeEpisodes,
        },
      })
      .returning({ id: series.id });
    if (!row) throw new Error('series not saved');
    for (const episode of packaged) {
      const fields = {
        duration: episode.duration,
        poster: `/media/${joinKey('posters', prefix, episode.number)}/poster.jpg`,
        hlsKey: joinKey('hls', prefix, episode.number),
        renditions: episode.renditions,
      };
      const [saved] = await tx
        .insert(episodes)
        .values({ seriesId: row.id, number: episode.number, createdAt: clock.now(), ...fields })
        .onConflictDoUpdate({ target: [episodes.seriesId, episodes.number], set: fields })
        .returning({ id: episodes.id });
      if (!saved) throw new Error('episode not saved');
      for (const track of subtitles.byVideo.get(names[episode.number - 1] ?? '') ?? []) {
        const key = await tracks.putFile(options.tenantId, saved.id, track.language, track.parsed);
        written.push(key);
        const { before } = await tracks.save(tx, {
          tenantId: options.tenantId,
          episodeId: saved.id,
          language: track.language,
          label: languageLabel(track.language),
          storageKey: key,
          parsed: track.parsed,
          operatorId: null,
        });
        if (before) replaced.push(before.storageKey);
      }
    }
    return { seriesId: row.id, episodes: packaged.length };
  }).catch(async (error: unknown) => {
    for (const key of written) await storage.remove(key).catch(() => undefined);
    throw error;
  });
  // The files the new rows replaced go once they are committed.
  for (const key of replaced) await storage.remove(key).catch(() => undefined);
  return {
    ...done,
    subtitles: [...subtitles.byVideo.values()].reduce((n, list) => n + list.length, 0),
    unmatchedSubtitles: subtitles.unmatched,
  };
}
