import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { LoginRequired } from '../../../shared/auth/login-required';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import {
  AlertIcon,
  EmptyState,
  GiftIcon,
  PageContainer,
  type PageContainerProps,
  Spinner,
} from '../../../shared/ui';
import { useEarnSwitch } from '../api/query-earn-switch';
import '../earn.css';

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
  testId = 'earn-load-error',
}: {
  error: unknown;
  onRetry: () => void;
  testId?: string;
}) {
  const t = useT();
  return (
    <EmptyState
      testId={testId}
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

/** "Earning is not available here": the tenant's earn switch is off. */
export function EarnDisabled() {
  const t = useT();
  return (
    <EmptyState
      testId="earn-disabled"
      icon={<GiftIcon />}
      title={t.message('EarnDisabled')}
      description={t('earn.disabledDescription')}
    />
  );
}

/**
 * Shows its children only where earning is offered: while the tenant's switch is unknown a
 * spinner, when it is off the reason (the server would refuse every call with EarnDisabled).
 */
export function EarnGate({ children, off }: { children: ReactNode; off?: ReactNode }) {
  const earn = useEarnSwitch();
  if (earn.isError) return <LoadError error={earn.error} onRetry={() => void earn.refetch()} />;
  if (earn.data === undefined) return <Loading />;
  if (!earn.data.enabled) return <>{off ?? <EarnDisabled />}</>;
  return <>{children}</>;
}

/**
 * A page of the earn feature: its header; the login prompt for a guest when the page is personal;
 * the earn switch's verdict before the content.
 */
export function EarnPage({
  children,
  personal = true,
  guest,
  ...page
}: PageContainerProps & {
  title: string;
  personal?: boolean;
  /** What a guest sees instead of the generic login prompt. */
  guest?: ReactNode;
}) {
  const hasLogin = useSession((s) => s.hasLogin);
  return (
    <PageContainer {...page} className={page.className ? `ds-earn ${page.className}` : 'ds-earn'}>
      {personal && !hasLogin ? (guest ?? <LoginRequired />) : <EarnGate>{children}</EarnGate>}
    </PageContainer>
  );
}

/** A progress bar (0-100) with its accessible name. */
export function Progress({ value, label, testId }: { value: number; label: string; testId?: string }) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      className={clamped >= 100 ? 'ds-earn-progress ds-earn-progress--full' : 'ds-earn-progress'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      data-testid={testId}
    >
      <span className="ds-earn-progress__bar" style={{ width: `${clamped}%` }} />
    </div>
  );
}
