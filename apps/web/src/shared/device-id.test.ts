import { api, DEVICE_ID_HEADER, DEVICE_ID_PATTERN, OPENING_PATHS } from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import { ok, stubApi, on } from '../test/fetch';
import { series } from '../test/fixtures';
import { askAhead, request } from './api/request';
import { deviceId } from './device-id';
import { STORAGE_KEYS } from './store/storage-keys';

const played = { videoId: 72, playlistUrl: '/stream/72/index.m3u8', expiresAt: '', subtitles: [] };
const headerOf = (init: RequestInit) => new Headers(init.headers).get(DEVICE_ID_HEADER);

describe('the device id', () => {
  it('is made once, kept in local storage and matches the contract', () => {
    const id = deviceId();
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(localStorage.getItem(STORAGE_KEYS.deviceId)).toBe(id);
    expect(deviceId()).toBe(id);
    // One kept from an earlier visit is used as it is; one that is not an id is replaced.
    localStorage.setItem(STORAGE_KEYS.deviceId, 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d');
    expect(deviceId()).toBe('a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d');
    localStorage.setItem(STORAGE_KEYS.deviceId, 'not an id');
    expect(deviceId()).toMatch(DEVICE_ID_PATTERN);
    expect(localStorage.getItem(STORAGE_KEYS.deviceId)).toMatch(DEVICE_ID_PATTERN);
  });

  it('goes with play calls, also one asked ahead (which the page’s call then takes), and no others', async () => {
    const { calls, callsTo } = stubApi([
      on(api.video.play, { videoId: 72 }).reply(ok(played)),
      on(api.video.videos, { seriesId: 7 }).reply(
        ok({ series: series(7), episodes: [], favorited: false, progress: null }),
      ),
    ]);
    await request(api.video.play, { params: { videoId: 72 } });
    await askAhead(OPENING_PATHS.play, { videoId: 72 });
    await request(api.video.play, { params: { videoId: 72 } });
    expect(callsTo(api.video.play, { videoId: 72 })).toHaveLength(2);
    for (const call of callsTo(api.video.play, { videoId: 72 })) expect(headerOf(call.init)).toBe(deviceId());
    await askAhead(OPENING_PATHS.series, { seriesId: 7 });
    expect(headerOf(calls.at(-1)!.init)).toBeNull();
  });
});
