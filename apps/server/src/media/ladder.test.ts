import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG, FFPROBE, run } from './ffmpeg.js';
import { encodeLadder } from './hls.js';
import {
  avcCodecOfInit,
  DEFAULT_SEGMENT_FORMAT,
  FIRST_SEGMENT_SECONDS,
  keyFrameTimes,
  parseMediaPlaylist,
  planLadder,
  renditionOutput,
} from './ladder.js';

describe('the ladder plan', () => {
  it('starts at 180p with small mono sound, the rungs above keep the default stereo', () => {
    const plans = planLadder({ width: 720, height: 1280, fps: 30 });
    expect(plans.map((p) => `${p.name} ${p.width}x${p.height}`)).toEqual([
      '180p 180x320',
      '240p 240x426',
      '360p 360x640',
      '540p 540x960',
      '720p 720x1280',
    ]);
    expect(plans[0]?.maxrate).toBeLessThanOrEqual(200_000);
    expect(plans[0]?.audio).toEqual({ bitrate: 40_000, channels: 1 });
    expect(plans[1]?.audio).toBeUndefined();
  });

  it('packs fMP4 by default, with a 1 s first segment and key frames at 0, 1, 3, 5, …', () => {
    expect(DEFAULT_SEGMENT_FORMAT).toBe('fmp4');
    expect(FIRST_SEGMENT_SECONDS).toBe(1);
    const [low] = planLadder({ width: 720, height: 1280, fps: 30 });
    const args = renditionOutput(low!, '/x', { video: '[v0]', audio: '0:a:0', format: 'fmp4' });
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(after('-hls_init_time')).toBe('1');
    expect(after('-hls_time')).toBe('2');
    expect(after('-hls_segment_type')).toBe('fmp4');
    expect(after('-hls_fmp4_init_filename')).toBe('180p_init.mp4');
    expect(after('-ac')).toBe('1');
    expect(after('-b:a')).toBe('40000');
    expect(after('-force_key_frames')).toBe(keyFrameTimes(2, 1));
    // All alike (the demo cuts one encode into episodes; the repackage command cuts as the old 720p).
    const even = renditionOutput(low!, '/x', {
      video: '[v0]',
      audio: null,
      format: 'ts',
      firstSegment: null,
    });
    expect(even).not.toContain('-hls_init_time');
    expect(even[even.indexOf('-force_key_frames') + 1]).toBe('expr:gte(t,n_forced*2)');
    expect(even[even.indexOf('-hls_segment_type') + 1]).toBe('mpegts');
  });
});

describe('encoding the ladder (ffmpeg)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ds-ladder-test-'));
    await run(FFMPEG, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=30:duration=6'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest'],
      join(dir, 'source.mp4'),
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('cuts every rung at the same times, 1 s first, each rung an init segment and fMP4 media', async () => {
    const out = join(dir, 'out');
    await mkdir(out);
    const renditions = await encodeLadder(join(dir, 'source.mp4'), out, { preset: 'ultrafast' });
    expect(renditions.map((r) => r.name)).toEqual(['180p', '240p', '360p']);
    const cuts: number[][] = [];
    for (const r of renditions) {
      const text = await readFile(join(out, `${r.name}.m3u8`), 'utf8');
      expect(text).toContain(`#EXT-X-MAP:URI="${r.name}_init.mp4"`);
      const segments = parseMediaPlaylist(text);
      expect(segments.every((s) => s.uri.endsWith('.m4s'))).toBe(true);
      cuts.push(segments.map((s) => Math.round(s.duration * 10) / 10));
    }
    expect(cuts[0]).toEqual([1, 2, 2, 1]);
    for (const c of cuts) expect(c).toEqual(cuts[0]);
    // The 180p rung's sound is mono; the others stereo.
    const channels = async (name: string) =>
      (
        await run(FFPROBE, [
          ...['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=channels', '-of', 'csv=p=0'],
          join(out, `${name}_init.mp4`),
        ])
      ).trim();
    expect(await channels('180p')).toBe('1');
    expect(await channels('360p')).toBe('2');
    expect(renditions[0]!.averageBandwidth).toBeLessThan(renditions[2]!.averageBandwidth);
  });
});

describe("a rung's CODECS (ffmpeg)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ds-codecs-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("names each fMP4 rung's real profile and level, as ffprobe reads them with its first frames", async () => {
    const source = join(dir, 'source.mp4');
    await run(FFMPEG, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=30:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest'],
      source,
    ]);
    const out = join(dir, 'out');
    await mkdir(out);
    // The production preset (veryfast: High profile), not ultrafast (Constrained Baseline).
    const renditions = await encodeLadder(source, out, { format: 'fmp4' });
    expect(renditions.map((r) => r.name)).toEqual(['180p', '240p', '360p', '540p', '720p']);
    const top = renditions.find((r) => r.name === '720p');
    // 720×1280 at 30 fps is level 3.1 (3,600 macroblocks a frame, 108,000 a second): 0x1f.
    expect(top?.codecs).toBe('avc1.64001f,mp4a.40.2');
    for (const r of renditions) {
      // The init segment alone has no level for ffprobe; joined with its first segment it has.
      const init = await readFile(join(out, `${r.name}_init.mp4`));
      const first = await readFile(join(out, `${r.name}_000.m4s`));
      const joined = join(dir, `${r.name}-joined.mp4`);
      await writeFile(joined, Buffer.concat([init, first]));
      const probed = JSON.parse(
        await run(FFPROBE, [
          ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=profile,level'],
          ...['-of', 'json', joined],
        ]),
      ) as { streams: { profile: string; level: number }[] };
      const level = probed.streams[0]?.level ?? 0;
      expect(probed.streams[0]?.profile).toBe('High');
      expect(level).toBeGreaterThanOrEqual(10);
      expect(r.codecs).toBe(`avc1.6400${level.toString(16).padStart(2, '0')},mp4a.40.2`);
    }
    expect(new Set(renditions.map((r) => r.codecs)).size).toBeGreaterThan(1);
    const master = await readFile(join(out, 'master.m3u8'), 'utf8');
    expect(master).toContain('RESOLUTION=720x1280,FRAME-RATE=30.000,CODECS="avc1.64001f,mp4a.40.2"');
    expect(master).not.toContain('avc1.64000a');
  });

  it('reads the avcC box, and nothing from bytes that are not one', () => {
    const box = Buffer.from('00000013' + Buffer.from('avcC').toString('hex') + '0164001fffe1', 'hex');
    expect(avcCodecOfInit(Buffer.concat([Buffer.alloc(8), box, Buffer.alloc(8)]))).toBe('avc1.64001f');
    expect(avcCodecOfInit(Buffer.from('no box here'))).toBeNull();
    expect(avcCodecOfInit(Buffer.from('avcC'))).toBeNull();
  });
});
