import type { Router } from '../../http/route.js';
import { membershipRoutes } from './membership.routes.js';

/**
 * Star Cards and trial cards (/app-api/membership). The services are made before the catalogue
 * (its viewing passes) and the wallet (cards bought when an order's money is credited).
 */
export function registerMembership(router: Router, deps: Parameters<typeof membershipRoutes>[1]): void {
  membershipRoutes(router, deps);
}
