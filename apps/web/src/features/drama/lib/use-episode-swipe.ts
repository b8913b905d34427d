import { useCallback, useRef } from 'react';

/** How far (px) a finger travels, mostly vertically, to move to another episode. */
export const SWIPE_DISTANCE = 60;

/**
 * Swipe up for the next episode, down for the previous one, over the episode page's player (as in
 * the leading apps). The player area takes vertical drags for itself (`touch-action: none` in
 * drama.css); the rest of the page scrolls as usual. A swipe is never also a tap.
 */
export function useEpisodeSwipe(onStep: (delta: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);
  const onPointerDown = useCallback((event: React.PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    swiped.current = false;
  }, []);
  const onPointerUp = useCallback(
    (event: React.PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dy) < SWIPE_DISTANCE || Math.abs(dy) < 2 * Math.abs(dx)) return;
      swiped.current = true;
      onStep(dy < 0 ? 1 : -1);
    },
    [onStep],
  );
  const onPointerCancel = useCallback(() => {
    start.current = null;
  }, []);
  /** The click that ends a swipe is not a tap on what lies under the finger. */
  const onClickCapture = useCallback((event: React.MouseEvent) => {
    if (!swiped.current) return;
    swiped.current = false;
    event.stopPropagation();
    event.preventDefault();
  }, []);
  return { onPointerDown, onPointerUp, onPointerCancel, onClickCapture };
}
