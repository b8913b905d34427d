/** Query keys of the drama feature; everything under `drama` is refetched when the session changes. */
export const dramaKeys = {
  all: ['drama'] as const,
  home: () => [...dramaKeys.all, 'home'] as const,
  allSeries: (category: string | null) => [...dramaKeys.all, 'allSeries', category] as const,
  search: (keyword: string) => [...dramaKeys.all, 'search', keyword] as const,
  series: (seriesId: number) => [...dramaKeys.all, 'series', seriesId] as const,
  feed: () => [...dramaKeys.all, 'feed'] as const,
  history: () => [...dramaKeys.all, 'history'] as const,
  following: () => [...dramaKeys.all, 'following'] as const,
  liked: () => [...dramaKeys.all, 'liked'] as const,
  followState: (seriesId: number) => [...dramaKeys.all, 'followState', seriesId] as const,
};

export const PAGE_SIZE = 20;

/** The next page number of a paged list, or undefined when every item is loaded. */
export function nextPageParam(
  lastPage: { list: readonly unknown[]; total: number },
  pages: readonly { list: readonly unknown[] }[],
  lastPageParam: number,
): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
  return loaded < lastPage.total && lastPage.list.length > 0 ? lastPageParam + 1 : undefined;
}
