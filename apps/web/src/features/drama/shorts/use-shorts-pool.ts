import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { LockedInfo } from '../api/play';
import { playWithSound, useSound } from '../lib/sound';
import { probe } from '../player/probe';
import { VideoPool, type PoolItem } from '../player/video-pool';

/** Starts a feed video with the viewer's sound choice (the browser may refuse sound: then muted). */
export function playInFeed(video: HTMLVideoElement): void {
  void playWithSound(video, () => useSound.getState().setOn(false));
}

/**
 * The Shorts feed's three `<video>` elements and their pool, for as long as the page lives, and
 * what they report about the current item (`indexRef`): which episodes turned out locked or
 * failed, which one started, which one has shown its first frames, whether the viewer paused it.
 * A video that ends calls `onEnded`.
 */
export function useShortsPool({
  indexRef,
  onEnded,
}: {
  indexRef: { readonly current: number };
  onEnded: () => void;
}) {
  const videos = useRef<(HTMLVideoElement | null)[]>([null, null, null]);
  const poolRef = useRef<VideoPool | null>(null);
  const [locks, setLocks] = useState<ReadonlyMap<number, LockedInfo>>(new Map());
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const [startedId, setStartedId] = useState<number | null>(null);
  /** The item whose first frames have been shown: its neighbours may load now. */
  const [settledId, setSettledId] = useState<number | null>(null);
  /** The index whose video the viewer paused. */
  const [pausedIndex, setPausedIndex] = useState<number | null>(null);
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  }, [onEnded]);

  useEffect(() => {
    const elements = videos.current.filter((v): v is HTMLVideoElement => v !== null);
    const pool = new VideoPool(elements, {
      onLocked: (videoId, info) => setLocks((map) => new Map(map).set(videoId, info)),
      onError: (videoId) => setFailed((set) => new Set(set).add(videoId)),
    });
    poolRef.current = pool;
    const isCurrent = (video: HTMLVideoElement) => video.dataset.index === String(indexRef.current);

    const onPlaying = (event: Event) => {
      const video = event.currentTarget as HTMLVideoElement;
      if (!isCurrent(video)) return;
      const videoId = Number(video.dataset.videoId);
      probe.playing(videoId);
      setStartedId(videoId);
      // Neighbours start loading once the current item's first new frame is on screen, so their
      // set-up (a signed address, Media Source) does not compete with it.
      if ('requestVideoFrameCallback' in video)
        video.requestVideoFrameCallback(() => setTimeout(() => setSettledId(videoId), 0));
      else setSettledId(videoId);
      setPausedIndex(null);
    };
    const onPause = (event: Event) => {
      const video = event.currentTarget as HTMLVideoElement;
      if (isCurrent(video) && !video.ended) setPausedIndex(indexRef.current);
    };
    const onVideoEnded = (event: Event) => {
      if (isCurrent(event.currentTarget as HTMLVideoElement)) onEndedRef.current();
    };
    for (const video of elements) {
      video.addEventListener('playing', onPlaying);
      video.addEventListener('pause', onPause);
      video.addEventListener('ended', onVideoEnded);
    }
    return () => {
      for (const video of elements) {
        video.removeEventListener('playing', onPlaying);
        video.removeEventListener('pause', onPause);
        video.removeEventListener('ended', onVideoEnded);
      }
      pool.destroy();
      poolRef.current = null;
    };
  }, [indexRef]);

  /** The ref of slot `slot`'s `<video>` (0, 1, 2): the pool takes the three on mount. */
  const videoRef = useCallback(
    (slot: number) => (element: HTMLVideoElement | null) => {
      videos.current[slot] = element;
    },
    [],
  );

  /** Tries a failed episode again: its player is dropped and the pool attaches it afresh. */
  const retry = useCallback((videoId: number) => {
    poolRef.current?.drop(videoId);
    setFailed((set) => {
      const next = new Set(set);
      next.delete(videoId);
      return next;
    });
  }, []);

  /** A trial card started: no episode stays locked (the feed reloads with them all). */
  const clearLocks = useCallback(() => setLocks(new Map()), []);

  return { poolRef, videoRef, locks, failed, startedId, settledId, pausedIndex, retry, clearLocks };
}

/**
 * Keeps the pool's window on item `index` (neighbours attached once `loadNeighbours`), and plays
 * the current item as soon as it can play when it is `playable`; pauses it on leaving.
 */
export function usePoolWindow({
  poolRef,
  index,
  items,
  loadNeighbours,
  currentId,
  playable,
}: {
  poolRef: RefObject<VideoPool | null>;
  index: number;
  items: readonly PoolItem[];
  loadNeighbours: boolean;
  currentId: number | null;
  playable: boolean;
}): void {
  useEffect(() => {
    poolRef.current?.sync(index, items, loadNeighbours);
  }, [poolRef, index, items, loadNeighbours]);

  useEffect(() => {
    const pool = poolRef.current;
    if (!pool || currentId === null || !playable) return;
    const video = pool.videoAt(index);
    if (!video) return;
    const start = () => playInFeed(video);
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) start();
    else video.addEventListener('canplay', start, { once: true });
    return () => {
      video.removeEventListener('canplay', start);
      video.pause();
    };
  }, [poolRef, index, currentId, playable]);
}
