import { useEffect, useState } from 'react';

const DAY_MS = 86_400_000;

/** Days a card still runs, counting a started day as a day (0 once it has ended). */
export function daysLeft(endsAt: string, now: number): number {
  const end = Date.parse(endsAt);
  if (Number.isNaN(end) || end <= now) return 0;
  return Math.ceil((end - now) / DAY_MS);
}

/** The time now, read again every `everyMs` (days left, "next gift on", statuses by date). */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
