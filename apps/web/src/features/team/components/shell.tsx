import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n';
import { EmptyState, ReceiptIcon } from '../../../shared/ui';
import {
  LoadError as SharedLoadError,
  type LoadErrorProps,
  Loading,
  SignedInPage,
  type SignedInPageProps,
} from '../../../shared/ui/signed-in-page';
import '../team.css';

export { Loading } from '../../../shared/ui/signed-in-page';

/** A team page: its header, and for a guest the login prompt instead of the content. */
export function TeamPage(props: Omit<SignedInPageProps, 'pageClassName' | 'personal' | 'guest'>) {
  return <SignedInPage {...props} pageClassName="ds-team" />;
}

export function LoadError(props: LoadErrorProps) {
  return <SharedLoadError {...props} defaultTestId="team-load-error" />;
}

export interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  data?: { pages: { list: T[] }[] };
  hasNextPage: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A paged list with its loading, error and empty states, loading more as it scrolls. */
export function Paged<T>({
  query,
  render,
  empty,
  testId,
  className = 'ds-card-list',
}: {
  query: PagedQuery<T>;
  render: (item: T) => ReactNode;
  empty: { title: string; description?: string; icon?: ReactNode; action?: ReactNode };
  testId: string;
  className?: string;
}) {
  const t = useT();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (items.length === 0) {
    return (
      <EmptyState
        testId={`${testId}-empty`}
        icon={empty.icon ?? <ReceiptIcon />}
        title={empty.title}
        description={empty.description}
        action={empty.action}
      />
    );
  }
  return (
    <>
      <ul className={className} data-testid={testId}>
        {items.map(render)}
      </ul>
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage();
        }}
      >
        {query.hasNextPage ? t('common.loading') : ''}
      </InfiniteScroll>
    </>
  );
}

/** A labelled figure of a summary grid. */
export function Stat({
  label,
  value,
  testId,
  strong = false,
}: {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <div className={strong ? 'ds-stat ds-stat--strong' : 'ds-stat'}>
      <dt className="ds-stat__label">{label}</dt>
      <dd className="ds-stat__value" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function StatGrid({
  children,
  columns = 3,
  testId,
}: {
  children: ReactNode;
  columns?: 2 | 3;
  testId?: string;
}) {
  return (
    <dl className={`ds-stats ds-stats--${columns}`} data-testid={testId}>
      {children}
    </dl>
  );
}

/** A progress bar (0-100) with its accessible name. */
export function Progress({
  value,
  label,
  testId,
  tone = 'brand',
}: {
  value: number;
  label: string;
  testId?: string;
  tone?: 'brand' | 'success';
}) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      className={`ds-progress ds-progress--${tone}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      data-testid={testId}
    >
      <span className="ds-progress__bar" style={{ width: `${clamped}%` }} />
    </div>
  );
}

/** Label/value rows (a product's terms, a purchase, an invitee). */
export function Facts({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="ds-facts" data-testid={testId}>
      {children}
    </dl>
  );
}

export function Fact({
  label,
  value,
  testId,
  wide = false,
}: {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'ds-fact ds-fact--wide' : 'ds-fact'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
