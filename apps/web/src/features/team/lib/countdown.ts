import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `moment` (ISO), never below 0. */
export function secondsUntil(moment: string, now: number): number {
  const end = Date.parse(moment);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

export interface Remaining {
  days: number;
  /** "03:04:05" */
  clock: string;
}

/** Days and a hh:mm:ss clock of a number of seconds. */
export function splitDuration(seconds: number): Remaining {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const pad = (n: number) => n.toString().padStart(2, '0');
  return { days, clock: `${pad(hours)}:${pad(minutes)}:${pad(s % 60)}` };
}

/**
 * The time now, ticking every second while `active` (re-read from the clock each tick, so a
 * throttled background tab is right as soon as it wakes).
 */
export function useNow(active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
