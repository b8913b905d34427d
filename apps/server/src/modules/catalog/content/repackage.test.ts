import { api } from '@dramastar/contract';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/client.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { FFMPEG, run } from '../../../media/ffmpeg.js';
import { legacyEpisodeKeys, repackageEpisode } from './repackage.js';
import { localDiskStorage } from '../../../media/storage.js';

const media = mkdtempSync(join(tmpdir(), 'ds-repackage-media-'));
const KEY = 'hls/demo/old-series/1';
let t: TestApp;
const ids: number[] = [];

beforeAll(async () => {
  // An episode as this app packaged them before the ladder: 720×1280, CRF 28, seg_NNN.ts.
  const dir = join(media, 'private', KEY);
  mkdirSync(dir, { recursive: true });
  await run(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=30:duration=5'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p'],
    ...['-force_key_frames', 'expr:gte(t,n_forced*2)', '-sc_threshold', '0', '-c:a', 'aac', '-b:a', '64k'],
    ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_list_size', '0'],
    ...['-hls_segment_filename', join(dir, 'seg_%03d.ts'), join(dir, 'index.m3u8')],
  ]);
  t = await buildTestApp({ MEDIA_DIR: media, LOG_LEVEL: 'warn' });
  // Two rows share the key, as demo episodes of every tenant do.
  for (const slug of ['old-series', 'old-series-copy']) {
    const [s] = await t.database.query<{ id: number }>(
      `insert into series (tenant_id, slug, title, description, cover, tags, category, free_episodes, status, created_at)
       values ('000000', $1, '{"en":"Old"}', '{"en":""}', '/media/covers/x.jpg', '[]', 'romance', 1, 'published', now())
       returning id`,
      [slug],
    );
    const [e] = await t.database.query<{ id: number }>(
      `insert into episode (series_id, number, duration, poster, hls_key, created_at)
       values ($1, 1, 5, '/media/posters/x.jpg', $2, now()) returning id`,
      [s!.id, KEY],
    );
    ids.push(e!.id);
  }
});
afterAll(() => t.close());

describe('re-packaging an episode made before the ladder', () => {
  it('keeps its 720p segments as the top rung, encodes the rungs below, and its rows take the ladder', async () => {
    const call = caller(t.app);
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const before = (await call(api.video.play, { params: { videoId: ids[0]! } })).body.data;
    expect(before.playlistUrl).toMatch(/\/index\.m3u8$/);
    expect(before.startUrl).toBeNull();
    expect(await legacyEpisodeKeys(t.database.db)).toEqual([KEY]);

    const done = await repackageEpisode(t.database.db, localDiskStorage(media), KEY, { preset: 'ultrafast' });
    expect(done.episodes).toBe(2);
    expect(done.renditions.map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual([
      '180p 180x320',
      '240p 240x426',
      '360p 360x640',
      '540p 540x960',
      '720p 720x1280',
    ]);
    expect(await legacyEpisodeKeys(t.database.db)).toEqual([]);
    const rows = await t.database.query<{ n: number }>(
      'select jsonb_array_length(renditions) as n from episode where id = any($1)',
      [ids],
    );
    expect(rows.map((r) => r.n)).toEqual([5, 5]);

    // The old address still plays (its files stay); a new play gets the master playlist.
    expect((await get(before.playlistUrl)).statusCode).toBe(200);
    const after = (await call(api.video.play, { params: { videoId: ids[0]! } })).body.data;
    expect(after.playlistUrl).toMatch(/\/master\.m3u8$/);
    const master = (await get(after.playlistUrl)).body;
    expect([...master.matchAll(/\n(\d+p)\.m3u8/g)].map((m) => m[1])).toEqual([
      '180p',
      '240p',
      '360p',
      '540p',
      '720p',
    ]);
    const base = after.playlistUrl.replace('master.m3u8', '');
    const top = (await get(`${base}720p.m3u8`)).body;
    expect(top).toContain('seg_000.ts');
    // Every rung is cut where the 720p one is.
    const cuts = async (name: string) =>
      [...(await get(`${base}${name}.m3u8`)).body.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
    const reference = await cuts('720p');
    for (const name of ['180p', '240p', '360p', '540p']) {
      const mine = await cuts(name);
      expect(mine).toHaveLength(reference.length);
      mine.forEach((d, i) => expect(Math.abs(d - reference[i]!)).toBeLessThan(0.05));
    }
    // The rungs below are TS like the kept 720p one (one container per episode), no init segment.
    expect((await get(`${base}240p_000.ts`)).statusCode).toBe(200);
    expect((await get(`${base}180p.m3u8`)).body).not.toContain('#EXT-X-MAP');
    // The 720p segments were not written again: one of each.
    const files = readdirSync(join(media, 'private', KEY));
    expect(files.filter((f) => f.startsWith('seg_'))).toHaveLength(reference.length);
    expect(files).toContain('index.m3u8');
  });
});
