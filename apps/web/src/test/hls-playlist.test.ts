import { describe, expect, it } from 'vitest';
import { segmentAt } from '../features/drama/lib/hls-playlist';

const playlist = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-TARGETDURATION:2',
  '#EXTINF:2.002,',
  'seg_000.ts',
  '#EXTINF:1.998,',
  'seg_001.ts',
  '',
  '#EXTINF:1.2,',
  'https://cdn.example/seg_002.ts?sig=1',
  '#EXT-X-ENDLIST',
].join('\r\n');

describe('segmentAt', () => {
  it('names the segment that holds the second, as the playlist writes it', () => {
    expect(segmentAt(playlist, 0)).toBe('seg_000.ts');
    expect(segmentAt(playlist, 2.001)).toBe('seg_000.ts');
    expect(segmentAt(playlist, 2.002)).toBe('seg_001.ts');
    expect(segmentAt(playlist, 4.5)).toBe('https://cdn.example/seg_002.ts?sig=1');
  });

  it('names the last segment past the end, and none in a playlist without segments', () => {
    expect(segmentAt(playlist, 99)).toBe('https://cdn.example/seg_002.ts?sig=1');
    expect(segmentAt('#EXTM3U\n#EXT-X-ENDLIST\n', 0)).toBeNull();
    expect(segmentAt('', 0)).toBeNull();
  });
});
