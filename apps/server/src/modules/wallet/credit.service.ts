import {
  type AdminCredit,
  CREDIT_LIMITS,
  type CreditKind,
  type CreditStatus,
  isCurrencyKey,
  type CurrencyKey,
  formatMinor,
  toMajor,
} from '@dramastar/contract';
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { dayIn, type Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { onePage, type Page } from '../../db/paging.js';
import { creditQuotas, walletCredits } from '../../db/schema/index.js';
import { tenantSettingsRow } from '../tenant/tenant-rows.js';
import { userCard } from '../user/user-rows.js';
import { withTransaction } from '../../db/tx.js';
import type { OperatorContext } from '../../http/actors.js';
import { AppError } from '../../http/errors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { parseAmount, replayAfterRace, replayOf, requestHash } from '../../money.js';

type Row = typeof walletCredits.$inferSelect;
/** The audit entry writer (the operator module's), called in the credit's own transaction. */
type Audit = (
  tx: Tx,
  op: OperatorContext,
  entry: {
    tenantId: string;
    action: string;
    target: string;
    before?: unknown;
    after?: unknown;
    reason?: string;
  },
) => Promise<void>;

function currencyOf(value: string): CurrencyKey {
  if (!isCurrencyKey(value)) throw new Error(`unknown currency ${value}`);
  return value;
}

export function toAdminCredit(row: Row): AdminCredit {
  const currency = currencyOf(row.currency);
  return {
    id: String(row.id),
    tenantId: row.tenantId,
    userId: String(row.userId),
    kind: row.kind,
    amount: toMajor(row.amount, currency),
    currency,
    reason: row.reason,
    status: row.status,
    conversationId: row.conversationId === null ? null : String(row.conversationId),
    requestedBy: row.requestedByName,
    decidedBy: row.decidedByName,
    decisionReason: row.decisionReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * How many credits wait for a decision that operator `me` may make, within `scope` (null: every
 * tenant): pending ones someone else requested (nobody approves their own).
 */
export async function creditsToApprove(db: DbOrTx, scope: string[] | null, me: bigint): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(walletCredits)
    .where(
      and(
        eq(walletCredits.status, 'pending'),
        ne(walletCredits.requestedBy, me),
        scope ? inArray(walletCredits.tenantId, scope) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Refunds and goodwill credits (docs/wallet.md, "Refunds and goodwill credits"). Limits per role:
 * per credit (checked) and per operator per tenant's day (claimed with one conditional update in
 * the credit's transaction, so neither concurrent nor split credits pass it). Above the tenant's
 * threshold a credit waits for another operator with a finance role; the money moves once, by
 * the ledger's key `credit:<id>`, in the same transaction as the status change and the audit entry.
 */
export function createCreditService(deps: { db: Db; clock: Clock; ledger: Ledger; audit: Audit }) {
  const { db, clock, ledger, audit } = deps;

  /** The user in the operator's tenants, with the tenant's currency and day. */
  async function userOf(tx: Db | Tx, op: OperatorContext, userId: bigint) {
    const user = await userCard(tx, userId);
    if (!user || (op.tenantIds && !op.tenantIds.includes(user.tenantId))) {
      throw new AppError('NotFound', { field: 'userId' });
    }
    const tenant = await tenantSettingsRow(tx, user.tenantId);
    if (!tenant) throw new AppError('NotFound', { field: 'userId' });
    const currency = currencyOf(tenant.currency);
    return { tenantId: user.tenantId, currency, day: dayIn(tenant.timeZone, clock.now()) };
  }

  function limitsFor(op: OperatorContext, currency: CurrencyKey) {
    const l = CREDIT_LIMITS[currency];
    const support = op.role === 'support';
    return {
      perCredit: parseAmount(support ? l.supportPerCredit : l.financePerCredit, currency),
      perDay: parseAmount(support ? l.supportPerDay : l.financePerDay, currency),
      secondApprovalAbove: parseAmount(l.secondApprovalAbove, currency),
    };
  }

  async function usedToday(tx: Db | Tx, op: OperatorContext, tenantId: string, day: string): Promise<bigint> {
    const [row] = await tx
      .select({ used: creditQuotas.used })
      .from(creditQuotas)
      .where(
        and(
          eq(creditQuotas.operatorId, op.id),
          eq(creditQuotas.tenantId, tenantId),
          eq(creditQuotas.day, day),
        ),
      );
    return row?.used ?? 0n;
  }

  async function transfer(tx: Tx, row: Row) {
    await ledger.transfer(tx, {
      tenantId: row.tenantId,
      currency: currencyOf(row.currency),
      from: { system: 'support_credits' },
      to: { userId: row.userId },
      amount: row.amount,
      kind: row.kind === 'refund' ? 'refund_credit' : 'goodwill_credit',
      reference: `credit:${String(row.id)}`,
      idempotencyKey: `credit:${String(row.id)}`,
    });
  }

  const earlierCredit = async (op: OperatorContext, requestId: string) => {
    const [earlier] = await db
      .select()
      .from(walletCredits)
      .where(and(eq(walletCredits.requestedBy, op.id), eq(walletCredits.requestId, requestId)));
    return earlier;
  };

  /** A marker: the same request id won a race; answered with the earlier credit. */
  class Replayed extends Error {}

  return {
    async limits(op: OperatorContext, userId: bigint) {
      const { tenantId, currency, day } = await userOf(db, op, userId);
      const l = limitsFor(op, currency);
      const left = l.perDay - (await usedToday(db, op, tenantId, day));
      return {
        currency,
        perCredit: toMajor(l.perCredit, currency),
        perDay: toMajor(l.perDay, currency),
        leftToday: toMajor(left > 0n ? left : 0n, currency),
        secondApprovalAbove: toMajor(l.secondApprovalAbove, currency),
      };
    },

    async create(
      op: OperatorContext,
      body: {
        userId: string;
        kind: CreditKind;
        amount: string;
        reason: string;
        requestId: string;
        conversationId?: string | undefined;
      },
    ): Promise<AdminCredit> {
      const userId = BigInt(body.userId);
      const { tenantId, currency, day } = await userOf(db, op, userId);
      const amount = parseAmount(body.amount, currency);
      const hash = requestHash([
        body.userId,
        body.kind,
        String(amount),
        body.reason,
        body.conversationId ?? null,
      ]);
      const earlier = replayOf(await earlierCredit(op, body.requestId), hash, 'requestId');
      if (earlier) return toAdminCredit(earlier);
      if (amount <= 0n) throw new AppError('CreditAmountInvalid', { field: 'amount' });
      const l = limitsFor(op, currency);
      if (amount > l.perCredit) {
        throw new AppError('CreditLimitPerCredit', {
          field: 'amount',
          params: { max: formatMinor(l.perCredit, currency) },
        });
      }
      try {
        const row = await withTransaction(db, async (tx) => {
          // The day's total, claimed before anything is written: one conditional upsert.
          const claimed = await tx.execute(sql`
            insert into ${creditQuotas} (operator_id, tenant_id, day, used)
            values (${op.id}, ${tenantId}, ${day}, ${amount})
            on conflict (operator_id, tenant_id, day)
            do update set used = ${creditQuotas}.used + excluded.used
            where ${creditQuotas}.used + excluded.used <= ${l.perDay}
            returning used`);
          const { rows } = claimed as { rows: unknown[] };
          if (rows.length === 0) {
            const left = l.perDay - (await usedToday(tx, op, tenantId, day));
            throw new AppError('CreditLimitPerDay', {
              field: 'amount',
              params: {
                max: formatMinor(l.perDay, currency),
                left: formatMinor(left > 0n ? left : 0n, currency),
              },
            });
          }
          const pending = amount > l.secondApprovalAbove;
          const now = clock.now();
          const [created] = await tx
            .insert(walletCredits)
            .values({
              tenantId,
              userId,
              kind: body.kind,
              currency,
              amount,
              reason: body.reason,
              conversationId: body.conversationId ? BigInt(body.conversationId) : null,
              status: pending ? 'pending' : 'credited',
              requestedBy: op.id,
              requestedByName: op.username,
              requestId: body.requestId,
              requestHash: hash,
              quotaDay: day,
              createdAt: now,
              ...(pending ? {} : { decidedAt: now }),
            })
            .onConflictDoNothing({ target: [walletCredits.requestedBy, walletCredits.requestId] })
            .returning();
          if (!created) throw new Replayed();
          if (!pending) await transfer(tx, created);
          await audit(tx, op, {
            tenantId,
            action: pending ? 'credit.request' : 'credit.give',
            target: `user:${body.userId}`,
            after: toAdminCredit(created),
            reason: body.reason,
          });
          return created;
        });
        return toAdminCredit(row);
      } catch (error) {
        if (!(error instanceof Replayed)) throw error;
        return toAdminCredit(replayAfterRace(await earlierCredit(op, body.requestId), hash, 'requestId'));
      }
    },

    /** Approves (credits) or rejects a pending credit: another operator than the one who asked. */
    async decide(op: OperatorContext, id: bigint, decision: 'approve' | 'reject', reason?: string) {
      const row = await withTransaction(db, async (tx) => {
        const [before] = await tx.select().from(walletCredits).where(eq(walletCredits.id, id)).for('update');
        if (!before || (op.tenantIds && !op.tenantIds.includes(before.tenantId))) {
          throw new AppError('CreditNotFound', { field: 'id' });
        }
        // The asker never decides their own credit, whatever its state.
        if (before.requestedBy === op.id) throw new AppError('CreditOwnApproval');
        if (before.status !== 'pending') {
          throw new AppError('CreditStateChanged', { params: { status: before.status } });
        }
        const status: CreditStatus = decision === 'approve' ? 'credited' : 'rejected';
        const [after] = await tx
          .update(walletCredits)
          .set({
            status,
            decidedBy: op.id,
            decidedByName: op.username,
            decidedAt: clock.now(),
            decisionReason: reason ?? null,
          })
          .where(and(eq(walletCredits.id, id), eq(walletCredits.status, 'pending')))
          .returning();
        if (!after) throw new AppError('CreditStateChanged', { params: { status: before.status } });
        if (decision === 'approve') await transfer(tx, after);
        else {
          // A refused credit no longer counts towards the asker's day.
          await tx
            .update(creditQuotas)
            .set({ used: sql`greatest(${creditQuotas.used} - ${before.amount}, 0)` })
            .where(
              and(
                eq(creditQuotas.operatorId, before.requestedBy),
                eq(creditQuotas.tenantId, before.tenantId),
                eq(creditQuotas.day, before.quotaDay),
              ),
            );
        }
        await audit(tx, op, {
          tenantId: before.tenantId,
          action: decision === 'approve' ? 'credit.approve' : 'credit.reject',
          target: `user:${String(before.userId)}`,
          before: toAdminCredit(before),
          after: toAdminCredit(after),
          ...(reason ? { reason } : {}),
        });
        return after;
      });
      return toAdminCredit(row);
    },

    async list(
      op: OperatorContext,
      filter: Page & { userId?: string | undefined; status?: CreditStatus | undefined },
    ) {
      const conditions: SQL[] = [];
      if (op.tenantIds) conditions.push(inArray(walletCredits.tenantId, op.tenantIds));
      if (filter.userId) conditions.push(eq(walletCredits.userId, BigInt(filter.userId)));
      if (filter.status) conditions.push(eq(walletCredits.status, filter.status));
      const where = and(...conditions);
      const { rows, total } = await onePage(
        db,
        db
          .select()
          .from(walletCredits)
          .where(where)
          .orderBy(desc(walletCredits.createdAt), desc(walletCredits.id))
          .$dynamic(),
        filter,
        { from: walletCredits, where },
      );
      return { list: rows.map(toAdminCredit), total };
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
