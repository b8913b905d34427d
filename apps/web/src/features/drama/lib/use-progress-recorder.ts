import { useEffect, useRef } from 'react';
import { useSession } from '../../../shared/store/session';
import { saveProgress } from '../api/add-view-his';

export interface Watching {
  seriesId: number;
  videoId: number;
  /** The element playing it (read when the recording starts). */
  video: () => HTMLVideoElement | null;
}

const INTERVAL_MS = 5000;

/**
 * Saves the viewer's place (signed-in viewers only): every 5 s while the video plays, and when
 * the episode is left (another episode, another page, the tab hidden or closed).
 */
export function useProgressRecorder(watching: Watching | null): void {
  const hasLogin = useSession((s) => s.hasLogin);
  const last = useRef<{ videoId: number; seconds: number } | null>(null);

  useEffect(() => {
    if (!watching || !hasLogin) return;
    const { seriesId, videoId } = watching;
    const video = watching.video();
    if (!video) return;
    last.current = null;
    const save = () => {
      const seconds = video.currentTime;
      if (!(seconds > 0) || video.dataset.videoId !== String(videoId)) return;
      const previous = last.current;
      if (previous && previous.videoId === videoId && Math.abs(previous.seconds - seconds) < 0.5) return;
      last.current = { videoId, seconds };
      void saveProgress(seriesId, videoId, seconds);
    };
    const timer = setInterval(() => {
      if (!video.paused) save();
    }, INTERVAL_MS);
    const onHide = () => {
      if (document.visibilityState === 'hidden') save();
    };
    video.addEventListener('pause', save);
    video.addEventListener('ended', save);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', save);
    return () => {
      save();
      clearInterval(timer);
      video.removeEventListener('pause', save);
      video.removeEventListener('ended', save);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', save);
    };
  }, [watching, hasLogin]);
}
