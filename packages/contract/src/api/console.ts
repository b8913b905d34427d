import type { AnyCall } from '../call.js';
import { adminApi } from './admin.js';
import { adminUsersApi } from './admin-users.js';
import { adminDashboardApi } from './admin-dashboard.js';
import { accessApi } from './admin-access.js';
import { adminContentApi } from './admin-content.js';
import { adminConfigApi } from './admin-config.js';
import { adminChatApi } from './admin-chat.js';
import { adminFinanceApi } from './admin-finance.js';
import { adminPaymentApi } from './admin-payment.js';
import { adminAnalyticsApi } from './admin-analytics.js';
import { adminExportApi } from './admin-export.js';
import { adminCreditApi } from './admin-credits.js';

/**
 * Every call of the operator console (/admin-api), by area. Each area's contract file adds its
 * group here; the role × call test and the server's registration check walk this list.
 */
export const consoleCalls = {
  core: adminApi,
  users: adminUsersApi,
  dashboard: adminDashboardApi,
  access: accessApi,
  content: adminContentApi,
  config: adminConfigApi,
  chat: adminChatApi,
  finance: adminFinanceApi,
  payment: adminPaymentApi,
  analytics: adminAnalyticsApi,
  export: adminExportApi,
  credits: adminCreditApi,
} as const;

export function allConsoleCalls(): AnyCall[] {
  return Object.values(consoleCalls).flatMap((group) => Object.values(group) as AnyCall[]);
}
