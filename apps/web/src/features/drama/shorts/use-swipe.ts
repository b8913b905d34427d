import { useCallback, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

/** Share of the feed's height a drag must travel to move to the next item. */
export const SWIPE_SHARE = 0.18;
/** Movement before a press becomes a drag (below it, it stays a tap). */
const DRAG_START = 8;
/** A short drag still moves when it is a flick: this far (px) at this speed (px/ms). */
const FLICK_DISTANCE = 30;
const FLICK_SPEED = 0.5;

interface Drag {
  id: number;
  y: number;
  t: number;
  dy: number;
  moving: boolean;
}

/**
 * A vertical feed's drag (touch and mouse): the track follows the finger, resists past either
 * end, and a far enough drag or a flick calls `onStep(±1)` inside the pointer-up event itself
 * (so the next video can start in the gesture). A drag swallows the click that ends it.
 */
export function useSwipe({
  feedRef,
  trackRef,
  indexRef,
  count,
  onStep,
}: {
  feedRef: RefObject<HTMLElement | null>;
  trackRef: RefObject<HTMLElement | null>;
  /** The current item, as the gesture handlers must see it (set before React renders it). */
  indexRef: { readonly current: number };
  /** How many items the feed holds now. */
  count: () => number;
  onStep: (delta: 1 | -1) => void;
}) {
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);

  /** Puts the track at the current item, moved by `dy` px (animated, or following a finger). */
  const place = useCallback(
    (dy: number, animate: boolean) => {
      const track = trackRef.current;
      if (!track) return;
      track.style.transition = animate ? '' : 'none';
      track.style.transform = `translate3d(0, calc(${-indexRef.current * 100}% + ${dy}px), 0)`;
    },
    [trackRef, indexRef],
  );

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (!event.isPrimary || event.button !== 0) return;
    drag.current = { id: event.pointerId, y: event.clientY, t: performance.now(), dy: 0, moving: false };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    let dy = event.clientY - d.y;
    if (!d.moving) {
      if (Math.abs(dy) < DRAG_START) return;
      d.moving = true;
      feedRef.current?.setPointerCapture(event.pointerId);
    }
    const atStart = indexRef.current === 0 && dy > 0;
    const atEnd = indexRef.current >= count() - 1 && dy < 0;
    if (atStart || atEnd) dy /= 3;
    d.dy = dy;
    place(dy, false);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.id !== event.pointerId || !d.moving) return;
    suppressClick.current = true;
    setTimeout(() => {
      suppressClick.current = false;
    }, 0);
    const height = feedRef.current?.clientHeight ?? window.innerHeight;
    const speed = d.dy / Math.max(1, performance.now() - d.t);
    const far =
      Math.abs(d.dy) > height * SWIPE_SHARE ||
      (Math.abs(d.dy) > FLICK_DISTANCE && Math.abs(speed) > FLICK_SPEED);
    if (far) onStep(d.dy < 0 ? 1 : -1);
    place(0, true);
  };

  const onClickCapture = (event: React.MouseEvent<HTMLElement>) => {
    if (suppressClick.current) {
      event.stopPropagation();
      event.preventDefault();
    }
  };

  return {
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onClickCapture,
    },
    /** Whether the click now arriving ends a drag (and so is no tap). */
    clickSuppressed: useCallback(() => suppressClick.current, []),
    place,
  };
}
