import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { Router } from '../../http/route.js';
import type { Ledger, SettleOwed } from '../ledger/ledger.service.js';
import type { MembershipService } from '../membership/membership.service.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { Notify } from '../user/notify.js';
import { earnRoutes } from './earn.routes.js';
import { createEarnService } from './earn.service.js';
import { createRedPacketService } from './red-packet.service.js';

/** Check-ins, tasks and red packets (/app-api/…). */
export function registerEarn(
  router: Router,
  deps: {
    db: Db;
    clock: Clock;
    ledger: Ledger;
    memberships: MembershipService;
    /** What the user still owes is settled from a red packet's share (team rewards). */
    settleOwed: SettleOwed;
    notify: Notify;
    tenants: TenantService;
  },
) {
  const { db, clock, ledger, memberships } = deps;
  const redPackets = createRedPacketService({
    db,
    clock,
    ledger,
    settleOwed: deps.settleOwed,
    notify: deps.notify,
  });
  earnRoutes(router, {
    earn: createEarnService({ db, clock, ledger, memberships }),
    redPackets,
    tenants: deps.tenants,
  });
  return { redPackets };
}
