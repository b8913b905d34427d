import type { CreditStatus } from '@dramastar/contract';
import { Table, Tag } from 'antd';
import { useState } from 'react';
import { type AdminCredit, useCredits } from '../../../shared/api/credits';
import { formatMoney, formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';

const COLORS: Record<CreditStatus, string> = { pending: 'gold', credited: 'green', rejected: 'red' };

/** The refunds and goodwill credits given to one user, newest first, with who asked and who decided. */
export function UserCredits({ userId }: { userId: string }) {
  const t = useT();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const list = useCredits({ userId, ...page });
  return (
    <Table<AdminCredit>
      data-testid="user-credits"
      size="small"
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: t('credits.none') }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: list.data?.total ?? 0,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      columns={[
        { title: t('credits.asked'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
        {
          title: t('credit.kind'),
          dataIndex: 'kind',
          render: (k: AdminCredit['kind']) => t(`credit.kind.${k}`),
        },
        {
          title: t('credits.amount'),
          key: 'amount',
          align: 'right',
          render: (_, c) => formatMoney(c.amount, c.currency),
        },
        { title: t('credit.reason'), dataIndex: 'reason' },
        { title: t('credits.askedBy'), dataIndex: 'requestedBy' },
        {
          title: t('col.status'),
          dataIndex: 'status',
          render: (s: CreditStatus, c) => (
            <Tag color={COLORS[s]} title={c.decisionReason ?? undefined}>
              {t(`credits.status.${s}`)}
              {c.decidedBy ? ` · ${c.decidedBy}` : ''}
            </Tag>
          ),
        },
      ]}
    />
  );
}
