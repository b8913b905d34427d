import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { PoolEvents, PoolItem } from '../player/video-pool';
import { usePoolWindow, useShortsPool } from './use-shorts-pool';

// A pool that puts item i in element i % 3 (as the real one does) without streaming anything.
const { pools, FakePool } = vi.hoisted(() => {
  const pools: InstanceType<typeof FakePool>[] = [];
  class FakePool {
    readonly sync = vi.fn((current: number) => {
      for (const index of [current - 1, current, current + 1]) {
        const video = this.videos[index % 3];
        if (index >= 0 && video) video.dataset.index = String(index);
      }
    });
    readonly drop = vi.fn();
    readonly destroy = vi.fn();
    constructor(
      readonly videos: readonly HTMLVideoElement[],
      readonly events: PoolEvents,
    ) {
      pools.push(this);
    }
    videoAt(index: number) {
      const video = this.videos[index % 3];
      return video?.dataset.index === String(index) ? video : null;
    }
  }
  return { pools, FakePool };
});
vi.mock('../player/video-pool', () => ({ VideoPool: FakePool }));

const items: PoolItem[] = [10, 11, 12, 13].map((videoId) => ({ videoId, poster: '', locked: false }));

function Feed({
  index,
  onEnded,
  playable = true,
}: {
  index: number;
  onEnded: () => void;
  playable?: boolean;
}) {
  const indexRef = useRef(index);
  // As the page does: the handlers see the new item before the effects run.
  useLayoutEffect(() => {
    indexRef.current = index;
  }, [index]);
  const pool = useShortsPool({ indexRef, onEnded });
  usePoolWindow({
    poolRef: pool.poolRef,
    index,
    items,
    loadNeighbours: pool.settledId === items[index]?.videoId,
    currentId: items[index]?.videoId ?? null,
    playable,
  });
  return (
    <div>
      {[0, 1, 2].map((slot) => (
        <video key={slot} ref={pool.videoRef(slot)} data-testid={`slot-${slot}`} />
      ))}
      <output data-testid="state">
        {JSON.stringify({
          started: pool.startedId,
          settled: pool.settledId,
          paused: pool.pausedIndex,
          failed: [...pool.failed],
          locked: [...pool.locks.keys()],
        })}
      </output>
      <button type="button" onClick={() => pool.retry(11)}>
        retry
      </button>
    </div>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent) as Record<string, unknown>;
let play: MockInstance<HTMLMediaElement['play']>;
let pause: MockInstance<HTMLMediaElement['pause']>;

beforeEach(() => {
  pools.length = 0;
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

function ready(video: HTMLElement, readyState: number) {
  Object.defineProperty(video, 'readyState', { configurable: true, value: readyState });
}

describe('useShortsPool', () => {
  it('builds one pool on the three elements and keeps its window on the current item', () => {
    const { rerender } = render(<Feed index={0} onEnded={vi.fn()} />);
    expect(pools).toHaveLength(1);
    expect(pools[0]?.videos).toEqual([0, 1, 2].map((slot) => screen.getByTestId(`slot-${slot}`)));
    expect(pools[0]?.sync).toHaveBeenLastCalledWith(0, items, false);
    rerender(<Feed index={1} onEnded={vi.fn()} />);
    expect(pools).toHaveLength(1);
    expect(pools[0]?.sync).toHaveBeenLastCalledWith(1, items, false);
  });

  it("reports the current video's playing, pausing and ending; other slots are not heard", () => {
    const onEnded = vi.fn();
    render(<Feed index={1} onEnded={onEnded} />);
    const current = screen.getByTestId('slot-1');
    current.dataset.videoId = '11';
    fireEvent(current, new Event('playing'));
    // Started, and (no requestVideoFrameCallback here) settled: the neighbours may load.
    expect(state()).toMatchObject({ started: 11, settled: 11, paused: null });
    expect(pools[0]?.sync).toHaveBeenLastCalledWith(1, items, true);
    fireEvent(current, new Event('pause'));
    expect(state()).toMatchObject({ paused: 1 });
    const other = screen.getByTestId('slot-2');
    other.dataset.videoId = '12';
    fireEvent(other, new Event('playing'));
    fireEvent(other, new Event('ended'));
    expect(state()).toMatchObject({ started: 11 });
    expect(onEnded).not.toHaveBeenCalled();
    fireEvent(current, new Event('ended'));
    expect(onEnded).toHaveBeenCalledOnce();
  });

  it('keeps locked and failed episodes; a retry drops the failed player and tries again', () => {
    render(<Feed index={1} onEnded={vi.fn()} />);
    act(() => {
      pools[0]?.events.onLocked(12, { seriesId: 1, number: 3, freeEpisodes: 2 });
      pools[0]?.events.onError(11, new Error('network'));
    });
    expect(state()).toMatchObject({ failed: [11], locked: [12] });
    fireEvent.click(screen.getByRole('button', { name: 'retry' }));
    expect(pools[0]?.drop).toHaveBeenCalledWith(11);
    expect(state()).toMatchObject({ failed: [] });
  });

  it('destroys the pool with the page', () => {
    const { unmount } = render(<Feed index={0} onEnded={vi.fn()} />);
    unmount();
    expect(pools[0]?.destroy).toHaveBeenCalledOnce();
  });
});

describe('usePoolWindow', () => {
  it('plays the current item once it can play, and pauses it on leaving', () => {
    const { rerender } = render(<Feed index={0} onEnded={vi.fn()} />);
    expect(play).not.toHaveBeenCalled();
    const first = screen.getByTestId('slot-0');
    fireEvent(first, new Event('canplay'));
    expect(play).toHaveBeenCalledOnce();
    expect(play.mock.contexts[0]).toBe(first);
    // The next item is on its first frame already: it plays at once; the first one pauses.
    ready(screen.getByTestId('slot-1'), HTMLMediaElement.HAVE_CURRENT_DATA);
    rerender(<Feed index={1} onEnded={vi.fn()} />);
    expect(pause.mock.contexts).toContain(first);
    expect(play).toHaveBeenCalledTimes(2);
    expect(play.mock.contexts[1]).toBe(screen.getByTestId('slot-1'));
  });

  it('does not play a locked or failed item', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(
      HTMLMediaElement.HAVE_ENOUGH_DATA,
    );
    render(<Feed index={0} onEnded={vi.fn()} playable={false} />);
    expect(play).not.toHaveBeenCalled();
  });
});
