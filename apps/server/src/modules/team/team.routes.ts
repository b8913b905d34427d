import { api } from '@dramastar/contract';
import type { Router } from '../../http/route.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { CopyrightService } from './copyright.service.js';
import type { TeamService } from './team.service.js';

/** The team, copyright, salary, dividend and leader pages' calls. */
export function teamRoutes(
  router: Router,
  deps: { team: TeamService; copyrights: CopyrightService; tenants: TenantService },
): void {
  const { team, copyrights, tenants } = deps;

  router.user(api.account.userLevelStatistic, ({ user }) => team.levels(user));
  router.user(api.account.teamLevelStatusStatistic, ({ user }) => team.levelStatus(user));
  router.user(api.account.teamStatus, async ({ user }) =>
    team.status(user, (await tenants.config(user.tenantId)).inviteUrl),
  );
  router.user(api.account.teamLevelStatus, ({ user, query }) => team.members(user, query));
  router.user(api.team.members, ({ user, query }) => team.members(user, query));
  router.user(api.team.invitationDetails, ({ user, query }) => team.invitationDetails(user, query));
  router.user(api.account.revenueDetail, ({ user, query, body }) =>
    team.revenueDetail(user, query.date ?? body.date),
  );

  router.user(api.team.copyrights, ({ user, lang }) => copyrights.center(user, lang));
  router.user(api.team.buyCopyright, ({ user, body, lang }) => copyrights.buy(user, body, lang));
  router.user(api.team.copyrightHoldings, ({ user, query, lang }) => copyrights.holdings(user, query, lang));
  router.user(api.team.copyrightRevenue, ({ user, query, lang }) => copyrights.revenue(user, query, lang));

  router.user(api.team.salary, ({ user }) => team.salary(user));
  router.user(api.team.claimSalary, ({ user }) => team.claimSalary(user));
  router.user(api.team.salaryRecords, ({ user, query }) => team.salaryRecords(user, query));
  router.user(api.team.dividend, ({ user }) => team.dividend(user));
  router.user(api.team.leaders, ({ user }) => team.leaders(user));
}
