import { Alert, Badge, Card, Descriptions, Space, Table, Typography } from 'antd';
import { errorText } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session';
import { useLedgerHealth } from '../api/ledger-health';

/** Home: who is signed in and the ledger's balance check (every currency's accounts sum to zero). */
export function DashboardPage() {
  const operator = useSession((s) => s.operator);
  const health = useLedgerHealth();
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Dashboard
      </Typography.Title>
      <Card
        title="Ledger health"
        data-testid="ledger-health"
        extra={
          health.data ? (
            <Badge
              data-testid="ledger-light"
              data-balanced={String(health.data.balanced)}
              status={health.data.balanced ? 'success' : 'error'}
              text={health.data.balanced ? 'Balanced' : 'NOT balanced'}
            />
          ) : null
        }
      >
        {health.error ? <Alert type="error" showIcon title={errorText(health.error)} /> : null}
        <Table
          size="small"
          rowKey="currency"
          loading={health.isLoading}
          pagination={false}
          dataSource={health.data?.currencies ?? []}
          locale={{ emptyText: 'No ledger accounts yet' }}
          columns={[
            { title: 'Currency', dataIndex: 'currency' },
            { title: 'Accounts', dataIndex: 'accounts', align: 'right' },
            {
              title: 'Sum of balances',
              dataIndex: 'sum',
              align: 'right',
              render: (sum: string) => (
                <Badge status={sum === '0' ? 'success' : 'error'} text={<code>{sum}</code>} />
              ),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          Double-entry: for each currency the balances of all accounts (users, system, payouts) must add up to
          zero. Sums are in minor units.
        </Typography.Paragraph>
      </Card>
      {operator ? (
        <Card title="Your access">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="Operator">{operator.username}</Descriptions.Item>
            <Descriptions.Item label="Role">{operator.role}</Descriptions.Item>
            <Descriptions.Item label="Tenants">
              {operator.tenantIds.length ? operator.tenantIds.join(', ') : 'All tenants'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
    </Space>
  );
}
