import {
  type CurrencyKey,
  formatMinor,
  toMajor,
  type WITHDRAWAL_ACTIONS,
  type WithdrawalStage,
  type WithdrawalUserContext,
} from '@dramastar/contract';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { onePage } from '../../db/paging.js';
import { bankCards, rechargeOrders, withdrawals } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Sealer } from '../../sealing.js';
import { type Ledger, type SettleOwed, walletBalancesOf } from '../ledger/ledger.service.js';
import { tenantSettingsRow } from '../tenant/tenant-rows.js';
import type { Notify } from '../user/notify.js';
import { userCard, userCards } from '../user/user-rows.js';
import { openCardNumber } from './bank-card.service.js';
import type { Actor } from './recharge-orders.js';
import {
  currencyOf,
  type Row,
  shownDestination,
  STAGE_COLUMN,
  storedOf,
  toAdminWithdrawal,
} from './withdrawal-orders.js';

export type WithdrawalAction = (typeof WITHDRAWAL_ACTIONS)[number];

/** Which stages each operator action leaves from, and where it goes. */
const TRANSITIONS: Record<WithdrawalAction, { from: WithdrawalStage[]; to: WithdrawalStage }> = {
  approve: { from: ['applied'], to: 'approved' },
  process: { from: ['approved'], to: 'processing' },
  pay: { from: ['processing'], to: 'paid' },
  reject: { from: ['applied', 'approved'], to: 'rejected' },
  fail: { from: ['approved', 'processing'], to: 'failed' },
};

/**
 * Finance's side of withdrawals: the stage changes (approve, process, pay, reject, fail) with their
 * ledger movements, the payout view (the full account number opened), and the console's queue with
 * what finance weighs about each user.
 */
export function createWithdrawalConsole(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  sealer: Sealer;
  settleOwed: SettleOwed;
  notify: Notify;
}) {
  const { db, clock, ledger, sealer, settleOwed, notify } = deps;

  return {
    /**
     * An operator's action on a withdrawal (approve, process, pay, reject, fail) with its ledger
     * movements, in the caller's transaction (which also writes the audit entry).
     */
    async act(
      tx: Tx,
      orderNo: string,
      action: WithdrawalAction,
      reason: string | undefined,
      actor: Actor,
      /** Mark paid: the bank's transfer reference (the contract requires it for `pay`). */
      reference?: string,
    ) {
      const [before] = await tx
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.orderNo, orderNo))
        .for('update');
      if (!before || (actor.tenantIds && !actor.tenantIds.includes(before.tenantId))) {
        throw new AppError('WithdrawalNotFound', { field: 'orderNo' });
      }
      if (action === 'pay' && !reference?.trim()) {
        throw new AppError('PaidReferenceRequired', { field: 'reference' });
      }
      const { from, to } = TRANSITIONS[action];
      if (!from.includes(before.status)) {
        throw new AppError('WithdrawalStateChanged', { params: { status: before.status } });
      }
      // A frozen account's money does not start moving out: approving or sending a queued
      // withdrawal waits for the unfreeze. Rejecting or failing it (the money returns to the
      // wallet) and recording a payout the bank already made stay possible.
      if (action === 'approve' || action === 'process') {
        const owner = await userCard(tx, before.userId);
        if (owner?.status === 'frozen') throw new AppError('WithdrawalUserFrozen');
      }
      const [after] = await tx
        .update(withdrawals)
        .set({
          status: to,
          [STAGE_COLUMN[to as keyof typeof STAGE_COLUMN]]: clock.now(),
          ...(reason !== undefined ? { reason } : {}),
          ...(action === 'pay' && reference !== undefined ? { paidReference: reference } : {}),
        })
        .where(and(eq(withdrawals.id, before.id), inArray(withdrawals.status, from)))
        .returning();
      if (!after) throw new AppError('WithdrawalStateChanged', { params: { status: before.status } });
      const base = {
        tenantId: before.tenantId,
        currency: currencyOf(before.currency),
        reference: before.orderNo,
      };
      if (to === 'paid') {
        await ledger.transfer(tx, {
          ...base,
          from: { system: 'withdrawals_payable' },
          to: { system: 'payouts' },
          amount: before.amount,
          kind: 'payout',
          idempotencyKey: `withdrawal:${before.orderNo}:paid`,
        });
        if (before.fee > 0n) {
          await ledger.transfer(tx, {
            ...base,
            from: { system: 'withdrawals_payable' },
            to: { system: 'fees' },
            amount: before.fee,
            kind: 'fee_income',
            idempotencyKey: `withdrawal:${before.orderNo}:fee-earned`,
          });
        }
      } else if (to === 'rejected' || to === 'failed') {
        await ledger.transfer(tx, {
          ...base,
          from: { system: 'withdrawals_payable' },
          to: { userId: before.userId },
          amount: before.amount + before.fee,
          kind: 'withdrawal_refund',
          idempotencyKey: `withdrawal:${before.orderNo}:refund`,
        });
        await settleOwed(tx, { ...base, userId: before.userId, reference: `${before.orderNo}:refund` });
      }
      const currency = currencyOf(before.currency);
      const money = (v: bigint) => formatMinor(v, currency);
      const facts = { orderNo: before.orderNo, amount: money(before.amount) };
      if (to === 'approved') {
        await notify(
          tx,
          before.userId,
          'withdrawal',
          'AccountMsgWithdrawalApprovedTitle',
          'AccountMsgWithdrawalApprovedBody',
          facts,
        );
      } else if (to === 'paid') {
        await notify(
          tx,
          before.userId,
          'withdrawal',
          'AccountMsgWithdrawalPaidTitle',
          'AccountMsgWithdrawalPaidBody',
          {
            ...facts,
            account: storedOf(before).account,
          },
        );
      } else if (to === 'rejected' || to === 'failed') {
        await notify(
          tx,
          before.userId,
          'withdrawal',
          'AccountMsgWithdrawalReturnedTitle',
          'AccountMsgWithdrawalReturnedBody',
          {
            ...facts,
            total: money(before.amount + before.fee),
            reason: reason ?? '',
          },
        );
      }
      return { before, after };
    },

    /**
     * The account a withdrawal is paid to, in full, for finance while it is approved or processing
     * (when the money is sent); masked everywhere else. The caller audits each view.
     */
    async payoutAccount(tx: Tx, orderNo: string, tenantIds: string[] | null) {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
      if (!row || (tenantIds && !tenantIds.includes(row.tenantId))) {
        throw new AppError('WithdrawalNotFound', { field: 'orderNo' });
      }
      if (row.status !== 'approved' && row.status !== 'processing') {
        throw new AppError('PayoutAccountClosed', { params: { status: row.status } });
      }
      const stored = storedOf(row);
      let account = stored.account;
      if (stored.channel === 'bank' && stored.accountSealed) {
        account = sealer.open(stored.accountSealed);
      } else if (stored.channel === 'bank') {
        // Applied before withdrawals kept the number: the user's card, while it exists.
        const [card] = stored.bankCardId
          ? await tx
              .select()
              .from(bankCards)
              .where(and(eq(bankCards.id, BigInt(stored.bankCardId)), eq(bankCards.userId, row.userId)))
          : [];
        if (!card) throw new AppError('PayoutAccountUnavailable');
        account = openCardNumber(sealer, card);
      }
      return { row, destination: { ...shownDestination(row), account } };
    },

    /** One withdrawal for the console, within the operator's tenants (else WithdrawalNotFound). */
    async adminOne(orderNo: string, tenantIds: string[] | null) {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
      if (!row || (tenantIds && !tenantIds.includes(row.tenantId)))
        throw new AppError('WithdrawalNotFound', { field: 'orderNo' });
      return row;
    },

    async adminList(filter: {
      tenantIds: string[] | null;
      status?: WithdrawalStage | undefined;
      q?: string | undefined;
      pageNum: number;
      pageSize: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.tenantIds) conditions.push(inArray(withdrawals.tenantId, filter.tenantIds));
      if (filter.status) conditions.push(eq(withdrawals.status, filter.status));
      if (filter.q) conditions.push(eq(withdrawals.orderNo, filter.q.toUpperCase()));
      const where = and(...conditions);
      const { rows, total } = await onePage(
        db,
        db
          .select()
          .from(withdrawals)
          .where(where)
          .orderBy(desc(withdrawals.appliedAt), desc(withdrawals.id))
          .$dynamic(),
        filter,
        { from: withdrawals, where },
      );
      return { list: rows.map(toAdminWithdrawal), total, users: await userContexts(rows) };
    },
  };

  /**
   * What finance weighs for each user of a queue page, read for the page at once (one query for
   * the users with their recharges and withdrawals, one for their balances), never per row.
   */
  async function userContexts(rows: Row[]): Promise<WithdrawalUserContext[]> {
    const ids = [...new Set(rows.map((r) => r.userId))];
    if (ids.length === 0) return [];
    const since = sql`${new Date(clock.now().getTime() - 30 * 86_400_000).toISOString()}::timestamptz`;
    const sumOf = (amount: SQL, where?: SQL) =>
      sql<string>`coalesce(sum(${amount})${where ? sql` filter (where ${where})` : sql``}, 0)::text`;
    const countOf = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
    const recent = sql`${rechargeOrders.creditedAt} >= ${since}`;
    const paid = sql`${withdrawals.status} = 'paid'`;
    const [people, recharged, withdrawn, balances] = await Promise.all([
      userCards(db, ids),
      db
        .select({
          userId: rechargeOrders.userId,
          recentCount: countOf(recent),
          recentSum: sumOf(sql`${rechargeOrders.creditAmount}`, recent),
          allCount: count(),
          allSum: sumOf(sql`${rechargeOrders.creditAmount}`),
        })
        .from(rechargeOrders)
        .where(and(inArray(rechargeOrders.userId, ids), eq(rechargeOrders.status, 'credited')))
        .groupBy(rechargeOrders.userId),
      db
        .select({
          userId: withdrawals.userId,
          paidCount: countOf(paid),
          paidSum: sumOf(sql`${withdrawals.amount}`, paid),
          refused: countOf(sql`${withdrawals.status} in ('rejected', 'failed')`),
          open: countOf(sql`${withdrawals.status} in ('applied', 'approved', 'processing')`),
        })
        .from(withdrawals)
        .where(inArray(withdrawals.userId, ids))
        .groupBy(withdrawals.userId),
      walletBalancesOf(db, ids),
    ]);
    const currencies = new Map<string, CurrencyKey>();
    for (const tenantId of new Set([...people.values()].map((p) => p.tenantId))) {
      const tenant = await tenantSettingsRow(db, tenantId);
      if (tenant) currencies.set(tenantId, currencyOf(tenant.currency));
    }
    const rechargesOf = new Map(recharged.map((r) => [r.userId, r]));
    const withdrawalsOf = new Map(withdrawn.map((w) => [w.userId, w]));
    return ids.flatMap((id) => {
      const p = people.get(id);
      const currency = p && currencies.get(p.tenantId);
      if (!p || !currency) return [];
      const pair = (n: number | undefined, sum: string | undefined) => ({
        count: n ?? 0,
        amount: toMajor(BigInt(sum ?? '0'), currency),
      });
      const r = rechargesOf.get(id);
      const w = withdrawalsOf.get(id);
      return [
        {
          userId: String(p.id),
          email: p.email,
          phone: p.phone,
          joinedAt: p.createdAt.toISOString(),
          status: p.status,
          balance: toMajor(balances.get(`${String(p.id)}:${currency}`) ?? 0n, currency),
          currency,
          recharges30d: pair(r?.recentCount, r?.recentSum),
          rechargesTotal: pair(r?.allCount, r?.allSum),
          withdrawalsPaid: pair(w?.paidCount, w?.paidSum),
          withdrawalsRefused: w?.refused ?? 0,
          withdrawalsOpen: w?.open ?? 0,
        },
      ];
    });
  }
}
