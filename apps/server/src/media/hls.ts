import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FFMPEG, HLS_OUTPUT, probeDuration, run, VERTICAL_720 } from './ffmpeg.js';
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
): Promise<PackagedEpisode> {
  const work = await mkdtemp(join(tmpdir(), 'ds-hls-'));
  try {
    const hlsDir = join(work, 'hls');
    const posterDir = join(work, 'poster');
    await run('mkdir', ['-p', hlsDir, posterDir]);
    await run(FFMPEG, [
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
    ]);
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
