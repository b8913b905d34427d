import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FFMPEG, FFPROBE, probeDuration, run, runFfmpegWithProgress } from './ffmpeg.js';
import {
  DEFAULT_SEGMENT_FORMAT,
  ladderFilter,
  masterPlaylist,
  measureRendition,
  planLadder,
  probeSource,
  type Rendition,
  renditionFiles,
  renditionOutput,
  type SegmentFormat,
} from './ladder.js';
import type { MediaStorage } from './storage.js';

export interface PackagedEpisode {
  duration: number;
  /** Lowest first; the episode's master playlist lists them (`masterPlaylist`). */
  renditions: Rendition[];
}

export interface PackageOptions {
  /** The source's length (ffprobe), to turn ffmpeg's position into a fraction for `onProgress`. */
  duration?: number;
  /** 0..1 of the HLS encoding as it goes (only with `duration`). */
  onProgress?: (fraction: number) => void;
  /** Stops ffmpeg (the promise rejects and nothing is stored). */
  signal?: AbortSignal;
  /** Segments as fMP4/CMAF (default) or MPEG-TS. */
  format?: SegmentFormat;
  /** The top rung's short side (default: the source's, up to 1080p). */
  maxShort?: number;
  /** x264 preset (default veryfast). */
  preset?: string;
  /** A shorter first segment in seconds (default FIRST_SEGMENT_SECONDS), or null for all alike. */
  firstSegment?: number | null;
  /**
   * Adds the files beside those already under `hlsKey` instead of replacing the directory, so
   * addresses already handed out for the old files keep working (re-packaging).
   */
  merge?: boolean;
}

/** Encodes `source` into the ladder in `dir` (one ffmpeg run, one decode) and measures the result. */
export async function encodeLadder(
  source: string,
  dir: string,
  options: Pick<
    PackageOptions,
    'duration' | 'onProgress' | 'signal' | 'format' | 'maxShort' | 'preset' | 'firstSegment'
  > = {},
): Promise<Rendition[]> {
  const format = options.format ?? DEFAULT_SEGMENT_FORMAT;
  const probed = await probeSource(source);
  const audio = await hasAudio(source);
  const plans = planLadder(probed, options.maxShort);
  const { filter, labels } = ladderFilter(plans, probed);
  const encode = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    source,
    '-filter_complex',
    filter,
    ...plans.flatMap((plan, i) =>
      renditionOutput(plan, dir, {
        video: labels[i] ?? '',
        audio: audio ? '0:a:0' : null,
        format,
        preset: options.preset,
        firstSegment: options.firstSegment,
      }),
    ),
  ];
  const { duration: total, onProgress, signal } = options;
  if (onProgress && total && total > 0) {
    await runFfmpegWithProgress(
      encode,
      (seconds) => onProgress(Math.min(1, Math.max(0, seconds / total))),
      signal,
    );
  } else if (signal) {
    await runFfmpegWithProgress(encode, () => undefined, signal);
  } else {
    await run(FFMPEG, encode);
  }
  const renditions: Rendition[] = [];
  for (const plan of plans) renditions.push(await measureRendition(dir, plan, format, probed.fps));
  await writeFile(join(dir, 'master.m3u8'), masterPlaylist(renditions));
  return renditions;
}

async function hasAudio(file: string): Promise<boolean> {
  const out = await run(FFPROBE, [
    '-v',
    'error',
    '-select_streams',
    'a',
    '-show_entries',
    'stream=index',
    '-of',
    'csv=p=0',
    file,
  ]);
  return out.trim() !== '';
}

/** Puts every file of `dir` under `key`, one by one, leaving the files already there. */
export async function addFiles(storage: MediaStorage, dir: string, key: string): Promise<void> {
  const names = await readdir(dir);
  // Playlists last: a reader that finds a playlist finds its segments.
  names.sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')) || a.localeCompare(b));
  for (const name of names) await storage.putFile(join(dir, name), `${key}/${name}`);
}

/**
 * Turns a source video into the HLS ladder under `hlsKey` (master.m3u8, `<rung>.m3u8` and their
 * segments, 1 s then 2 s, key frames aligned) and a poster frame (JPEG at the top rung's size, the
 * source's aspect ratio) under `posterKey`. Files are made in a temporary directory and moved
 * into the store only when ffmpeg succeeded.
 */
export async function packageEpisode(
  source: string,
  storage: MediaStorage,
  keys: { hlsKey: string; posterKey: string },
  options: PackageOptions = {},
): Promise<PackagedEpisode> {
  const work = await mkdtemp(join(tmpdir(), 'ds-hls-'));
  try {
    const hlsDir = join(work, 'hls');
    const posterDir = join(work, 'poster');
    await mkdir(hlsDir, { recursive: true });
    await mkdir(posterDir, { recursive: true });
    const renditions = await encodeLadder(source, hlsDir, options);
    const top = renditions[renditions.length - 1];
    await run(FFMPEG, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      '0.5',
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      `scale=${top?.width ?? 720}:${top?.height ?? 1280},setsar=1`,
      '-q:v',
      '4',
      join(posterDir, 'poster.jpg'),
    ]);
    const lowest = renditions[0];
    const duration = await probeDuration(
      join(hlsDir, renditionFiles(lowest?.name ?? '', options.format ?? DEFAULT_SEGMENT_FORMAT).playlist),
    );
    if (options.merge) await addFiles(storage, hlsDir, keys.hlsKey);
    else await storage.putDirectory(hlsDir, keys.hlsKey);
    await storage.putDirectory(posterDir, keys.posterKey);
    return { duration, renditions };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
