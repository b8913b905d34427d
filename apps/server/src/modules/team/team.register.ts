import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { Router } from '../../http/route.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { MembershipService } from '../membership/membership.service.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { PayPasswordService } from '../wallet/pay-password.service.js';
import { seedCopyrightProducts } from './copyright-seed.js';
import { createCopyrightService } from './copyright.service.js';
import type { TeamRewards } from './team-rewards.js';
import { teamRoutes } from './team.routes.js';
import { createTeamService } from './team.service.js';

/** Teams and copyright products (/app-api/team…); the demo tenants' products are seeded here. */
export async function registerTeam(
  router: Router,
  deps: {
    db: Db;
    clock: Clock;
    ledger: Ledger;
    memberships: MembershipService;
    teamRewards: TeamRewards;
    payPasswords: PayPasswordService;
    tenants: TenantService;
    /** The tenants whose demo copyright products are seeded (none without demo content). */
    demoTenantIds: string[] | null;
  },
) {
  const { db, clock, ledger, memberships, payPasswords } = deps;
  const copyrights = createCopyrightService({
    db,
    clock,
    ledger,
    rewards: deps.teamRewards,
    confirmPayPassword: (userId, password) => payPasswords.verify(userId, password),
  });
  if (deps.demoTenantIds) await seedCopyrightProducts(db, clock, deps.demoTenantIds);
  teamRoutes(router, {
    team: createTeamService({ db, clock, ledger, memberships }),
    copyrights,
    tenants: deps.tenants,
  });
  return { copyrights };
}
