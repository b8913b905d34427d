import { describe, expect, it } from 'vitest';
import { firstVariant, initSegment, segmentAt } from './hls-playlist';

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

describe('firstVariant and initSegment', () => {
  it('reads the rendition a master playlist lists first, and an fMP4 playlist’s init segment', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=306816,RESOLUTION=240x426,CODECS="avc1.640015,mp4a.40.2"',
      '240p.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=524144,RESOLUTION=360x640',
      '360p.m3u8',
    ].join('\r\n');
    expect(firstVariant(master)).toBe('240p.m3u8');
    expect(firstVariant(playlist)).toBeNull();
    expect(initSegment('#EXTM3U\n#EXT-X-MAP:URI="https://cdn.example/360p_init.mp4?s=1"\n')).toBe(
      'https://cdn.example/360p_init.mp4?s=1',
    );
    expect(initSegment(playlist)).toBeNull();
  });
});
