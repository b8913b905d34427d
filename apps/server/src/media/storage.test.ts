import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDiskStorage, migrateMediaLayout } from './storage.js';

describe('local disk media storage', () => {
  it('puts directories under keys, replacing what was there, also when writers race', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ds-store-'));
    const storage = localDiskStorage(root);
    const sources = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        const dir = join(root, `src${n}`);
        await mkdir(dir);
        writeFileSync(join(dir, 'index.m3u8'), `version ${n}`);
        return dir;
      }),
    );
    await Promise.all(sources.map((dir) => storage.putDirectory(dir, 'hls/x/1')));
    expect(readFileSync(join(root, 'private/hls/x/1/index.m3u8'), 'utf8')).toMatch(/^version [1-4]$/);
    await storage.putDirectory(sources[0]!, 'hls/x/1');
    expect(readFileSync(join(root, 'private/hls/x/1/index.m3u8'), 'utf8')).toBe('version 1');
    expect(await storage.exists('hls/x/1/index.m3u8')).toBe(true);
    expect(await storage.exists('hls/x/2/index.m3u8')).toBe(false);
  });

  it('refuses keys that leave the store', () => {
    const storage = localDiskStorage(mkdtempSync(join(tmpdir(), 'ds-store-')));
    for (const key of ['../etc/passwd', 'covers/../../private/hls/x', '..\\private\\hls', '', '.', 'a\0b'])
      expect(() => storage.localPath(key), key).toThrow(/outside the store/);
  });

  it('keeps covers, posters, avatars and chat pictures public and everything else private, by the normalised key', () => {
    const root = mkdtempSync(join(tmpdir(), 'ds-store-'));
    const storage = localDiskStorage(root);
    expect(storage.localPath('covers/demo/a/cover.jpg')).toBe(join(root, 'public/covers/demo/a/cover.jpg'));
    expect(storage.localPath('posters/demo/a/1')).toBe(join(root, 'public/posters/demo/a/1'));
    expect(storage.localPath('hls/demo/a/1')).toBe(join(root, 'private/hls/demo/a/1'));
    expect(storage.localPath('uploads/ab/source')).toBe(join(root, 'private/uploads/ab/source'));
    expect(storage.localPath('anything-new/x')).toBe(join(root, 'private/anything-new/x'));
    // The decision is taken on the normalised key: a public-looking prefix does not make it public.
    expect(storage.localPath('covers/../hls/demo/a/1')).toBe(join(root, 'private/hls/demo/a/1'));
    expect(storage.localPath('./covers//x\\..\\..\\hls/1')).toBe(join(root, 'private/hls/1'));
  });

  it('moves an older layout (everything straight under MEDIA_DIR) into its public and private parts', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ds-store-'));
    for (const file of [
      'hls/demo/a/1/index.m3u8',
      'covers/demo/a/cover.jpg',
      'uploads/ab/source',
      'avatars/1.png',
    ]) {
      await mkdir(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), file);
    }
    // Already partly moved (a crash, or another instance): the two merge, nothing is lost.
    await mkdir(join(root, 'private/hls/demo/b'), { recursive: true });
    writeFileSync(join(root, 'private/hls/demo/b/index.m3u8'), 'b');
    await Promise.all([migrateMediaLayout(root), migrateMediaLayout(root)]);
    expect(readdirSync(root).sort()).toEqual(['private', 'public']);
    const storage = localDiskStorage(root);
    for (const key of [
      'hls/demo/a/1/index.m3u8',
      'covers/demo/a/cover.jpg',
      'uploads/ab/source',
      'avatars/1.png',
    ])
      expect(readFileSync(storage.localPath(key)!, 'utf8')).toBe(key);
    expect(existsSync(join(root, 'private/hls/demo/b/index.m3u8'))).toBe(true);
    expect(existsSync(join(root, 'public/hls'))).toBe(false);
  });
});
