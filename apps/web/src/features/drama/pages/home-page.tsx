import { markEntry } from '../../../shared/analytics/tracker';
import {
  type HomeBuiltinSection,
  type HomeSection,
  isHomeBuiltinSection,
  type SeriesSummary,
} from '@dramastar/contract';
import { Button, Swiper } from 'antd-mobile';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { dropBootShell } from '../../../shared/boot-shell';
import { type Translator, useT, type TranslationKey } from '../../../shared/i18n';
import { EmptyState, PageContainer, Spinner } from '../../../shared/ui';
import { useAllSeries } from '../api/all-series';
import { useHomeSeries } from '../api/home-series';
import { useRecentHistory } from '../api/query-view-his';
import { HomeBar } from '../components/home-bar';
import { SeriesCard } from '../components/series-card';
import { SeriesGrid } from '../components/series-grid';
import { categoryLabel } from '../lib/category';
import { watchedShare } from '../lib/format';
import { detailsPath } from '../lib/links';
import '../drama.css';

const SECTION_TITLES: Record<HomeBuiltinSection, TranslationKey> = {
  hot: 'home.sectionHot',
  new: 'home.sectionNew',
  free: 'home.sectionFree',
  ranking: 'home.sectionRanking',
};

/** The operator's title (already in the viewer's language), else the app's own for a built-in key. */
function sectionHeading(t: Translator, section: HomeSection): string {
  if (section.title) return section.title;
  return isHomeBuiltinSection(section.key) ? t(SECTION_TITLES[section.key]) : '';
}

function Banners({ banners }: { banners: readonly SeriesSummary[] }) {
  if (banners.length === 0) return null;
  return (
    <div className="ds-banner" data-testid="home-banner">
      <Swiper autoplay autoplayInterval={5000} loop={banners.length > 1} stuckAtBoundary={false}>
        {banners.map((series) => (
          <Swiper.Item key={series.id}>
            <Link
              to={detailsPath(series.id)}
              className="ds-banner__item"
              data-testid={`home-banner-${series.id}`}
              onClick={() => markEntry('banner')}
            >
              <img className="ds-banner__backdrop" src={series.cover} alt="" aria-hidden="true" />
              <img className="ds-banner__cover" src={series.cover} alt="" width={600} height={800} />
              <span className="ds-banner__text">
                <span className="ds-banner__title">{series.title}</span>
                <span className="ds-banner__description">{series.description}</span>
              </span>
            </Link>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}

function ContinueWatching() {
  const t = useT();
  const history = useRecentHistory();
  const list = history.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="ds-home__section" data-testid="home-continue">
      <h2 className="ds-home__heading">{t('home.continue')}</h2>
      <div className="ds-row">
        {list.map((entry) => (
          <Link
            key={entry.series.id}
            to={detailsPath(entry.series.id, entry.videoId)}
            className="ds-card ds-card--continue"
            data-testid={`home-continue-${entry.series.id}`}
          >
            <div className="ds-card__cover">
              <img src={entry.series.cover} alt="" loading="lazy" width={600} height={800} />
              <span className="ds-card__episode">{t('drama.ep', { number: entry.number })}</span>
              <span className="ds-progress" aria-hidden="true">
                <span style={{ width: `${watchedShare(entry.progress, entry.duration) * 100}%` }} />
              </span>
            </div>
            <span className="ds-card__title">{entry.series.title}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}

function Catalogue({ categories }: { categories: readonly string[] }) {
  const t = useT();
  const [category, setCategory] = useState<string | null>(null);
  const all = useAllSeries(category);
  const pages = useDeferredValue(all.data?.pages);
  return (
    <section className="ds-home__section">
      <h2 className="ds-home__heading">{t('home.allSeries')}</h2>
      {categories.length > 0 && (
        <div className="ds-chips" role="group" aria-label={t('home.categories')}>
          {[null, ...categories].map((item) => (
            <button
              key={item ?? ''}
              type="button"
              className={item === category ? 'ds-chip ds-chip--active' : 'ds-chip'}
              aria-pressed={item === category}
              data-testid={`home-category-${item ?? 'all'}`}
              onClick={() => setCategory(item)}
            >
              {item === null ? t('home.categoryAll') : categoryLabel(t, item)}
            </button>
          ))}
        </div>
      )}
      {pages === undefined && !all.isError ? (
        <div className="ds-page-status" role="status">
          <Spinner />
        </div>
      ) : (
        <SeriesGrid
          testId="home-grid"
          pages={pages}
          hasMore={all.hasNextPage}
          loadMore={() => all.fetchNextPage()}
        />
      )}
    </section>
  );
}

export default function HomePage() {
  const t = useT();
  const home = useHomeSeries();
  // The answer is drawn by a background render that yields to the browser every few milliseconds
  // (banner, sections, cards): a query's update alone draws in one blocking task (its store
  // updates render synchronously), ~70 ms on a phone. Until then the spinner stays.
  const data = useDeferredValue(home.data);
  const waiting = data === undefined && !home.isError;
  const empty = data !== undefined && data.sections.every((section) => section.series.length === 0);
  // index.html's first screen gives way once Home has drawn its own, or is left before that.
  useEffect(() => {
    if (!waiting) dropBootShell();
  }, [waiting]);
  useEffect(() => dropBootShell, []);

  let content;
  if (waiting) {
    content = (
      <div className="ds-page-status" role="status">
        <Spinner />
        <span className="ds-visually-hidden">{t('common.loading')}</span>
      </div>
    );
  } else if (data === undefined) {
    content = (
      <EmptyState
        testId="home-error"
        title={t('common.loadErrorTitle')}
        description={t('common.loadErrorDescription')}
        action={
          <Button color="primary" onClick={() => void home.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (empty) {
    content = (
      <EmptyState testId="home-empty" title={t('home.emptyTitle')} description={t('home.emptyDescription')} />
    );
  } else {
    content = (
      <>
        <Banners banners={data.banners} />
        <ContinueWatching />
        {data.sections
          .filter((section) => section.series.length > 0)
          .map((section) => (
            <section
              key={section.key}
              className="ds-home__section"
              data-testid={`home-section-${section.key}`}
            >
              <h2 className="ds-home__heading">{sectionHeading(t, section)}</h2>
              <div className="ds-row">
                {section.series.map((series, index) => (
                  <SeriesCard
                    key={series.id}
                    series={series}
                    rank={section.key === 'ranking' ? index + 1 : undefined}
                  />
                ))}
              </div>
            </section>
          ))}
        <Catalogue categories={data.categories} />
      </>
    );
  }

  return (
    <PageContainer className="ds-home">
      <HomeBar />
      {content}
    </PageContainer>
  );
}
