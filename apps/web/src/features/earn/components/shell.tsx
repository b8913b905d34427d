import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n';
import { EmptyState, GiftIcon } from '../../../shared/ui';
import {
  LoadError as SharedLoadError,
  type LoadErrorProps,
  Loading,
  SignedInPage,
  type SignedInPageProps,
} from '../../../shared/ui/signed-in-page';
import { useEarnSwitch } from '../api/query-earn-switch';
import '../earn.css';

export { Loading } from '../../../shared/ui/signed-in-page';

export function LoadError(props: LoadErrorProps) {
  return <SharedLoadError {...props} defaultTestId="earn-load-error" />;
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
export function EarnPage({ children, ...page }: Omit<SignedInPageProps, 'pageClassName'>) {
  return (
    <SignedInPage {...page} pageClassName="ds-earn">
      <EarnGate>{children}</EarnGate>
    </SignedInPage>
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
