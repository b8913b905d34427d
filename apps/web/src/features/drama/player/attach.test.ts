import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachEpisode } from './attach';

// hls.js as the player drives it: its configuration, the levels it would parse, what it is told.
const { instances, FakeHls } = vi.hoisted(() => {
  const instances: InstanceType<typeof FakeHls>[] = [];
  class FakeHls {
    static isSupported = () => true;
    readonly handlers = new Map<string, ((event: string, data: unknown) => void)[]>();
    url: string | null = null;
    levels: { width: number; height: number }[] = [];
    currentLevel = -1;
    autoLevelCapping = -1;
    manualLevel = -1;
    nextLevel = -1;
    bandwidthEstimate = 500_000;
    readonly startLoad = vi.fn();
    readonly stopLoad = vi.fn();
    readonly destroy = vi.fn();
    readonly attachMedia = vi.fn();
    constructor(readonly config: Record<string, unknown>) {
      instances.push(this);
    }
    on(event: string, handler: (event: string, data: unknown) => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }
    loadSource(url: string) {
      this.url = url;
    }
    emit(event: string, data: unknown = {}) {
      for (const handler of this.handlers.get(event) ?? []) handler(event, data);
    }
  }
  return { instances, FakeHls };
});
vi.mock('hls.js/light', () => ({
  default: FakeHls,
  PlaylistLevelType: { MAIN: 'main', AUDIO: 'audio', SUBTITLE: 'subtitle' },
  Events: {
    ERROR: 'hlsError',
    FRAG_LOADED: 'hlsFragLoaded',
    FRAG_BUFFERED: 'hlsFragBuffered',
    MANIFEST_PARSED: 'hlsManifestParsed',
    LEVEL_SWITCHED: 'hlsLevelSwitched',
  },
}));
vi.mock('../api/play', () => ({
  fetchPlay: () => Promise.resolve({ playlistUrl: '/stream/1/master.m3u8?sig=x' }),
  lockedInfo: () => null,
}));

const ladder = [
  { width: 240, height: 426 },
  { width: 360, height: 640 },
  { width: 720, height: 1280 },
];

/** Attaches, waits for the signed address, and has hls.js parse the ladder. */
async function attached(preload: boolean) {
  const video = document.createElement('video');
  const attachment = attachEpisode(video, 1, { preload });
  const hls = instances[instances.length - 1]!;
  await vi.waitFor(() => expect(hls.url).not.toBeNull());
  hls.levels = ladder;
  hls.emit('hlsManifestParsed');
  return { attachment, hls };
}

beforeEach(() => {
  instances.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
  delete window.__dsWarm;
});

describe('the episode player', () => {
  it('starts a cold open on the lowest rendition and buffers at most 15 s ahead', async () => {
    const { hls } = await attached(false);
    expect(hls.config).toMatchObject({ startLevel: 0, maxBufferLength: 12, maxMaxBufferLength: 15 });
    expect(hls.autoLevelCapping).toBe(-1);
  });

  it("preloads a neighbour's lowest rendition's first segment only, then buffers once current", async () => {
    const { attachment, hls } = await attached(true);
    expect(hls.config).toMatchObject({ startLevel: 0, maxBufferLength: 2, maxMaxBufferLength: 2 });
    expect(hls.autoLevelCapping).toBe(0);
    attachment.promote();
    expect(hls.config).toMatchObject({ maxBufferLength: 12, maxMaxBufferLength: 15 });
    expect(hls.autoLevelCapping).toBe(-1);
    // Promoting a preload does not restart loading: it never stopped.
    expect(hls.startLoad).not.toHaveBeenCalled();
  });

  it('holds an item swiped away from: loading stops, the buffer stays, a swipe back resumes', async () => {
    const { attachment, hls } = await attached(false);
    attachment.hold();
    expect(hls.stopLoad).toHaveBeenCalledOnce();
    expect(hls.destroy).not.toHaveBeenCalled();
    attachment.hold();
    expect(hls.stopLoad).toHaveBeenCalledOnce();
    attachment.promote();
    expect(hls.startLoad).toHaveBeenCalledWith(-1);
  });

  it('keeps a player held before its playlist arrived from loading', async () => {
    const video = document.createElement('video');
    const attachment = attachEpisode(video, 1, {});
    const hls = instances[0]!;
    attachment.hold();
    await vi.waitFor(() => expect(hls.url).not.toBeNull());
    hls.levels = ladder;
    hls.emit('hlsManifestParsed');
    expect(hls.stopLoad).toHaveBeenCalledTimes(2);
  });

  it('does not let a segment fetched ahead (answered by the cache) feed the estimate', async () => {
    const { hls } = await attached(false);
    const seg = (n: number) => `https://cdn.example/hls/7/180p_00${n}.m4s?X-Amz-Signature=s`;
    window.__dsWarm = { [seg(0)]: { bytes: 27_000, ms: 300 } };
    // hls.js timed the cached segment at 4 ms: its own sample says 54 Mbit/s.
    hls.bandwidthEstimate = 54_000_000;
    hls.emit('hlsFragBuffered', { frag: { type: 'main', sn: 0, url: seg(0) } });
    expect(hls.bandwidthEstimate).toBe(720_000);
    // Its init segment, other playlists' fragments and segments it fetched itself are its own.
    for (const frag of [
      { type: 'main', sn: 'initSegment', url: seg(0) },
      { type: 'audio', sn: 0, url: seg(0) },
      { type: 'main', sn: 1, url: seg(1) },
    ]) {
      hls.bandwidthEstimate = 1_100_000;
      hls.emit('hlsFragBuffered', { frag });
      expect(hls.bandwidthEstimate).toBe(1_100_000);
    }
  });
});
