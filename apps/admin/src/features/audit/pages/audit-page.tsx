import { Card, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { dayStart, formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { type AuditEntry, type AuditQuery, useAudit, useAuditActions } from '../api/audit';
import { auditFields, auditSentence, words } from '../audit-sentence';

/** Before and after side by side, one labelled row a field, changed fields first and marked. */
function Fields({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const fields = auditFields(entry, t);
  if (fields.length === 0) return <Typography.Text type="secondary">{t('audit.noDetails')}</Typography.Text>;
  const hasBefore = entry.before !== null && entry.before !== undefined;
  return (
    <table data-testid={`audit-fields-${entry.id}`} className="ds-fields">
      <thead>
        <tr>
          <th className="ds-cell">{t('audit.field')}</th>
          {hasBefore ? <th className="ds-cell">{t('audit.before')}</th> : null}
          <th className="ds-cell-last">{t(hasBefore ? 'audit.after' : 'audit.value')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr
            key={f.key}
            data-testid={`audit-field-${f.key}`}
            className={f.changed ? 'ds-changed' : undefined}
          >
            <td className="ds-cell ds-muted">{f.label}</td>
            {hasBefore ? <td className="ds-cell">{f.before}</td> : null}
            <td className="ds-cell-last ds-after">{f.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Read-only audit log: who did what, when, in which tenant, to what, why; before/after on expand. */
export function AuditPage() {
  const t = useT();
  const [query, setQuery] = useState<AuditQuery>({ pageNum: 1, pageSize: 20 });
  const list = useAudit(query);
  const actions = useAuditActions();
  const filter = (patch: Partial<AuditQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const columns: TableColumnsType<AuditEntry> = [
    { title: t('audit.time'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
    {
      title: t('audit.what'),
      key: 'sentence',
      render: (_, e) => (
        <span data-testid="audit-sentence" title={`${e.action} · ${e.target}`}>
          {auditSentence(e, t)}
        </span>
      ),
    },
    {
      title: t('audit.tenant'),
      dataIndex: 'tenantId',
      width: 90,
      render: (v: string | null) => v ?? t('audit.allTenants'),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Typography.Title level={3} className="ds-flush">
        {t('nav.audit')}
      </Typography.Title>
      <Card size="small">
        <Space wrap>
          <Select<string | undefined>
            data-testid="filter-action"
            allowClear
            showSearch
            placeholder={t('audit.anyAction')}
            className="ds-w-220"
            value={query.action}
            onChange={(action) => filter({ action })}
            loading={actions.isLoading}
            options={(actions.data?.actions ?? []).map((a) => ({ value: a, label: words(a) }))}
          />
          <Input.Search
            data-testid="filter-operator"
            allowClear
            placeholder={t('audit.operator')}
            className="ds-w-160"
            onSearch={(operator) => filter({ operator: operator || undefined })}
          />
          <Input.Search
            data-testid="filter-target"
            allowClear
            placeholder={t('audit.target')}
            className="ds-w-260"
            onSearch={(target) => filter({ target: target || undefined })}
          />
          <Space.Compact>
            <Input
              type="date"
              data-testid="filter-from"
              aria-label={t('audit.fromDay')}
              className="ds-w-150"
              onChange={(e) => filter({ from: dayStart(e.target.value) })}
            />
            <Input
              type="date"
              data-testid="filter-to"
              aria-label={t('audit.toDay')}
              className="ds-w-150"
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
          expandedRowRender: (e) => <Fields entry={e} />,
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
