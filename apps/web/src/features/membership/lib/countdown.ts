import { useEffect, useState } from 'react';

export { daysLeft, useNow } from '../../../shared/time';

/** Whole seconds from `now` until `deadline` (ISO), never below 0. */
export function secondsUntil(deadline: string, now: number): number {
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** A trial's time left as hours, minutes and seconds: "71:59:59", "05:03:09", "00:00:00". */
export function formatHms(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => n.toString().padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/**
 * A live countdown to a moment: the seconds left, re-read from the clock each tick (a throttled
 * background tab is right as soon as it wakes), and whether it has passed.
 */
export function useCountdownTo(deadline: string | null): { remaining: number; passed: boolean } {
  const [now, setNow] = useState(() => Date.now());
  const remaining = deadline === null ? 0 : secondsUntil(deadline, now);
  const running = deadline !== null && remaining > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running]);
  return { remaining, passed: deadline !== null && remaining === 0 };
}
