import { afterEach, describe, expect, it } from 'vitest';
import { warmFetchOf } from './estimate';
import { warmRendition } from './warm-start';

const PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:2',
  '#EXT-X-MAP:URI="180p_init.mp4"',
  '#EXTINF:1.000000,',
  '180p_000.m4s',
  '#EXTINF:2.000000,',
  '180p_001.m4s',
  '#EXT-X-ENDLIST',
  '',
].join('\n');

const fakeNetwork = (answers: Record<string, { status: number; body: string }>) => {
  const asked: string[] = [];
  const fetcher = async (url: string) => {
    asked.push(url);
    const found = answers[url] ?? { status: 404, body: '' };
    return new Response(found.body, { status: found.status });
  };
  return { asked, fetcher };
};

const BASE = 'https://app.example/stream/7/0/1/abc/';

afterEach(() => {
  delete window.__dsWarm;
});

describe('warming the start rendition', () => {
  it('fetches the start playlist, then its init segment and the segment holding the start second', async () => {
    const net = fakeNetwork({ [`${BASE}180p.m3u8`]: { status: 200, body: PLAYLIST } });
    await warmRendition(`${BASE}180p.m3u8`, 1.5, net.fetcher);
    expect(net.asked).toEqual([`${BASE}180p.m3u8`, `${BASE}180p_init.mp4`, `${BASE}180p_001.m4s`]);
  });

  it('notes what each segment fetched ahead took (the estimate ignores the cache by it)', async () => {
    const net = fakeNetwork({
      [`${BASE}180p.m3u8`]: { status: 200, body: PLAYLIST },
      [`${BASE}180p_000.m4s`]: { status: 200, body: 'x'.repeat(2700) },
    });
    await warmRendition(`${BASE}180p.m3u8`, 0, net.fetcher);
    expect(warmFetchOf(`${BASE}180p_000.m4s`)?.bytes).toBe(2700);
    expect(warmFetchOf(`${BASE}180p_000.m4s`)?.ms).toBeGreaterThan(0);
    // Refused (404 here): nothing noted.
    expect(warmFetchOf(`${BASE}180p_init.mp4`)).toBeUndefined();
  });

  it('asks nothing more when the playlist is refused (an expired address)', async () => {
    const net = fakeNetwork({ [`${BASE}180p.m3u8`]: { status: 403, body: '' } });
    await warmRendition(`${BASE}180p.m3u8`, 0, net.fetcher);
    expect(net.asked).toEqual([`${BASE}180p.m3u8`]);
  });

  it('fetches the first segment of a TS playlist (no init segment)', async () => {
    const ts = PLAYLIST.replace('#EXT-X-MAP:URI="180p_init.mp4"\n', '').replaceAll('.m4s', '.ts');
    const net = fakeNetwork({ [`${BASE}180p.m3u8`]: { status: 200, body: ts } });
    await warmRendition(`${BASE}180p.m3u8`, 0, net.fetcher);
    expect(net.asked).toEqual([`${BASE}180p.m3u8`, `${BASE}180p_000.ts`]);
  });
});
