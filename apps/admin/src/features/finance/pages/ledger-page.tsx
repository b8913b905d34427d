import { CURRENCY_KEYS, type CurrencyKey, LEDGER_ACCOUNT_KINDS } from '@dramastar/contract';
import {
  Button,
  Card,
  Descriptions,
  Input,
  Select,
  Space,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatMoney, formatTime } from '../../../shared/format';
import { FilteredTable } from '../../../shared/ui/filtered-table';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import {
  type AccountsQuery,
  type EntriesQuery,
  type LedgerAccount,
  type LedgerEntry,
  useLedgerAccounts,
  useLedgerEntries,
} from '../api/finance';
import { codeText } from '../../../shared/words';
import { useT } from '../../../shared/i18n';

function AccountName({ a }: { a: LedgerAccount }) {
  const t = useT();
  if (a.kind === 'system') {
    const code = a.code.replace(/^system:/, '');
    return (
      <Tag color="purple" title={a.code}>
        {codeText(t, 'ledger.system', code)}
      </Tag>
    );
  }
  return (
    <span>
      {a.email ?? a.userName ?? t('ledger.user')} · ID {a.userId}
      {a.inviteCode ? (
        <Typography.Text type="secondary"> · {t('ledger.invite', { code: a.inviteCode })}</Typography.Text>
      ) : null}
    </span>
  );
}

function Entries({ account }: { account: LedgerAccount }) {
  const t = useT();
  const [query, setQuery] = useState<EntriesQuery>({ accountId: account.id, pageNum: 1, pageSize: 20 });
  const entries = useLedgerEntries(query);
  const shown = entries.data?.account ?? account;
  const columns: TableColumnsType<LedgerEntry> = [
    { title: t('audit.time'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('credits.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => (
        <Typography.Text type={v.startsWith('-') ? 'danger' : 'success'}>
          {v.startsWith('-') ? v : `+${v}`}
        </Typography.Text>
      ),
    },
    {
      title: t('config.earn.kind'),
      dataIndex: 'kind',
      render: (k: string) => (
        <Tag title={k} data-testid="ledger-kind">
          {codeText(t, 'transfer.kind', k)}
        </Tag>
      ),
    },
    {
      title: t('ledger.counterpart'),
      key: 'counterpart',
      render: (_, e) => <code>{e.counterpart.code}</code>,
    },
    {
      title: t('ledger.reference'),
      key: 'reference',
      render: (_, e) => (
        <span>
          <code>{e.reference}</code>
          <br />
          <Typography.Text type="secondary">{e.idempotencyKey}</Typography.Text>
        </span>
      ),
    },
    { title: t('ledger.balanceAfter'), dataIndex: 'balanceAfter', align: 'right' },
  ];
  return (
    <Card size="small" title={<AccountName a={shown} />} data-testid="ledger-account">
      <Descriptions size="small" column={4} className="ds-mb-12">
        <Descriptions.Item label={t('ledger.account')}>
          <code>{shown.code}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t('config.tenant')}>{shown.tenantId}</Descriptions.Item>
        <Descriptions.Item label={t('ledger.balance')}>
          <b data-testid="ledger-balance">{formatMoney(shown.balance, shown.currency)}</b>
        </Descriptions.Item>
        <Descriptions.Item label={t('ledger.opened')}>{formatTime(shown.createdAt)}</Descriptions.Item>
      </Descriptions>
      <FilteredTable<LedgerEntry>
        testId="ledger-entries"
        rowKey="id"
        scroll={{ x: 900 }}
        columns={columns}
        result={entries}
        page={query}
        onPage={(page) => setQuery((q) => ({ ...q, ...page }))}
      />
    </Card>
  );
}

/** The ledger explorer: find any account (a user's wallet or a system account) and read its entries. */
export function LedgerPage() {
  const t = useT();
  const [params] = useSearchParams();
  const initialUser = params.get('user') ?? undefined;
  const [query, setQuery] = useState<AccountsQuery>({ pageNum: 1, pageSize: 20, user: initialUser });
  const [selected, setSelected] = useState<LedgerAccount | null>(null);
  const accounts = useLedgerAccounts(query);
  const filter = (patch: Partial<AccountsQuery>) => {
    setSelected(null);
    setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  };
  // A search that finds one account (e.g. from the withdrawal queue's link) opens it.
  const only = query.user && accounts.data?.total === 1 ? accounts.data.list[0] : undefined;
  const current = selected ?? only ?? null;

  const columns: TableColumnsType<LedgerAccount> = [
    { title: t('ledger.account'), key: 'name', render: (_, a) => <AccountName a={a} /> },
    { title: t('copyrights.code'), dataIndex: 'code', render: (c: string) => <code>{c}</code> },
    { title: t('config.tenant'), dataIndex: 'tenantId' },
    { title: t('config.general.currency'), dataIndex: 'currency' },
    { title: t('ledger.balance'), dataIndex: 'balance', align: 'right' },
    {
      title: '',
      key: 'open',
      render: (_, a) => (
        <Button size="small" data-testid={`ledger-open-${a.id}`} onClick={() => setSelected(a)}>
          {t('ledger.entries')}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Typography.Title level={3} className="ds-flush">
        {t('nav.ledger')}
      </Typography.Title>
      <FilteredTable<LedgerAccount>
        testId="ledger-accounts"
        rowKey="id"
        scroll={{ x: 900 }}
        columns={columns}
        result={accounts}
        page={query}
        onPage={(page) => setQuery((q) => ({ ...q, ...page }))}
        onRow={(a) => ({ className: a.id === current?.id ? 'ds-current' : undefined })}
        filters={
          <>
            <Input.Search
              data-testid="filter-user"
              allowClear
              placeholder={t('ledger.search')}
              className="ds-w-320"
              maxLength={254}
              defaultValue={initialUser}
              onSearch={(v) => filter({ user: v.trim() || undefined })}
            />
            <Select<'wallet' | 'system' | undefined>
              data-testid="filter-kind"
              allowClear
              placeholder={t('ledger.anyKind')}
              className="ds-w-130"
              value={query.kind}
              onChange={(kind) => filter({ kind })}
              options={LEDGER_ACCOUNT_KINDS.map((k) => ({ value: k, label: t(`ledger.accountKind.${k}`) }))}
            />
            <Select<CurrencyKey | undefined>
              data-testid="filter-currency"
              allowClear
              placeholder={t('ledger.anyCurrency')}
              className="ds-w-130"
              value={query.currency}
              onChange={(currency) => filter({ currency })}
              options={CURRENCY_KEYS.map((c) => ({ value: c, label: c }))}
            />
            <TenantFilter value={query.tenantId} onChange={(tenantId) => filter({ tenantId })} />
          </>
        }
      />
      {current ? <Entries key={current.id} account={current} /> : null}
    </Space>
  );
}
