import {
  AppstoreOutlined,
  AuditOutlined,
  CloudSyncOutlined,
  DashboardOutlined,
  PlaySquareOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { adminApi, adminContentApi, type AnyCall, type OperatorRole, roleMayCall } from '@dramastar/contract';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { BookOutlined, CreditCardOutlined, ReconciliationOutlined } from '@ant-design/icons';
import { adminFinanceApi } from '@dramastar/contract';
import { ClusterOutlined, SettingOutlined } from '@ant-design/icons';
import { adminConfigApi } from '@dramastar/contract';
import { MessageOutlined, SnippetsOutlined } from '@ant-design/icons';
import { adminChatApi } from '@dramastar/contract';
import { SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { accessApi } from '@dramastar/contract';
import { TeamOutlined } from '@ant-design/icons';
import { adminUsersApi } from '@dramastar/contract';
import { LineChartOutlined } from '@ant-design/icons';
import { adminAnalyticsApi } from '@dramastar/contract';
import { DownloadOutlined } from '@ant-design/icons';
import { adminExportApi } from '@dramastar/contract';

/** Menu groups, in menu order; a page without a group is a top-level entry. */
export const GROUPS = {
  finance: 'Finance',
  content: 'Content',
  users: 'Users',
  support: 'Support',
  settings: 'Configuration',
  access: 'Access',
} as const;
export type PageGroup = keyof typeof GROUPS;

export interface ConsolePage {
  /** Route under /admin. */
  path: string;
  label: string;
  icon: ReactNode;
  group?: PageGroup;
  /** The page's main call: the page is shown (menu and route) only to roles that may make it. */
  call: AnyCall;
  page: LazyExoticComponent<ComponentType>;
}

/** Each page is its own chunk: the console loads what the operator opens. */
const load = <K extends string>(
  loader: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> => lazy(async () => ({ default: (await loader())[name] }));

/**
 * Every page of the console, in menu order. Add a page here (and nowhere else): the menu and the
 * routes are built from this list, filtered by the operator's role.
 */
export const PAGES: ConsolePage[] = [
  {
    path: '/',
    label: 'Dashboard',
    icon: <DashboardOutlined />,
    call: adminApi.me,
    page: load(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage'),
  },
  {
    path: '/analytics',
    label: 'Analytics',
    icon: <LineChartOutlined />,
    call: adminAnalyticsApi.overview,
    page: load(() => import('../features/analytics/pages/analytics-page'), 'AnalyticsPage'),
  },
  {
    path: '/finance/recharges',
    label: 'Recharges',
    icon: <WalletOutlined />,
    group: 'finance',
    call: adminApi.recharges,
    page: load(() => import('../features/recharges/pages/recharges-page'), 'RechargesPage'),
  },
  {
    path: '/finance/withdrawals',
    label: 'Withdrawals',
    icon: <WalletOutlined />,
    group: 'finance',
    call: adminApi.withdrawals,
    page: load(() => import('../features/withdrawals/pages/withdrawals-page'), 'WithdrawalsPage'),
  },
  {
    path: '/finance/gateway',
    label: 'Gateway payments',
    icon: <CreditCardOutlined />,
    group: 'finance',
    call: adminFinanceApi.gatewayPayments,
    page: load(() => import('../features/finance/pages/gateway-page'), 'GatewayPage'),
  },
  {
    path: '/finance/ledger',
    label: 'Ledger explorer',
    icon: <BookOutlined />,
    group: 'finance',
    call: adminFinanceApi.ledgerAccounts,
    page: load(() => import('../features/finance/pages/ledger-page'), 'LedgerPage'),
  },
  {
    path: '/finance/reconciliation',
    label: 'Reconciliation',
    icon: <ReconciliationOutlined />,
    group: 'finance',
    call: adminFinanceApi.reconciliation,
    page: load(() => import('../features/finance/pages/reconciliation-page'), 'ReconciliationPage'),
  },
  {
    path: '/finance/exports',
    label: 'Exports',
    icon: <DownloadOutlined />,
    group: 'finance',
    call: adminExportApi.exportCsv,
    page: load(() => import('../features/exports/pages/exports-page'), 'ExportsPage'),
  },
  {
    path: '/content/series',
    label: 'Series',
    icon: <PlaySquareOutlined />,
    group: 'content',
    call: adminContentApi.series,
    page: load(() => import('../features/content/pages/series-page'), 'SeriesPage'),
  },
  {
    path: '/content/sections',
    label: 'Home sections',
    icon: <AppstoreOutlined />,
    group: 'content',
    call: adminContentApi.homeSections,
    page: load(() => import('../features/content/pages/home-sections-page'), 'HomeSectionsPage'),
  },
  {
    path: '/content/jobs',
    label: 'Transcoding',
    icon: <CloudSyncOutlined />,
    group: 'content',
    call: adminContentApi.jobs,
    page: load(() => import('../features/content/pages/jobs-page'), 'JobsPage'),
  },
  {
    path: '/users',
    label: 'Users',
    icon: <TeamOutlined />,
    group: 'users',
    call: adminUsersApi.search,
    page: load(() => import('../features/users/pages/users-page'), 'UsersPage'),
  },
  {
    path: '/support/chat',
    label: 'Chat',
    icon: <MessageOutlined />,
    group: 'support',
    call: adminChatApi.conversations,
    page: load(() => import('../features/chat/pages/chat-page'), 'ChatPage'),
  },
  {
    path: '/support/canned-replies',
    label: 'Canned replies',
    icon: <SnippetsOutlined />,
    group: 'support',
    call: adminChatApi.cannedReplies,
    page: load(() => import('../features/chat/pages/canned-replies-page'), 'CannedRepliesPage'),
  },
  {
    path: '/settings/config',
    label: 'Configuration',
    icon: <SettingOutlined />,
    group: 'settings',
    call: adminConfigApi.tenantConfig,
    page: load(() => import('../features/config/pages/config-page'), 'ConfigPage'),
  },
  {
    path: '/settings/tenants',
    label: 'Tenants',
    icon: <ClusterOutlined />,
    group: 'settings',
    call: adminConfigApi.tenants,
    page: load(() => import('../features/tenants/pages/tenants-page'), 'TenantsPage'),
  },
  {
    path: '/audit',
    label: 'Audit log',
    icon: <AuditOutlined />,
    call: adminApi.audit,
    page: load(() => import('../features/audit/pages/audit-page'), 'AuditPage'),
  },
  {
    path: '/access/operators',
    label: 'Operators',
    icon: <SafetyOutlined />,
    group: 'access',
    call: accessApi.operators,
    page: load(() => import('../features/access/pages/operators-page'), 'OperatorsPage'),
  },
  {
    path: '/access/account',
    label: 'My account',
    icon: <UserOutlined />,
    group: 'access',
    call: accessApi.sessions,
    page: load(() => import('../features/access/pages/account-page'), 'AccountPage'),
  },
];

/** The pages an operator of `role` sees. */
export function pagesFor(role: OperatorRole): ConsolePage[] {
  return PAGES.filter((p) => roleMayCall(role, p.call));
}
