import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { LoginRequired } from '../../../shared/auth/login-required';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import { AlertIcon, EmptyState, PageContainer, type PageContainerProps, Spinner } from '../../../shared/ui';
import type { Tone } from '../lib/labels';
import '../membership.css';

/** A membership page: its header, and for a guest the login prompt instead of the content. */
export function MembershipPage({ children, ...page }: PageContainerProps & { title: string }) {
  const hasLogin = useSession((s) => s.hasLogin);
  return (
    <PageContainer {...page} className={page.className ? `ds-ms ${page.className}` : 'ds-ms'}>
      {hasLogin ? children : <LoginRequired />}
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

/** A query that failed: the server's reason (or "could not reach the server") and Retry. */
export function LoadError({
  error,
  onRetry,
  testId,
}: {
  error: unknown;
  onRetry: () => void;
  testId?: string;
}) {
  const t = useT();
  return (
    <EmptyState
      testId={testId ?? 'membership-load-error'}
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

/** Label/value rows of a quote or a result. */
export function Summary({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="ds-ms-summary" data-testid={testId}>
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
    <div className={strong ? 'ds-ms-summary__row ds-ms-summary__row--strong' : 'ds-ms-summary__row'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export function StatusBadge({ tone, children, testId }: { tone: Tone; children: string; testId?: string }) {
  return (
    <span className={`ds-ms-status ds-ms-status--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** A refusal or a failure shown where it happened. */
export function InlineError({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="ds-ms-error" role="alert" data-testid={testId}>
      <AlertIcon className="ds-ms-error__icon" />
      <span>{children}</span>
    </p>
  );
}
