import { desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { DbOrTx } from '../../db/client.js';
import { onePage, type Page } from '../../db/paging.js';
import { pointEntries } from '../../db/schema/index.js';
import { tenantMembership } from '../tenant/membership-settings.js';

/**
 * The points ledger: `award` writes one entry per idempotency key, so repeating an event pays
 * once (also when two requests race: the unique key decides). The balance is the sum.
 */
export function createPointsService(clock: Clock) {
  async function award(
    tx: DbOrTx,
    input: { userId: bigint; amount: number; kind: string; idempotencyKey: string },
  ): Promise<boolean> {
    const rows = await tx
      .insert(pointEntries)
      .values({ ...input, createdAt: clock.now() })
      .onConflictDoNothing({ target: pointEntries.idempotencyKey })
      .returning({ id: pointEntries.id });
    return rows.length > 0;
  }

  return {
    award,

    /**
     * A shared invite that brought a new user earns the inviter points, once per new user, by the
     * tenant's points rules read in the sign-up's transaction (0 = no points for it).
     */
    async invited(tx: DbOrTx, invitee: { tenantId: string; userId: bigint; inviterId: bigint }) {
      const { settings } = await tenantMembership(tx, invitee.tenantId);
      if (settings.points.shareToNewUser > 0)
        await award(tx, {
          userId: invitee.inviterId,
          amount: settings.points.shareToNewUser,
          kind: 'share_new_user',
          idempotencyKey: `share_user:${invitee.userId}`,
        });
    },

    /** The user's point entries, newest first. */
    async history(tx: DbOrTx, userId: bigint, page: Page) {
      const mine = eq(pointEntries.userId, userId);
      const { rows, total } = await onePage(
        tx,
        tx
          .select()
          .from(pointEntries)
          .where(mine)
          .orderBy(desc(pointEntries.createdAt), desc(pointEntries.id))
          .$dynamic(),
        page,
        { from: pointEntries, where: mine },
      );
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          amount: r.amount,
          kind: r.kind,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
      };
    },

    async balance(tx: DbOrTx, userId: bigint): Promise<number> {
      const [row] = await tx
        .select({ total: sql<number>`coalesce(sum(${pointEntries.amount}), 0)`.mapWith(Number) })
        .from(pointEntries)
        .where(eq(pointEntries.userId, userId));
      return row?.total ?? 0;
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
