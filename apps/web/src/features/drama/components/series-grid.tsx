import type { SeriesSummary } from '@dramastar/contract';
import { InfiniteScroll } from 'antd-mobile';
import { useT } from '../../../shared/i18n';
import { SeriesCard } from './series-card';

export interface SeriesGridProps {
  pages: readonly { list: readonly SeriesSummary[] }[] | undefined;
  hasMore: boolean;
  loadMore: () => Promise<unknown>;
  testId?: string;
}

/** Cover cards in columns, loading the next page as the end scrolls into view. */
export function SeriesGrid({ pages, hasMore, loadMore, testId }: SeriesGridProps) {
  const t = useT();
  const list = pages?.flatMap((page) => page.list) ?? [];
  return (
    <>
      <div className="ds-grid" data-testid={testId}>
        {list.map((series) => (
          <SeriesCard key={series.id} series={series} />
        ))}
      </div>
      <InfiniteScroll
        hasMore={hasMore}
        loadMore={async () => {
          await loadMore();
        }}
      >
        {hasMore ? t('common.loading') : list.length > 0 ? t('drama.endOfList') : ''}
      </InfiniteScroll>
    </>
  );
}
