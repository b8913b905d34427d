import {
  AuditOutlined,
  DashboardOutlined,
  DollarOutlined,
  LogoutOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { OperatorInfo } from '@dramastar/contract';
import { Alert, Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLogout } from '../features/auth/api/auth';

const MENU = [
  { key: '/', icon: <DashboardOutlined />, label: 'Dashboard' },
  {
    key: 'finance',
    icon: <DollarOutlined />,
    label: 'Finance',
    children: [
      { key: '/finance/recharges', icon: <WalletOutlined />, label: 'Recharges' },
      { key: '/finance/withdrawals', icon: <WalletOutlined />, label: 'Withdrawals' },
    ],
  },
  { key: '/audit', icon: <AuditOutlined />, label: 'Audit log' },
];

/** The console's frame: the menu, the operator's name and role, Sign out. */
export function ConsoleLayout({ operator, children }: { operator: OperatorInfo; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logout = useLogout();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="dark" breakpoint="lg" collapsedWidth={64}>
        <div style={{ color: '#fff', fontWeight: 600, fontSize: 16, padding: '18px 24px' }}>
          DramaStar admin
        </div>
        <Menu
          theme="dark"
          mode="inline"
          data-testid="nav"
          selectedKeys={[pathname]}
          defaultOpenKeys={['finance']}
          items={MENU}
          onClick={({ key }) => void navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            paddingInline: 24,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space size="middle" data-testid="operator-header">
            <Typography.Text strong data-testid="operator-name">
              {operator.username}
            </Typography.Text>
            <Tag color="blue" data-testid="operator-role">
              {operator.role}
            </Tag>
            <Typography.Text type="secondary">
              {operator.tenantIds.length ? `tenants ${operator.tenantIds.join(', ')}` : 'all tenants'}
            </Typography.Text>
            <Button
              data-testid="sign-out"
              icon={<LogoutOutlined />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              Sign out
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          {operator.mustChangePassword ? (
            <Alert
              data-testid="must-change-password"
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="You are signed in with a one-time password. Change it as soon as the console offers password change."
            />
          ) : null}
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
