import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, cp, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { mediaLayout } from '../config.js';

/**
 * The first key segments whose files are public (served at /media by anyone). Every other key
 * (episode HLS under `hls/`, console uploads under `uploads/`, anything new) is private: it lives
 * outside the public root, so no path under /media, however written, can reach it.
 */
const PUBLIC_KEY_ROOTS = new Set(['covers', 'posters', 'avatars', 'chat']);

export { mediaLayout };

/** A key made canonical once (forward slashes, no `.`/`..`/empty segments), or an error. */
function normaliseKey(key: string): string {
  const clean = posix.normalize(key.replace(/\\/g, '/')).replace(/^\/+|\/+$/g, '');
  if (clean === '' || clean === '.' || clean === '..' || clean.startsWith('../') || key.includes('\0')) {
    throw new Error(`media key outside the store: ${key}`);
  }
  return clean;
}

/**
 * Where media files live, addressed by keys like `hls/demo/love-in-manila/3/index.m3u8`.
 * Local disk today (MEDIA_DIR, split into its public and private parts by the key's first
 * segment); an S3-compatible store implements the same four operations, with `localPath`
 * answering null and serving done by pre-signed URLs.
 */
export interface MediaStorage {
  /** Copies a local directory's files under `key` (replacing what was there). */
  putDirectory(localDir: string, key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The file on this machine for a key, or null when the store is remote. */
  localPath(key: string): string | null;
  remove(key: string): Promise<void>;
  /** Streams one local file to `key` (never held in memory whole). */
  putFile(localFile: string, key: string): Promise<void>;
  /** Copies the file at `key` to a local file (for ffmpeg, which reads files). */
  download(key: string, localFile: string): Promise<void>;
  /** Every file under `key/` with when it was last written (ms since the epoch); none when absent. */
  list(key: string): Promise<StoredFile[]>;
  /**
   * One file's bytes for a response, honouring an HTTP Range header; null when the key is absent.
   * Local disk answers through `send` in the routes instead (localPath is not null there).
   */
  read(key: string, range?: string): Promise<StoredRead | null>;
  /** Where a browser fetches a public key directly (public bucket or CDN), or null: served at /media. */
  publicUrl(key: string): string | null;
  /** Object storage only: a short-lived address a browser PUTs one file to (type and size signed). */
  presignPut?(
    key: string,
    options: { contentType: string; contentLength: number; expiresIn: number },
  ): Promise<string>;
}

/** A range that starts past the end of the stored file (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly key: string) {
    super(`range not satisfiable for ${key}`);
  }
}

export interface StoredFile {
  key: string;
  modifiedMs: number;
}

export interface StoredRead {
  status: 200 | 206;
  body: NodeJS.ReadableStream;
  headers: Record<string, string>;
}

/** Whether a key is public (covers, posters, avatars, chat pictures). */
export const isPublicKey = (key: string) => PUBLIC_KEY_ROOTS.has(normaliseKey(key).split('/', 1)[0] ?? '');

/** A key made canonical (same rule as the local store), for other adapters. */
export const canonicalKey = normaliseKey;

export function localDiskStorage(root: string): MediaStorage {
  const layout = mediaLayout(resolve(root));
  const pathOf = (key: string) => {
    const clean = normaliseKey(key);
    const base = PUBLIC_KEY_ROOTS.has(clean.split('/', 1)[0] ?? '') ? layout.public : layout.private;
    const path = resolve(base, clean);
    if (!path.startsWith(base + sep)) throw new Error(`media key outside the store: ${key}`);
    return path;
  };
  return {
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
    async putFile(localFile, key) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const staging = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await copyFile(localFile, staging);
      await rename(staging, target);
    },
    async download(key, localFile) {
      await copyFile(pathOf(key), localFile);
    },
    async list(key) {
      const dir = pathOf(key);
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      const files: StoredFile[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        const path = join(entry.parentPath, entry.name);
        const info = await stat(path).catch(() => null);
        if (info)
          files.push({ key: joinKey(normaliseKey(key), relative(dir, path)), modifiedMs: info.mtimeMs });
      }
      return files;
    },
    async read(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        status: 200,
        body: createReadStream(path),
        headers: { 'content-length': String(info.size) },
      };
    },
    publicUrl: () => null,
  };
}

export const joinKey = (...parts: (string | number)[]) =>
  join(...parts.map(String))
    .split(sep)
    .join('/');

/** Moves `from` to `to`, merging into what is there already (what is there wins); gone = done. */
async function moveInto(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
    return;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') return; // another instance moved it
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'EISDIR' && code !== 'ENOTDIR') throw error;
  }
  const info = await stat(from).catch(() => null);
  if (info?.isDirectory() && (await stat(to).catch(() => null))?.isDirectory()) {
    for (const name of await readdir(from)) await moveInto(join(from, name), join(to, name));
    await rmdir(from).catch(() => undefined);
  } else {
    await rm(from, { recursive: true, force: true });
  }
}

/**
 * Once, at start: media written by older versions straight under MEDIA_DIR (`hls/`, `covers/`, …)
 * moves into `public/` or `private/` by the same rule as `localDiskStorage`. Renames only, so it
 * is quick, and safe when several instances sharing the volume start together.
 */
export async function migrateMediaLayout(root: string): Promise<void> {
  const layout = mediaLayout(root);
  await mkdir(layout.public, { recursive: true });
  await mkdir(layout.private, { recursive: true });
  for (const name of await readdir(root)) {
    if (name === 'public' || name === 'private') continue;
    await moveInto(join(root, name), join(PUBLIC_KEY_ROOTS.has(name) ? layout.public : layout.private, name));
  }
}
