import type { Db } from '../../db/client.js';
import type { Router } from '../../http/route.js';
import type { PointsService } from '../catalog/points.service.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { RechargeService } from '../wallet/recharge.service.js';
import { membershipRoutes } from './membership.routes.js';
import type { MembershipService } from './membership.service.js';
import type { TrialCardService } from './trial-card.service.js';

/**
 * Star Cards and trial cards (/app-api/membership). The services are made before the catalogue
 * (its viewing passes) and the wallet (cards bought when an order's money is credited).
 */
export function registerMembership(
  router: Router,
  deps: {
    db: Db;
    memberships: MembershipService;
    trials: TrialCardService;
    recharges: RechargeService;
    points: PointsService;
    tenants: TenantService;
    publicUrl: string;
  },
): void {
  membershipRoutes(router, deps);
}
