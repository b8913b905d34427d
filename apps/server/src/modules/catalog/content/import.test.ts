import { api } from '@dramastar/contract';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/client.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { FFMPEG, FFPROBE, run } from '../../../media/ffmpeg.js';
import { importSeries } from './import.js';
import { localDiskStorage } from '../../../media/storage.js';

let t: TestApp;
const source = mkdtempSync(join(tmpdir(), 'ds-import-src-'));
const media = mkdtempSync(join(tmpdir(), 'ds-import-media-'));

beforeAll(async () => {
  // Two landscape "episodes" of 3 s with sound, named so that plain sorting would misorder them.
  for (const [name, hue] of [
    ['ep2.mp4', 0],
    ['ep10.mp4', 90],
  ] as const) {
    await run(FFMPEG, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=640x360:rate=15:duration=3,hue=h=${hue}`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=3',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
      join(source, name),
    ]);
  }
  writeFileSync(
    join(source, 'series.json'),
    JSON.stringify({
      title: { en: 'Imported Love', vn: 'Tình yêu nhập khẩu' },
      category: 'romance',
      tags: ['test'],
      freeEpisodes: 1,
    }),
  );
  // Subtitles beside the episode files: ep2 has en (SRT, CRLF, BOM) and vi (WebVTT); ep10 has id.
  writeFileSync(join(source, 'ep2.en.srt'), '\ufeff1\r\n00:00:00,500 --> 00:00:02,000\r\nHello\r\n');
  writeFileSync(join(source, 'ep2.vi.vtt'), 'WEBVTT\n\n00:00.500 --> 00:02.000\nXin chào\n');
  writeFileSync(join(source, 'ep10.ID.srt'), '1\n00:00:00,500 --> 00:00:02,000\nHalo\n');
  writeFileSync(join(source, 'ep3.en.srt'), '1\n00:00:00,500 --> 00:00:02,000\nNobody\n');
  t = await buildTestApp({ MEDIA_DIR: media });
});
afterAll(() => t.close());

describe('importing a series from a folder of videos', () => {
  it('packages each file as the HLS ladder up to its own size, landscape kept landscape, and lists the series', async () => {
    const result = await importSeries(t.database.db, t.clock, localDiskStorage(media), {
      dir: source,
      tenantId: '000000',
      slug: 'imported-love',
    });
    expect(result.episodes).toBe(2);
    expect(result.subtitles).toBe(3);
    expect(result.unmatchedSubtitles).toEqual(['ep3.en.srt']);
    const dir = join(media, 'private/hls/000000/imported-love/1');
    const size = async (file: string) =>
      (
        await run(FFPROBE, [
          ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height'],
          ...['-of', 'csv=p=0', join(dir, file)],
        ])
      ).trim();
    // 640×360: 240p and 360p at 16:9, no bars, no 540p (never upscaled).
    expect(new Set((await size('240p.m3u8')).split(/\s+/))).toEqual(new Set(['426,240']));
    expect(new Set((await size('360p.m3u8')).split(/\s+/))).toEqual(new Set(['640,360']));
    expect(existsSync(join(dir, '540p.m3u8'))).toBe(false);
    const [row] = await t.database.query<{ renditions: { name: string; width: number; height: number }[] }>(
      'select renditions from episode e join series s on s.id = e.series_id where s.slug = $1 and e.number = 1',
      ['imported-love'],
    );
    expect(row!.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['180p', 320, 180],
      ['240p', 426, 240],
      ['360p', 640, 360],
    ]);
    const call = caller(t.app);
    const detail = (await call(api.video.videos, { params: { seriesId: result.seriesId }, lang: 'vn' })).body
      .data;
    expect(detail.series).toMatchObject({
      title: 'Tình yêu nhập khẩu',
      category: 'romance',
      freeEpisodes: 1,
      episodeCount: 2,
    });
    expect(detail.episodes[0]!.duration).toBeGreaterThan(2.5);
    expect(detail.episodes.map((e: { locked: boolean }) => e.locked)).toEqual([false, true]);
    // ep2 is episode 1 (natural order), and it plays.
    const play = (await call(api.video.play, { params: { videoId: detail.episodes[0]!.id } })).body.data;
    const master = await t.app.inject({ method: 'GET', url: play.playlistUrl });
    expect(master.body).toMatch(
      /RESOLUTION=426x240,[^\n]*\n240p\.m3u8\n[^\n]*RESOLUTION=640x360,[^\n]*\n360p\.m3u8/,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: play.playlistUrl.replace('master.m3u8', '360p.m3u8'),
    });
    expect(res.body).toContain('#EXT-X-MAP:URI="360p_init.mp4"');
    expect(res.body).toMatch(/#EXTINF:[12]\.\d+,\n360p_000\.m4s/);
    expect((await t.app.inject({ method: 'GET', url: detail.series.cover })).statusCode).toBe(200);
    // The subtitles beside each file are its episode's tracks, converted to WebVTT and served.
    expect(play.subtitles.map((x: { language: string; label: string }) => [x.language, x.label])).toEqual([
      ['en', 'English'],
      ['vi', 'Tiếng Việt'],
    ]);
    const en = await t.app.inject({ method: 'GET', url: play.subtitles[0]!.url });
    expect(en.body).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello\n');
    const second = await call(api.video.play, { params: { videoId: detail.episodes[1]!.id } });
    expect(second.status).toBe(409); // paid: its tracks are checked below in the table
    const tracks = await t.database.query<{ language: string; number: number }>(
      `select t.language, e.number from subtitle_track t join episode e on e.id = t.episode_id
       where e.series_id = $1 order by e.number, t.language`,
      [result.seriesId],
    );
    expect(tracks).toEqual([
      { language: 'en', number: 1 },
      { language: 'vi', number: 1 },
      { language: 'id', number: 2 },
    ]);
  });

  it('stops before packaging on a bad subtitle file, naming the file and the line', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'ds-import-bad-'));
    writeFileSync(join(bad, 'ep1.mp4'), 'not read: the subtitles are checked first');
    writeFileSync(join(bad, 'ep1.en.srt'), '1\n00:00:03,000 --> 00:00:01,000\nBackwards\n');
    await expect(
      importSeries(t.database.db, t.clock, localDiskStorage(media), {
        dir: bad,
        tenantId: '000000',
        slug: 'bad-subtitles',
        title: 'Bad',
      }),
    ).rejects.toThrow('ep1.en.srt: Line 2: the end time 00:00:01,000 is before the start');
    writeFileSync(join(bad, 'ep1.en.srt'), '1\n00:00:01,000 --> 00:00:03,000\nFine\n');
    writeFileSync(join(bad, 'ep1.english.srt'), '1\n00:00:01,000 --> 00:00:03,000\nFine\n');
    await expect(
      importSeries(t.database.db, t.clock, localDiskStorage(media), {
        dir: bad,
        tenantId: '000000',
        slug: 'bad-subtitles',
        title: 'Bad',
      }),
    ).rejects.toThrow('ep1.english.srt: "english" is not a language code');
    expect(await t.database.query("select id from series where slug = 'bad-subtitles'")).toEqual([]);
  });

  it('updates the series when run again, without duplicating episodes', async () => {
    const again = await importSeries(t.database.db, t.clock, localDiskStorage(media), {
      dir: source,
      tenantId: '000000',
      slug: 'imported-love',
    });
    const rows = await t.database.query<{ n: string }>(
      'select count(*)::text as n from episode where series_id = $1',
      [again.seriesId],
    );
    expect(rows[0]?.n).toBe('2');
    // The tracks were replaced, not doubled, and the replaced files are gone from the store.
    const keys = await t.database.query<{ storage_key: string }>(
      'select storage_key from subtitle_track t join episode e on e.id = t.episode_id where e.series_id = $1',
      [again.seriesId],
    );
    expect(keys).toHaveLength(3);
    const { readdirSync } = await import('node:fs');
    const stored = readdirSync(join(media, 'private/subtitles/000000'), { recursive: true }).filter((f) =>
      String(f).endsWith('.vtt'),
    );
    expect(stored).toHaveLength(3);
  });
});
