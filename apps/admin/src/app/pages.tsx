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
import type { TranslationKey } from '../shared/i18n';
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
import { DownloadOutlined, GiftOutlined } from '@ant-design/icons';
import { adminCreditApi, adminExportApi } from '@dramastar/contract';

/** Menu groups, in menu order; a page without a group is a top-level entry. */
export const GROUPS = {
  finance: 'nav.group.finance',
  content: 'nav.group.content',
  users: 'nav.group.users',
  support: 'nav.group.support',
  settings: 'nav.group.settings',
  access: 'nav.group.access',
} as const satisfies Record<string, TranslationKey>;
export type PageGroup = keyof typeof GROUPS;

export interface ConsolePage {
  /** Route under /admin. */
  path: string;
  /** The menu's text (a console text key). */
  label: TranslationKey;
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
    label: 'nav.dashboard',
    icon: <DashboardOutlined />,
    call: adminApi.me,
    page: load(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage'),
  },
  {
    path: '/analytics',
    label: 'nav.analytics',
    icon: <LineChartOutlined />,
    call: adminAnalyticsApi.overview,
    page: load(() => import('../features/analytics/pages/analytics-page'), 'AnalyticsPage'),
  },
  {
    path: '/finance/recharges',
    label: 'nav.recharges',
    icon: <WalletOutlined />,
    group: 'finance',
    call: adminApi.recharges,
    page: load(() => import('../features/recharges/pages/recharges-page'), 'RechargesPage'),
  },
  {
    path: '/finance/withdrawals',
    label: 'nav.withdrawals',
    icon: <WalletOutlined />,
    group: 'finance',
    call: adminApi.withdrawals,
    page: load(() => import('../features/withdrawals/pages/withdrawals-page'), 'WithdrawalsPage'),
  },
  {
    path: '/finance/credits',
    label: 'nav.credits',
    icon: <GiftOutlined />,
    group: 'finance',
    call: adminCreditApi.approve,
    page: load(() => import('../features/credits/pages/credits-page'), 'CreditsPage'),
  },
  {
    path: '/finance/gateway',
    label: 'nav.gateway',
    icon: <CreditCardOutlined />,
    group: 'finance',
    call: adminFinanceApi.gatewayPayments,
    page: load(() => import('../features/finance/pages/gateway-page'), 'GatewayPage'),
  },
  {
    path: '/finance/ledger',
    label: 'nav.ledger',
    icon: <BookOutlined />,
    group: 'finance',
    call: adminFinanceApi.ledgerAccounts,
    page: load(() => import('../features/finance/pages/ledger-page'), 'LedgerPage'),
  },
  {
    path: '/finance/reconciliation',
    label: 'nav.reconciliation',
    icon: <ReconciliationOutlined />,
    group: 'finance',
    call: adminFinanceApi.reconciliation,
    page: load(() => import('../features/finance/pages/reconciliation-page'), 'ReconciliationPage'),
  },
  {
    path: '/finance/exports',
    label: 'nav.exports',
    icon: <DownloadOutlined />,
    group: 'finance',
    call: adminExportApi.exportCsv,
    page: load(() => import('../features/exports/pages/exports-page'), 'ExportsPage'),
  },
  {
    path: '/content/series',
    label: 'nav.series',
    icon: <PlaySquareOutlined />,
    group: 'content',
    call: adminContentApi.series,
    page: load(() => import('../features/content/pages/series-page'), 'SeriesPage'),
  },
  {
    path: '/content/sections',
    label: 'nav.sections',
    icon: <AppstoreOutlined />,
    group: 'content',
    call: adminContentApi.homeSections,
    page: load(() => import('../features/content/pages/home-sections-page'), 'HomeSectionsPage'),
  },
  {
    path: '/content/jobs',
    label: 'nav.transcoding',
    icon: <CloudSyncOutlined />,
    group: 'content',
    call: adminContentApi.jobs,
    page: load(() => import('../features/content/pages/jobs-page'), 'JobsPage'),
  },
  {
    path: '/users',
    label: 'nav.users',
    icon: <TeamOutlined />,
    group: 'users',
    call: adminUsersApi.search,
    page: load(() => import('../features/users/pages/users-page'), 'UsersPage'),
  },
  {
    path: '/support/chat',
    label: 'nav.chat',
    icon: <MessageOutlined />,
    group: 'support',
    call: adminChatApi.conversations,
    page: load(() => import('../features/chat/pages/chat-page'), 'ChatPage'),
  },
  {
    path: '/support/canned-replies',
    label: 'nav.canned',
    icon: <SnippetsOutlined />,
    group: 'support',
    call: adminChatApi.cannedReplies,
    page: load(() => import('../features/chat/pages/canned-replies-page'), 'CannedRepliesPage'),
  },
  {
    path: '/settings/config',
    label: 'nav.config',
    icon: <SettingOutlined />,
    group: 'settings',
    call: adminConfigApi.tenantConfig,
    page: load(() => import('../features/config/pages/config-page'), 'ConfigPage'),
  },
  {
    path: '/settings/tenants',
    label: 'nav.tenants',
    icon: <ClusterOutlined />,
    group: 'settings',
    call: adminConfigApi.tenants,
    page: load(() => import('../features/tenants/pages/tenants-page'), 'TenantsPage'),
  },
  {
    path: '/audit',
    label: 'nav.audit',
    icon: <AuditOutlined />,
    call: adminApi.audit,
    page: load(() => import('../features/audit/pages/audit-page'), 'AuditPage'),
  },
  {
    path: '/access/operators',
    label: 'nav.operators',
    icon: <SafetyOutlined />,
    group: 'access',
    call: accessApi.operators,
    page: load(() => import('../features/access/pages/operators-page'), 'OperatorsPage'),
  },
  {
    path: '/access/account',
    label: 'nav.account',
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
