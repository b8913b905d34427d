import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { ReceiptIcon } from '../../../shared/ui';

/** The header's way to the recharge orders (an open transfer or deposit is continued there). */
export function RechargesLink() {
  const t = useT();
  return (
    <Link
      className="ds-icon-button"
      to={`${ROUTES.walletList}?tab=recharges`}
      aria-label={t('wallet.recharges')}
      data-testid="recharge-records-link"
    >
      <ReceiptIcon />
    </Link>
  );
}
