import { CREDIT_STATUSES, type CreditStatus } from '@dramastar/contract';
import { Alert, Button, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../../shared/api/api-error';
import {
  type AdminCredit,
  type CreditQuery,
  useApproveCredit,
  useCredits,
  useRejectCredit,
} from '../../../shared/api/credits';
import { formatMoney, formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session';
import { FilteredTable } from '../../../shared/ui/filtered-table';
import { PromptDialog } from '../../../shared/ui/prompt-dialog';
import { useUrlFilters } from '../../../shared/ui/url-filters';

const STATUS_COLORS: Record<CreditStatus, string> = { pending: 'gold', credited: 'green', rejected: 'red' };

/**
 * Finance → Credits: refunds and goodwill credits, those waiting for a second approval first. A
 * second operator approves (the money moves then) or refuses with a reason; the operator who asked
 * cannot decide their own (the server refuses it too).
 */
export function CreditsPage() {
  const t = useT();
  const me = useSession((s) => s.operator);
  const initial = useUrlFilters(CREDIT_STATUSES);
  const [query, setQuery] = useState<CreditQuery & { pageNum: number; pageSize: number }>({
    pageNum: 1,
    pageSize: 20,
    status: initial.status ?? 'pending',
  });
  const list = useCredits(query);
  const approve = useApproveCredit();
  const reject = useRejectCredit();
  const [refusing, setRefusing] = useState<AdminCredit | null>(null);
  const error = approve.error ?? (refusing ? null : reject.error);

  const columns: TableColumnsType<AdminCredit> = [
    { title: t('credits.asked'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('col.user'),
      dataIndex: 'userId',
      render: (v: string) => (
        <Link to={`/users?userId=${v}`} data-testid={`credit-user-${v}`}>
          {t('credits.userN', { id: v })}
        </Link>
      ),
    },
    {
      title: t('credit.kind'),
      dataIndex: 'kind',
      render: (k: AdminCredit['kind']) => t(`credit.kind.${k}`),
    },
    {
      title: t('credits.amount'),
      key: 'amount',
      align: 'right',
      render: (_, c) => <strong>{formatMoney(c.amount, c.currency)}</strong>,
    },
    { title: t('credit.reason'), dataIndex: 'reason' },
    { title: t('credits.askedBy'), dataIndex: 'requestedBy' },
    {
      title: t('col.status'),
      dataIndex: 'status',
      render: (s: CreditStatus, c) => (
        <span>
          <Tag color={STATUS_COLORS[s]} data-testid={`credit-status-${c.id}`}>
            {t(`credits.status.${s}`)}
          </Tag>
          {c.decidedBy ? (
            <Typography.Text type="secondary">
              {t('credits.decidedBy', { name: c.decidedBy, time: formatTime(c.decidedAt) })}
              {c.decisionReason ? ` · ${c.decisionReason}` : ''}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, c) =>
        c.status !== 'pending' ? null : c.requestedBy === me?.username ? (
          <Typography.Text type="secondary">{t('credits.notYours')}</Typography.Text>
        ) : (
          <Space>
            <Button
              size="small"
              type="primary"
              data-testid={`credit-approve-${c.id}`}
              loading={approve.isPending && approve.variables.id === c.id}
              onClick={() => approve.mutate({ id: c.id })}
            >
              {t('credits.approve')}
            </Button>
            <Button size="small" danger data-testid={`credit-reject-${c.id}`} onClick={() => setRefusing(c)}>
              {t('credits.reject')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Typography.Title level={3} className="ds-flush">
        {t('nav.credits')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="ds-flush">
        {t('credits.explain')}
      </Typography.Paragraph>
      {error ? <Alert data-testid="credits-error" type="error" showIcon title={errorText(error)} /> : null}
      <FilteredTable<AdminCredit>
        testId="credits-table"
        rowKey="id"
        scroll={{ x: 1100 }}
        columns={columns}
        result={list}
        page={query}
        onPage={(page) => setQuery((q) => ({ ...q, ...page }))}
        filters={
          <Select<CreditStatus | undefined>
            data-testid="filter-credit-status"
            allowClear
            placeholder={t('filter.anyStatus')}
            className="ds-w-200"
            value={query.status}
            onChange={(status) => setQuery((q) => ({ ...q, status, pageNum: 1 }))}
            options={CREDIT_STATUSES.map((s) => ({ value: s, label: t(`credits.status.${s}`) }))}
          />
        }
      />
      <PromptDialog
        testId="credit-reject-dialog"
        open={refusing !== null}
        title={
          refusing
            ? t('credits.rejectTitle', { amount: formatMoney(refusing.amount, refusing.currency) })
            : ''
        }
        label={t('credit.reason')}
        okText={t('credits.reject')}
        danger
        multiline
        minLength={3}
        maxLength={300}
        pending={reject.isPending}
        error={reject.error}
        onCancel={() => {
          setRefusing(null);
          reject.reset();
        }}
        onSubmit={(reason) => {
          if (refusing) reject.mutate({ id: refusing.id, reason }, { onSuccess: () => setRefusing(null) });
        }}
      />
    </Space>
  );
}
