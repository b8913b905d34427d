import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { authTickets } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { randomToken, sha256Hex } from '../../security.js';

export type TicketKind = 'google_login' | 'google_bind' | 'session_handoff';
export type TicketRow = typeof authTickets.$inferSelect;

const TTL_MS: Record<TicketKind, number> = {
  google_login: 10 * 60_000,
  google_bind: 5 * 60_000,
  session_handoff: 2 * 60_000,
};

/** Short-lived single-use tickets that carry a step of a browser flow; only their hash is stored. */
export function createTicketService(db: Db, clock: Clock) {
  return {
    async issue(
      tx: DbOrTx,
      input: {
        kind: TicketKind;
        tenantId: string;
        userId?: bigint | null;
        /** The session making a `session_handoff` ticket: the ticket ends with it. */
        sessionId?: bigint | null;
        data?: Record<string, string | null>;
      },
    ): Promise<string> {
      const token = randomToken(24);
      const now = clock.now();
      await tx.insert(authTickets).values({
        tokenHash: sha256Hex(token),
        kind: input.kind,
        tenantId: input.tenantId,
        userId: input.userId ?? null,
        sessionId: input.sessionId ?? null,
        data: input.data ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TTL_MS[input.kind]),
      });
      return token;
    },

    /** The live ticket, not used up; LoginTicketInvalid when unknown, used or expired. */
    async peek(kind: TicketKind, token: string): Promise<TicketRow> {
      const [row] = await db
        .select()
        .from(authTickets)
        .where(
          and(
            eq(authTickets.tokenHash, sha256Hex(token)),
            eq(authTickets.kind, kind),
            isNull(authTickets.consumedAt),
            gt(authTickets.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      if (!row) throw new AppError('LoginTicketInvalid');
      return row;
    },

    /** Uses the ticket up in the caller's transaction; a ticket used meanwhile refuses. */
    async consume(tx: DbOrTx, ticket: TicketRow): Promise<void> {
      const used = await tx
        .update(authTickets)
        .set({ consumedAt: clock.now() })
        .where(and(eq(authTickets.id, ticket.id), isNull(authTickets.consumedAt)))
        .returning({ id: authTickets.id });
      if (used.length === 0) throw new AppError('LoginTicketInvalid');
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
