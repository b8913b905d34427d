import type { CannedReply } from '@dramastar/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { chatCannedReplies } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { OperatorContext, OperatorService } from '../operator/operator.service.js';
import { inScope } from './chat.service.js';

type CannedRow = typeof chatCannedReplies.$inferSelect;

function toCanned(row: CannedRow): CannedReply {
  return {
    id: String(row.id),
    tenantId: row.tenantId,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The support desk's canned replies, per tenant: listed, written, changed and deleted by operators
 * of that tenant, each change in the operators' audit log in the same transaction.
 */
export function createCannedReplies(deps: { db: Db; clock: Clock; operators: OperatorService }) {
  const { db, clock, operators } = deps;

  async function cannedRow(tx: DbOrTx, operator: OperatorContext, id: string): Promise<CannedRow> {
    const [row] = await tx
      .select()
      .from(chatCannedReplies)
      .where(eq(chatCannedReplies.id, BigInt(id)));
    if (!row) throw new AppError('CannedReplyNotFound', { status: 404 });
    if (!inScope(operator, row.tenantId)) throw new AppError('Forbidden');
    return row;
  }

  return {
    async list(tenantIds: string[] | null): Promise<CannedReply[]> {
      const rows = await db
        .select()
        .from(chatCannedReplies)
        .where(tenantIds ? inArray(chatCannedReplies.tenantId, tenantIds) : undefined)
        .orderBy(asc(chatCannedReplies.title), asc(chatCannedReplies.id));
      return rows.map(toCanned);
    },

    async create(operator: OperatorContext, input: { tenantId: string; title: string; body: string }) {
      if (!inScope(operator, input.tenantId)) throw new AppError('Forbidden');
      return withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(chatCannedReplies)
          .values({ ...input, createdAt: clock.now() })
          .returning();
        if (!row) throw new Error('canned reply not stored');
        await operators.audit(tx, operator, {
          tenantId: row.tenantId,
          action: 'chat.canned.create',
          target: `chat_canned_reply:${row.id}`,
          after: row,
        });
        return toCanned(row);
      });
    },

    async update(operator: OperatorContext, input: { id: string; title: string; body: string }) {
      return withTransaction(db, async (tx) => {
        const before = await cannedRow(tx, operator, input.id);
        const [row] = await tx
          .update(chatCannedReplies)
          .set({ title: input.title, body: input.body })
          .where(eq(chatCannedReplies.id, before.id))
          .returning();
        if (!row) throw new AppError('CannedReplyNotFound', { status: 404 });
        await operators.audit(tx, operator, {
          tenantId: row.tenantId,
          action: 'chat.canned.update',
          target: `chat_canned_reply:${row.id}`,
          before,
          after: row,
        });
        return toCanned(row);
      });
    },

    async delete(operator: OperatorContext, id: string) {
      await withTransaction(db, async (tx) => {
        const before = await cannedRow(tx, operator, id);
        await tx.delete(chatCannedReplies).where(eq(chatCannedReplies.id, before.id));
        await operators.audit(tx, operator, {
          tenantId: before.tenantId,
          action: 'chat.canned.delete',
          target: `chat_canned_reply:${before.id}`,
          before,
        });
      });
    },
  };
}
