import { api, DEFAULT_TENANT_ID } from '@dramastar/contract';
import type { Router } from '../../http/route.js';
import { normalizeDomain, type TenantService } from '../tenant/tenant.service.js';
import type { EarnService } from './earn.service.js';
import type { RedPacketService } from './red-packet.service.js';

/** The Earn tab's calls: check-in, tasks, red packets, rank board, daily award, support contacts. */
export function earnRoutes(
  router: Router,
  deps: { earn: EarnService; redPackets: RedPacketService; tenants: TenantService },
): void {
  const { earn, redPackets, tenants } = deps;

  router.user(api.user.querySigninDayNum, ({ user }) => earn.checkinStatus(user));
  router.user(api.user.signin, ({ user }) => earn.checkin(user));

  router.user(api.config.queryTask, ({ user }) => earn.tasks(user));
  router.user(api.task.queryFinish, ({ user }) => earn.tasks(user));
  router.user(api.task.queryInviteTaskNum, ({ user }) => earn.inviteCounts(user));
  router.user(api.task.submitTask, ({ user, body }) => earn.claimTask(user, body.code));

  router.user(api.redPacket.sendRedPacket, ({ user, body }) => redPackets.create(user, body));
  router.user(api.redPacket.queryRedPacket, ({ user, query }) => redPackets.get(user, query.redPacketId));
  router.user(api.redPacket.receiveRedPacket, ({ user, query }) => redPackets.claim(user, query.redPacketId));
  router.user(api.account.queryDkRedPacket, ({ user }) => redPackets.mine(user));
  router.user(api.redPacket.rules, ({ user }) => earn.redPacketRules(user));

  router.user(api.account.daliyAward, ({ user, query, body }) =>
    earn.dailyAward(user, (query.claim ?? false) || (body.claim ?? false)),
  );

  const tenantOf = async (tenantId: string | undefined, viewer: () => Promise<{ tenantId: string } | null>) =>
    tenantId ?? (await viewer())?.tenantId ?? DEFAULT_TENANT_ID;
  router.guest(api.reward.ranking, async ({ query, viewer }) => {
    const me = await viewer();
    return earn.ranking(await tenantOf(query.tenantId, viewer), me?.userId ?? null, query, false);
  });
  router.guest(api.reward.rankingByDay, async ({ query, viewer }) => {
    const me = await viewer();
    return earn.ranking(await tenantOf(query.tenantId, viewer), me?.userId ?? null, query, true);
  });

  router.guest(api.config.customerService, async ({ query, viewer }) =>
    earn.customerService(await tenantOf(query.tenantId, viewer)),
  );
  router.guest(api.config.queryTgAgent, async ({ query, req }) => {
    const host = normalizeDomain(query.domain ?? req.hostname);
    const tenant = await tenants.resolveByDomain(host);
    return earn.telegramAgent(tenant.tenantId, host);
  });
}
