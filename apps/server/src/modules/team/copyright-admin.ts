import {
  type AdminCopyrightProduct,
  type copyrightProductForm,
  type CurrencyKey,
  toMajor,
} from '@dramastar/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { copyrightProducts } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { tenantTeam } from './team-rewards.js';
import { uniqueViolation } from '../../db/errors.js';
import { parseAmount } from '../../money.js';

type ProductRow = typeof copyrightProducts.$inferSelect;
type ProductForm = z.output<typeof copyrightProductForm>;

/**
 * Copyright products as operators manage them. A holding stores what was paid and its daily
 * revenue at purchase, so editing a product's price, profit or term changes only purchases made
 * after the edit; retiring closes sales now while holdings keep paying to the end of their term.
 */
export function createCopyrightAdmin(clock: Clock) {
  function view(p: ProductRow, currency: CurrencyKey): AdminCopyrightProduct {
    const now = clock.now();
    const state =
      p.closedAt || now >= p.endsAt
        ? 'ended'
        : now < p.startsAt
          ? 'upcoming'
          : p.sold >= p.totalQuantity
            ? 'sold_out'
            : 'open';
    return {
      id: String(p.id),
      tenantId: p.tenantId,
      code: p.code,
      title: { en: p.title.en ?? p.code, vn: p.title.vn ?? '', id: p.title.id ?? '' },
      cover: p.cover,
      seriesId: p.seriesId === null ? null : Number(p.seriesId),
      currency,
      totalQuantity: p.totalQuantity,
      sold: p.sold,
      price: toMajor(p.price, currency),
      dailyProfit: toMajor(p.dailyProfit, currency),
      termDays: p.termDays,
      perUserMax: p.perUserMax,
      startsAt: p.startsAt.toISOString(),
      endsAt: p.endsAt.toISOString(),
      closedAt: p.closedAt?.toISOString() ?? null,
      state,
    };
  }

  /** A product row locked for a change; 404 ProductNotFound. */
  async function lock(tx: Tx, id: string): Promise<ProductRow> {
    const [row] = await tx
      .select()
      .from(copyrightProducts)
      .where(eq(copyrightProducts.id, BigInt(id)))
      .for('update');
    if (!row) throw new AppError('ProductNotFound', { status: 404, field: 'id' });
    return row;
  }

  return {
    view,
    lock,

    async list(db: DbOrTx, tenantId: string) {
      const { currency } = await tenantTeam(db, tenantId);
      const rows = await db
        .select()
        .from(copyrightProducts)
        .where(eq(copyrightProducts.tenantId, tenantId))
        .orderBy(asc(copyrightProducts.id));
      return rows.map((r) => view(r, currency));
    },

    /**
     * Creates a product or edits one (locked, so a concurrent purchase sees the old or the new
     * values, never a mix). The quantity never goes below what is sold (409 QuantityBelowSold).
     */
    async save(
      tx: Tx,
      form: ProductForm,
    ): Promise<{ before: AdminCopyrightProduct | null; after: AdminCopyrightProduct }> {
      const { currency } = await tenantTeam(tx, form.tenantId);
      const values = {
        code: form.code,
        title: form.title,
        cover: form.cover,
        seriesId: form.seriesId === null ? null : BigInt(form.seriesId),
        totalQuantity: form.totalQuantity,
        price: parseAmount(form.price, currency, 'price'),
        dailyProfit: parseAmount(form.dailyProfit, currency, 'dailyProfit'),
        termDays: form.termDays,
        perUserMax: form.perUserMax,
        startsAt: new Date(form.startsAt),
        endsAt: new Date(form.endsAt),
      };
      try {
        if (form.id === undefined) {
          const [row] = await tx
            .insert(copyrightProducts)
            .values({ ...values, tenantId: form.tenantId, createdAt: clock.now() })
            .returning();
          if (!row) throw new Error('product not written');
          return { before: null, after: view(row, currency) };
        }
        const current = await lock(tx, form.id);
        if (current.tenantId !== form.tenantId) throw new AppError('Forbidden');
        if (form.totalQuantity < current.sold)
          throw new AppError('QuantityBelowSold', { field: 'totalQuantity', params: { sold: current.sold } });
        const [row] = await tx
          .update(copyrightProducts)
          .set(values)
          .where(and(eq(copyrightProducts.id, current.id)))
          .returning();
        if (!row) throw new Error('product not written');
        return { before: view(current, currency), after: view(row, currency) };
      } catch (error) {
        if (uniqueViolation(error) !== null)
          throw new AppError('ConfigDuplicate', { status: 409, field: 'code' });
        throw error;
      }
    },

    /** Closes sales now; answers the product before and after (already closed: unchanged). */
    async retire(tx: Tx, id: string, tenantIds: string[] | null) {
      const current = await lock(tx, id);
      if (tenantIds && !tenantIds.includes(current.tenantId)) throw new AppError('Forbidden');
      const { currency } = await tenantTeam(tx, current.tenantId);
      const [row] = current.closedAt
        ? [current]
        : await tx
            .update(copyrightProducts)
            .set({ closedAt: clock.now() })
            .where(eq(copyrightProducts.id, current.id))
            .returning();
      if (!row) throw new Error('product not written');
      return { before: view(current, currency), after: view(row, currency) };
    },
  };
}

export type CopyrightAdmin = ReturnType<typeof createCopyrightAdmin>;
