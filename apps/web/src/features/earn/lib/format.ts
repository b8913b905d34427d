import type { Language } from '@dramastar/contract';

const DATE_LOCALES: Record<Language, string> = { en: 'en', vn: 'vi', id: 'id' };

/** Date and time in the user's language ("21 Nov 2026, 09:52"). */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}
