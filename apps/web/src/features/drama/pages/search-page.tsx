import { InfiniteScroll } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import {
  ChevronLeftIcon,
  CloseIcon,
  EmptyState,
  SearchIcon,
  Spinner,
  TrashIcon,
  useGoBack,
} from '../../../shared/ui';
import { useAllSeries } from '../api/all-series';
import { useSearchSeries } from '../api/search-series';
import { addRecentSearch, clearRecentSearches, readRecentSearches } from '../lib/recent-searches';
import { detailsPath } from '../lib/links';
import { useDebounced } from '../lib/use-debounced';
import { SeriesRowLink } from '../components/series-row';
import '../drama.css';

export const SEARCH_DEBOUNCE_MS = 300;
/** How many of the hottest series the search page lists before anything is typed. */
const SEARCH_HOT_COUNT = 10;

function HotSeries() {
  const t = useT();
  // The catalogue in hot order (plays, then follows), whatever the home page's sections show.
  const all = useAllSeries(null);
  const hot = all.data?.pages[0]?.list.slice(0, SEARCH_HOT_COUNT) ?? [];
  if (hot.length === 0) return null;
  return (
    <section className="ds-search__block" data-testid="search-hot">
      <h2 className="ds-home__heading">{t('search.hot')}</h2>
      <ol className="ds-hot">
        {hot.map((series, index) => (
          <li key={series.id}>
            <Link
              to={detailsPath(series.id)}
              className="ds-hot__item"
              data-testid={`search-hot-${series.id}`}
            >
              <span className={index < 3 ? 'ds-hot__rank ds-hot__rank--top' : 'ds-hot__rank'}>
                {index + 1}
              </span>
              <span className="ds-hot__title">{series.title}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function SearchPage() {
  const t = useT();
  const goBack = useGoBack();
  const [text, setText] = useState('');
  const [recent, setRecent] = useState(readRecentSearches);
  const debounced = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  /** Enter searches at once, without waiting for the debounce. */
  const [submitted, setSubmitted] = useState<string | null>(null);
  const keyword = submitted !== null && submitted === text.trim() ? submitted : debounced;
  const results = useSearchSeries(keyword);
  const list = results.data?.pages.flatMap((page) => page.list) ?? [];
  const typing = text.trim() !== '';

  const remember = (value: string) => setRecent(addRecentSearch(value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    setSubmitted(value);
    remember(value);
  };

  const searchFor = (value: string) => {
    setText(value);
    setSubmitted(value);
    remember(value);
  };

  let body;
  if (!typing) {
    body = (
      <>
        {recent.length > 0 && (
          <section className="ds-search__block" data-testid="recent-searches">
            <div className="ds-search__block-head">
              <h2 className="ds-home__heading">{t('search.recent')}</h2>
              <button
                type="button"
                className="ds-icon-button ds-icon-button--small"
                aria-label={t('search.clearRecent')}
                data-testid="recent-clear"
                onClick={() => {
                  clearRecentSearches();
                  setRecent([]);
                }}
              >
                <TrashIcon />
              </button>
            </div>
            <div className="ds-chips ds-chips--wrap">
              {recent.map((item) => (
                <button key={item} type="button" className="ds-chip" onClick={() => searchFor(item)}>
                  {item}
                </button>
              ))}
            </div>
          </section>
        )}
        <HotSeries />
      </>
    );
  } else if (keyword !== text.trim() || results.isPending) {
    body = (
      <div className="ds-page-status" role="status">
        <Spinner />
        <span className="ds-visually-hidden">{t('common.loading')}</span>
      </div>
    );
  } else if (results.isError) {
    body = (
      <EmptyState
        testId="search-error"
        title={t('common.loadErrorTitle')}
        description={t('common.loadErrorDescription')}
      />
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState
        testId="search-empty"
        icon={<SearchIcon />}
        title={t('search.emptyTitle', { keyword })}
        description={t('search.emptyDescription')}
      />
    );
  } else {
    body = (
      <>
        <ul className="ds-list" data-testid="search-results">
          {list.map((series) => (
            <li key={series.id} className="ds-list__item">
              <SeriesRowLink
                series={series}
                withDescription
                testId={`search-result-${series.id}`}
                onClick={() => remember(keyword)}
              />
            </li>
          ))}
        </ul>
        <InfiniteScroll
          hasMore={results.hasNextPage}
          loadMore={async () => {
            await results.fetchNextPage();
          }}
        >
          {results.hasNextPage ? t('common.loading') : ''}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <div className="ds-page ds-search">
      <header className="ds-search__bar">
        <button
          type="button"
          className="ds-icon-button"
          aria-label={t('common.back')}
          data-testid="header-back"
          onClick={() => goBack()}
        >
          <ChevronLeftIcon />
        </button>
        <form className="ds-search__form" role="search" onSubmit={submit}>
          <SearchIcon className="ds-search__icon" />
          <input
            className="ds-search__input"
            type="search"
            value={text}
            maxLength={100}
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            enterKeyHint="search"
            autoFocus
            data-testid="search-input"
            onChange={(event) => {
              setText(event.target.value);
              setSubmitted(null);
            }}
          />
          {text && (
            <button
              type="button"
              className="ds-search__clear"
              aria-label={t('search.clear')}
              data-testid="search-clear"
              onClick={() => {
                setText('');
                setSubmitted(null);
              }}
            >
              <CloseIcon />
            </button>
          )}
        </form>
      </header>
      <main className="ds-page__body">{body}</main>
    </div>
  );
}
