import { cp, mkdir, rm, stat } from 'node:fs/promises';
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
    async putDirectory(localDir, key) {
      const target = pathOf(key);
      await rm(target, { recursive: true, force: true });
      await mkdir(dirname(target), { recursive: true });
      await cp(localDir, target, { recursive: true });
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
