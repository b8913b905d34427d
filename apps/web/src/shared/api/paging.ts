/** Items per page of every paged list the app asks for. */
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
