import { localeOf, type Language } from '@dramastar/contract';

/** Date and time in the user's language ("21 Nov 2026, 09:52"). */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}
