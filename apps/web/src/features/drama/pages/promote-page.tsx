import { Button, InfiniteScroll } from 'antd-mobile';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import { PageContainer, ShareLinkIcon, Spinner } from '../../../shared/ui';
import { useAllSeries } from '../api/all-series';
import { useShareSeries } from '../components/share';
import { SeriesRowLink } from '../components/series-row';
import '../drama.css';

/** "Help promote dramas": every series with a button that copies its link with the viewer's invite code. */
export default function PromotePage() {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  const inviteCode = useSession((s) => s.userInfo?.inviteCode ?? null);
  const all = useAllSeries(null);
  const { share, popup } = useShareSeries();
  const list = all.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <PageContainer title={t('promote.title')} className="ds-promote">
      <div data-testid="dramas-page">
        <section className="ds-promote__intro">
          <p>{t('promote.intro')}</p>
          <ol className="ds-steps">
            <li>
              <span className="ds-steps__number">1</span>
              {t('promote.step1')}
            </li>
            <li>
              <span className="ds-steps__number">2</span>
              {t('promote.step2')}
            </li>
            <li>
              <span className="ds-steps__number">3</span>
              {t('promote.step3')}
            </li>
          </ol>
          {hasLogin && inviteCode ? (
            <p className="ds-muted" data-testid="dramas-invite-code">
              {t('promote.withCode', { code: inviteCode })}
            </p>
          ) : (
            <div className="ds-notice">
              <p>{t('promote.guest')}</p>
              <Button
                size="small"
                color="primary"
                data-testid="dramas-login"
                onClick={() => openLoginPanel()}
              >
                {t('auth.login')}
              </Button>
            </div>
          )}
        </section>
        {all.isPending ? (
          <div className="ds-page-status" role="status">
            <Spinner />
          </div>
        ) : (
          <ul className="ds-list">
            {list.map((series) => (
              <li key={series.id} className="ds-list__item" data-testid={`dramas-item-${series.id}`}>
                <SeriesRowLink series={series} />
                <Button
                  size="small"
                  shape="rounded"
                  color="primary"
                  data-testid={`dramas-share-${series.id}`}
                  onClick={() => share(series.id)}
                >
                  <span className="ds-button-icon">
                    <ShareLinkIcon />
                    {t('drama.share')}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <InfiniteScroll
          hasMore={all.hasNextPage}
          loadMore={async () => {
            await all.fetchNextPage();
          }}
        >
          {all.hasNextPage ? t('common.loading') : ''}
        </InfiniteScroll>
      </div>
      {popup}
    </PageContainer>
  );
}
