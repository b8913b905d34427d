import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `deadline` (ISO), never below 0. */
export function secondsUntil(deadline: string, now: number): number {
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** "04:59", or "1:02:03" past an hour. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = (s % 60).toString().padStart(2, '0');
  return hours > 0
    ? `${hours}:${minutes.toString().padStart(2, '0')}:${rest}`
    : `${minutes.toString().padStart(2, '0')}:${rest}`;
}

/**
 * A live countdown to a moment: remaining seconds (re-read from the clock each tick, so a
 * throttled background tab is right as soon as it wakes), and whether it has passed.
 */
export function useDeadline(deadline: string | null): { remaining: number; passed: boolean } {
  const [now, setNow] = useState(() => Date.now());
  const remaining = deadline === null ? 0 : secondsUntil(deadline, now);
  const running = deadline !== null && remaining > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  return { remaining, passed: deadline !== null && remaining === 0 };
}
