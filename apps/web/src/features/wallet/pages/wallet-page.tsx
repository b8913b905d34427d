import { Button } from 'antd-mobile';
import { Link, useNavigate } from 'react-router-dom';
import { useWalletInfo } from '../../../shared/api/wallet-info';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import {
  ArrowDownCircleIcon,
  ArrowUpCircleIcon,
  BankCardIcon,
  HeroCard,
  KeyIcon,
  MenuList,
  MenuRow,
  ReceiptIcon,
  WalletIcon,
} from '../../../shared/ui';
import { usePayPasswordStatus } from '../api/exits-pay-pass';
import { useRecentRecords } from '../api/wallet-records';
import { WalletRecordRow } from '../components/record-rows';
import { LoadError, WalletPage } from '../components/shell';

function BalanceCard() {
  const t = useT();
  const navigate = useNavigate();
  const wallet = useWalletInfo();
  return (
    <HeroCard className="ds-wallet-card" testId="wallet-balance-card">
      <div className="ds-wallet-card__label">
        <WalletIcon /> {t('wallet.balance')}
      </div>
      <div className="ds-wallet-card__balance" data-testid="wallet-balance">
        {wallet.data ? formatMoney(wallet.data.balance, wallet.data.currency) : wallet.isError ? '—' : '…'}
      </div>
      <div className="ds-wallet-card__actions">
        <Button
          shape="rounded"
          className="ds-wallet-card__button ds-wallet-card__button--light"
          data-testid="wallet-recharge"
          onClick={() => void navigate(ROUTES.recharge)}
        >
          <ArrowDownCircleIcon /> {t('recharge.title')}
        </Button>
        <Button
          shape="rounded"
          className="ds-wallet-card__button"
          data-testid="wallet-withdraw"
          onClick={() => void navigate(ROUTES.withdraw)}
        >
          <ArrowUpCircleIcon /> {t('withdraw.title')}
        </Button>
      </div>
    </HeroCard>
  );
}

function RecentRecords() {
  const t = useT();
  const recent = useRecentRecords(5);
  let content;
  if (recent.isPending) content = <p className="ds-wallet__note">{t('common.loading')}</p>;
  else if (recent.isError) content = <LoadError error={recent.error} onRetry={() => void recent.refetch()} />;
  else if (recent.data.list.length === 0) {
    content = (
      <p className="ds-wallet__note" data-testid="wallet-recent-empty">
        {t('wallet.noRecords')}
      </p>
    );
  } else {
    content = (
      <ul className="ds-card-list" data-testid="wallet-recent">
        {recent.data.list.map((record) => (
          <WalletRecordRow key={record.id} record={record} />
        ))}
      </ul>
    );
  }
  return (
    <section>
      <div className="ds-wallet__section-head">
        <h2 className="ds-section-title">{t('wallet.recent')}</h2>
        <Link className="ds-link" to={ROUTES.walletList} data-testid="wallet-all-records">
          {t('wallet.seeAll')}
        </Link>
      </div>
      {content}
    </section>
  );
}

/** /pages/profile/wallet/index: balance, recharge and withdraw, the wallet's settings, latest movements. */
export default function WalletHomePage() {
  const t = useT();
  const payPassword = usePayPasswordStatus();
  return (
    <WalletPage title={t('wallet.title')} backUrl={ROUTES.profile}>
      <BalanceCard />
      <MenuList>
        <MenuRow
          icon={<BankCardIcon />}
          title={t('bankCard.title')}
          to={ROUTES.cardList}
          testId="wallet-cards"
        />
        <MenuRow
          icon={<KeyIcon />}
          title={t('payPassword.title')}
          extra={
            payPassword.data
              ? t(payPassword.data.exists ? 'payPassword.statusSet' : 'payPassword.statusNotSet')
              : undefined
          }
          to={ROUTES.walletPay}
          testId="wallet-pay-password"
        />
        <MenuRow
          icon={<ReceiptIcon />}
          title={t('wallet.withdrawals')}
          to={`${ROUTES.walletList}?tab=withdrawals`}
          testId="wallet-withdrawals"
        />
        <MenuRow
          icon={<ArrowDownCircleIcon />}
          title={t('wallet.recharges')}
          to={`${ROUTES.walletList}?tab=recharges`}
          testId="wallet-recharges"
        />
      </MenuList>
      <RecentRecords />
    </WalletPage>
  );
}
