import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FFMPEG, HLS_OUTPUT, probeDuration, run, runFfmpegWithProgress, VERTICAL_720 } from './ffmpeg.js';
import type { MediaStorage } from './storage.js';

export interface PackagedEpisode {
  duration: number;
}

/**
 * Turns a source video into HLS under `hlsKey` (index.m3u8 + seg_NNN.ts, 720×1280, ~2 s
 * segments) and a poster frame (720×1280 JPEG) under `posterKey`. Files are made in a temporary
 * directory and moved into the store only when ffmpeg succeeded.
 */
export async function packageEpisode(
  source: string,
  storage: MediaStorage,
  keys: { hlsKey: string; posterKey: string },
  options: {
    /** The source's length (ffprobe), to turn ffmpeg's position into a fraction for `onProgress`. */
    duration?: number;
    /** 0..1 of the HLS encoding as it goes (only with `duration`). */
    onProgress?: (fraction: number) => void;
    /** Stops ffmpeg (the promise rejects and nothing is stored). */
    signal?: AbortSignal;
  } = {},
): Promise<PackagedEpisode> {
  const work = await mkdtemp(join(tmpdir(), 'ds-hls-'));
  try {
    const hlsDir = join(work, 'hls');
    const posterDir = join(work, 'poster');
    await run('mkdir', ['-p', hlsDir, posterDir]);
    const encode = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      source,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-vf',
      VERTICAL_720,
      ...HLS_OUTPUT,
      '-hls_segment_filename',
      join(hlsDir, 'seg_%03d.ts'),
      join(hlsDir, 'index.m3u8'),
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
      VERTICAL_720,
      '-q:v',
      '4',
      join(posterDir, 'poster.jpg'),
    ]);
    const duration = await probeDuration(join(hlsDir, 'index.m3u8'));
    await storage.putDirectory(hlsDir, keys.hlsKey);
    await storage.putDirectory(posterDir, keys.posterKey);
    return { duration };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
