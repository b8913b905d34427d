import { api, MEMBERSHIP_TIERS } from '@dramastar/contract';
import type { Db } from '../../db/client.js';
import type { Router } from '../../http/route.js';
import type { MembershipService } from './membership.service.js';

/** Test-only calls (TEST_API; never registered in production by default, so they answer 404 there). */
export function testRoutes(router: Router, deps: { db: Db; memberships: MembershipService }): void {
  router.user(api.test.openVipLevel, ({ user, body }) => {
    const tier = MEMBERSHIP_TIERS[body.level] ?? 'primary';
    return deps.memberships.grant(deps.db, {
      tenantId: user.tenantId,
      userId: user.userId,
      tier,
      days: body.days ?? (tier === 'week' ? 7 : 30),
      source: 'test',
    });
  });
}
