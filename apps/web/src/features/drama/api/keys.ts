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
