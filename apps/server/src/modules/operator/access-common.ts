import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { operatorSessions } from '../../db/schema/index.js';

/**
 * What both sides of console access use: the tenant an audit entry of a change to an operator
 * goes under, and ending an operator's live sessions.
 */
export function createAccessCommon(clock: Clock) {
  /** The audit entry's tenant for a change to an operator: its first tenant (none for owners). */
  const tenantOf = (row: { tenantIds: string[]; role: string }) =>
    row.role === 'owner' ? null : (row.tenantIds[0] ?? null);

  /** Ends the operator's live sessions, all but the one of token hash `except`; answers how many. */
  async function revokeSessions(tx: Db | Tx, operatorId: bigint, except?: string): Promise<number> {
    const rows = await tx
      .update(operatorSessions)
      .set({ revokedAt: clock.now() })
      .where(
        and(
          eq(operatorSessions.operatorId, operatorId),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, clock.now()),
          except ? ne(operatorSessions.tokenHash, except) : undefined,
        ),
      )
      .returning({ tokenHash: operatorSessions.tokenHash });
    return rows.length;
  }

  return { tenantOf, revokeSessions };
}

export type AccessCommon = ReturnType<typeof createAccessCommon>;
