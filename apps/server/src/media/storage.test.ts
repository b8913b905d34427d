import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDiskStorage } from './storage.js';

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
    expect(readFileSync(join(root, 'hls/x/1/index.m3u8'), 'utf8')).toMatch(/^version [1-4]$/);
    await storage.putDirectory(sources[0]!, 'hls/x/1');
    expect(readFileSync(join(root, 'hls/x/1/index.m3u8'), 'utf8')).toBe('version 1');
    expect(await storage.exists('hls/x/1/index.m3u8')).toBe(true);
    expect(await storage.exists('hls/x/2/index.m3u8')).toBe(false);
  });

  it('refuses keys that leave the store', () => {
    const storage = localDiskStorage(mkdtempSync(join(tmpdir(), 'ds-store-')));
    expect(() => storage.localPath('../etc/passwd')).toThrow(/outside the store/);
  });
});
