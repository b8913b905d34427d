import { api, toMajor } from '@dramastar/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { Router } from '../../http/route.js';
import type { PointsService } from '../catalog/points.service.js';
import type { TenantService } from '../tenant/tenant.service.js';
import { appOriginOf } from '../wallet/app-origin.js';
import type { RechargeService } from '../wallet/recharge.service.js';
import { storeQuote } from './membership-cards.js';
import type { MembershipService } from './membership.service.js';
import type { TrialCardService } from './trial-card.service.js';

/** Star Cards (buy from the balance or through a recharge channel), trial cards and points. */
export function membershipRoutes(
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
  const { db, memberships, trials, recharges, points } = deps;
  const appOrigin = appOriginOf(deps.publicUrl, deps.tenants);

  router.user(api.user.queryGreatestVipcard, async ({ user }) =>
    memberships.status(db, user, await trials.activeUntil(db, user.userId)),
  );
  router.guest(api.user.starCardTiers, async ({ query, req }) =>
    memberships.tiersFor(db, query.tenantId ?? (await deps.tenants.resolveByDomain(req.hostname)).tenantId),
  );
  router.user(api.user.queryVipLevelUpQualification, ({ user }) => memberships.upgrades(db, user));
  router.user(api.account.queryVipCardCountAndStatus, ({ user }) => memberships.history(db, user.userId));

  router.user(api.user.openvipByBalance, ({ user, body }) => memberships.buyFromBalance(db, user, body));

  router.user(api.user.openvip, async ({ user, body, req }) => {
    // USDT pays in another currency: recharge with USDT first, then buy from the balance.
    if (body.channel === 'usdt') throw new AppError('ChannelUnavailable', { field: 'channel' });
    const { currency, plan, quote } = await memberships.quote(db, user, body.tier);
    if (plan.pay <= 0n) throw new AppError('ChannelUnavailable', { field: 'channel' });
    return recharges.create(
      user,
      {
        channel: body.channel,
        amount: toMajor(plan.pay, currency),
        requestId: body.requestId,
        ...(body.provider ? { provider: body.provider } : {}),
      },
      await appOrigin(req, user.tenantId),
      { kind: 'membership', tier: body.tier, amount: plan.pay, quote: storeQuote(quote) },
    );
  });

  router.user(api.user.trialCards, ({ user }) => trials.summary(user));
  router.user(api.user.queryCanSendTrialCard, ({ user }) => trials.canSend(user));
  router.user(api.user.sendTrialCard, ({ user, body }) => trials.send(user, body));
  router.user(api.user.getTrialCard, ({ user, body }) => trials.get(user, body.code));

  router.user(api.user.queryVideoPoint, async ({ user, query }) => ({
    balance: await points.balance(db, user.userId),
    ...(await points.history(db, user.userId, query)),
    rules: (await memberships.settings(db, user.tenantId)).settings.points,
  }));
}
