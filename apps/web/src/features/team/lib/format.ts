import { localeOf, type Language } from '@dramastar/contract';

/** Date and time in the user's language ("21 Nov 2026, 09:52"). */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** A date in the user's language ("21 Nov 2026"). */
export function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(date);
}

/**
 * A calendar day the server counts in the tenant's time zone ("2026-11-21"), written in the
 * user's language without moving it through the browser's time zone.
 */
export function formatDay(day: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** Days from one calendar day to another, both counted (2026-11-01 … 2026-11-30 is 30). */
export function daysBetween(first: string, last: string): number {
  const a = Date.parse(`${first}T00:00:00Z`);
  const b = Date.parse(`${last}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return 0;
  return Math.max(0, Math.round((b - a) / 86_400_000) + 1);
}

/** Basis points as a percentage in the user's language: 1000 → "10%", 3650 → "36.5%" ("36,5%" in vn/id). */
export function formatBps(bps: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 2 }).format(
    bps / 10_000,
  );
}

/** A 0-100 progress value as a percentage ("42.5%"). */
export function formatProgress(progress: number, language: Language): string {
  const clamped = Math.min(100, Math.max(0, progress));
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 2 }).format(
    clamped / 100,
  );
}

/** A count in the user's language ("1,234"; "1.234" in vn/id). */
export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}
