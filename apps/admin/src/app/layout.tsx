import { LogoutOutlined } from '@ant-design/icons';
import type { OperatorInfo } from '@dramastar/contract';
import { App, Button, Layout, Menu, type MenuProps, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLogout } from '../features/auth/api/auth';
import { discardUnsavedChanges, hasUnsavedChanges } from '../shared/ui/unsaved-changes';
import { tenantLabel, useMyTenants } from '../shared/api/my-tenants';
import { type Translator, useT } from '../shared/i18n';
import { LanguagePicker } from '../shared/ui/language-picker';
import { GROUPS, type PageGroup, pagesFor } from './pages';

/** The menu of the pages the operator's role may use, grouped as `GROUPS` orders them. */
function menuFor(operator: OperatorInfo, t: Translator): NonNullable<MenuProps['items']> {
  const pages = pagesFor(operator.role);
  const item = (p: (typeof pages)[number]) => ({ key: p.path, icon: p.icon, label: t(p.label) });
  const top = pages.filter((p) => !p.group).map(item);
  const groups = (Object.keys(GROUPS) as PageGroup[]).flatMap((group) => {
    const children = pages.filter((p) => p.group === group).map(item);
    return children.length ? [{ key: group, label: t(GROUPS[group]), type: 'group' as const, children }] : [];
  });
  return [...top, ...groups];
}

/** The console's frame: the menu, the operator's name and role, Sign out. */
export function ConsoleLayout({ operator, children }: { operator: OperatorInfo; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logout = useLogout();
  const { modal } = App.useApp();
  const t = useT();
  const tenants = useMyTenants();
  /** Goes to another page; with unsaved edits, only once the operator agrees to lose them. */
  const go = (path: string) => {
    if (!hasUnsavedChanges()) return void navigate(path);
    modal.confirm({
      title: t('unsaved.title'),
      content: t('unsaved.text'),
      okText: t('unsaved.leave'),
      okButtonProps: { danger: true, 'data-testid': 'leave-unsaved-ok' },
      cancelText: t('unsaved.stay'),
      onOk: () => {
        discardUnsavedChanges();
        void navigate(path);
      },
    });
  };
  return (
    <Layout className="ds-screen">
      <Layout.Sider width={220} theme="dark" breakpoint="lg" collapsedWidth={64}>
        <div className="ds-brand">DramaStar admin</div>
        <Menu
          theme="dark"
          mode="inline"
          data-testid="nav"
          selectedKeys={[pathname]}
          items={menuFor(operator, t)}
          onClick={({ key }) => go(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="ds-header">
          <Space size="middle" data-testid="operator-header">
            <Typography.Text strong data-testid="operator-name">
              {operator.username}
            </Typography.Text>
            <Tag color="blue" data-testid="operator-role">
              {t(`role.${operator.role}`)}
            </Tag>
            <Typography.Text type="secondary" data-testid="operator-tenants">
              {operator.tenantIds.length
                ? operator.tenantIds.map((id) => tenantLabel(tenants.data?.list, id)).join(', ')
                : t('tenant.every')}
            </Typography.Text>
            <LanguagePicker />
            <Button
              data-testid="sign-out"
              icon={<LogoutOutlined />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              {t('signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="ds-page">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
