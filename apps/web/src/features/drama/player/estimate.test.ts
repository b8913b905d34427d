import { afterEach, describe, expect, it } from 'vitest';
import { estimateAfterWarmSegment, noteWarmFetch, warmFetchOf } from './estimate';

afterEach(() => {
  delete window.__dsWarm;
});

describe('the bandwidth estimate after a segment fetched ahead', () => {
  it("restarts from the warm fetch's own rate, its round trip included", () => {
    // 27 KB in 300 ms (150 ms round trip + 135 ms on a 1.6 Mbit/s line + queueing): 720 kbit/s,
    // not the many Mbit/s of the cache's few milliseconds.
    expect(estimateAfterWarmSegment({ bytes: 27_000, ms: 300 }, 500_000)).toBe(720_000);
    // On 3G the same segment took a second: 216 kbit/s, under the start rung's next one.
    expect(estimateAfterWarmSegment({ bytes: 27_000, ms: 1000 }, 500_000)).toBe(216_000);
  });

  it('falls back to the default when the fetch measured nothing usable', () => {
    expect(estimateAfterWarmSegment(undefined, 500_000)).toBe(500_000);
    expect(estimateAfterWarmSegment({ bytes: 0, ms: 20 }, 500_000)).toBe(500_000);
    expect(estimateAfterWarmSegment({ bytes: 27_000, ms: 0 }, 500_000)).toBe(500_000);
  });

  it('remembers what was fetched ahead by address, beside what index.html wrote', () => {
    window.__dsWarm = { 'https://cdn.example/a/180p_000.m4s': { bytes: 10, ms: 5 } };
    noteWarmFetch('https://cdn.example/b/180p_000.m4s', { bytes: 20, ms: 8 });
    expect(warmFetchOf('https://cdn.example/a/180p_000.m4s')).toEqual({ bytes: 10, ms: 5 });
    expect(warmFetchOf('https://cdn.example/b/180p_000.m4s')).toEqual({ bytes: 20, ms: 8 });
    expect(warmFetchOf('https://cdn.example/b/180p_001.m4s')).toBeUndefined();
  });

  it('keeps the slower of two fetches of one segment (the second was answered by the cache)', () => {
    const url = 'https://cdn.example/c/180p_000.m4s';
    noteWarmFetch(url, { bytes: 27_000, ms: 300 });
    noteWarmFetch(url, { bytes: 27_000, ms: 3 });
    expect(warmFetchOf(url)).toEqual({ bytes: 27_000, ms: 300 });
    noteWarmFetch(url, { bytes: 27_000, ms: 900 });
    expect(warmFetchOf(url)).toEqual({ bytes: 27_000, ms: 900 });
  });
});
