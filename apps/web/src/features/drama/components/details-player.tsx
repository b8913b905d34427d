import type { EpisodeInfo } from '@dramastar/contract';
import { memo, useEffect, useRef, useState } from 'react';
import { dropBootShell, dropBootShellOver } from '../../../shared/boot-shell';
import { endBootVideo, takeBootVideo } from '../../../shared/boot-video';
import { useT } from '../../../shared/i18n';
import { useOnReconnect } from '../../../shared/network/online';
import {
  FullScreenIcon,
  PauseIcon,
  PlayFilledIcon,
  Spinner,
  VolumeOffIcon,
  VolumeOnIcon,
} from '../../../shared/ui';
import type { LockedInfo } from '../api/play';
import { formatClock } from '../lib/format';
import { playWithSound, useSound } from '../lib/sound';
import { attachEpisode, type PlayerQuality } from '../player/attach';
import { probe } from '../player/probe';
import { useSubtitles } from '../player/use-subtitles';
import { QualityMenu } from './quality-menu';
import { SubtitleText } from './subtitles';

export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/**
 * Where the player starts when it takes over a boot video: this far ahead of it, so that by the
 * time its first segment is in (from the cache) the boot video has not passed it.
 */
const HANDOVER_LEAD_SECONDS = 0.5;
/** It takes over once it holds this much past the boot video's second, or after this long. */
const HANDOVER_AHEAD_SECONDS = 4;
const HANDOVER_WAIT_MS = 6000;

/** Seconds `video` holds from second `at` on (0 when `at` is not buffered). */
function bufferedAhead(video: HTMLVideoElement, at: number): number {
  const ranges = video.buffered;
  for (let i = 0; i < ranges.length; i++)
    if (ranges.start(i) <= at && at < ranges.end(i)) return ranges.end(i) - at;
  return 0;
}

export interface DetailsPlayerProps {
  episode: EpisodeInfo;
  /** Seconds to resume at. */
  startAt: number;
  onEnded: () => void;
  onLocked: (info: LockedInfo) => void;
  /** The element, for the progress recorder. */
  onVideo: (video: HTMLVideoElement | null) => void;
}

/** One episode: tap to pause or play, a seek bar, playback speed, sound. */
function Player({ episode, startAt, onEnded, onLocked, onVideo }: DetailsPlayerProps) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const playerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ time: 0, duration: episode.duration, paused: true, started: false });
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [speed, setSpeed] = useState<number>(1);
  const [speedsOpen, setSpeedsOpen] = useState(false);
  const [quality, setQuality] = useState<PlayerQuality | null>(null);
  const [qualityOpen, setQualityOpen] = useState(false);
  const soundOn = useSound((s) => s.on);
  const [muted, setMuted] = useState(!soundOn);
  const subtitles = useSubtitles(() => videoRef.current, episode.id);
  const callbacks = useRef({ onEnded, onLocked });
  useEffect(() => {
    callbacks.current = { onEnded, onLocked };
  }, [onEnded, onLocked]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const videoId = episode.id;
    setFailed(false);
    setQuality(null);
    setState({ time: startAt, duration: episode.duration, paused: true, started: false });
    probe.detailsOpened(videoId);
    // A guest's cold open may already be playing in the boot shell (index.html): this player
    // starts just ahead of it and takes over once it can play (handOver, below).
    const boot = takeBootVideo(videoId);
    const beginAt = boot ? boot.video.currentTime + HANDOVER_LEAD_SECONDS : startAt;
    if (boot?.firstFrameAt != null) probe.firstFrame(videoId, boot.firstFrameAt);
    else if (boot && 'requestVideoFrameCallback' in boot.video)
      boot.video.requestVideoFrameCallback(() => probe.firstFrame(videoId));
    const dropShell = boot ? () => undefined : dropBootShellOver(episode.poster);
    video.dataset.videoId = String(videoId);
    video.poster = episode.poster;
    onVideo(video);

    // Older browsers (and jsdom) lack requestVideoFrameCallback: 'playing' stands in for it.
    const frames = 'requestVideoFrameCallback' in video;
    let frameHandle: number | undefined;
    const firstFrame = () => probe.firstFrame(videoId);
    if (frames) frameHandle = video.requestVideoFrameCallback(firstFrame);

    const sync = () =>
      setState({
        time: video.currentTime,
        duration: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : episode.duration,
        paused: video.paused,
        started: true,
      });
    const onPlaying = () => {
      if (!frames) firstFrame();
      sync();
    };
    const onPause = () => setState((s) => ({ ...s, paused: true }));
    const onEnd = () => callbacks.current.onEnded();
    const onVolume = () => setMuted(video.muted);
    const play = () => void playWithSound(video, () => useSound.getState().setOn(false));
    /** Joins the boot video where it is (when that is buffered here), then ends it and the shell. */
    const handOver = () => {
      if (!boot) return;
      const at = boot.video.currentTime;
      if (bufferedAhead(video, at) > 0.1) video.currentTime = at;
      if (!boot.video.muted) useSound.getState().setOn(true);
      attachment.promote();
      endBootVideo();
      dropBootShell();
    };
    // The switch waits until this player holds a few seconds past the boot video's second (from
    // the cache, as a rule), so it cannot stall right after; the boot video plays on meanwhile.
    let waitHandle: number | undefined;
    const start = () => {
      if (!boot) {
        play();
        return;
      }
      const deadline = performance.now() + HANDOVER_WAIT_MS;
      const check = () => {
        const ready = bufferedAhead(video, boot.video.currentTime) >= HANDOVER_AHEAD_SECONDS;
        if (!ready && !boot.stopped && !boot.video.paused && performance.now() < deadline) return;
        window.clearInterval(waitHandle);
        handOver();
        play();
      };
      waitHandle = window.setInterval(check, 200);
      check();
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', sync);
    video.addEventListener('durationchange', sync);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnd);
    video.addEventListener('volumechange', onVolume);
    video.addEventListener('canplay', start, { once: true });

    const attachment = attachEpisode(video, videoId, {
      startAt: beginAt > 0 ? beginAt : undefined,
      lowest: boot !== null,
      onLocked: (info) => callbacks.current.onLocked(info),
      onError: () => setFailed(true),
      onQuality: setQuality,
    });
    return () => {
      if (frameHandle !== undefined) video.cancelVideoFrameCallback(frameHandle);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', sync);
      video.removeEventListener('durationchange', sync);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnd);
      video.removeEventListener('volumechange', onVolume);
      video.removeEventListener('canplay', start);
      window.clearInterval(waitHandle);
      attachment.destroy();
      dropShell();
      if (boot) endBootVideo();
      delete video.dataset.videoId;
      onVideo(null);
    };
    // startAt is read when the episode opens; a later change must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [episode.id, attempt]);

  // An episode that failed while the network was away plays again by itself when it returns.
  useOnReconnect(() => setAttempt((a) => a + 1), failed);

  // The chosen speed stays for the next episodes (a new source resets playbackRate).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = speed;
    video.playbackRate = speed;
  }, [speed, episode.id, state.started]);

  const tap = () => {
    const video = videoRef.current;
    if (!video || !video.getAttribute('src')) return;
    if (!useSound.getState().on || video.muted) {
      useSound.getState().setOn(true);
      video.muted = false;
      if (video.paused) void video.play().catch(() => undefined);
      return;
    }
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  };

  const toggleSound = () => {
    const video = videoRef.current;
    if (!video) return;
    const on = video.muted;
    useSound.getState().setOn(on);
    video.muted = !on;
  };

  /** The player (picture and controls) on the whole screen; iOS Safari knows only the video's own. */
  const fullScreen = () => {
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    const player = playerRef.current;
    const video: (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null = videoRef.current;
    if (typeof player?.requestFullscreen === 'function')
      void player.requestFullscreen().catch(() => undefined);
    else video?.webkitEnterFullscreen?.();
  };

  const seek = (value: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = value;
    setState((s) => ({ ...s, time: value }));
  };

  return (
    <div className="ds-player" ref={playerRef}>
      <div className="ds-player__stage">
        <video
          ref={videoRef}
          className="ds-player__video"
          data-testid="details-video"
          muted
          playsInline
          preload="auto"
          disablePictureInPicture
          onClick={tap}
        />
        <SubtitleText view={subtitles} className="ds-player__subtitles" />
        {!state.started && !failed && (
          <div className="ds-player__overlay" role="status">
            <Spinner />
            <span className="ds-visually-hidden">{t('common.loading')}</span>
          </div>
        )}
        {state.started && state.paused && !failed && (
          <button
            type="button"
            className="ds-player__overlay ds-player__big-play"
            aria-label={t('drama.play')}
            onClick={tap}
          >
            <PlayFilledIcon />
          </button>
        )}
        {failed && (
          <div className="ds-player__overlay" role="alert">
            <div className="ds-short__failed">
              <p>{t('drama.playFailed')}</p>
              <button
                type="button"
                className="ds-chip ds-chip--active"
                onClick={() => setAttempt((a) => a + 1)}
              >
                {t('common.retry')}
              </button>
            </div>
          </div>
        )}
        {muted && state.started && (
          <button type="button" className="ds-shorts__sound" data-testid="details-sound" onClick={tap}>
            <VolumeOffIcon />
            {t('drama.tapForSound')}
          </button>
        )}
      </div>
      <div className="ds-player__controls">
        <button
          type="button"
          className="ds-icon-button"
          aria-label={t(state.paused ? 'drama.play' : 'drama.pause')}
          data-testid="details-play"
          onClick={() => {
            const video = videoRef.current;
            if (!video || !video.getAttribute('src')) return;
            if (video.paused) void video.play().catch(() => undefined);
            else video.pause();
          }}
        >
          {state.paused ? <PlayFilledIcon /> : <PauseIcon />}
        </button>
        <span className="ds-player__time">{formatClock(state.time)}</span>
        <input
          type="range"
          className="ds-player__seek"
          min={0}
          max={Math.max(state.duration, 0.1)}
          step={0.1}
          value={Math.min(state.time, state.duration)}
          aria-label={t('drama.seek')}
          data-testid="details-seek"
          onChange={(event) => seek(Number(event.target.value))}
        />
        <span className="ds-player__time">{formatClock(state.duration)}</span>
        <button
          type="button"
          className="ds-icon-button"
          aria-label={t(muted ? 'drama.soundOn' : 'drama.soundOff')}
          data-testid="details-mute"
          onClick={toggleSound}
        >
          {muted ? <VolumeOffIcon /> : <VolumeOnIcon />}
        </button>
        <button
          type="button"
          className="ds-icon-button"
          aria-label={t('drama.fullScreen')}
          data-testid="details-fullscreen"
          onClick={fullScreen}
        >
          <FullScreenIcon />
        </button>
        {/* Its place is kept until the episode has something to choose: the controls never move. */}
        <QualityMenu
          available={(quality !== null && quality.levels.length > 1) || subtitles.tracks.length > 0}
          quality={quality ?? { levels: [], playing: null }}
          subtitles={subtitles}
          open={qualityOpen}
          onOpen={(open) => {
            setQualityOpen(open);
            if (open) setSpeedsOpen(false);
          }}
        />
        <div className="ds-speed">
          <button
            type="button"
            className="ds-speed__button"
            aria-label={t('drama.speed')}
            aria-expanded={speedsOpen}
            data-testid="details-speed"
            data-speed={speed}
            onClick={() => {
              setSpeedsOpen((open) => !open);
              setQualityOpen(false);
            }}
          >
            {speed}x
          </button>
          {speedsOpen && (
            <div className="ds-speed__menu" role="menu">
              {SPEEDS.map((value) => (
                <button
                  key={value}
                  type="button"
                  role="menuitemradio"
                  aria-checked={value === speed}
                  className={
                    value === speed ? 'ds-speed__option ds-speed__option--active' : 'ds-speed__option'
                  }
                  data-testid={`details-speed-${value}`}
                  onClick={() => {
                    setSpeed(value);
                    setSpeedsOpen(false);
                  }}
                >
                  {value}x
                </button>
              ))}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The episode page's player. Memoised: the page redraws for its own reasons (a follow, an episode
 * played, the rail's subtitles) and the player, whose props have not changed then, is skipped.
 */
export const DetailsPlayer = memo(Player);
