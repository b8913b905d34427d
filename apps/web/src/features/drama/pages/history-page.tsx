import { localeOf } from '@dramastar/contract';
import { Button, InfiniteScroll } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LoginRequired } from '../../../shared/auth/login-required';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import {
  BookmarkIcon,
  EmptyState,
  HeartIcon,
  HistoryIcon,
  PageContainer,
  Spinner,
  TopTabs,
  TrashIcon,
} from '../../../shared/ui';
import { useDeleteHistory } from '../api/delete-view-his';
import { useToggleFollow } from '../api/follow';
import { useFollowing, useLikedEpisodes } from '../api/own-lists';
import { useWatchHistory } from '../api/query-view-his';
import { formatClock, watchedShare } from '../lib/format';
import { detailsPath } from '../lib/links';
import { SeriesRowLink } from '../components/series-row';
import '../drama.css';

type Tab = 'watch' | 'following' | 'liked';
const TABS: readonly Tab[] = ['watch', 'following', 'liked'];

function Loading() {
  const t = useT();
  return (
    <div className="ds-page-status" role="status">
      <Spinner />
      <span className="ds-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

function WatchList() {
  const t = useT();
  const navigate = useNavigate();
  const history = useWatchHistory();
  const remove = useDeleteHistory();
  const list = history.data?.pages.flatMap((page) => page.list) ?? [];
  if (history.isPending) return <Loading />;
  if (list.length === 0) {
    return (
      <EmptyState
        testId="history-empty"
        icon={<HistoryIcon />}
        title={t('history.emptyTitle')}
        description={t('history.emptyDescription')}
        action={
          <Button color="primary" onClick={() => void navigate(ROUTES.home)}>
            {t('history.startWatching')}
          </Button>
        }
      />
    );
  }
  const dates = new Intl.DateTimeFormat(localeOf(t.language), { dateStyle: 'medium' });
  return (
    <>
      <ul className="ds-list">
        {list.map((entry) => (
          <li key={entry.series.id} className="ds-list__item" data-testid={`history-item-${entry.series.id}`}>
            <SeriesRowLink series={entry.series} to={detailsPath(entry.series.id, entry.videoId)}>
              <span className="ds-muted">
                {t('drama.epOf', { number: entry.number, count: entry.series.episodeCount })}
                {' · '}
                {formatClock(entry.progress)} / {formatClock(entry.duration)}
              </span>
              <span className="ds-progress ds-progress--inline" aria-hidden="true">
                <span style={{ width: `${watchedShare(entry.progress, entry.duration) * 100}%` }} />
              </span>
              <span className="ds-muted ds-list__date">{dates.format(new Date(entry.updatedAt))}</span>
            </SeriesRowLink>
            <button
              type="button"
              className="ds-icon-button"
              aria-label={t('history.remove', { title: entry.series.title })}
              data-testid={`history-delete-${entry.series.id}`}
              disabled={remove.isPending && remove.variables === entry.series.id}
              onClick={() => remove.mutate(entry.series.id)}
            >
              <TrashIcon />
            </button>
          </li>
        ))}
      </ul>
      <InfiniteScroll
        hasMore={history.hasNextPage}
        loadMore={async () => {
          await history.fetchNextPage();
        }}
      >
        {history.hasNextPage ? t('common.loading') : ''}
      </InfiniteScroll>
    </>
  );
}

function FollowingList() {
  const t = useT();
  const following = useFollowing();
  const follow = useToggleFollow();
  const [busy, setBusy] = useState<number | null>(null);
  const list = following.data?.pages.flatMap((page) => page.list) ?? [];
  if (following.isPending) return <Loading />;
  if (list.length === 0) {
    return (
      <EmptyState
        testId="following-empty"
        icon={<BookmarkIcon />}
        title={t('following.emptyTitle')}
        description={t('following.emptyDescription')}
      />
    );
  }
  const unfollow = async (seriesId: number) => {
    setBusy(seriesId);
    try {
      await follow.unfollowAsync(seriesId);
    } catch {
      // The request helper has shown the refusal.
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <ul className="ds-list">
        {list.map((series) => (
          <li key={series.id} className="ds-list__item" data-testid={`following-item-${series.id}`}>
            <SeriesRowLink series={series} />
            <Button
              size="small"
              shape="rounded"
              fill="outline"
              loading={busy === series.id}
              data-testid={`following-unfollow-${series.id}`}
              onClick={() => void unfollow(series.id)}
            >
              {t('following.unfollow')}
            </Button>
          </li>
        ))}
      </ul>
      <InfiniteScroll
        hasMore={following.hasNextPage}
        loadMore={async () => {
          await following.fetchNextPage();
        }}
      >
        {following.hasNextPage ? t('common.loading') : ''}
      </InfiniteScroll>
    </>
  );
}

/** The episodes the viewer liked: each opens at that episode. */
function LikedList() {
  const t = useT();
  const liked = useLikedEpisodes();
  const list = liked.data?.pages.flatMap((page) => page.list) ?? [];
  if (liked.isPending) return <Loading />;
  if (list.length === 0) {
    return (
      <EmptyState
        testId="liked-empty"
        icon={<HeartIcon />}
        title={t('liked.emptyTitle')}
        description={t('liked.emptyDescription')}
      />
    );
  }
  return (
    <>
      <ul className="ds-list">
        {list.map(({ series, episode }) => (
          <li key={episode.id} className="ds-list__item" data-testid={`liked-item-${episode.id}`}>
            <Link className="ds-liked" to={detailsPath(series.id, episode.id)}>
              <img className="ds-liked__poster" src={episode.poster} alt="" loading="lazy" />
              <span className="ds-liked__text">
                <span className="ds-liked__title">{series.title}</span>
                <span className="ds-muted">{t('liked.episode', { number: episode.number })}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <InfiniteScroll
        hasMore={liked.hasNextPage}
        loadMore={async () => {
          await liked.fetchNextPage();
        }}
      >
        {liked.hasNextPage ? t('common.loading') : ''}
      </InfiniteScroll>
    </>
  );
}

const LISTS: Record<Tab, () => React.JSX.Element> = {
  watch: WatchList,
  following: FollowingList,
  liked: LikedList,
};

export default function HistoryPage() {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((key) => key === params.get('tab')) ?? 'watch';
  const List = LISTS[tab];
  return (
    <PageContainer title={t('history.title')} className="ds-history">
      <div data-testid="history-page" className="ds-history__body">
        <TopTabs<Tab>
          tabs={[
            { key: 'watch', title: t('history.watchList'), testId: 'history-tab-watch' },
            { key: 'following', title: t('history.following'), testId: 'history-tab-following' },
            { key: 'liked', title: t('history.liked'), testId: 'history-tab-liked' },
          ]}
          activeKey={tab}
          onChange={(key) => setParams(key === 'watch' ? {} : { tab: key }, { replace: true })}
        />
        {!hasLogin ? <LoginRequired /> : <List />}
      </div>
    </PageContainer>
  );
}
