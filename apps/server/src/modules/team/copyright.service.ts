import { type CopyrightProduct, type Language, toMajor } from '@dramastar/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import {
  copyrightHoldings,
  copyrightProducts,
  copyrightRevenue,
  dividendGrants,
} from '../../db/schema/index.js';
import { lockUser } from '../user/user-rows.js';
import { onePage, type Page } from '../../db/paging.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { type TeamRewards, tenantTeam } from './team-rewards.js';
import { parseAmount, replayOf, requestHash } from '../../money.js';
import { addDays, dayIn } from '../../clock.js';
import { rowsOf } from '../../db/rows.js';
import { createCopyrightPayouts } from './copyright-payouts.service.js';

type ProductRow = typeof copyrightProducts.$inferSelect;
type HoldingRow = typeof copyrightHoldings.$inferSelect;

/** Calendar months later (the dividend payout date), keeping the time of day. */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * Copyrights: bought from the wallet (never oversold, never past a user's maximum, never outside
 * the window), each holding paying quantity × daily profit for every day of its term, exactly
 * once per day, with welfare to the uplines (copyright-payouts.service.ts); purchases pay referral
 * rewards and grant dividend shares.
 */
export function createCopyrightService(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  rewards: TeamRewards;
  /** Refuses unless the user's payment password is set and this is it (PaymentPasswordNotSet, WrongPayPassword…). */
  confirmPayPassword: (userId: bigint, password: string) => Promise<void>;
}) {
  const { db, clock, ledger, rewards, confirmPayPassword } = deps;

  const titleOf = (p: ProductRow, lang: Language) => p.title[lang] ?? p.title.en ?? p.code;

  function stateOf(p: ProductRow, now: Date): CopyrightProduct['state'] {
    if (p.closedAt || now >= p.endsAt) return 'ended';
    if (now < p.startsAt) return 'upcoming';
    return p.sold >= p.totalQuantity ? 'sold_out' : 'open';
  }

  function holdingView(
    h: HoldingRow,
    title: string,
    currency: Parameters<typeof toMajor>[1],
    revenue: bigint,
    days: number,
  ) {
    return {
      id: String(h.id),
      productId: String(h.productId),
      title,
      quantity: h.quantity,
      paid: toMajor(h.paid, currency),
      dailyRevenue: toMajor(h.dailyRevenue, currency),
      purchasedAt: h.purchasedAt.toISOString(),
      firstDay: h.firstDay,
      lastDay: h.lastDay,
      daysPaid: days,
      revenue: toMajor(revenue, currency),
    };
  }

  return {
    async center(user: { userId: bigint; tenantId: string }, lang: Language) {
      const { currency, timeZone } = await tenantTeam(db, user.tenantId);
      const now = clock.now();
      const yesterday = addDays(dayIn(timeZone, now), -1);
      const products = await db
        .select()
        .from(copyrightProducts)
        .where(eq(copyrightProducts.tenantId, user.tenantId))
        .orderBy(desc(copyrightProducts.startsAt), desc(copyrightProducts.id));
      const mine = await rowsOf<{
        product_id: string;
        quantity: number;
        paid: string;
        revenue: string;
        yesterday: string;
      }>(
        db,
        sql`select h.product_id::text, sum(h.quantity)::int as quantity, sum(h.paid)::text as paid,
              coalesce(sum((select sum(r.amount) from copyright_revenue r where r.holding_id = h.id)), 0)::text as revenue,
              coalesce(sum((select sum(r.amount) from copyright_revenue r where r.holding_id = h.id and r.day = ${yesterday})), 0)::text as yesterday
            from copyright_holding h where h.user_id = ${user.userId} group by h.product_id`,
      );
      const byProduct = new Map(mine.map((r) => [r.product_id, r]));
      const sum = (key: 'paid' | 'revenue' | 'yesterday') => mine.reduce((s, r) => s + BigInt(r[key]), 0n);
      return {
        currency,
        totalPurchase: toMajor(sum('paid'), currency),
        totalRevenue: toMajor(sum('revenue'), currency),
        yesterdayRevenue: toMajor(sum('yesterday'), currency),
        products: products.map((p) => {
          const m = byProduct.get(String(p.id));
          return {
            id: String(p.id),
            title: titleOf(p, lang),
            cover: p.cover,
            seriesId: p.seriesId === null ? null : Number(p.seriesId),
            currency,
            totalQuantity: p.totalQuantity,
            sold: p.sold,
            remaining: p.totalQuantity - p.sold,
            progress: Math.floor((p.sold * 10_000) / p.totalQuantity) / 100,
            price: toMajor(p.price, currency),
            dailyProfit: toMajor(p.dailyProfit, currency),
            termDays: p.termDays,
            perUserMax: p.perUserMax,
            startsAt: p.startsAt.toISOString(),
            endsAt: p.endsAt.toISOString(),
            state: stateOf(p, now),
            annualizedBps: Number((p.dailyProfit * 365n * 10_000n) / p.price),
            totalReturn: toMajor(p.dailyProfit * BigInt(p.termDays), currency),
            termReturnBps: Number((p.dailyProfit * BigInt(p.termDays) * 10_000n) / p.price),
            mine: {
              quantity: m?.quantity ?? 0,
              revenue: toMajor(BigInt(m?.revenue ?? '0'), currency),
              yesterday: toMajor(BigInt(m?.yesterday ?? '0'), currency),
            },
          };
        }),
      };
    },

    /**
     * Buys copyrights. The product row is locked, so concurrent buyers on any instance are
     * served one at a time: never more than the quantity, never past a user's maximum. Refusals:
     * NotWithinPurchaseTime (before the window), InvestEnded (after it or closed), NoMoreQuantity,
     * MaxPurchaseLimitReached, InsufficientFunds; the payment password is checked first (its
     * tries are claimed before the hash, as for withdrawals). Idempotent by requestId.
     */
    async buy(
      user: { userId: bigint; tenantId: string },
      body: { productId: string; quantity: number; requestId: string; payPassword: string },
      lang: Language,
    ) {
      await confirmPayPassword(user.userId, body.payPassword);
      return withTransaction(db, async (tx) => {
        await lockUser(tx, user.userId);
        const { currency, timeZone, settings } = await tenantTeam(tx, user.tenantId);
        const balance = async () =>
          toMajor(await ledger.balance(tx, user.tenantId, currency, { userId: user.userId }), currency);
        const hash = requestHash([body.productId, body.quantity]);
        const [seen] = await tx
          .select()
          .from(copyrightHoldings)
          .where(
            and(eq(copyrightHoldings.userId, user.userId), eq(copyrightHoldings.requestId, body.requestId)),
          );
        const earlier = replayOf(seen, hash);
        const [product] = await tx
          .select()
          .from(copyrightProducts)
          .where(
            and(
              eq(copyrightProducts.id, BigInt(body.productId)),
              eq(copyrightProducts.tenantId, user.tenantId),
            ),
          )
          .for('update');
        if (!product) throw new AppError('ProductNotFound', { field: 'productId' });
        if (earlier) {
          return {
            holding: holdingView(earlier, titleOf(product, lang), currency, 0n, 0),
            balance: await balance(),
          };
        }
        const now = clock.now();
        if (now < product.startsAt) throw new AppError('NotWithinPurchaseTime');
        if (product.closedAt || now >= product.endsAt) throw new AppError('InvestEnded');
        if (product.sold + body.quantity > product.totalQuantity) throw new AppError('NoMoreQuantity');
        const [held] = await tx
          .select({ n: sql<number>`coalesce(sum(${copyrightHoldings.quantity}), 0)::int` })
          .from(copyrightHoldings)
          .where(and(eq(copyrightHoldings.productId, product.id), eq(copyrightHoldings.userId, user.userId)));
        if ((held?.n ?? 0) + body.quantity > product.perUserMax)
          throw new AppError('MaxPurchaseLimitReached');

        const paid = product.price * BigInt(body.quantity);
        const purchaseDay = dayIn(timeZone, now);
        const [holding] = await tx
          .insert(copyrightHoldings)
          .values({
            tenantId: user.tenantId,
            productId: product.id,
            userId: user.userId,
            quantity: body.quantity,
            paid,
            dailyRevenue: product.dailyProfit * BigInt(body.quantity),
            firstDay: addDays(purchaseDay, 1),
            lastDay: addDays(purchaseDay, product.termDays),
            requestId: body.requestId,
            requestHash: hash,
            purchasedAt: now,
          })
          .returning();
        if (!holding) throw new Error('holding not written');
        await tx
          .update(copyrightProducts)
          .set({ sold: sql`${copyrightProducts.sold} + ${body.quantity}` })
          .where(eq(copyrightProducts.id, product.id));
        const reference = `holding:${holding.id}`;
        await ledger.transfer(tx, {
          tenantId: user.tenantId,
          currency,
          from: { userId: user.userId },
          to: { system: 'copyright_pool' },
          amount: paid,
          kind: 'copyright_purchase',
          reference,
          idempotencyKey: `copyright_purchase:${holding.id}`,
        });
        await rewards.pay(tx, {
          tenantId: user.tenantId,
          sourceUserId: user.userId,
          base: paid,
          kind: 'referral_reward',
          cause: 'copyright',
          reference,
        });
        const shares = paid / parseAmount(settings.dividend.shareUnit, currency);
        if (shares > 0n) {
          await tx.insert(dividendGrants).values({
            tenantId: user.tenantId,
            userId: user.userId,
            shares: Number(shares),
            value: shares * parseAmount(settings.dividend.shareValue, currency),
            reference,
            grantedAt: now,
            payoutAt: addMonths(now, settings.dividend.months),
          });
        }
        return {
          holding: holdingView(holding, titleOf(product, lang), currency, 0n, 0),
          balance: await balance(),
        };
      });
    },

    async holdings(user: { userId: bigint; tenantId: string }, page: Page, lang: Language) {
      const { currency } = await tenantTeam(db, user.tenantId);
      const mine = eq(copyrightHoldings.userId, user.userId);
      const { rows, total } = await onePage(
        db,
        db
          .select({ holding: copyrightHoldings, product: copyrightProducts })
          .from(copyrightHoldings)
          .innerJoin(copyrightProducts, eq(copyrightProducts.id, copyrightHoldings.productId))
          .where(mine)
          .orderBy(desc(copyrightHoldings.purchasedAt), desc(copyrightHoldings.id))
          .$dynamic(),
        page,
        { from: copyrightHoldings, where: mine },
      );
      // What each holding has paid so far, for the page's holdings in one query.
      const ids = rows.map((r) => r.holding.id);
      const paid =
        ids.length === 0
          ? []
          : await db
              .select({
                holdingId: copyrightRevenue.holdingId,
                total: sql<string>`sum(${copyrightRevenue.amount})::text`,
                days: count(),
              })
              .from(copyrightRevenue)
              .where(inArray(copyrightRevenue.holdingId, ids))
              .groupBy(copyrightRevenue.holdingId);
      const paidTo = new Map(paid.map((p) => [p.holdingId, p]));
      const list = rows.map(({ holding, product }) => {
        const sums = paidTo.get(holding.id);
        return holdingView(
          holding,
          titleOf(product, lang),
          currency,
          BigInt(sums?.total ?? '0'),
          sums?.days ?? 0,
        );
      });
      return { list, total };
    },

    async revenue(user: { userId: bigint; tenantId: string }, page: Page, lang: Language) {
      const { currency } = await tenantTeam(db, user.tenantId);
      const mine = eq(copyrightRevenue.userId, user.userId);
      const { rows, total } = await onePage(
        db,
        db
          .select({ r: copyrightRevenue, product: copyrightProducts })
          .from(copyrightRevenue)
          .innerJoin(copyrightHoldings, eq(copyrightHoldings.id, copyrightRevenue.holdingId))
          .innerJoin(copyrightProducts, eq(copyrightProducts.id, copyrightHoldings.productId))
          .where(mine)
          .orderBy(desc(copyrightRevenue.day), desc(copyrightRevenue.holdingId))
          .$dynamic(),
        page,
        { from: copyrightRevenue, where: mine },
      );
      return {
        list: rows.map(({ r, product }) => ({
          holdingId: String(r.holdingId),
          title: titleOf(product, lang),
          day: r.day,
          amount: toMajor(r.amount, currency),
        })),
        total,
      };
    },

    ...createCopyrightPayouts({ db, clock, ledger, rewards }),
  };
}

export type CopyrightService = ReturnType<typeof createCopyrightService>;
