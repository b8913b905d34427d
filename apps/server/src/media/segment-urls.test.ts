import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock.js';
import { createSignedPlaylists, rewritePlaylist, type SegmentSigner, segmentWindow } from './segment-urls.js';
import type { MediaStorage } from './storage.js';

const fmp4 = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:2',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-MAP:URI="360p_init.mp4"',
  '#EXTINF:2.000000,',
  '360p_000.m4s',
  '#EXTINF:1.500000,',
  '360p_001.m4s',
  '#EXT-X-ENDLIST',
  '',
].join('\n');

describe('rewriting a playlist', () => {
  it('replaces segment lines and URI attributes, keeps tags, other playlists and foreign URIs', async () => {
    const text = `${fmp4}#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",URI="subs_en.m3u8"\nhttps://elsewhere.example/x.ts\n`;
    const out = await rewritePlaylist(text, async (uri) => `https://store.example/e/${uri}?sig=1`);
    expect(out.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-MAP:URI="https://store.example/e/360p_init.mp4?sig=1"',
      '#EXTINF:2.000000,',
      'https://store.example/e/360p_000.m4s?sig=1',
      '#EXTINF:1.500000,',
      'https://store.example/e/360p_001.m4s?sig=1',
      '#EXT-X-ENDLIST',
      // A playlist (subtitles later) stays behind /stream; what is not a file beside it stays.
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",URI="subs_en.m3u8"',
      'https://elsewhere.example/x.ts',
      '',
    ]);
  });
});

describe('signing windows', () => {
  it('signs at the start of a 5-minute window, valid until 10 minutes after its end', () => {
    expect(segmentWindow(new Date('2026-11-27T10:07:31Z'))).toEqual({
      signedAt: new Date('2026-11-27T10:05:00Z'),
      expiresAt: new Date('2026-11-27T10:20:00Z'),
    });
  });

  it('reads and signs a playlist once per window, whatever the number of viewers', async () => {
    const clock = manualClock('2026-11-27T10:00:10Z');
    let reads = 0;
    const signed: string[] = [];
    const storage = {
      read: async (key: string) => {
        reads += 1;
        return key.endsWith('360p.m3u8')
          ? { status: 200 as const, body: Readable.from([Buffer.from(fmp4)]), headers: {} }
          : null;
      },
    } as unknown as MediaStorage;
    const signer: SegmentSigner = {
      kind: 's3',
      origin: 'https://store.example',
      sign: async (key, signedAt, expiresAt) => {
        signed.push(key);
        return `https://store.example/${key}?from=${signedAt.getTime() / 1000}&to=${expiresAt.getTime() / 1000}`;
      },
    };
    const playlists = createSignedPlaylists({ storage, signer, clock });
    const views = await Promise.all(
      Array.from({ length: 20 }, () => playlists.playlist('hls/e/1', '360p.m3u8')),
    );
    expect(new Set(views).size).toBe(1);
    expect(reads).toBe(1);
    expect(signed).toEqual(['hls/e/1/360p_init.mp4', 'hls/e/1/360p_000.m4s', 'hls/e/1/360p_001.m4s']);
    expect(views[0]).toContain('https://store.example/hls/e/1/360p_000.m4s?from=1795773600&to=1795774500');
    clock.advance(4 * 60_000);
    await playlists.playlist('hls/e/1', '360p.m3u8');
    expect(reads).toBe(1);
    // The next window signs afresh.
    clock.advance(60_000);
    expect(await playlists.playlist('hls/e/1', '360p.m3u8')).toContain('from=1795773900');
    expect(reads).toBe(2);
    // Not in the store: null (the route answers 404).
    expect(await playlists.playlist('hls/e/1', '720p.m3u8')).toBeNull();
    expect(await playlists.file('hls/e/1', '360p_001.m4s')).toMatch(
      /^https:\/\/store\.example\/hls\/e\/1\/360p_001\.m4s\?/,
    );
  });
});
