import {
  LoadError as SharedLoadError,
  type LoadErrorProps,
  SignedInPage,
  type SignedInPageProps,
} from '../../../shared/ui/signed-in-page';
import '../wallet.css';

export { Loading, Summary, SummaryRow } from '../../../shared/ui/signed-in-page';

/** A wallet page: its header, and for a guest the login prompt instead of the content. */
export function WalletPage(props: Omit<SignedInPageProps, 'pageClassName' | 'personal' | 'guest'>) {
  return <SignedInPage {...props} pageClassName="ds-wallet" />;
}

export function LoadError(props: LoadErrorProps) {
  return <SharedLoadError {...props} defaultTestId="wallet-load-error" />;
}
