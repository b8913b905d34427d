import { isStarTier, type MembershipTier, type PointsRules, toMajor } from '@dramastar/contract';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { membershipCards } from '../../db/schema/index.js';
import { lockUser, userCard } from '../user/user-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { PointsService } from '../catalog/points.service.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { tenantMembership } from '../tenant/membership-settings.js';
import { replayOf, requestHash } from '../../money.js';
import type { StoredQuote } from '../wallet/recharge-orders.js';
import { type CardQuote, type CardRules, quoteOf, sameQuote, storedQuote } from './membership-cards.js';

/** Points to the inviter when the invited user buys a Star Card (spec section 9), once per tier: the tenant's rules. */
function shareCardPoints(points: PointsRules, tier: MembershipTier): number {
  if (tier === 'primary') return points.sharePrimaryCard;
  if (tier === 'premium') return points.sharePremiumCard;
  if (tier === 'director') return points.shareDirectorCard;
  return 0;
}

/**
 * Done in a purchase's transaction after the money moved (the team's referral rewards): `value`
 * is the new card's value, `endsAt` when its period ends (until then it may be credited back);
 * `replaced` the cards an upgrade ended, each with the share of its value credited back (`unused`
 * of `value`).
 */
export type PurchaseHook = (
  tx: Tx,
  purchase: {
    tenantId: string;
    userId: bigint;
    value: bigint;
    endsAt: Date;
    reference: string;
    replaced: { reference: string; unused: bigint; value: bigint }[];
  },
) => Promise<void>;

const cardReference = (card: { id: bigint }) => `card:${card.id}`;

/**
 * Buying, renewing and upgrading a card from the wallet through the ledger (the unused value of
 * the cards an upgrade replaces credited), in a transaction of its own or in a recharge's.
 */
export function createMembershipPurchase(deps: {
  clock: Clock;
  ledger?: Ledger;
  points?: PointsService;
  purchaseHooks: readonly PurchaseHook[];
  rules: CardRules;
}) {
  const { clock, purchaseHooks } = deps;
  const { cardsOf, plan, toCard } = deps.rules;

  const service = {
    /**
     * A card ordered through a recharge channel, bought from the wallet in the credit's transaction
     * the moment the money arrives: exactly as quoted when the order was made, or not at all
     * (CardQuoteChanged; the money stays in the wallet).
     */
    buyOrdered(
      tx: Tx,
      order: { userId: bigint; tenantId: string; orderNo: string },
      ordered: { tier: MembershipTier; quote?: StoredQuote | undefined },
    ) {
      return service.purchase(
        tx,
        { userId: order.userId, tenantId: order.tenantId },
        { tier: ordered.tier, requestId: `order:${order.orderNo}`, quote: storedQuote(ordered.quote) },
      );
    },

    /** `purchase` from the wallet in a transaction of its own (a user's "pay from balance"). */
    buyFromBalance(
      db: Db,
      user: { userId: bigint; tenantId: string },
      input: { tier: MembershipTier; requestId: string },
    ) {
      return withTransaction(db, (tx) => service.purchase(tx, user, input));
    },

    /**
     * Buys, renews or upgrades from the wallet in the caller's transaction: refuses a tier off
     * sale, a lower tier than the active one (it would add nothing), and InsufficientFunds.
     * The same requestId answers the first purchase; with another tier, 409.
     */
    async purchase(
      tx: Tx,
      user: { userId: bigint; tenantId: string },
      input: {
        tier: MembershipTier;
        requestId: string;
        source?: string;
        /**
         * A channel order's quote: the purchase is made only when it is still the same plan at the
         * same list price (else CardQuoteChanged, and the order's money stays in the wallet), and
         * charges no more than the quote's `pay` (an upgrade's credit shrinks by the second).
         */
        quote?: CardQuote;
      },
    ) {
      const ledger = deps.ledger;
      if (!ledger) throw new Error('membership purchases need the ledger');
      await lockUser(tx, user.userId);
      const { currency, settings } = await tenantMembership(tx, user.tenantId);
      const hash = requestHash([input.tier]);
      const [seen] = await tx
        .select()
        .from(membershipCards)
        .where(and(eq(membershipCards.userId, user.userId), eq(membershipCards.requestId, input.requestId)));
      const earlier = replayOf(seen, hash);
      const balance = async () =>
        toMajor(await ledger.balance(tx, user.tenantId, currency, { userId: user.userId }), currency);
      if (earlier) {
        // What the first request did, read back from the card it made.
        const action: 'buy' | 'renew' | 'upgrade' =
          earlier.paid < earlier.price ? 'upgrade' : earlier.startsAt > earlier.createdAt ? 'renew' : 'buy';
        return {
          card: toCard(earlier),
          action,
          paid: toMajor(earlier.paid, currency),
          credit: toMajor(earlier.value - earlier.paid, currency),
          balance: await balance(),
        };
      }
      const t = settings.tiers.find((x) => x.tier === input.tier);
      if (!t?.enabled) throw new AppError('TierUnavailable', { field: 'tier' });
      const planned = plan(settings, currency, await cardsOf(tx, user.userId), input.tier);
      if (planned.action === 'lower') throw new AppError('CardLowerThanActive', { field: 'tier' });
      const action: 'buy' | 'renew' | 'upgrade' = planned.action;
      const now = clock.now();
      if (input.quote && !sameQuote(quoteOf(planned, now), input.quote))
        throw new AppError('CardQuoteChanged');
      const p = input.quote && planned.pay > input.quote.pay ? { ...planned, pay: input.quote.pay } : planned;
      const paid = p.pay > 0n ? p.pay : 0n;
      // The money in the card: paid now plus the credit carried in; a credit beyond the price is refunded.
      const value = paid + p.credit < p.price ? paid + p.credit : p.price;
      for (const old of p.replaces) {
        await tx.update(membershipCards).set({ replacedAt: now }).where(eq(membershipCards.id, old.card.id));
      }
      const [card] = await tx
        .insert(membershipCards)
        .values({
          tenantId: user.tenantId,
          userId: user.userId,
          tier: input.tier,
          source: input.source ?? 'purchase',
          startsAt: p.startsAt,
          endsAt: p.endsAt,
          price: p.price,
          paid,
          value,
          requestId: input.requestId,
          requestHash: hash,
          createdAt: now,
        })
        .returning();
      if (!card) throw new Error('card not written');
      const reference = cardReference(card);
      if (p.pay > 0n) {
        await ledger.transfer(tx, {
          tenantId: user.tenantId,
          currency,
          from: { userId: user.userId },
          to: { system: 'membership_revenue' },
          amount: p.pay,
          kind: 'membership',
          reference,
          idempotencyKey: `membership:${card.id}`,
        });
      } else if (p.pay < 0n) {
        // The replaced cards were worth more than the new one: the rest goes back to the wallet.
        await ledger.transfer(tx, {
          tenantId: user.tenantId,
          currency,
          from: { system: 'membership_revenue' },
          to: { userId: user.userId },
          amount: -p.pay,
          kind: 'membership_refund',
          reference,
          idempotencyKey: `membership:${card.id}:refund`,
        });
      }
      const replaced = p.replaces.map((r) => ({
        reference: cardReference(r.card),
        unused: r.unused,
        value: r.card.value,
      }));
      for (const hook of purchaseHooks) {
        await hook(tx, {
          tenantId: user.tenantId,
          userId: user.userId,
          value,
          endsAt: card.endsAt,
          reference,
          replaced,
        });
      }
      if (isStarTier(input.tier) && deps.points) {
        const buyer = await userCard(tx, user.userId);
        const points = shareCardPoints(settings.points, input.tier);
        if (buyer?.inviterId && points) {
          await deps.points.award(tx, {
            userId: buyer.inviterId,
            amount: points,
            kind: `share_${input.tier}`,
            idempotencyKey: `share_card:${user.userId}:${input.tier}`,
          });
        }
      }
      return {
        card: toCard(card),
        action,
        paid: toMajor(paid, currency),
        credit: toMajor(p.credit, currency),
        balance: await balance(),
      };
    },
  };
  return service;
}
