import Hls, { Events, PlaylistLevelType, type ErrorData } from 'hls.js/light';
import { fetchPlay, lockedInfo, type LockedInfo } from '../api/play';
import { dataSaverOn, useQuality } from '../../../shared/store/video-quality';
import { estimateAfterWarmSegment, warmFetchOf } from './estimate';
import { chosenLevel, levelCeiling, shortSide } from './quality';
import { subtitleTracks } from './subtitle-tracks';
import { warmRendition } from './warm-start';

export interface AttachOptions {
  /** Seconds to start at (resume). */
  startAt?: number;
  /** A neighbour loaded ahead of time: buffer only a little until it becomes current. */
  preload?: boolean;
  /**
   * Only the lowest rendition until `promote()`: the player waiting to take over from the boot
   * video (index.html), whose lowest-rung segments it finds in the cache, fetches no others twice.
   */
  lowest?: boolean;
  /** The server refused: the episode is locked for this viewer (409 `EpisodeLocked`). */
  onLocked?: (info: LockedInfo) => void;
  /** No playable stream (network, unsupported browser, a second expired address). */
  onError?: (error: unknown) => void;
  /** The episode's renditions and the one playing, as they become known and change (hls.js only). */
  onQuality?: (quality: PlayerQuality) => void;
}

/** What the quality menu shows: the rungs (short sides, lowest first) and the one on screen. */
export interface PlayerQuality {
  levels: number[];
  /** Short side of the rendition playing, null before the first one loads. */
  playing: number | null;
}

export interface Attachment {
  readonly videoId: number;
  /** The neighbour (or an item swiped away from and back to) became current: buffer normally. */
  promote: () => void;
  /**
   * Swiped away from: keep what is buffered (a swipe back plays at once) but load no more, and
   * cancel a segment under way, so the new current item has the network to itself.
   */
  hold: () => void;
  /** Full teardown: stops loading, hls.destroy(), removeAttribute('src'), load(). */
  destroy: () => void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';
/** A Shorts neighbour loads what starts it: one 2 s segment of its lowest rendition. */
const PRELOAD_BUFFER_SECONDS = 2;
/**
 * The current episode is buffered this far ahead, and never more than `MAX_BUFFER_SECONDS` (hls.js
 * would otherwise fill its 60 MB budget, i.e. a whole episode, most of which a swipe throws away).
 */
const PLAY_BUFFER_SECONDS = 12;
const MAX_BUFFER_SECONDS = 15;

/**
 * The bandwidth hls.js measured on the last episode (bit/s), the next one's first estimate: a
 * cold open starts at the lowest rendition and climbs; later episodes start where the network is.
 */
let learnedBandwidth: number | null = null;

/** Which engine plays HLS here: hls.js over Media Source, else the browser itself (iOS Safari). */
export function hlsEngine(video: HTMLVideoElement): 'hls.js' | 'native' | null {
  if (Hls.isSupported()) return 'hls.js';
  if (video.canPlayType(HLS_TYPE) !== '') return 'native';
  return null;
}

function responseCode(data: ErrorData): number | undefined {
  return data.response?.code;
}

/**
 * Plays an episode in a `<video>`: asks `/sv/play/:videoId` for a signed playlist address and
 * drives the element with hls.js, or natively where Media Source is missing. When the address
 * has expired (the playlist or a segment answers 403) it asks once for a new one and continues
 * where it was. `destroy()` leaves the element empty and ready for the next episode.
 */
export function attachEpisode(
  video: HTMLVideoElement,
  videoId: number,
  options: AttachOptions = {},
): Attachment {
  const controller = new AbortController();
  let destroyed = false;
  let hls: Hls | null = null;
  let url = '';
  /** Renewals since media last loaded; a second 403 in a row is an error, not a loop. */
  let renewals = 0;
  let preloading = options.preload === true;
  let lowest = options.lowest === true;
  /** Swiped away from (`hold`): nothing more loads until `promote`. */
  let held = false;
  const engine = hlsEngine(video);
  const cleanups: (() => void)[] = [];
  // Each play answer (the first and every renewal) brings the subtitle tracks' fresh addresses.
  const subtitles = subtitleTracks(video);
  cleanups.push(subtitles.clear);

  const listen = <K extends keyof HTMLMediaElementEventMap>(
    type: K,
    handler: (event: HTMLMediaElementEventMap[K]) => void,
  ) => {
    video.addEventListener(type, handler);
    cleanups.push(() => video.removeEventListener(type, handler));
  };

  const fail = (error: unknown) => {
    if (!destroyed) options.onError?.(error);
  };

  const sign = async (): Promise<string | null> => {
    try {
      const result = await fetchPlay(videoId, controller.signal);
      if (destroyed) return null;
      subtitles.set(result.subtitles);
      // hls.js starts at the lowest rung (no measured network yet, or a neighbour's preload) on
      // Auto: that rung's playlist and first segment are fetched now, beside the master playlist.
      const startsLowest = learnedBandwidth === null || preloading;
      if (engine === 'hls.js' && result.startUrl && startsLowest && useQuality.getState().choice === 'auto')
        void warmRendition(result.startUrl, options.startAt ?? 0).catch(() => undefined);
      return result.playlistUrl;
    } catch (error) {
      if (destroyed) return null;
      const locked = lockedInfo(error);
      if (locked) options.onLocked?.(locked);
      else fail(error);
      return null;
    }
  };

  /**
   * A new hls.js instance on the element. It is made and attached before the address is signed
   * (while /sv/play answers), so Media Source is open when the playlist arrives and the first
   * segment is asked at once: attached after the playlist, hls.js waits for its next 100 ms tick.
   */
  const createHls = (startAt: number | undefined) => {
    hls?.destroy();
    const buffer = preloading ? PRELOAD_BUFFER_SECONDS : PLAY_BUFFER_SECONDS;
    const instance = new Hls({
      startPosition: startAt ?? -1,
      maxBufferLength: buffer,
      maxMaxBufferLength: preloading ? buffer : MAX_BUFFER_SECONDS,
      // The lowest rendition first (listed first), unless an earlier episode measured the network.
      startLevel: learnedBandwidth !== null && !preloading ? -1 : 0,
      abrEwmaDefaultEstimate: learnedBandwidth ?? 500_000,
      // The player's size, the data saver and a neighbour's preload each cap the rendition; hls.js's
      // own capLevelToPlayerSize would overwrite the others (applyQuality does all three).
      capLevelToPlayerSize: false,
      // The first segment loads as soon as the playlist is read, attached or not.
      startFragPrefetch: true,
      // Segments are transmuxed on the page's thread, not in a worker: hls.js starts its worker by
      // evaluating its whole script (~370 KB) again inside it, per instance, which delayed the
      // first frame by ~85 ms here (234 → 150 ms median from attach to first frame) and costs a
      // phone's CPU at every episode; a 2 s segment's transmux takes a few ms.
      enableWorker: false,
    });
    hls = instance;
    instance.on(Events.ERROR, (_event, data) => {
      if (hls !== instance || destroyed) return;
      if (responseCode(data) === 403) {
        void renew();
        return;
      }
      if (data.fatal) fail(new Error(`HLS ${data.type}: ${data.details}`));
    });
    instance.on(Events.FRAG_LOADED, () => {
      renewals = 0;
    });
    // After hls.js has sampled the segment (its listener runs first) and before it picks the next
    // one: a segment fetched ahead came from the cache, so the estimate restarts from what that
    // fetch measured on the network (estimate.ts).
    instance.on(Events.FRAG_BUFFERED, (_event, { frag }) => {
      if (hls !== instance || frag.type !== PlaylistLevelType.MAIN || frag.sn === 'initSegment') return;
      const warm = warmFetchOf(frag.url);
      if (warm)
        instance.bandwidthEstimate = estimateAfterWarmSegment(warm, instance.config.abrEwmaDefaultEstimate);
      const estimate = instance.bandwidthEstimate;
      if (Number.isFinite(estimate) && estimate > 0) learnedBandwidth = estimate;
    });
    instance.on(Events.MANIFEST_PARSED, () => {
      if (hls !== instance) return;
      applyQuality();
      if (held) instance.stopLoad();
    });
    instance.on(Events.LEVEL_SWITCHED, () => {
      if (hls === instance) reportQuality();
    });
    instance.attachMedia(video);
    return instance;
  };

  const reportQuality = () => {
    if (!hls || !options.onQuality) return;
    const levels = hls.levels.map(shortSide);
    const level = hls.levels[hls.currentLevel];
    options.onQuality({ levels, playing: level ? shortSide(level) : null });
  };

  /** The rendition ceiling and the viewer's fixed choice, applied to the playing instance. */
  const applyQuality = () => {
    const instance = hls;
    if (!instance || instance.levels.length === 0) return;
    const prefs = useQuality.getState();
    const saver = dataSaverOn(prefs);
    const dpr = Math.min(window.devicePixelRatio || 1, 3);
    const fit: 'cover' | 'contain' = getComputedStyle(video).objectFit === 'cover' ? 'cover' : 'contain';
    const player =
      video.clientWidth > 0
        ? { width: video.clientWidth * dpr, height: video.clientHeight * dpr, fit }
        : null;
    const ceiling = levelCeiling(instance.levels, {
      preload: preloading || lowest,
      dataSaver: saver,
      player,
    });
    if (instance.autoLevelCapping !== ceiling) instance.autoLevelCapping = ceiling;
    const manual = preloading || lowest ? -1 : chosenLevel(instance.levels, prefs.choice, saver);
    if (instance.manualLevel !== manual) instance.nextLevel = manual;
    reportQuality();
  };
  cleanups.push(useQuality.subscribe(applyQuality));
  // Shorts fits a wide picture (contain) once its size is known: the ceiling follows.
  listen('loadedmetadata', () => applyQuality());
  if (typeof ResizeObserver !== 'undefined') {
    const resized = new ResizeObserver(() => applyQuality());
    resized.observe(video);
    cleanups.push(() => resized.disconnect());
  }

  /** The instance made at attach time takes the first address; a renewed one starts anew. */
  const startHls = (source: string, startAt: number | undefined) => {
    const instance = hls && hls.url === null ? hls : createHls(startAt);
    instance.loadSource(source);
  };

  const startNative = (source: string, startAt: number | undefined) => {
    if (startAt !== undefined && startAt > 0) {
      const seek = () => {
        video.removeEventListener('loadedmetadata', seek);
        video.currentTime = startAt;
      };
      video.addEventListener('loadedmetadata', seek);
      cleanups.push(() => video.removeEventListener('loadedmetadata', seek));
    }
    video.src = source;
  };

  const start = (source: string, startAt: number | undefined) => {
    url = source;
    if (engine === 'hls.js') startHls(source, startAt);
    else startNative(source, startAt);
  };

  /** The signed address expired: one new address, then continue at the same second. */
  const renew = async () => {
    if (renewals >= 1) {
      fail(new Error('The stream address was refused twice'));
      return;
    }
    renewals += 1;
    const at = video.currentTime;
    const wasPlaying = !video.paused;
    const next = await sign();
    if (next === null) return;
    start(next, at > 0 ? at : undefined);
    if (wasPlaying) video.play().catch(() => undefined);
  };

  if (engine === 'native') {
    // The browser hides HTTP statuses from media errors: ask the playlist itself.
    listen('error', () => {
      if (!url || destroyed) return;
      const failed = url;
      fetch(failed, { cache: 'no-store', signal: controller.signal })
        .then((response) => {
          if (failed !== url || destroyed) return;
          if (response.status === 403) void renew();
          else fail(new Error(`Media error on ${failed}`));
        })
        .catch(fail);
    });
    listen('loadeddata', () => {
      renewals = 0;
    });
  }

  if (engine === null) {
    queueMicrotask(() => fail(new Error('This browser cannot play HLS')));
  } else {
    video.preload = 'auto';
    if (engine === 'hls.js') createHls(options.startAt);
    void sign().then((source) => {
      if (source !== null) start(source, options.startAt);
    });
  }

  return {
    videoId,
    promote: () => {
      preloading = false;
      lowest = false;
      const wasHeld = held;
      held = false;
      if (!hls) return;
      hls.config.maxBufferLength = PLAY_BUFFER_SECONDS;
      hls.config.maxMaxBufferLength = MAX_BUFFER_SECONDS;
      applyQuality();
      // From where it was (hls.js resumes at the element's last position).
      if (wasHeld) hls.startLoad(-1);
    },
    hold: () => {
      if (held || destroyed) return;
      held = true;
      hls?.stopLoad();
    },
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      controller.abort();
      for (const cleanup of cleanups) cleanup();
      hls?.destroy();
      hls = null;
      video.pause();
      video.removeAttribute('src');
      video.load();
    },
  };
}
