import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_LIMITS } from '@dramastar/contract';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/client.js';
import { readPicture } from '../../../media/image.js';
import { joinKey, type MediaStorage } from '../../../media/storage.js';
import { createContentEpisodes } from './content-episodes.js';
import { createContentJobs } from './content-jobs.js';
import type { SeriesRow } from './content-rows.js';
import { createContentSections } from './content-sections.js';
import { createContentSeries } from './content-series.js';

/** Media keys made by the console (never the demo's shared ones): safe to delete when replaced. */
export const CONTENT_MEDIA_PREFIX = 'content';

export const contentKeys = {
  hls: (tenantId: string, seriesId: number, jobId: number) =>
    joinKey('hls', CONTENT_MEDIA_PREFIX, tenantId, seriesId, jobId),
  poster: (tenantId: string, seriesId: number, jobId: number) =>
    joinKey('posters', CONTENT_MEDIA_PREFIX, tenantId, seriesId, jobId),
  cover: (tenantId: string, seriesId: number, hash: string) =>
    joinKey('covers', CONTENT_MEDIA_PREFIX, tenantId, `${seriesId}-${hash}`),
  /** Uploaded sources wait here (random, never listed) until their job is over. */
  upload: () => joinKey('uploads', randomBytes(16).toString('hex')),
};

/** The storage key of a /media path, when it is one of the console's own files. */
export function ownMediaKey(path: string): string | null {
  const match = /^\/media\/((?:hls|posters|covers)\/content\/.+)\/[^/]+$/.exec(path);
  return match?.[1] ?? null;
}

/**
 * Video containers by their first bytes: MP4 and MOV are ISO base media files (an `ftyp` box
 * first, or for old QuickTime files a `moov`/`mdat`/`wide`/`free` atom); WebM is EBML.
 */
export function sniffVideo(head: Buffer): 'mp4' | 'webm' | null {
  if (head.length >= 8) {
    const box = head.subarray(4, 8).toString('latin1');
    if (['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(box)) return 'mp4';
  }
  if (head.length >= 4 && head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'webm';
  return null;
}

/**
 * The console's content rules, one object made of its parts: series (content-series.ts), episodes
 * and their numbers (content-episodes.ts), the transcoding jobs uploads make (content-jobs.ts) and
 * home sections (content-sections.ts), with the console's media files here. Changing methods take
 * the transaction of the caller, who writes the audit entry in it.
 */
export function createContentService(deps: { db: Db; clock: Clock; storage: MediaStorage }) {
  const { storage } = deps;
  return {
    ...createContentSeries(deps),
    ...createContentEpisodes(deps),
    ...createContentJobs(deps),
    ...createContentSections(deps),

    /**
     * Checks and stores a cover (outside any transaction: files are not transactional); answers
     * its /media path. JPEG, PNG or WebP by their bytes, matching the declared type, ≤ 2 MB, and
     * within the pictures' dimensions by its header (every user's browser decodes it).
     */
    async storeCover(target: SeriesRow, dataUrl: string): Promise<string> {
      const { bytes, kind } = await readPicture(dataUrl, CONTENT_LIMITS.coverMaxBytes);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      const key = contentKeys.cover(target.tenantId, target.id, hash);
      const work = await mkdtemp(join(tmpdir(), 'ds-cover-'));
      try {
        await writeFile(join(work, `cover.${kind}`), bytes);
        await storage.putDirectory(work, key);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      return `/media/${key}/cover.${kind}`;
    },

    /** Best-effort removal of the console's own media (never the demo's shared files). */
    async removeOwnMedia(paths: string[]): Promise<void> {
      for (const path of paths) {
        const key = ownMediaKey(path) ?? (path.startsWith(`hls/${CONTENT_MEDIA_PREFIX}/`) ? path : null);
        if (key) await storage.remove(key).catch(() => undefined);
      }
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
