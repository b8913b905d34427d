import type { ReactNode } from 'react';
import { AlertIcon } from '../../../shared/ui';
import {
  LoadError as SharedLoadError,
  type LoadErrorProps,
  SignedInPage,
  type SignedInPageProps,
} from '../../../shared/ui/signed-in-page';
import '../membership.css';

export { Loading, StatusBadge, Summary, SummaryRow } from '../../../shared/ui/signed-in-page';

/** A membership page: its header, and for a guest the login prompt (or `guest`) instead of the content. */
export function MembershipPage(props: Omit<SignedInPageProps, 'pageClassName' | 'personal'>) {
  return <SignedInPage {...props} pageClassName="ds-ms" />;
}

export function LoadError(props: LoadErrorProps) {
  return <SharedLoadError {...props} defaultTestId="membership-load-error" />;
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
