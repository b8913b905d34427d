import { spawn } from 'node:child_process';
import { mediaTools } from '../config.js';

/** The system's ffmpeg and ffprobe (Debian's packages), or FFMPEG_PATH and FFPROBE_PATH. */
export const { ffmpeg: FFMPEG, ffprobe: FFPROBE } = mediaTools();

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

/**
 * Runs ffmpeg with `-progress pipe:1` and reports the seconds of output written so far
 * (`out_time_us`) as they come; `signal` stops it (the promise then rejects).
 */
export function runFfmpegWithProgress(
  args: string[],
  onTime: (seconds: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const child = spawn(FFMPEG, ['-progress', 'pipe:1', '-nostats', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    let pending = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      pending += c.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
        if (match) onTime(Number(match[1]) / 1_000_000);
      }
    });
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) reject(new Error('aborted'));
      else if (code === 0) resolve();
      else reject(new Error(`${FFMPEG} exited with ${code}: ${err.slice(-2000)}`));
    });
  });
}

/** Fits any source into 720×1280 without distortion (black bars where the shape differs): covers. */
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
