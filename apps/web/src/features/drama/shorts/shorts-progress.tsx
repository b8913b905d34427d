import { useEffect, useState } from 'react';
import { useT } from '../../../shared/i18n';

/**
 * The active Shorts item's progress, over the bottom edge: a thin bar that a finger drags to seek.
 * Its pointer and touch events stay here, so dragging it never swipes the feed.
 */
export function ShortsProgress({
  videoId,
  video,
}: {
  /** The playing episode (null while none plays): the bar follows it. */
  videoId: number | null;
  /** Its element, asked when the episode changes and when seeking. */
  video: () => HTMLVideoElement | null;
}) {
  const t = useT();
  const [time, setTime] = useState({ at: 0, length: 0 });
  useEffect(() => {
    // The parent keys this by episode, so a new one starts from nothing.
    const element = videoId === null ? null : video();
    if (!element) return;
    const sync = () =>
      setTime({
        at: element.currentTime,
        length: Number.isFinite(element.duration) && element.duration > 0 ? element.duration : 0,
      });
    element.addEventListener('timeupdate', sync);
    element.addEventListener('durationchange', sync);
    element.addEventListener('seeked', sync);
    return () => {
      element.removeEventListener('timeupdate', sync);
      element.removeEventListener('durationchange', sync);
      element.removeEventListener('seeked', sync);
    };
  }, [videoId, video]);
  if (videoId === null || time.length === 0) return null;
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
  return (
    <input
      type="range"
      className="ds-shorts__progress"
      data-testid="shorts-progress"
      min={0}
      max={time.length}
      step={0.1}
      value={Math.min(time.at, time.length)}
      aria-label={t('drama.seek')}
      style={{ ['--ds-progress' as string]: `${(100 * Math.min(time.at, time.length)) / time.length}%` }}
      onPointerDown={stop}
      onPointerMove={stop}
      onPointerUp={stop}
      onTouchStart={stop}
      onTouchMove={stop}
      onTouchEnd={stop}
      onMouseDown={stop}
      onClick={stop}
      onChange={(event) => {
        const value = Number(event.target.value);
        const element = video();
        if (element) element.currentTime = value;
        setTime((s) => ({ ...s, at: value }));
      }}
    />
  );
}
