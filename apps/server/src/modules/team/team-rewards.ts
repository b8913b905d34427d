import {
  type CurrencyKey,
  defaultTeamSettings,
  isCurrencyKey,
  isStarTier,
  type TeamSettings,
  teamSettingsSchema,
} from '@dramastar/contract';
import { type SQL, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { teamLinks, teamRewards, tenants } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { Clock } from '../../clock.js';
import type { MembershipService } from '../membership/membership.service.js';

/** Raw rows of a SQL query on either driver (cast money and ids to text, counts to int). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export interface TenantTeam {
  currency: CurrencyKey;
  timeZone: string;
  settings: TeamSettings;
}

/** A tenant's team rules, read fresh on every use; null settings = the currency's defaults. */
export async function tenantTeam(db: DbOrTx, tenantId: string): Promise<TenantTeam> {
  const [row] = await db
    .select({ currency: tenants.currency, timeZone: tenants.timeZone, settings: tenants.teamSettings })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row || !isCurrencyKey(row.currency)) throw new AppError('TenantNotFound');
  return {
    currency: row.currency,
    timeZone: row.timeZone,
    settings:
      row.settings === null ? defaultTeamSettings(row.currency) : teamSettingsSchema.parse(row.settings),
  };
}

/** YYYY-MM-DD of an instant in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Team rewards: when a member buys (referral) or earns daily copyright revenue (welfare), each
 * upline within five levels is paid `base × rate(level)` from rewards expense, but only while
 * holding an active Star Card whose tier reaches that level. Once per (kind, reference, upline).
 */
export function createTeamRewards(deps: { clock: Clock; ledger: Ledger; memberships: MembershipService }) {
  const { clock, ledger, memberships } = deps;

  return {
    async pay(
      tx: Tx,
      input: {
        tenantId: string;
        sourceUserId: bigint;
        base: bigint;
        kind: 'referral_reward' | 'welfare';
        cause: 'card' | 'copyright';
        reference: string;
      },
    ): Promise<{ beneficiaryId: bigint; level: number; amount: bigint }[]> {
      if (input.base <= 0n) return [];
      const team = await tenantTeam(tx, input.tenantId);
      const { settings: cards } = await memberships.settings(tx, input.tenantId);
      const rates = input.kind === 'referral_reward' ? team.settings.referralBps : team.settings.welfareBps;
      const uplines = await tx
        .select({ id: teamLinks.ancestorId, depth: teamLinks.depth })
        .from(teamLinks)
        .where(eq(teamLinks.descendantId, input.sourceUserId))
        .orderBy(asc(teamLinks.depth));
      const paid: { beneficiaryId: bigint; level: number; amount: bigint }[] = [];
      for (const upline of uplines) {
        const tier = await memberships.activeTier(tx, upline.id);
        if (!tier || !isStarTier(tier)) continue;
        const reach = cards.tiers.find((t) => t.tier === tier)?.rewardLevels ?? 0;
        if (upline.depth > reach) continue;
        const amount = (input.base * BigInt(rates[upline.depth - 1] ?? 0)) / 10_000n;
        if (amount <= 0n) continue;
        const [row] = await tx
          .insert(teamRewards)
          .values({
            tenantId: input.tenantId,
            beneficiaryId: upline.id,
            sourceUserId: input.sourceUserId,
            level: upline.depth,
            kind: input.kind,
            cause: input.cause,
            baseAmount: input.base,
            amount,
            reference: input.reference,
            createdAt: clock.now(),
          })
          .onConflictDoNothing()
          .returning({ id: teamRewards.id });
        if (!row) continue;
        await ledger.transfer(tx, {
          tenantId: input.tenantId,
          currency: team.currency,
          from: { system: 'rewards_expense' },
          to: { userId: upline.id },
          amount,
          kind: input.kind,
          reference: input.reference,
          idempotencyKey: `team:${input.kind}:${input.reference}:${upline.id}`,
        });
        paid.push({ beneficiaryId: upline.id, level: upline.depth, amount });
      }
      return paid;
    },
  };
}

export type TeamRewards = ReturnType<typeof createTeamRewards>;
