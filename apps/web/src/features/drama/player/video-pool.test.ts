import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttachOptions } from './attach';
import { VideoPool, type PoolItem } from './video-pool';

// Records what the pool asks of each episode's player, without streaming anything.
const { attached } = vi.hoisted(() => ({
  attached: [] as {
    videoId: number;
    options: AttachOptions;
    promote: ReturnType<typeof vi.fn>;
    hold: ReturnType<typeof vi.fn>;
    destroy: ReturnType<typeof vi.fn>;
  }[],
}));
vi.mock('./attach', () => ({
  attachEpisode: (_video: HTMLVideoElement, videoId: number, options: AttachOptions) => {
    const attachment = { videoId, options, promote: vi.fn(), hold: vi.fn(), destroy: vi.fn() };
    attached.push(attachment);
    return attachment;
  },
}));

const items: PoolItem[] = [10, 11, 12, 13].map((videoId) => ({ videoId, poster: '', locked: false }));
const player = (videoId: number) => {
  const found = attached.filter((a) => a.videoId === videoId);
  expect(found).toHaveLength(1);
  return found[0]!;
};

let pool: VideoPool;
beforeEach(() => {
  attached.length = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  pool = new VideoPool(
    [0, 1, 2].map(() => document.createElement('video')),
    { onLocked: vi.fn(), onError: vi.fn() },
  );
});

describe('the Shorts pool', () => {
  it('attaches the current item, then its neighbours as preloads once it plays', () => {
    pool.sync(1, items, false);
    expect(attached.map((a) => [a.videoId, a.options.preload])).toEqual([[11, false]]);
    pool.sync(1, items, true);
    expect(attached.map((a) => [a.videoId, a.options.preload])).toEqual([
      [11, false],
      [10, true],
      [12, true],
    ]);
  });

  it('holds the item swiped away from (kept, loading no more) and promotes the next', () => {
    pool.sync(0, items, true);
    pool.sync(1, items, false);
    // Swiped from 0 to 1: 0 keeps its buffer but loads no more; 1 buffers as the current item.
    expect(player(10).hold).toHaveBeenCalledOnce();
    expect(player(10).destroy).not.toHaveBeenCalled();
    expect(player(11).promote).toHaveBeenCalledOnce();
    expect(player(11).hold).not.toHaveBeenCalled();
    pool.sync(1, items, true);
    expect(player(10).hold).toHaveBeenCalledOnce();
    expect(player(12).options.preload).toBe(true);
    // And back: 0 loads again from where it was (promote), 1 is held in its turn.
    pool.sync(0, items, false);
    expect(player(10).promote).toHaveBeenCalledOnce();
    expect(player(11).hold).toHaveBeenCalledOnce();
    // A preloaded neighbour that was never current is not held: it loads nothing more anyway.
    expect(player(12).hold).not.toHaveBeenCalled();
  });

  it('tears down an item that leaves the window', () => {
    pool.sync(0, items, true);
    pool.sync(1, items, true);
    pool.sync(2, items, true);
    expect(player(10).destroy).toHaveBeenCalledOnce();
    expect(player(11).hold).toHaveBeenCalledOnce();
    expect(player(13).options.preload).toBe(true);
  });
});
