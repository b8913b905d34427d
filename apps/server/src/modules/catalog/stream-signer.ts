import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { storedSecret } from '../../db/app-secrets.js';
import { sameHex } from '../../security.js';

/** An episode's master playlist (made from its row's renditions for each request). */
export const MASTER_PLAYLIST = 'master.m3u8';
/** The one playlist of an episode packaged before the ladder (720×1280). */
export const LEGACY_PLAYLIST = 'index.m3u8';

/** How long a signed playlist address works: longer than any episode, short enough not to share. */
export const STREAM_TTL_SECONDS = 30 * 60;

/**
 * Signs `/stream/<videoId>/<viewer>/<expires>/<signature>/<file>`: the HMAC binds the episode,
 * the viewer it was issued to (user id, 0 for a guest: guests only get free episodes) and the
 * expiry, so an address works for that episode only, only until then, and names its viewer (it
 * cannot be rewritten to another's). The key is made once and kept in the database, so every
 * instance signs and checks alike. See docs/content.md for what the binding does and does not do.
 */
export async function createStreamSigner(db: Db) {
  const key = await storedSecret(db, 'stream_url_key');
  const sign = (videoId: number, viewer: bigint, expires: number) =>
    createHmac('sha256', key).update(`${videoId}.${viewer}.${expires}`).digest('hex').slice(0, 32);
  return {
    /**
     * The address of `file` (the episode's master playlist, or `index.m3u8` of an episode made
     * before the ladder): every file beside it is reached with the same signed prefix.
     */
    url(videoId: number, viewer: bigint, now: Date, file = 'index.m3u8'): { url: string; expiresAt: Date } {
      const expires = Math.floor(now.getTime() / 1000) + STREAM_TTL_SECONDS;
      return {
        url: `/stream/${videoId}/${viewer}/${expires}/${sign(videoId, viewer, expires)}/${file}`,
        expiresAt: new Date(expires * 1000),
      };
    },
    /** 'ok', or why not: a wrong signature and an expired address are told apart for logs. */
    check(
      videoId: number,
      viewer: bigint,
      expires: number,
      signature: string,
      now: Date,
    ): 'ok' | 'invalid' | 'expired' {
      if (!/^[0-9a-f]{32}$/.test(signature) || !sameHex(signature, sign(videoId, viewer, expires)))
        return 'invalid';
      return expires * 1000 > now.getTime() ? 'ok' : 'expired';
    },
  };
}

export type StreamSigner = Awaited<ReturnType<typeof createStreamSigner>>;
