import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Router } from '../http/route.js';
import type { Ledger } from '../modules/ledger/ledger.service.js';
import type { OperatorService } from '../modules/operator/operator.service.js';
import type { PaymentProviders } from '../modules/payment/providers.js';
import type { SessionService } from '../modules/auth/session.service.js';
import { createCopyrightAdmin } from '../modules/team/copyright-admin.js';
import type { TenantService } from '../modules/tenant/tenant.service.js';
import { createCreditService } from '../modules/wallet/credit.service.js';
import type { RechargeService } from '../modules/wallet/recharge.service.js';
import { createConfigChanges } from './config/config-changes.service.js';
import { adminConfigRoutes } from './config/config.routes.js';
import { createAdminConfigService } from './config/config.service.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { createDashboardService } from './dashboard/dashboard.service.js';
import { adminExportRoutes } from './export/export.routes.js';
import { adminCreditRoutes } from './finance/credits.routes.js';
import { adminFinanceRoutes } from './finance/finance.routes.js';
import { createAdminFinanceService } from './finance/finance.service.js';
import { adminProviderRoutes } from './providers/providers.routes.js';
import { adminUsersRoutes } from './users/users.routes.js';
import { createAdminUserService } from './users/users.service.js';

/**
 * The console's areas in admin/ (/admin-api): payment providers, users, the dashboard, tenants'
 * configuration, finance, exports and credits. Above every module: none imports them.
 */
export function registerConsole(
  router: Router,
  deps: {
    db: Db;
    clock: Clock;
    config: Config;
    operators: OperatorService;
    tenants: TenantService;
    sessions: SessionService;
    ledger: Ledger;
    providers: PaymentProviders;
    recharges: RechargeService;
    /** Announces a committed change of tenants (every instance drops its cached answers). */
    tenantsChanged: () => Promise<void>;
  },
): void {
  const { db, clock, config, operators, tenants, recharges, ledger } = deps;
  adminProviderRoutes(router, {
    db,
    operators,
    tenants,
    providers: deps.providers,
    recharges,
    publicUrl: config.publicUrl,
  });
  adminUsersRoutes(router, {
    db,
    operators,
    adminUsers: createAdminUserService({
      db,
      clock,
      sessions: deps.sessions,
      recharges,
      ledger,
      sessionIdleDays: config.sessionIdleDays,
    }),
  });
  dashboardRoutes(router, {
    dashboard: createDashboardService({ db, clock }),
    operators,
    tenants,
    clock,
    db,
    config,
  });
  const adminConfig = createAdminConfigService(db, clock, { offerDemoDetails: config.env !== 'production' });
  adminConfigRoutes(router, {
    config: adminConfig,
    configChanges: createConfigChanges({
      db,
      operators,
      config: adminConfig,
      copyrights: createCopyrightAdmin(clock),
      publicUrl: config.publicUrl,
      tenantsChanged: deps.tenantsChanged,
    }),
  });
  adminFinanceRoutes(router, {
    finance: createAdminFinanceService({ db, clock, provider: 'sandbox' }),
  });
  adminExportRoutes(router, { db, operators });
  adminCreditRoutes(router, {
    credits: createCreditService({
      db,
      clock,
      ledger,
      audit: (tx, op, entry) => operators.audit(tx, op, entry),
    }),
  });
}
