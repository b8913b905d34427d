const KEY = 'dramastar.recentSearches';
export const RECENT_SEARCHES_MAX = 10;

/** Keywords searched on this device, newest first (localStorage, at most 10). */
export function readRecentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

function write(list: readonly string[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the list lives until the page closes.
  }
}

/** Puts a keyword first (once, whatever its case), keeping the newest ten. */
export function addRecentSearch(keyword: string): string[] {
  const text = keyword.trim();
  if (!text) return readRecentSearches();
  const lower = text.toLowerCase();
  const list = [text, ...readRecentSearches().filter((item) => item.toLowerCase() !== lower)].slice(
    0,
    RECENT_SEARCHES_MAX,
  );
  write(list);
  return list;
}

export function clearRecentSearches(): void {
  write([]);
}
