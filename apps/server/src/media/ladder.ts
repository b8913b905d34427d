import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Rendition } from '../db/schema/catalog.js';
import { FFPROBE, run } from './ffmpeg.js';

export type { Rendition };

/**
 * The adaptive ladder: each episode is encoded once per rung (named by its short side, so a
 * vertical 360×640 and a landscape 640×360 are both "360p"), with key frames forced every 2 s at
 * the same times in every rung, so segment n of one rung starts where segment n of any other does
 * and a player may switch between them at any segment. Rungs above the source's own size are
 * left out (never upscaled); the source's aspect ratio is kept (no bars).
 */
export interface Rung {
  /** Short side in pixels. */
  short: number;
  /** Peak video bitrate (VBV max rate), bit/s: capped CRF, so easy pictures take less. */
  maxrate: number;
  /** Its sound when not the default (AUDIO_BITRATE, stereo): the lowest rung's is mono and smaller. */
  audio?: { bitrate: number; channels: 1 | 2 };
}

/**
 * 240p and 180p are below what the issue named: on "3G" (400 kbit/s, 400 ms) 360p's ~450 + 64
 * kbit/s does not fit, and 240p's ~250 + 64 nearly fills the line (measured: ~0.36 Mbit/s with its
 * sound), so the first segment still took seconds. 180p at 160 kbit/s with 40 kbit/s mono sound
 * takes half of it: the 3G start rung, which the player leaves as soon as the line allows.
 * Peaks are per segment (VBV buffer of one second).
 */
export const LADDER: readonly Rung[] = [
  { short: 180, maxrate: 160_000, audio: { bitrate: 40_000, channels: 1 } },
  { short: 240, maxrate: 250_000 },
  { short: 360, maxrate: 450_000 },
  { short: 540, maxrate: 900_000 },
  { short: 720, maxrate: 1_600_000 },
  { short: 1080, maxrate: 3_200_000 },
];

/** Quality when the picture is easy (the maxrate caps hard ones). */
export const LADDER_CRF = 23;
export const AUDIO_BITRATE = 64_000;
export const SEGMENT_SECONDS = 2;
/**
 * The first segment is shorter (1 s, then 2 s ones): a player shows the first frame once the
 * first segment is in, so on a slow line that comes with half the bytes. Key frames are at
 * 0, 1, 3, 5, … in every rung (`keyFrameTimes`), so the cuts still line up across the ladder.
 */
export const FIRST_SEGMENT_SECONDS = 1;
export const MAX_FPS = 30;

/**
 * How segments are packed: fMP4/CMAF (the default: measured on slow 4G its first frame came
 * 0.5–1 s sooner than MPEG-TS's, since hls.js appends it without transmuxing, README benchmark)
 * or MPEG-TS (episodes packaged before, and the 720p rung the repackage command keeps, stay TS:
 * both play, as every rung of one episode is of one kind).
 */
export type SegmentFormat = 'ts' | 'fmp4';
export const DEFAULT_SEGMENT_FORMAT: SegmentFormat = 'fmp4';

export interface SourceVideo {
  /** Display size (sample aspect ratio and rotation applied). */
  width: number;
  height: number;
  fps: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Reads a video's display size and frame rate (ffprobe). */
export async function probeSource(file: string): Promise<SourceVideo> {
  const out = await run(FFPROBE, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,sample_aspect_ratio,avg_frame_rate,r_frame_rate:stream_side_data=rotation',
    '-of',
    'json',
    file,
  ]);
  const info = JSON.parse(out) as {
    streams?: {
      width?: number;
      height?: number;
      sample_aspect_ratio?: string;
      avg_frame_rate?: string;
      r_frame_rate?: string;
      side_data_list?: { rotation?: number }[];
    }[];
  };
  const stream = info.streams?.[0];
  if (!stream?.width || !stream.height) throw new Error(`no video stream in ${file}`);
  const ratio = (text: string | undefined, fallback: number) => {
    const [a, b] = (text ?? '').split(/[:/]/).map(Number);
    return a && b && Number.isFinite(a / b) && a / b > 0 ? a / b : fallback;
  };
  let width = stream.width * ratio(stream.sample_aspect_ratio, 1);
  let height = stream.height;
  const rotation = Math.abs(stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0);
  if (rotation % 180 === 90) [width, height] = [height, width];
  const fps = ratio(stream.avg_frame_rate, ratio(stream.r_frame_rate, 30));
  return { width: Math.round(width), height: Math.round(height), fps };
}

export interface PlannedRendition {
  name: string;
  width: number;
  height: number;
  maxrate: number;
  audio?: { bitrate: number; channels: 1 | 2 } | undefined;
}

/**
 * The rungs an episode gets: every rung up to the source's short side (a few percent of slack, so
 * a 1072-pixel source still makes 1080p at its own size), at the source's aspect ratio; a source
 * smaller than the lowest rung gets that one rung at its own size. `maxShort` bounds the top (the
 * demo stops at 720p).
 */
export function planLadder(source: SourceVideo, maxShort = Infinity, ladder = LADDER): PlannedRendition[] {
  const short = Math.min(source.width, source.height);
  const fits = ladder.filter((r) => r.short <= short * 1.05 && r.short <= maxShort);
  const rungs = fits.length > 0 ? fits : ladder.slice(0, 1).map((r) => ({ ...r, short: even(short) }));
  return rungs.map((rung) => {
    const scale = Math.min(1, rung.short / short);
    const width = even(source.width * scale);
    const height = even(source.height * scale);
    return { name: `${rung.short}p`, width, height, maxrate: rung.maxrate, audio: rung.audio };
  });
}

/**
 * ffmpeg's `-force_key_frames` expression: a key frame at 0, then every `seconds` from `first`
 * (0, 1, 3, 5, … for a 1 s first segment), the same times in every rung.
 */
export function keyFrameTimes(seconds: number, first: number | null): string {
  return first && first < seconds
    ? `expr:gte(t,if(eq(n_forced,0),0,${first}+(n_forced-1)*${seconds}))`
    : `expr:gte(t,n_forced*${seconds})`;
}

/** The file names of a rendition's playlist and segments. */
export const renditionFiles = (name: string, format: SegmentFormat) => ({
  playlist: `${name}.m3u8`,
  segments: `${name}_%03d.${format === 'fmp4' ? 'm4s' : 'ts'}`,
  init: `${name}_init.mp4`,
});

/**
 * ffmpeg arguments (after the input) that encode `video` (a filter output label like `[v0]`) and
 * the input's first audio stream, if any, as one HLS rendition in `dir`.
 */
export function renditionOutput(
  plan: PlannedRendition,
  dir: string,
  options: {
    video: string;
    /** The audio stream to map (`0:a:0`), or null for none. */
    audio: string | null;
    format: SegmentFormat;
    preset?: string | undefined;
    crf?: number;
    /** A shorter first segment (seconds), or null for all alike (default FIRST_SEGMENT_SECONDS). */
    firstSegment?: number | null | undefined;
  },
): string[] {
  const first = options.firstSegment === undefined ? FIRST_SEGMENT_SECONDS : options.firstSegment;
  const sound = plan.audio ?? { bitrate: AUDIO_BITRATE, channels: 2 };
  const files = renditionFiles(plan.name, options.format);
  return [
    '-map',
    options.video,
    ...(options.audio ? ['-map', options.audio] : []),
    '-c:v',
    'libx264',
    '-preset',
    options.preset ?? 'veryfast',
    '-profile:v',
    'high',
    '-crf',
    String(options.crf ?? LADDER_CRF),
    '-maxrate',
    String(plan.maxrate),
    '-bufsize',
    String(plan.maxrate),
    '-pix_fmt',
    'yuv420p',
    // The same key frame times in every rung: segments line up across the ladder.
    '-force_key_frames',
    keyFrameTimes(SEGMENT_SECONDS, first),
    '-sc_threshold',
    '0',
    ...(options.audio ? ['-c:a', 'aac', '-b:a', String(sound.bitrate), '-ac', String(sound.channels)] : []),
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    ...(first && first < SEGMENT_SECONDS ? ['-hls_init_time', String(first)] : []),
    '-hls_playlist_type',
    'vod',
    '-hls_list_size',
    '0',
    ...(options.format === 'fmp4'
      ? ['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', files.init]
      : ['-hls_segment_type', 'mpegts']),
    '-hls_segment_filename',
    join(dir, files.segments),
    join(dir, files.playlist),
  ];
}

/**
 * `split` of the (possibly frame-rate capped) source into one scaled output per rung: the filter
 * for `-filter_complex`, and the labels `[v0]`, `[v1]`, … in the plan's order.
 */
export function ladderFilter(plans: PlannedRendition[], source: SourceVideo, input = '[0:v]') {
  const fps = source.fps > MAX_FPS + 0.5 ? `fps=${MAX_FPS},` : '';
  const labels = plans.map((_, i) => `[v${i}]`);
  const split = `${input}${fps}split=${plans.length}${plans.map((_, i) => `[s${i}]`).join('')}`;
  const scales = plans.map(
    (p, i) => `[s${i}]scale=${p.width}:${p.height}:flags=bicubic,setsar=1${labels[i] ?? ''}`,
  );
  return { filter: [split, ...scales].join(';'), labels };
}

/** A VOD media playlist of `segments` (file names) of `seconds` each. */
export function mediaPlaylist(
  segments: readonly string[],
  seconds: number,
  format: SegmentFormat,
  init?: string,
): string {
  return [
    '#EXTM3U',
    `#EXT-X-VERSION:${format === 'fmp4' ? 7 : 3}`,
    `#EXT-X-TARGETDURATION:${Math.ceil(seconds)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    ...(format === 'fmp4' && init ? [`#EXT-X-MAP:URI="${init}"`] : []),
    ...segments.flatMap((name) => [`#EXTINF:${seconds.toFixed(6)},`, name]),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** A media playlist's segments (and init segment): their URIs and durations. */
export function parseMediaPlaylist(text: string): { uri: string; duration: number }[] {
  const segments: { uri: string; duration: number }[] = [];
  let duration = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line !== '' && !line.startsWith('#')) {
      segments.push({ uri: line, duration: Number.isFinite(duration) ? duration : 0 });
      duration = 0;
    }
  }
  return segments;
}

const PROFILES: Record<string, string> = {
  High: '6400',
  Main: '4d40',
  Baseline: '4200',
  'Constrained Baseline': '42e0',
};

/**
 * `avc1.PPCCLL` from an fMP4 init segment's `avcC` box: the profile, constraint flags and level
 * bytes the encoder wrote (RFC 6381), exactly what a player checks. Null when there is none (TS).
 * ffprobe reads no level from an init segment alone (it has no frames: level -99), which had
 * every fMP4 rung listed as level 1.0 (`avc1.64000a`).
 */
export function avcCodecOfInit(init: Uint8Array): string | null {
  const bytes = Buffer.from(init.buffer, init.byteOffset, init.byteLength);
  // The box: size (4), 'avcC' (4), then configurationVersion (1, always 1), profile, flags, level.
  for (let at = bytes.indexOf('avcC'); at >= 4; at = bytes.indexOf('avcC', at + 4)) {
    if (at + 8 > bytes.length || bytes[at + 4] !== 1 || bytes.readUInt32BE(at - 4) < 15) continue;
    return `avc1.${bytes.subarray(at + 5, at + 8).toString('hex')}`;
  }
  return null;
}

/**
 * `avc1.PPCCLL` of a rendition's H.264 stream (and AAC-LC when it has sound): from the init
 * segment's `avcC` (fMP4), else as ffprobe reads the first segment (TS).
 */
async function codecsOf(file: string, format: SegmentFormat): Promise<string> {
  const out = await run(FFPROBE, [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name,profile,level',
    '-of',
    'json',
    file,
  ]);
  const streams =
    (JSON.parse(out) as { streams?: { codec_type?: string; profile?: string; level?: number }[] }).streams ??
    [];
  const video = streams.find((s) => s.codec_type === 'video');
  const level = Math.max(10, Math.min(62, video?.level ?? 31));
  const codecs = [
    (format === 'fmp4' ? avcCodecOfInit(await readFile(file)) : null) ??
      `avc1.${PROFILES[video?.profile ?? 'High'] ?? '6400'}${level.toString(16).padStart(2, '0')}`,
  ];
  if (streams.some((s) => s.codec_type === 'audio')) codecs.push('mp4a.40.2');
  return codecs.join(',');
}

/**
 * What a rendition written by `renditionOutput` is, measured on its files: peak and mean
 * bitrate over its segments (the init segment counted with the first), codecs.
 */
export async function measureRendition(
  dir: string,
  plan: PlannedRendition,
  format: SegmentFormat,
  frameRate: number,
  /** Known already (the demo measures many episodes cut from one encode). */
  knownCodecs?: string,
): Promise<Rendition> {
  const files = renditionFiles(plan.name, format);
  const segments = parseMediaPlaylist(await readFile(join(dir, files.playlist), 'utf8'));
  if (segments.length === 0) throw new Error(`no segments in ${plan.name}`);
  const init = format === 'fmp4' ? (await stat(join(dir, files.init))).size : 0;
  let peak = 0;
  let bytes = init;
  let seconds = 0;
  for (const [i, segment] of segments.entries()) {
    const size = (await stat(join(dir, segment.uri))).size + (i === 0 ? init : 0);
    bytes += i === 0 ? size - init : size;
    seconds += segment.duration;
    if (segment.duration > 0.5) peak = Math.max(peak, (size * 8) / segment.duration);
  }
  const first = segments[0]?.uri ?? '';
  return {
    name: plan.name,
    width: plan.width,
    height: plan.height,
    bandwidth: Math.ceil(peak || (bytes * 8) / Math.max(seconds, 0.1)),
    averageBandwidth: Math.ceil((bytes * 8) / Math.max(seconds, 0.1)),
    codecs: knownCodecs ?? (await codecsOf(join(dir, format === 'fmp4' ? files.init : first), format)),
    frameRate: Math.round(Math.min(frameRate, MAX_FPS) * 1000) / 1000,
  };
}

/**
 * The master playlist of an episode's renditions, lowest first (a native player starts with the
 * first one listed; hls.js is told to start there too). Built from the episode's row for each
 * play, so tracks added later (subtitles) need no new encode: `extraTags` go before the variants
 * and `variantAttributes` (e.g. `SUBTITLES="subs"`) on each.
 */
export function masterPlaylist(
  renditions: readonly Rendition[],
  options: { extraTags?: readonly string[]; variantAttributes?: string } = {},
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS', ...(options.extraTags ?? [])];
  for (const r of [...renditions].sort((a, b) => a.bandwidth - b.bandwidth)) {
    const attributes = [
      `BANDWIDTH=${r.bandwidth}`,
      `AVERAGE-BANDWIDTH=${r.averageBandwidth}`,
      `RESOLUTION=${r.width}x${r.height}`,
      `FRAME-RATE=${r.frameRate.toFixed(3)}`,
      `CODECS="${r.codecs}"`,
      ...(options.variantAttributes ? [options.variantAttributes] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, `${r.name}.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/** Renditions back from a master playlist written by `masterPlaylist` (the demo reuses stored media). */
export function parseMasterPlaylist(text: string): Rendition[] {
  const out: Rendition[] = [];
  const lines = text.split('\n').map((l) => l.trim());
  for (const [i, line] of lines.entries()) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const uri = lines[i + 1] ?? '';
    const attrs = new Map<string, string>();
    for (const [, key, value] of line.slice(18).matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g))
      if (key && value !== undefined) attrs.set(key, value.replace(/^"|"$/g, ''));
    const attr = (name: string) => attrs.get(name);
    const [width, height] = (attr('RESOLUTION') ?? '0x0').split('x').map(Number);
    const name = uri.replace(/\.m3u8$/, '');
    if (!/^\d{2,4}p$/.test(name) || !width || !height) continue;
    out.push({
      name,
      width,
      height,
      bandwidth: Number(attr('BANDWIDTH')),
      averageBandwidth: Number(attr('AVERAGE-BANDWIDTH') ?? attr('BANDWIDTH')),
      codecs: attr('CODECS') ?? '',
      frameRate: Number(attr('FRAME-RATE') ?? 30),
    });
  }
  return out;
}
