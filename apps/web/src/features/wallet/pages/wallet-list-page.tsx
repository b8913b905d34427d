import { WALLET_RECORD_TYPES } from '@dramastar/contract';
import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { EmptyState, ReceiptIcon, TopTabs } from '../../../shared/ui';
import { useRechargeRecords } from '../api/recharge-records';
import { useWalletRecords, type WalletRecordType } from '../api/wallet-records';
import { useWithdrawalRecords } from '../api/withdrawal-records';
import { RechargeRow, WalletRecordRow, WithdrawalRow } from '../components/record-rows';
import { LoadError, Loading, WalletPage } from '../components/shell';
import { isRecordType, RECORD_TYPE_LABELS } from '../lib/labels';

const TABS = ['records', 'recharges', 'withdrawals'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

interface PagedList<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  data?: { pages: { list: T[] }[] };
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A paged list with its loading, error and empty states, loading more as it scrolls. */
function Paged<T>({
  query,
  render,
  emptyTitle,
  testId,
}: {
  query: PagedList<T>;
  render: (item: T) => ReactNode;
  emptyTitle: string;
  testId: string;
}) {
  const t = useT();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (items.length === 0) {
    return <EmptyState testId={`${testId}-empty`} icon={<ReceiptIcon />} title={emptyTitle} />;
  }
  return (
    <>
      <ul className="ds-card-list" data-testid={testId}>
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

/** The filter of wallet records: all kinds, or one (WALLET_RECORD_TYPES). */
export function RecordTypeFilter({
  value,
  onChange,
}: {
  value: WalletRecordType | null;
  onChange: (type: WalletRecordType | null) => void;
}) {
  const t = useT();
  const chip = (type: WalletRecordType | null, label: string) => (
    <button
      key={type ?? 'all'}
      type="button"
      role="radio"
      aria-checked={value === type}
      className={value === type ? 'ds-filter__chip ds-filter__chip--active' : 'ds-filter__chip'}
      data-testid={`record-filter-${type ?? 'all'}`}
      onClick={() => onChange(type)}
    >
      {label}
    </button>
  );
  return (
    <div className="ds-filter" role="radiogroup" aria-label={t('wallet.filterLabel')}>
      {chip(null, t('wallet.filterAll'))}
      {WALLET_RECORD_TYPES.map((type) => chip(type, t(RECORD_TYPE_LABELS[type])))}
    </div>
  );
}

function RecordsTab({
  type,
  onType,
}: {
  type: WalletRecordType | null;
  onType: (t: WalletRecordType | null) => void;
}) {
  const t = useT();
  const records = useWalletRecords(type);
  return (
    <>
      <RecordTypeFilter value={type} onChange={onType} />
      <Paged
        query={records}
        testId="wallet-records"
        emptyTitle={t('wallet.noRecords')}
        render={(record) => <WalletRecordRow key={record.id} record={record} />}
      />
    </>
  );
}

function RechargesTab() {
  const t = useT();
  const recharges = useRechargeRecords();
  return (
    <Paged
      query={recharges}
      testId="recharge-records"
      emptyTitle={t('wallet.noRecharges')}
      render={(order) => <RechargeRow key={order.orderNo} order={order} />}
    />
  );
}

function WithdrawalsTab() {
  const t = useT();
  const withdrawals = useWithdrawalRecords();
  return (
    <Paged
      query={withdrawals}
      testId="withdrawal-records"
      emptyTitle={t('wallet.noWithdrawals')}
      render={(withdrawal) => <WithdrawalRow key={withdrawal.orderNo} withdrawal={withdrawal} />}
    />
  );
}

/**
 * /pages/profile/wallet/list: the wallet's movements with a kind filter, the recharge orders (an
 * open bank transfer or USDT deposit stays visible) and the withdrawals. `tab` and `type` are in
 * the address, so back and reload keep them.
 */
export default function WalletListPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'records';
  const typeParam = params.get('type') ?? '';
  const type = isRecordType(typeParam) ? typeParam : null;

  const update = (next: { tab?: Tab; type?: WalletRecordType | null }) => {
    const search = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    const nextType = next.type === undefined ? type : next.type;
    if (nextTab !== 'records') search.set('tab', nextTab);
    else if (nextType) search.set('type', nextType);
    setParams(search, { replace: true });
  };

  return (
    <WalletPage title={t('wallet.recordsTitle')}>
      <TopTabs
        tabs={[
          { key: 'records', title: t('wallet.tabRecords'), testId: 'wallet-tab-records' },
          { key: 'recharges', title: t('wallet.tabRecharges'), testId: 'wallet-tab-recharges' },
          { key: 'withdrawals', title: t('wallet.tabWithdrawals'), testId: 'wallet-tab-withdrawals' },
        ]}
        activeKey={tab}
        onChange={(key) => update({ tab: key })}
      />
      {tab === 'records' && <RecordsTab type={type} onType={(next) => update({ type: next })} />}
      {tab === 'recharges' && <RechargesTab />}
      {tab === 'withdrawals' && <WithdrawalsTab />}
    </WalletPage>
  );
}
