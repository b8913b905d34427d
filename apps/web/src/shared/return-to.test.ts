import { afterEach, describe, expect, it } from 'vitest';
import { clearReturn, pendingReturn, rememberReturn } from './return-to';

afterEach(() => clearReturn());

describe('return after paying', () => {
  it('keeps an address inside the app for two hours', () => {
    rememberReturn('/pages/shorts/videoDetails?seriesId=1&videoId=4', 1_000);
    expect(pendingReturn(1_000 + 60_000)).toBe('/pages/shorts/videoDetails?seriesId=1&videoId=4');
    expect(pendingReturn(1_000 + 2 * 3_600_000 + 1)).toBeNull();
    clearReturn();
    expect(pendingReturn(1_000)).toBeNull();
  });

  it('never keeps an address outside the app', () => {
    for (const path of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)']) {
      rememberReturn(path);
      expect(pendingReturn(), path).toBeNull();
    }
    sessionStorage.setItem('ds.returnTo', JSON.stringify({ path: '//evil.example', at: Date.now() }));
    expect(pendingReturn()).toBeNull();
  });
});
