import { answerCache } from '../answer-cache.js';
import type { Clock } from '../clock.js';
import type { MediaStorage } from './storage.js';

/**
 * Where a browser fetches the private files a playlist names (segments, init segments, later
 * subtitle files), once our server has decided it may: a short-lived signed address at the store
 * or at a CDN. The playlists stay behind `/stream` (its signature, viewer binding and play
 * limit); only the bytes move. Local disk has no signer: `/stream` serves the files itself.
 */
export interface SegmentSigner {
  /** For logs and the docs: a store's presigned GET or a CDN's signed URL. */
  readonly kind: 's3' | 'cdn';
  /** The origin browsers fetch from (CSP `connect-src`/`media-src`, preconnect). */
  readonly origin: string;
  /** An address for the media key, valid from `signedAt` until `expiresAt`. */
  sign(key: string, signedAt: Date, expiresAt: Date): Promise<string>;
}

/**
 * Addresses are signed per window of this length, all alike within it: a rewritten playlist is
 * made once per window per instance and shared by every viewer (the URLs name no viewer: the
 * playlist that lists them does), and CDN caches see one URL per file per window.
 */
export const SEGMENT_WINDOW_SECONDS = 5 * 60;
/**
 * How long a segment address works after its window ends: 10–15 minutes after a playlist hands
 * it out. A viewer paused longer gets a 403 on the next segment and the player asks `/sv/play`
 * for a new address (apps/web attach.ts), which lists fresh ones.
 */
export const SEGMENT_URL_SECONDS = 10 * 60;

/** The signing window holding `now`: when its addresses are signed and when they expire. */
export function segmentWindow(now: Date): { signedAt: Date; expiresAt: Date } {
  const windowMs = SEGMENT_WINDOW_SECONDS * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return {
    signedAt: new Date(start),
    expiresAt: new Date(start + windowMs + SEGMENT_URL_SECONDS * 1000),
  };
}

/** A URI a playlist names: a file beside it (no scheme, no path), as our packager writes them. */
const SIBLING = /^[A-Za-z0-9_.-]+$/;

/**
 * Rewrites the URIs of an HLS playlist: each line that is a URI and each `URI="…"` attribute
 * (`#EXT-X-MAP`, `#EXT-X-MEDIA`, …) goes through `replace`, which answers the new URI or null to
 * keep it. Other playlists (`.m3u8`) are never rewritten: they stay behind `/stream`.
 */
export async function rewritePlaylist(
  text: string,
  replace: (uri: string) => Promise<string | null>,
): Promise<string> {
  const swap = async (uri: string) =>
    SIBLING.test(uri) && !uri.endsWith('.m3u8') ? ((await replace(uri)) ?? uri) : uri;
  const lines = text.split('\n');
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    if (line === '' || (line.startsWith('#') && !line.includes('URI="'))) out.push(line);
    else if (line.startsWith('#')) {
      let next = '';
      let last = 0;
      for (const match of line.matchAll(/URI="([^"]*)"/g)) {
        next += `${line.slice(last, match.index)}URI="${await swap(match[1] ?? '')}"`;
        last = match.index + match[0].length;
      }
      out.push(next + line.slice(last));
    } else out.push(await swap(line.trim()));
  }
  return out.join('\n');
}

/**
 * The media playlists of `/stream` with their files' lines signed by `signer`: read from the
 * store, rewritten, and kept per window (one read and one signing pass per playlist per window
 * per instance, whatever the number of viewers).
 */
export function createSignedPlaylists(deps: { storage: MediaStorage; signer: SegmentSigner; clock: Clock }) {
  const cache = answerCache<string | null>(deps.clock, {
    ttlMs: SEGMENT_WINDOW_SECONDS * 1000,
    max: 2_000,
  });
  const read = async (key: string): Promise<string | null> => {
    const stored = await deps.storage.read(key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  };
  return {
    signer: deps.signer,
    /** The playlist `file` of the episode at `hlsKey`, its files signed; null when absent. */
    playlist(hlsKey: string, file: string): Promise<string | null> {
      const window = segmentWindow(deps.clock.now());
      return cache.get(`${hlsKey}/${file}@${window.signedAt.getTime()}`, async () => {
        const text = await read(`${hlsKey}/${file}`);
        if (text === null) return null;
        return rewritePlaylist(text, (uri) =>
          deps.signer.sign(`${hlsKey}/${uri}`, window.signedAt, window.expiresAt),
        );
      });
    },
    /** One file's signed address (a player that asks `/stream` for a segment is redirected there). */
    file(hlsKey: string, file: string): Promise<string> {
      const window = segmentWindow(deps.clock.now());
      return deps.signer.sign(`${hlsKey}/${file}`, window.signedAt, window.expiresAt);
    },
  };
}

export type SignedPlaylists = ReturnType<typeof createSignedPlaylists>;
