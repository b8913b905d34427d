import { randomBytes, randomInt } from 'node:crypto';
import { type CurrencyKey, formatMinor, isCurrencyKey, type RedPacket, toMajor } from '@dramastar/contract';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { redPacketShares, redPackets } from '../../db/schema/index.js';
import { lockUser, userCards } from '../user/user-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { Ledger, SettleOwed } from '../ledger/ledger.service.js';
import { requireEarn } from './earn.service.js';
import { type Notify, noNotify } from '../user/notify.js';
import { parseAmount, replayOf, requestHash } from '../../money.js';

type PacketRow = typeof redPackets.$inferSelect;
type User = { userId: bigint; tenantId: string };

/**
 * The amounts of a packet's shares, summing to `amount`, each at least `min`. Equal: the
 * remainder's minor units go to the first shares. Random: the rest above the minimums is cut at
 * uniformly random points (every order of sizes equally likely).
 */
export function splitShares(
  amount: bigint,
  shares: number,
  min: bigint,
  split: 'equal' | 'random',
): bigint[] {
  const n = BigInt(shares);
  if (split === 'equal') {
    const base = amount / n;
    const rest = Number(amount % n);
    return Array.from({ length: shares }, (_, i) => base + (i < rest ? 1n : 0n));
  }
  const spare = amount - min * n;
  const cuts: bigint[] = [];
  for (let i = 0; i < shares - 1; i++) {
    // randomInt takes up to 2^48; larger spares are cut at a coarser grain.
    const scale = spare > 2n ** 47n ? spare / 2n ** 47n + 1n : 1n;
    cuts.push(BigInt(randomInt(0, Number(spare / scale) + 1)) * scale);
  }
  cuts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const points = [0n, ...cuts.map((c) => (c > spare ? spare : c)), spare];
  return points.slice(1).map((point, i) => min + point - (points[i] ?? 0n));
}

/**
 * Red packets: the sender's money goes into escrow at once; others claim one share each (the
 * packet's row lock serialises claims on every instance: never more shares or money than
 * funded); 24 hours after creation what is left goes back to the sender exactly once. Claimed +
 * refunded always equals funded.
 */
export function createRedPacketService(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  /** What the sender still owes is settled from the wallet before a packet takes money from it. */
  settleOwed: SettleOwed;
  notify?: Notify;
}) {
  const { db, clock, ledger } = deps;
  const notify = deps.notify ?? noNotify;

  function currencyOf(p: PacketRow): CurrencyKey {
    if (!isCurrencyKey(p.currency)) throw new Error(`bad currency ${p.currency}`);
    return p.currency;
  }

  async function view(on: DbOrTx, p: PacketRow, viewer: bigint): Promise<RedPacket> {
    const currency = currencyOf(p);
    const rows = await on
      .select()
      .from(redPacketShares)
      .where(eq(redPacketShares.packetId, p.id))
      .orderBy(asc(redPacketShares.claimedAt), asc(redPacketShares.seq));
    const people = await userCards(on, [
      p.senderId,
      ...rows.flatMap((share) => (share.claimedBy === null ? [] : [share.claimedBy])),
    ]);
    const shares = rows.map((share) => ({
      share,
      nickname: share.claimedBy === null ? null : (people.get(share.claimedBy)?.nickname ?? null),
    }));
    const claimed = shares.filter((s) => s.share.claimedBy !== null);
    const sender = people.get(p.senderId);
    const now = clock.now();
    const state =
      claimed.length === p.shares ? 'claimed' : p.refundedAt || now >= p.expiresAt ? 'expired' : 'opened';
    const mine = claimed.find((s) => s.share.claimedBy === viewer);
    return {
      id: p.token,
      sender: sender?.nickname ?? '',
      senderAvatar: sender?.avatar ?? null,
      greeting: p.greeting,
      currency,
      amount: toMajor(p.amount, currency),
      shares: p.shares,
      split: p.split as 'equal' | 'random',
      claimedShares: claimed.length,
      claimedAmount: toMajor(
        claimed.reduce((s, c) => s + c.share.amount, 0n),
        currency,
      ),
      state,
      refunded: toMajor(p.refunded ?? 0n, currency),
      createdAt: p.createdAt.toISOString(),
      expiresAt: p.expiresAt.toISOString(),
      mine: p.senderId === viewer,
      myClaim: mine ? toMajor(mine.share.amount, currency) : null,
      claims: claimed.map((c) => ({
        nickname: c.nickname ?? '',
        amount: toMajor(c.share.amount, currency),
        at: c.share.claimedAt?.toISOString() ?? '',
      })),
    };
  }

  /** A packet by its public token (never by its sequential id: links must not be guessable). */
  async function packetOf(on: DbOrTx, user: User, token: string, lock = false): Promise<PacketRow> {
    const query = on
      .select()
      .from(redPackets)
      .where(and(eq(redPackets.token, token), eq(redPackets.tenantId, user.tenantId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError('RedPacketNotFound', { field: 'redPacketId' });
    return row;
  }

  return {
    /**
     * Funds a packet from the balance: amount ≤ the tenant's maximum, shares ≤ its maximum,
     * each share ≥ its minimum (RedPacketShareTooSmall); InsufficientFunds changes nothing.
     * Idempotent by requestId.
     */
    async create(
      user: User,
      body: {
        amount: string;
        shares: number;
        split: 'equal' | 'random';
        greeting: string;
        requestId: string;
      },
    ) {
      const { currency, settings } = await requireEarn(db, user.tenantId);
      const rules = settings.redPacket;
      const amount = parseAmount(body.amount, currency);
      const min = parseAmount(rules.minShare, currency);
      if (body.shares > rules.maxShares) {
        throw new AppError('RedPacketTooManyShares', { field: 'shares', params: { count: rules.maxShares } });
      }
      if (amount > parseAmount(rules.maxAmount, currency)) {
        throw new AppError('AmountAboveMaximum', { field: 'amount', params: { amount: rules.maxAmount } });
      }
      if (amount < min * BigInt(body.shares)) {
        throw new AppError('RedPacketShareTooSmall', { field: 'amount', params: { amount: rules.minShare } });
      }
      const hash = requestHash([body.amount, body.shares, body.split, body.greeting]);
      await withTransaction(db, (tx) =>
        deps.settleOwed(tx, {
          tenantId: user.tenantId,
          currency,
          userId: user.userId,
          reference: `red_packet:${body.requestId}`,
        }),
      );
      return withTransaction(db, async (tx) => {
        await lockUser(tx, user.userId);
        const [seen] = await tx
          .select()
          .from(redPackets)
          .where(and(eq(redPackets.senderId, user.userId), eq(redPackets.requestId, body.requestId)));
        const earlier = replayOf(seen, hash);
        if (earlier) return view(tx, earlier, user.userId);
        const now = clock.now();
        const [packet] = await tx
          .insert(redPackets)
          .values({
            token: randomBytes(16).toString('hex'),
            tenantId: user.tenantId,
            senderId: user.userId,
            currency,
            amount,
            shares: body.shares,
            split: body.split,
            greeting: body.greeting,
            requestId: body.requestId,
            requestHash: hash,
            expiresAt: new Date(now.getTime() + rules.expiryHours * 3_600_000),
            createdAt: now,
          })
          .returning();
        if (!packet) throw new Error('red packet not written');
        const amounts = splitShares(amount, body.shares, min, body.split);
        await tx
          .insert(redPacketShares)
          .values(amounts.map((a, i) => ({ packetId: packet.id, seq: i + 1, amount: a })));
        await ledger.transfer(tx, {
          tenantId: user.tenantId,
          currency,
          from: { userId: user.userId },
          to: { system: 'red_packet_escrow' },
          amount,
          kind: 'red_packet',
          reference: `red_packet:${packet.id}`,
          idempotencyKey: `red_packet:${packet.id}`,
        });
        return view(tx, packet, user.userId);
      });
    },

    async get(user: User, token: string) {
      return view(db, await packetOf(db, user, token), user.userId);
    },

    /**
     * Claims one share. Refusals: RedPacketNotFound, RedPacketOwn, RedPacketAlreadyClaimed,
     * RedPacketExpired (past its time), RedPacketClaimed (no share left).
     */
    async claim(user: User, token: string) {
      await requireEarn(db, user.tenantId);
      return withTransaction(db, async (tx) => {
        const packet = await packetOf(tx, user, token, true);
        if (packet.senderId === user.userId) throw new AppError('RedPacketOwn');
        const [mine] = await tx
          .select()
          .from(redPacketShares)
          .where(and(eq(redPacketShares.packetId, packet.id), eq(redPacketShares.claimedBy, user.userId)));
        if (mine) throw new AppError('RedPacketAlreadyClaimed');
        if (packet.refundedAt || clock.now() >= packet.expiresAt) throw new AppError('RedPacketExpired');
        const [free] = await tx
          .select()
          .from(redPacketShares)
          .where(and(eq(redPacketShares.packetId, packet.id), isNull(redPacketShares.claimedBy)))
          .orderBy(asc(redPacketShares.seq))
          .limit(1);
        if (!free) throw new AppError('RedPacketClaimed');
        await tx
          .update(redPacketShares)
          .set({ claimedBy: user.userId, claimedAt: clock.now() })
          .where(and(eq(redPacketShares.packetId, packet.id), eq(redPacketShares.seq, free.seq)));
        await ledger.transfer(tx, {
          tenantId: packet.tenantId,
          currency: currencyOf(packet),
          from: { system: 'red_packet_escrow' },
          to: { userId: user.userId },
          amount: free.amount,
          kind: 'red_packet',
          reference: `red_packet:${packet.id}`,
          idempotencyKey: `red_packet_claim:${packet.id}:${free.seq}`,
        });
        return {
          amount: toMajor(free.amount, currencyOf(packet)),
          packet: await view(tx, packet, user.userId),
        };
      });
    },

    async mine(user: User) {
      const sent = await db
        .select()
        .from(redPackets)
        .where(eq(redPackets.senderId, user.userId))
        .orderBy(desc(redPackets.createdAt))
        .limit(50);
      const receivedIds = await db
        .select({ id: redPacketShares.packetId })
        .from(redPacketShares)
        .where(eq(redPacketShares.claimedBy, user.userId))
        .orderBy(desc(redPacketShares.claimedAt))
        .limit(50);
      const received = receivedIds.length
        ? await db
            .select()
            .from(redPackets)
            .where(
              inArray(
                redPackets.id,
                receivedIds.map((r) => r.id),
              ),
            )
            .orderBy(desc(redPackets.createdAt))
        : [];
      return {
        sent: await Promise.all(sent.map((p) => view(db, p, user.userId))),
        received: await Promise.all(received.map((p) => view(db, p, user.userId))),
      };
    },

    /** Returns what is left of expired packets to their senders, each packet once. */
    async refundExpired(): Promise<number> {
      const due = await db
        .select({ id: redPackets.id })
        .from(redPackets)
        .where(and(isNull(redPackets.refundedAt), lte(redPackets.expiresAt, clock.now())));
      let refunded = 0;
      for (const { id } of due) {
        const done = await withTransaction(db, async (tx) => {
          // The packet's row lock first: a claim in flight finishes before the rest is counted.
          const [locked] = await tx
            .select({ id: redPackets.id })
            .from(redPackets)
            .where(and(eq(redPackets.id, id), isNull(redPackets.refundedAt)))
            .for('update');
          if (!locked) return false;
          const [left] = await tx
            .select({ sum: sql<string>`coalesce(sum(${redPacketShares.amount}), 0)::text` })
            .from(redPacketShares)
            .where(and(eq(redPacketShares.packetId, id), isNull(redPacketShares.claimedBy)));
          const amount = BigInt(left?.sum ?? '0');
          const [packet] = await tx
            .update(redPackets)
            .set({ refundedAt: clock.now(), refunded: amount })
            .where(eq(redPackets.id, id))
            .returning();
          if (!packet) return false;
          if (amount > 0n) {
            await ledger.transfer(tx, {
              tenantId: packet.tenantId,
              currency: currencyOf(packet),
              from: { system: 'red_packet_escrow' },
              to: { userId: packet.senderId },
              amount,
              kind: 'red_packet_refund',
              reference: `red_packet:${packet.id}`,
              idempotencyKey: `red_packet_refund:${packet.id}`,
            });
            await notify(
              tx,
              packet.senderId,
              'red_packet',
              'AccountMsgRedPacketRefundTitle',
              'AccountMsgRedPacketRefundBody',
              {
                amount: formatMinor(amount, currencyOf(packet)),
              },
            );
          }
          return true;
        });
        if (done) refunded++;
      }
      return refunded;
    },
  };
}

export type RedPacketService = ReturnType<typeof createRedPacketService>;
