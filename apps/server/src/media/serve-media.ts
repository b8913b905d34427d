import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { MediaStorage } from './storage.js';

/** Content types `send` does not know, for HLS. */
const MEDIA_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
};

function setMediaHeaders(res: SetHeadersResponse, path: string): void {
  const ext = path.slice(path.lastIndexOf('.'));
  const type = MEDIA_TYPES[ext];
  if (type) res.setHeader('content-type', type);
  // Playlists of a series may change when episodes are added; segments and posters never do.
  res.setHeader('cache-control', ext === '.m3u8' ? 'public, max-age=60' : 'public, max-age=86400');
}

/**
 * `/media/**` from the public media root (MEDIA_DIR/public: covers, posters, avatars, chat
 * pictures), with HTTP Range support. Episodes and uploads are not under it at all (they live in
 * MEDIA_DIR/private and play through signed `/stream` addresses), so no spelling of a path here
 * can reach them: `send` decodes and normalises the path once and refuses what leaves the root.
 */
export async function serveMedia(
  app: FastifyInstance,
  publicMediaDir: string,
  storage?: MediaStorage,
): Promise<void> {
  mkdirSync(publicMediaDir, { recursive: true });
  if (storage) {
    // Object storage: covers, posters, avatars and chat pictures are in the public bucket; the
    // browser fetches them there (or from the CDN in front of it).
    for (const root of ['covers', 'posters', 'avatars', 'chat']) {
      app.get<{ Params: { '*': string } }>(`/media/${root}/*`, (req, reply) => {
        let url: string | null = null;
        try {
          url = storage.publicUrl(`${root}/${req.params['*']}`);
        } catch {
          url = null;
        }
        if (!url) return reply.code(404).send();
        return reply.header('cache-control', 'public, max-age=3600').redirect(url, 302);
      });
    }
  }
  await app.register(fastifyStatic, {
    root: resolve(publicMediaDir),
    prefix: '/media/',
    decorateReply: false,
    acceptRanges: true,
    cacheControl: false,
    index: false,
    setHeaders: setMediaHeaders,
  });
}
