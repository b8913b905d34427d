import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where media files live, addressed by keys like `hls/demo/love-in-manila/3/index.m3u8`.
 * Local disk today (MEDIA_DIR); an S3-compatible store implements the same four operations,
 * with `localPath` answering null and serving done by pre-signed URLs.
 */
export interface MediaStorage {
  /** Copies a local directory's files under `key` (replacing what was there). */
  putDirectory(localDir: string, key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The file on this machine for a key, or null when the store is remote. */
  localPath(key: string): string | null;
  remove(key: string): Promise<void>;
}

export function localDiskStorage(root: string): MediaStorage & { root: string } {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (path !== base && !path.startsWith(base + sep)) throw new Error(`media key outside the store: ${key}`);
    return path;
  };
  return {
    root: base,
    /**
     * Copies beside the target first, then swaps it in by renaming, so a reader (or another
     * instance writing the same key at the same time) never sees a half-copied directory.
     */
    async putDirectory(localDir, key) {
      const target = pathOf(key);
      const staging = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await mkdir(dirname(target), { recursive: true });
      await cp(localDir, staging, { recursive: true });
      try {
        await rm(target, { recursive: true, force: true });
        await rename(staging, target);
      } catch (error) {
        // Another writer put the same key in between: theirs stands.
        await rm(staging, { recursive: true, force: true });
        const code = (error as { code?: string }).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      }
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        () => true,
        () => false,
      );
    },
    localPath: pathOf,
    async remove(key) {
      await rm(pathOf(key), { recursive: true, force: true });
    },
  };
}

export const joinKey = (...parts: (string | number)[]) =>
  join(...parts.map(String))
    .split(sep)
    .join('/');
