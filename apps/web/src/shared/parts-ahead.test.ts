import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPartsAhead } from './parts-ahead';

describe('fetchPartsAhead', () => {
  afterEach(() => {
    delete window.__dsChunks;
    document.head.querySelectorAll('link[rel="prefetch"]').forEach((link) => link.remove());
    vi.useRealTimers();
  });

  const prefetched = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => [
      link.getAttribute('href'),
      link.crossOrigin,
    ]);

  it("fetches the build's parts once the page has loaded and is idle, scripts in a module script's mode", () => {
    vi.useFakeTimers();
    window.__dsChunks = {
      parts: { js: ['/assets/popup.js', '/assets/antd.js'], css: ['/assets/popup.css'] },
    };
    fetchPartsAhead();
    expect(prefetched()).toEqual([]); // not while the page is still busy
    vi.advanceTimersByTime(7000);
    expect(prefetched()).toEqual([
      ['/assets/popup.js', 'anonymous'],
      ['/assets/antd.js', 'anonymous'],
      ['/assets/popup.css', null],
    ]);
  });

  it('does nothing without the lists (a development build)', () => {
    vi.useFakeTimers();
    fetchPartsAhead();
    vi.advanceTimersByTime(7000);
    expect(prefetched()).toEqual([]);
  });
});
