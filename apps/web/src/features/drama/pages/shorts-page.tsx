import type { EpisodeInfo, SeriesSummary } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type WheelEvent as ReactWheelEvent,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { dropBootShell, dropBootShellOver } from '../../../shared/boot-shell';
import { useT } from '../../../shared/i18n';
import {
  BookmarkIcon,
  EmptyState,
  HeartIcon,
  ListIcon,
  PlayFilledIcon,
  PlayIcon,
  ShareLinkIcon,
  Spinner,
  VolumeOffIcon,
} from '../../../shared/ui';
import { useFollowState } from '../api/follow-state';
import { useToggleFollow } from '../api/follow';
import { useToggleLike } from '../api/like';
import type { LockedInfo } from '../api/play';
import { useVideosFeed } from '../api/videos-page';
import { ActionButton } from '../components/action-button';
import { EpisodeSheet } from '../components/episode-sheet';
import { useShareSeries } from '../components/share';
import { UnlockPrompt } from '../components/unlock-prompt';
import { useLikeState } from '../lib/engagement-store';
import { detailsPath } from '../lib/links';
import { playWithSound, useSound } from '../lib/sound';
import { useProgressRecorder, type Watching } from '../lib/use-progress-recorder';
import { probe } from '../player/probe';
import { VideoPool, type PoolItem } from '../player/video-pool';
import '../drama.css';

interface FeedItem {
  series: SeriesSummary;
  episode: EpisodeInfo;
}

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
/** Share of the screen a drag must travel to move to the next item. */
const SWIPE_SHARE = 0.18;
const LOAD_AHEAD = 4;

function ShortsItem({
  item,
  index,
  active,
  lock,
  failed,
  started,
  paused,
  onRetry,
  onEpisodes,
  onShare,
  onWatchFree,
  onUnlocked,
}: {
  item: FeedItem;
  index: number;
  active: boolean;
  lock: LockedInfo | null;
  failed: boolean;
  started: boolean;
  paused: boolean;
  onRetry: () => void;
  onEpisodes: () => void;
  onShare: () => void;
  onWatchFree: (() => void) | undefined;
  onUnlocked: () => void;
}) {
  const t = useT();
  const { series, episode } = item;
  const like = useLikeState(episode.id, { liked: episode.liked, likeCount: episode.likeCount });
  const toggleLike = useToggleLike();
  const followed = useFollowState(series.id);
  const toggleFollow = useToggleFollow();
  return (
    <article
      className={lock ? 'ds-short ds-short--locked' : 'ds-short'}
      style={{ top: `${index * 100}%` }}
      data-testid="shorts-item"
      data-index={index}
      data-video-id={episode.id}
      data-active={active ? 'true' : 'false'}
      aria-hidden={!active}
    >
      {lock && <img className="ds-short__poster" src={episode.poster} alt="" />}
      {active && !lock && !failed && !started && (
        <div className="ds-short__center" role="status">
          <Spinner />
          <span className="ds-visually-hidden">{t('common.loading')}</span>
        </div>
      )}
      {active && !lock && started && paused && (
        <div className="ds-short__center ds-short__paused" aria-hidden="true">
          <PlayFilledIcon />
        </div>
      )}
      {lock && active && (
        <div className="ds-short__center ds-short__center--prompt">
          <UnlockPrompt
            number={lock.number}
            freeEpisodes={lock.freeEpisodes}
            onWatchFree={onWatchFree}
            onUnlocked={onUnlocked}
          />
        </div>
      )}
      {failed && !lock && active && (
        <div className="ds-short__center">
          <div className="ds-short__failed" role="alert">
            <p>{t('drama.playFailed')}</p>
            <Button
              size="small"
              color="primary"
              onClick={(event) => {
                event.stopPropagation();
                onRetry();
              }}
            >
              {t('common.retry')}
            </Button>
          </div>
        </div>
      )}
      <div className="ds-short__info">
        <h2 className="ds-short__title">{series.title}</h2>
        <p className="ds-short__episode">
          {t('drama.epOf', { number: episode.number, count: series.episodeCount })}
        </p>
        <p className="ds-short__description">{series.description}</p>
      </div>
      <div className="ds-short__rail">
        <ActionButton
          icon={<HeartIcon filled={like.liked} />}
          label={t(like.liked ? 'drama.unlike' : 'drama.like')}
          caption={like.likeCount}
          active={like.liked}
          pressed={like.liked}
          testId={active ? 'shorts-like' : undefined}
          onClick={() => toggleLike.toggle(episode.id, like.liked)}
        />
        <ActionButton
          icon={<BookmarkIcon filled={followed} />}
          label={t(followed ? 'drama.following' : 'drama.follow')}
          active={followed}
          pressed={followed}
          testId={active ? 'shorts-favorite' : undefined}
          onClick={() => toggleFollow.toggle(series.id, followed)}
        />
        <ActionButton
          icon={<ShareLinkIcon />}
          label={t('drama.share')}
          testId={active ? 'shorts-share' : undefined}
          onClick={onShare}
        />
        <ActionButton
          icon={<ListIcon />}
          label={t('drama.episodes')}
          caption={series.episodeCount}
          testId={active ? 'shorts-episodes' : undefined}
          onClick={onEpisodes}
        />
      </div>
    </article>
  );
}

export default function ShortsPage() {
  const t = useT();
  const navigate = useNavigate();
  const feed = useVideosFeed();
  const items: FeedItem[] = useMemo(() => feed.data?.pages.flatMap((page) => page.list) ?? [], [feed.data]);
  const [wantedIndex, setIndex] = useState(rememberedIndex);
  // A refetch may shorten the list: stay inside it.
  const index = items.length > 0 ? Math.min(wantedIndex, items.length - 1) : wantedIndex;
  const [locks, setLocks] = useState<ReadonlyMap<number, LockedInfo>>(new Map());
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const [startedId, setStartedId] = useState<number | null>(null);
  /** The item whose first frames have been shown: its neighbours may load now. */
  const [settledId, setSettledId] = useState<number | null>(null);
  /** The index whose video the viewer paused. */
  const [pausedIndex, setPausedIndex] = useState<number | null>(null);
  const [sheetSeries, setSheetSeries] = useState<number | null>(null);
  const soundOn = useSound((s) => s.on);
  const { share, popup: sharePopup } = useShareSeries();

  const feedRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const videoRefs = useRef<(HTMLVideoElement | null)[]>([null, null, null]);
  const poolRef = useRef<VideoPool | null>(null);
  const indexRef = useRef(index);
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  const current = items[index];
  const currentId = current?.episode.id ?? null;

  const lockOf = useCallback(
    (item: FeedItem): LockedInfo | null =>
      locks.get(item.episode.id) ??
      (item.episode.locked
        ? { seriesId: item.series.id, number: item.episode.number, freeEpisodes: item.series.freeEpisodes }
        : null),
    [locks],
  );

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
          void playWithSound(video, () => useSound.getState().setOn(false));
      }
      // The rest (overlays, the pool's window) renders without holding up the frames.
      startTransition(() => setIndex(target));
    },
    [feed],
  );

  const goToRef = useRef(goTo);
  useEffect(() => {
    goToRef.current = goTo;
  }, [goTo]);

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

  // The pool of three elements lives as long as the page.
  useEffect(() => {
    const videos = videoRefs.current.filter((v): v is HTMLVideoElement => v !== null);
    const pool = new VideoPool(videos, {
      onLocked: (videoId, info) => setLocks((map) => new Map(map).set(videoId, info)),
      onError: (videoId) => setFailed((set) => new Set(set).add(videoId)),
    });
    poolRef.current = pool;

    const onPlaying = (event: Event) => {
      const video = event.currentTarget as HTMLVideoElement;
      if (video.dataset.index !== String(indexRef.current)) return;
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
      if (video.dataset.index === String(indexRef.current) && !video.ended) setPausedIndex(indexRef.current);
    };
    const onEnded = (event: Event) => {
      const video = event.currentTarget as HTMLVideoElement;
      if (video.dataset.index === String(indexRef.current)) goToRef.current(indexRef.current + 1);
    };
    for (const video of videos) {
      video.addEventListener('playing', onPlaying);
      video.addEventListener('pause', onPause);
      video.addEventListener('ended', onEnded);
    }
    return () => {
      for (const video of videos) {
        video.removeEventListener('playing', onPlaying);
        video.removeEventListener('pause', onPause);
        video.removeEventListener('ended', onEnded);
      }
      pool.destroy();
      poolRef.current = null;
    };
  }, []);

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
  // Neighbours start loading once the current item plays (or cannot play at all).
  const loadNeighbours = settledId === currentId || currentLocked || currentFailed;

  useEffect(() => {
    poolRef.current?.sync(index, poolItems, loadNeighbours);
  }, [index, poolItems, loadNeighbours]);

  // Play the current item as soon as it can play; pause it on leaving.
  useEffect(() => {
    const pool = poolRef.current;
    if (!pool || currentId === null || currentLocked || currentFailed) return;
    const video = pool.videoAt(index);
    if (!video) return;
    const start = () => void playWithSound(video, () => useSound.getState().setOn(false));
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) start();
    else video.addEventListener('canplay', start, { once: true });
    return () => {
      video.removeEventListener('canplay', start);
      video.pause();
    };
  }, [index, currentId, currentLocked, currentFailed]);

  // index.html's first poster gives way once the feed shows its own (or has none), or is left.
  const currentPoster = current?.episode.poster;
  useEffect(
    () => (feed.isPending ? undefined : dropBootShellOver(currentPoster)),
    [feed.isPending, currentPoster],
  );
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
    [index, current, currentLocked],
  );
  useProgressRecorder(watching);

  // --- Gestures: drag (touch and mouse), wheel, keyboard. ---
  const drag = useRef<{ id: number; y: number; t: number; dy: number; moving: boolean } | null>(null);
  const suppressClick = useRef(false);

  const place = useCallback((dy: number, animate: boolean) => {
    const track = trackRef.current;
    if (!track) return;
    track.style.transition = animate ? '' : 'none';
    track.style.transform = `translate3d(0, calc(${-indexRef.current * 100}% + ${dy}px), 0)`;
  }, []);

  useLayoutEffect(() => {
    indexRef.current = index;
    place(0, true);
  }, [index, place]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!event.isPrimary || event.button !== 0) return;
    drag.current = { id: event.pointerId, y: event.clientY, t: performance.now(), dy: 0, moving: false };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    let dy = event.clientY - d.y;
    if (!d.moving) {
      if (Math.abs(dy) < 8) return;
      d.moving = true;
      feedRef.current?.setPointerCapture(event.pointerId);
    }
    const atStart = indexRef.current === 0 && dy > 0;
    const atEnd = indexRef.current >= itemsRef.current.length - 1 && dy < 0;
    if (atStart || atEnd) dy /= 3;
    d.dy = dy;
    place(dy, false);
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.id !== event.pointerId || !d.moving) return;
    suppressClick.current = true;
    setTimeout(() => {
      suppressClick.current = false;
    }, 0);
    const height = feedRef.current?.clientHeight ?? window.innerHeight;
    const speed = d.dy / Math.max(1, performance.now() - d.t);
    const far = Math.abs(d.dy) > height * SWIPE_SHARE || (Math.abs(d.dy) > 30 && Math.abs(speed) > 0.5);
    if (far) goTo(indexRef.current + (d.dy < 0 ? 1 : -1));
    place(0, true);
  };

  const wheel = useRef<{ locked: boolean; timer: number | undefined }>({ locked: false, timer: undefined });
  const onWheel = (event: ReactWheelEvent<HTMLDivElement>) => {
    const w = wheel.current;
    window.clearTimeout(w.timer);
    // One step per gesture: the lock ends once the wheel (and trackpad inertia) stays still.
    w.timer = window.setTimeout(() => {
      w.locked = false;
    }, 220);
    if (w.locked || Math.abs(event.deltaY) < 12 || sheetSeries !== null) return;
    w.locked = true;
    goTo(indexRef.current + (event.deltaY > 0 ? 1 : -1));
  };
  useEffect(() => () => window.clearTimeout(wheel.current.timer), []);

  const togglePlay = useCallback(() => {
    const video = poolRef.current?.videoAt(indexRef.current);
    if (!video || !video.getAttribute('src')) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  }, []);

  const unmute = useCallback(() => {
    useSound.getState().setOn(true);
    const video = poolRef.current?.videoAt(indexRef.current);
    if (!video) return;
    video.muted = false;
    if (video.paused && video.getAttribute('src')) void video.play().catch(() => undefined);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (sheetSeries !== null || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (event.key === 'ArrowDown' || event.key === 'PageDown') {
        event.preventDefault();
        goTo(indexRef.current + 1);
      } else if (event.key === 'ArrowUp' || event.key === 'PageUp') {
        event.preventDefault();
        goTo(indexRef.current - 1);
      } else if (event.key === ' ' && target?.tagName !== 'BUTTON') {
        event.preventDefault();
        if (useSound.getState().on) togglePlay();
        else unmute();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goTo, sheetSeries, togglePlay, unmute]);

  const onTap = () => {
    if (suppressClick.current) return;
    if (!useSound.getState().on) unmute();
    else togglePlay();
  };

  const firstEpisodeIndex = (seriesId: number) =>
    items.findIndex((item) => item.series.id === seriesId && !lockOf(item));

  const pickEpisode = (episode: EpisodeInfo) => {
    setSheetSeries(null);
    const at = items.findIndex((item) => item.episode.id === episode.id);
    if (at >= 0) setIndex(at);
    else void navigate(detailsPath(episode.seriesId, episode.id));
  };

  const retry = (videoId: number) => {
    poolRef.current?.drop(videoId);
    setFailed((set) => {
      const next = new Set(set);
      next.delete(videoId);
      return next;
    });
  };

  const from = Math.max(0, index - 1);
  const shown = items.slice(from, index + 2);

  // The three elements exist from the start (the pool owns them); a status covers them until
  // there is something to play.
  let status = null;
  if (feed.isPending) {
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
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onWheel={onWheel}
        onClickCapture={(event) => {
          if (suppressClick.current) {
            event.stopPropagation();
            event.preventDefault();
          }
        }}
        onClick={onTap}
      >
        <div ref={trackRef} className="ds-shorts__track">
          {SLOTS.map((slot) => (
            <video
              key={slot}
              ref={(element) => {
                videoRefs.current[slot] = element;
              }}
              className="ds-shorts__video"
              data-testid="shorts-video"
              data-slot={slot}
              muted
              playsInline
              preload="auto"
              disablePictureInPicture
              // Vertical episodes fill the screen; a landscape one is shown whole (drama.css).
              onLoadedMetadata={(event) => {
                const { videoWidth, videoHeight } = event.currentTarget;
                event.currentTarget.dataset.wide = String(videoWidth > videoHeight);
              }}
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
                lock={lockOf(item)}
                failed={failed.has(item.episode.id)}
                started={startedId === item.episode.id}
                paused={pausedIndex === at}
                onRetry={() => retry(item.episode.id)}
                onEpisodes={() => setSheetSeries(item.series.id)}
                onShare={() => share(item.series.id)}
                onWatchFree={first >= 0 && first !== at ? () => setIndex(first) : undefined}
                // A trial card started: no episode stays locked (the feed reloads with them all).
                onUnlocked={() => setLocks(new Map())}
              />
            );
          })}
        </div>
        {status}
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
