import { spawn } from 'node:child_process';

/** The system's ffmpeg (Debian's package), or FFMPEG_PATH. */
export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';

export function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${code}: ${err.slice(-2000)}`)),
    );
  });
}

/** Vertical 720×1280 H.264/AAC HLS with ~2 s segments (a key frame every 2 s), VOD playlist. */
export const HLS_OUTPUT = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '28',
  '-pix_fmt',
  'yuv420p',
  '-force_key_frames',
  'expr:gte(t,n_forced*2)',
  '-sc_threshold',
  '0',
  '-c:a',
  'aac',
  '-b:a',
  '64k',
  '-ac',
  '2',
  '-f',
  'hls',
  '-hls_time',
  '2',
  '-hls_playlist_type',
  'vod',
  '-hls_list_size',
  '0',
];

/** Fits any source into 720×1280 without distortion (black bars where the shape differs). */
export const VERTICAL_720 =
  'scale=720:1280:force_original_aspect_ratio=decrease,pad=720:1280:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1';

export async function probeDuration(file: string): Promise<number> {
  const out = await run(FFPROBE, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  const seconds = Number.parseFloat(out.trim());
  if (!Number.isFinite(seconds)) throw new Error(`no duration for ${file}`);
  return seconds;
}

export async function ffmpegAvailable(): Promise<boolean> {
  return run(FFMPEG, ['-hide_banner', '-version']).then(
    () => true,
    () => false,
  );
}
