import { useEffect, useRef, type WheelEvent as ReactWheelEvent } from 'react';

/** Quiet time (ms) that ends a wheel gesture, trackpad inertia included. */
export const WHEEL_QUIET_MS = 220;
/** Smaller wheel movements are noise, not a step. */
const WHEEL_MIN_DELTA = 12;

/**
 * A wheel or trackpad gesture moves a feed one item: `onStep(±1)` once, then nothing until the
 * wheel has stayed still for WHEEL_QUIET_MS. Nothing while `disabled` (a sheet is open).
 */
export function useWheelStep({ disabled, onStep }: { disabled: boolean; onStep: (delta: 1 | -1) => void }) {
  const wheel = useRef<{ locked: boolean; timer: number | undefined }>({ locked: false, timer: undefined });
  useEffect(() => {
    const w = wheel.current;
    return () => window.clearTimeout(w.timer);
  }, []);

  return (event: ReactWheelEvent<HTMLElement>) => {
    const w = wheel.current;
    window.clearTimeout(w.timer);
    w.timer = window.setTimeout(() => {
      w.locked = false;
    }, WHEEL_QUIET_MS);
    if (w.locked || Math.abs(event.deltaY) < WHEEL_MIN_DELTA || disabled) return;
    w.locked = true;
    onStep(event.deltaY > 0 ? 1 : -1);
  };
}
