import type { EpisodeInfo } from '@dramastar/contract';
import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { dropBootShell, dropBootShellOver } from '../../../shared/boot-shell';
import { useT } from '../../../shared/i18n';
import { useOnReconnect } from '../../../shared/network/online';
import { EmptyState, HeartIcon, PlayIcon, Spinner, VolumeOffIcon, VolumeOnIcon } from '../../../shared/ui';
import { Button } from '../../../shared/ui/button';
import { useToggleLike } from '../api/like';
import type { LockedInfo } from '../api/play';
import { useVideosFeed } from '../api/videos-page';
import { EpisodeSheet } from '../components/episode-sheet';
import { useShareSeries } from '../components/share';
import { UnlockPrompt } from '../components/unlock-prompt';
import { useEngagement } from '../lib/engagement-store';
import { detailsPath } from '../lib/links';
import { useSound } from '../lib/sound';
import { useProgressRecorder, type Watching } from '../lib/use-progress-recorder';
import { useEpisodeEvents, usePaywallShown } from '../../../shared/analytics/use-episode-events';
import { probe } from '../player/probe';
import type { PoolItem } from '../player/video-pool';
import { ShortsItem, type FeedItem } from '../shorts/shorts-item';
import { ShortsProgress } from '../shorts/shorts-progress';
import { useFeedKeys } from '../shorts/use-feed-keys';
import { playInFeed, usePoolWindow, useShortsPool } from '../shorts/use-shorts-pool';
import { useSwipe } from '../shorts/use-swipe';
import { useWheelStep } from '../shorts/use-wheel-step';
import '../drama.css';

const INDEX_KEY = 'dramastar.shortsIndex';

/** Where the viewer was in the feed, kept for the browser session (tabs unmount their pages). */
function rememberedIndex(): number {
  try {
    const value = Number(sessionStorage.getItem(INDEX_KEY));
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

function rememberIndex(index: number): void {
  try {
    sessionStorage.setItem(INDEX_KEY, String(index));
  } catch {
    // Without storage the feed starts from the top next time.
  }
}
const SLOTS = [0, 1, 2] as const;
const LOAD_AHEAD = 4;
/** A second tap within this many ms is a double tap (a like), not a pause. */
const DOUBLE_TAP_MS = 280;
/** What an item that is not playing watches for subtitles. */
const noVideo = () => null;

export default function ShortsPage() {
  const t = useT();
  const navigate = useNavigate();
  const feed = useVideosFeed();
  // The feed's pages are drawn by a background render that yields to the browser (a query's update
  // alone draws in one blocking task, ~40 ms on a phone); until the first is drawn, the spinner.
  const pages = useDeferredValue(feed.data?.pages);
  const waiting = pages === undefined && !feed.isError;
  const items: FeedItem[] = useMemo(() => pages?.flatMap((page) => page.list) ?? [], [pages]);
  const [wantedIndex, setIndex] = useState(rememberedIndex);
  // A refetch may shorten the list: stay inside it.
  const index = items.length > 0 ? Math.min(wantedIndex, items.length - 1) : wantedIndex;
  const [sheetSeries, setSheetSeries] = useState<number | null>(null);
  const soundOn = useSound((s) => s.on);
  const { share, popup: sharePopup } = useShareSeries();

  const feedRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const indexRef = useRef(index);
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  // A video that ends moves the feed on (goTo is declared below; the pool calls the latest).
  const goToRef = useRef<(next: number) => void>(() => undefined);
  const onEnded = useCallback(() => goToRef.current(indexRef.current + 1), []);
  const { poolRef, videoRef, locks, failed, startedId, settledId, pausedIndex, retry, clearLocks } =
    useShortsPool({ indexRef, onEnded });

  const current = items[index];
  const currentId = current?.episode.id ?? null;

  /**
   * A card was just bought on this item's paywall: its sheet stays ("the card is active",
   * "Continue watching") while the feed reloads unlocked, until the viewer continues or moves on.
   */
  const [paidOn, setPaidOn] = useState<{ videoId: number; lock: LockedInfo } | null>(null);
  if (paidOn && paidOn.videoId !== currentId) setPaidOn(null);

  const lockOf = useCallback(
    (item: FeedItem): LockedInfo | null =>
      (paidOn?.videoId === item.episode.id ? paidOn.lock : null) ??
      locks.get(item.episode.id) ??
      (item.episode.locked
        ? { seriesId: item.series.id, number: item.episode.number, freeEpisodes: item.series.freeEpisodes }
        : null),
    [locks, paidOn],
  );
  // A neighbour is paid: the prompt's script is asked now, so that it shows at once on a swipe.
  const lockedNear = [items[index - 1], items[index + 1]].some((item) => item && lockOf(item) !== null);
  useEffect(() => {
    if (lockedNear) UnlockPrompt.prefetch();
  }, [lockedNear]);

  const goTo = useCallback(
    (next: number) => {
      const list = itemsRef.current;
      if (next >= list.length) {
        if (feed.hasNextPage && !feed.isFetchingNextPage) void feed.fetchNextPage();
        return;
      }
      const target = Math.max(0, next);
      const item = list[target];
      const pool = poolRef.current;
      // A swipe's next episode starts in the gesture's own event, not after React has rendered:
      // a preloaded neighbour is already on its first frame, so the finger lifting starts it.
      if (item && pool && target !== indexRef.current) {
        pool.videoAt(indexRef.current)?.pause();
        indexRef.current = target;
        probe.switched(item.episode.id);
        const video = pool.videoAt(target);
        if (video?.getAttribute('src') && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA)
          playInFeed(video);
      }
      // The rest (overlays, the pool's window) renders without holding up the frames.
      startTransition(() => setIndex(target));
    },
    [feed, poolRef],
  );
  useEffect(() => {
    goToRef.current = goTo;
  }, [goTo]);
  /** One item on or back, from where the gesture found the feed. */
  const step = useCallback((delta: 1 | -1) => goTo(indexRef.current + delta), [goTo]);

  useEffect(() => {
    rememberIndex(index);
  }, [index]);

  // A new active item: the probe notes the time; the first 'playing' after it is measured.
  useEffect(() => {
    // A swipe has told the probe already (goTo); other ways here (a picked episode) tell it now.
    if (currentId !== null && probe.read().activeVideoId !== currentId) probe.switched(currentId);
  }, [currentId, index]);

  // Load more as the end approaches.
  useEffect(() => {
    if (
      items.length > 0 &&
      index >= items.length - LOAD_AHEAD &&
      feed.hasNextPage &&
      !feed.isFetchingNextPage
    )
      void feed.fetchNextPage();
  }, [index, items.length, feed]);

  const poolItems: PoolItem[] = useMemo(
    () =>
      items.map((item) => ({
        videoId: item.episode.id,
        poster: item.episode.poster,
        locked: lockOf(item) !== null || failed.has(item.episode.id),
      })),
    [items, lockOf, failed],
  );

  const currentLocked = current ? lockOf(current) !== null : false;
  const currentFailed = currentId !== null && failed.has(currentId);
  // Back online: the episode that failed for want of a network plays again without a tap.
  useOnReconnect(() => {
    if (currentId !== null && failed.has(currentId)) retry(currentId);
  }, currentFailed);
  // Neighbours start loading once the current item plays (or cannot play at all).
  const loadNeighbours = settledId === currentId || currentLocked || currentFailed;

  usePoolWindow({
    poolRef,
    index,
    items: poolItems,
    loadNeighbours,
    currentId,
    playable: !currentLocked && !currentFailed,
  });

  // index.html's first poster gives way once the feed shows its own (or has none), or is left.
  const currentPoster = current?.episode.poster;
  useEffect(() => (waiting ? undefined : dropBootShellOver(currentPoster)), [waiting, currentPoster]);
  useEffect(() => dropBootShell, []);

  // Progress of the current item (signed-in viewers).
  const watching: Watching | null = useMemo(
    () =>
      current && !currentLocked
        ? {
            seriesId: current.series.id,
            videoId: current.episode.id,
            video: () => poolRef.current?.videoAt(index) ?? null,
          }
        : null,
    [index, current, currentLocked, poolRef],
  );
  useProgressRecorder(watching);
  useEpisodeEvents(watching, current?.episode.number, 'shorts');
  usePaywallShown(
    current && currentLocked
      ? { seriesId: current.series.id, episodeId: current.episode.id, episode: current.episode.number }
      : null,
  );

  // --- Gestures: drag (touch and mouse), wheel, keyboard. ---
  const swipe = useSwipe({ feedRef, trackRef, indexRef, count: () => itemsRef.current.length, onStep: step });
  const { place } = swipe;
  useLayoutEffect(() => {
    indexRef.current = index;
    place(0, true);
  }, [index, place]);
  const onWheel = useWheelStep({ disabled: sheetSeries !== null, onStep: step });

  const togglePlay = useCallback(() => {
    const video = poolRef.current?.videoAt(indexRef.current);
    if (!video || !video.getAttribute('src')) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  }, [poolRef]);

  const unmute = useCallback(() => {
    useSound.getState().setOn(true);
    const video = poolRef.current?.videoAt(indexRef.current);
    if (!video) return;
    video.muted = false;
    if (video.paused && video.getAttribute('src')) void video.play().catch(() => undefined);
  }, [poolRef]);

  const onSpace = useCallback(() => {
    if (useSound.getState().on) togglePlay();
    else unmute();
  }, [togglePlay, unmute]);
  useFeedKeys({ disabled: sheetSeries !== null, onStep: step, onSpace });

  const currentVideo = useCallback(() => poolRef.current?.videoAt(indexRef.current) ?? null, [poolRef]);

  const mute = useCallback(() => {
    useSound.getState().setOn(false);
    const video = poolRef.current?.videoAt(indexRef.current);
    if (video) video.muted = true;
  }, [poolRef]);

  // A tap pauses or plays (turns the sound on while it is off); two taps like the episode, as in
  // the leading apps: the pause waits DOUBLE_TAP_MS for a second tap.
  const toggleLike = useToggleLike();
  const likes = useEngagement((s) => s.likes);
  const [heart, setHeart] = useState(0);
  const lastTap = useRef<{ at: number; timer: number | undefined }>({ at: 0, timer: undefined });
  useEffect(() => () => window.clearTimeout(lastTap.current.timer), []);
  const onTap = () => {
    if (swipe.clickSuppressed()) return;
    const now = performance.now();
    const tap = lastTap.current;
    if (now - tap.at < DOUBLE_TAP_MS) {
      window.clearTimeout(tap.timer);
      tap.at = 0;
      const item = itemsRef.current[indexRef.current];
      if (!item || lockOf(item)) return;
      const { episode } = item;
      setHeart((n) => n + 1);
      const liked = likes[episode.id]?.liked ?? episode.liked;
      if (!liked) toggleLike.toggle(episode.id, false);
      return;
    }
    tap.at = now;
    if (!useSound.getState().on) {
      unmute();
      return;
    }
    tap.timer = window.setTimeout(togglePlay, DOUBLE_TAP_MS);
  };

  const firstEpisodeIndex = (seriesId: number) =>
    items.findIndex((item) => item.series.id === seriesId && !lockOf(item));

  const pickEpisode = (episode: EpisodeInfo) => {
    setSheetSeries(null);
    const at = items.findIndex((item) => item.episode.id === episode.id);
    if (at >= 0) setIndex(at);
    else void navigate(detailsPath(episode.seriesId, episode.id));
  };

  const from = Math.max(0, index - 1);
  const shown = items.slice(from, index + 2);

  // The three elements exist from the start (the pool owns them); a status covers them until
  // there is something to play.
  let status = null;
  if (waiting) {
    status = (
      <div className="ds-shorts__status" role="status">
        <Spinner />
        <span className="ds-visually-hidden">{t('common.loading')}</span>
      </div>
    );
  } else if (feed.isError && items.length === 0) {
    status = (
      <div className="ds-shorts__status">
        <EmptyState
          testId="shorts-error"
          title={t('common.loadErrorTitle')}
          description={t('common.loadErrorDescription')}
          action={
            <Button color="primary" onClick={() => void feed.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  } else if (items.length === 0) {
    status = (
      <div className="ds-shorts__status">
        <EmptyState
          testId="shorts-empty"
          icon={<PlayIcon />}
          title={t('shorts.emptyTitle')}
          description={t('shorts.emptyDescription')}
        />
      </div>
    );
  }

  return (
    <>
      <div
        ref={feedRef}
        className="ds-shorts"
        data-testid="shorts-feed"
        aria-label={t('tab.shorts')}
        {...swipe.handlers}
        onWheel={onWheel}
        onClick={onTap}
      >
        <div ref={trackRef} className="ds-shorts__track">
          {SLOTS.map((slot) => (
            <video
              key={slot}
              ref={videoRef(slot)}
              className="ds-shorts__video"
              data-testid="shorts-video"
              data-slot={slot}
              muted
              playsInline
              preload="auto"
              disablePictureInPicture
            />
          ))}
          {shown.map((item, offset) => {
            const at = from + offset;
            const first = firstEpisodeIndex(item.series.id);
            return (
              <ShortsItem
                key={`${item.episode.id}-${at}`}
                item={item}
                index={at}
                active={at === index}
                video={at === index ? currentVideo : noVideo}
                lock={lockOf(item)}
                failed={failed.has(item.episode.id)}
                started={startedId === item.episode.id}
                paused={pausedIndex === at}
                onRetry={() => retry(item.episode.id)}
                onEpisodes={() => setSheetSeries(item.series.id)}
                onShare={() => share(item.series.id, item.episode.id)}
                onWatchFree={first >= 0 && first !== at ? () => setIndex(first) : undefined}
                // A trial card started, or "Continue watching" after paying: no episode stays
                // locked (the feed reloads with them all) and this item plays where it is.
                onUnlocked={() => {
                  setPaidOn(null);
                  clearLocks();
                }}
                onPaid={() => {
                  const lock = lockOf(item);
                  if (lock) setPaidOn({ videoId: item.episode.id, lock });
                }}
              />
            );
          })}
        </div>
        {status}
        {status === null && !currentLocked && !currentFailed && (
          <ShortsProgress
            key={currentId}
            videoId={startedId === currentId ? currentId : null}
            video={currentVideo}
          />
        )}
        {heart > 0 && (
          <span key={heart} className="ds-shorts__heart" aria-hidden="true">
            <HeartIcon filled />
          </span>
        )}
        {soundOn && status === null && !currentLocked && (
          <button
            type="button"
            className="ds-icon-button ds-shorts__mute"
            aria-label={t('drama.soundOff')}
            data-testid="shorts-mute"
            onClick={(event) => {
              event.stopPropagation();
              mute();
            }}
          >
            <VolumeOnIcon />
          </button>
        )}
        {!soundOn && status === null && !currentLocked && (
          <button
            type="button"
            className="ds-shorts__sound"
            data-testid="shorts-sound"
            onClick={(event) => {
              event.stopPropagation();
              unmute();
            }}
          >
            <VolumeOffIcon />
            {t('drama.tapForSound')}
          </button>
        )}
        <div className="ds-visually-hidden" aria-live="polite">
          {current
            ? t('drama.nowShowing', { title: current.series.title, number: current.episode.number })
            : ''}
        </div>
      </div>
      <EpisodeSheet
        seriesId={sheetSeries}
        currentVideoId={currentId}
        onPick={pickEpisode}
        onClose={() => setSheetSeries(null)}
      />
      {sharePopup}
    </>
  );
}
