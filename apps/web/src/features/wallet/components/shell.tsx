import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { LoginRequired } from '../../../shared/auth/login-required';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import { AlertIcon, EmptyState, PageContainer, type PageContainerProps, Spinner } from '../../../shared/ui';
import '../wallet.css';

/** A wallet page: its header, and for a guest the login prompt instead of the content. */
export function WalletPage({ children, ...page }: PageContainerProps & { title: string }) {
  const hasLogin = useSession((s) => s.hasLogin);
  return (
    <PageContainer {...page} className={page.className ? `ds-wallet ${page.className}` : 'ds-wallet'}>
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
      testId={testId ?? 'wallet-load-error'}
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

/** Label/value rows of an order or a quote. */
export function Summary({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="ds-summary" data-testid={testId}>
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
