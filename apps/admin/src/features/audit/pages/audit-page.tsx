import { Card, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { dayStart, formatTime } from '../../../shared/format';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { type AuditEntry, type AuditQuery, useAudit, useAuditActions } from '../api/audit';

function Json({ value, testId }: { value: unknown; testId: string }) {
  return (
    <pre
      data-testid={testId}
      style={{ margin: 0, maxHeight: 320, overflow: 'auto', fontSize: 12, background: '#fafafa', padding: 8 }}
    >
      {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** Read-only audit log: who did what, when, in which tenant, to what, why; before/after on expand. */
export function AuditPage() {
  const [query, setQuery] = useState<AuditQuery>({ pageNum: 1, pageSize: 20 });
  const list = useAudit(query);
  const actions = useAuditActions();
  const filter = (patch: Partial<AuditQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const columns: TableColumnsType<AuditEntry> = [
    { title: 'Time', dataIndex: 'createdAt', width: 160, render: (v: string) => formatTime(v) },
    { title: 'Operator', dataIndex: 'operator', width: 110 },
    { title: 'Tenant', dataIndex: 'tenantId', width: 80, render: (v: string | null) => v ?? '—' },
    { title: 'Action', dataIndex: 'action', width: 170, render: (v: string) => <code>{v}</code> },
    {
      title: 'Target',
      dataIndex: 'target',
      ellipsis: true,
      render: (v: string) => <code title={v}>{v}</code>,
    },
    {
      title: 'Reason',
      dataIndex: 'reason',
      width: 220,
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Audit log
      </Typography.Title>
      <Card size="small">
        <Space wrap>
          <Select<string | undefined>
            data-testid="filter-action"
            allowClear
            showSearch
            placeholder="Any action"
            style={{ width: 220 }}
            value={query.action}
            onChange={(action) => filter({ action })}
            loading={actions.isLoading}
            options={(actions.data?.actions ?? []).map((a) => ({ value: a, label: a }))}
          />
          <Input.Search
            data-testid="filter-operator"
            allowClear
            placeholder="Operator"
            style={{ width: 160 }}
            onSearch={(operator) => filter({ operator: operator || undefined })}
          />
          <Input.Search
            data-testid="filter-target"
            allowClear
            placeholder="Target contains (order, user:42 …)"
            style={{ width: 260 }}
            onSearch={(target) => filter({ target: target || undefined })}
          />
          <Space.Compact>
            <Input
              type="date"
              data-testid="filter-from"
              aria-label="From day"
              style={{ width: 150 }}
              onChange={(e) => filter({ from: dayStart(e.target.value) })}
            />
            <Input
              type="date"
              data-testid="filter-to"
              aria-label="To day"
              style={{ width: 150 }}
              onChange={(e) => filter({ to: dayStart(e.target.value, 1) })}
            />
          </Space.Compact>
          <TenantFilter value={query.tenantId} onChange={(tenantId) => filter({ tenantId })} />
        </Space>
      </Card>
      {list.error ? <Typography.Text type="danger">{errorText(list.error)}</Typography.Text> : null}
      <Table<AuditEntry>
        data-testid="audit-table"
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        expandable={{
          expandedRowRender: (e) => (
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
              <div>
                <Typography.Text strong>Before</Typography.Text>
                <Json value={e.before} testId={`audit-before-${e.id}`} />
              </div>
              <div>
                <Typography.Text strong>After</Typography.Text>
                <Json value={e.after} testId={`audit-after-${e.id}`} />
              </div>
            </div>
          ),
        }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
        }}
      />
    </Space>
  );
}
