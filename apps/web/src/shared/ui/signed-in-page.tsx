import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { isApiError } from '../api/api-error';
import { LoginRequired } from '../auth/login-required';
import { useT } from '../i18n';
import { useSession } from '../store/session';
import { EmptyState } from './empty-state';
import { AlertIcon } from './icons';
import { PageContainer, type PageContainerProps } from './page-container';
import { Spinner } from './spinner';
import './signed-in-page.css';

export type SignedInPageProps = PageContainerProps & {
  title: string;
  /** The feature's page class (ds-wallet, ds-ms, …), put before the page's own className. */
  pageClassName: string;
  /** Whether a guest is kept out (the default); a page open to everyone shows its content. */
  personal?: boolean;
  /** What a guest sees instead of the generic login prompt. */
  guest?: ReactNode;
};

/** An account page: its header, and for a guest the login prompt instead of the content. */
export function SignedInPage({
  children,
  pageClassName,
  personal = true,
  guest,
  ...page
}: SignedInPageProps) {
  const hasLogin = useSession((s) => s.hasLogin);
  return (
    <PageContainer
      {...page}
      className={page.className ? `${pageClassName} ${page.className}` : pageClassName}
    >
      {personal && !hasLogin ? (guest ?? <LoginRequired />) : children}
    </PageContainer>
  );
}

export function Loading() {
  const t = useT();
  return (
    <div className="ds-page-status" role="status">
      <Spinner />
      <span className="ds-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

export interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  testId?: string;
}

/** A query that failed: the server's reason (or "could not reach the server") and Retry. */
export function LoadError({
  error,
  onRetry,
  testId,
  defaultTestId = 'load-error',
}: LoadErrorProps & {
  /** The test id when the caller gives none: each feature names its own. */
  defaultTestId?: string;
}) {
  const t = useT();
  return (
    <EmptyState
      testId={testId ?? defaultTestId}
      icon={<AlertIcon />}
      title={t('common.loadErrorTitle')}
      description={
        isApiError(error) && error.kind === 'api' ? error.message : t('common.loadErrorDescription')
      }
      action={
        <Button color="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** Label/value rows of an order, a quote or a result. */
export function Summary({
  children,
  testId,
  className,
}: {
  children: ReactNode;
  testId?: string;
  /** A feature's variant class, added to ds-summary. */
  className?: string;
}) {
  return (
    <dl className={className ? `ds-summary ${className}` : 'ds-summary'} data-testid={testId}>
      {children}
    </dl>
  );
}

export function SummaryRow({
  label,
  value,
  strong = false,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={strong ? 'ds-summary__row ds-summary__row--strong' : 'ds-summary__row'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export type StatusTone = 'success' | 'pending' | 'failure' | 'muted';

export function StatusBadge({
  tone,
  children,
  testId,
}: {
  tone: StatusTone;
  children: string;
  testId?: string;
}) {
  return (
    <span className={`ds-status ds-status--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
