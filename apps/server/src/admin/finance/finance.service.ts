import {
  type CurrencyKey,
  type DeliveryOutcome,
  isCurrencyKey,
  type LedgerAccountRow,
  RECHARGE_CHANNELS,
  type RechargeChannel,
  type RechargeStatus,
  type ReconciliationCurrency,
  type ReconciliationReport,
  toMajor,
} from '@dramastar/contract';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Page } from '../../db/paging.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { SYSTEM_ACCOUNTS } from '../../modules/ledger/ledger.service.js';
import {
  accountRow,
  type LedgerAccount,
  ledgerAccountPage,
  type LedgerScope,
  ledgerStatement,
  movementsByAccount,
  sumsByKind,
  tenantLedgerAccounts,
} from '../../modules/ledger/ledger-read.js';
import { tenantSettingsRow } from '../../modules/tenant/tenant-rows.js';
import { findUserIds, userCards } from '../../modules/user/user-rows.js';
import { gatewayDeliveries, gatewayDelivery, gatewayPayments } from '../../modules/wallet/gateway-console.js';
import { creditedByChannel } from '../../modules/wallet/recharge-orders.js';
import { withdrawalTotals } from '../../modules/wallet/withdrawal-orders.js';
import { addDays, dayIn } from '../../clock.js';

/** The tenants a read may cover: null = all. */
type Scope = LedgerScope;

/** Milliseconds the zone is ahead of UTC at an instant. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a local day (YYYY-MM-DD) starts in a time zone. */
export function zonedDayStart(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let at = midnightUtc - zoneOffsetMs(new Date(midnightUtc), timeZone);
  // Once more with the offset at the guess: right across a DST change.
  at = midnightUtc - zoneOffsetMs(new Date(at), timeZone);
  return new Date(at);
}

/** The console's rows of ledger `accounts`, with their users' e-mail, user name and invite code (one query). */
async function withOwners(db: DbOrTx, accounts: LedgerAccount[]): Promise<LedgerAccountRow[]> {
  const owners = await userCards(
    db,
    accounts.flatMap((a) => (a.userId === null ? [] : [a.userId])),
  );
  return accounts.map((a) => accountRow(a, a.userId === null ? undefined : owners.get(a.userId)));
}

/**
 * Finance's read-only views: the gateway's payments and webhook deliveries, the ledger explorer
 * (accounts and their entries with the balance after each) and the daily reconciliation report.
 * Nothing here writes; every list is limited to the operator's tenants.
 */
export function createAdminFinanceService(deps: { db: Db; clock: Clock; provider: string }) {
  const { db, clock } = deps;

  return {
    /** Card-channel recharges as the gateway saw them, newest first. */
    gatewayPayments: (filter: Page & { scope: Scope; status?: RechargeStatus; orderNo?: string }) =>
      gatewayPayments(db, deps.provider, filter),

    /** Webhook deliveries as received (refused ones too), newest first. */
    deliveries: (filter: Page & { scope: Scope; outcome?: DeliveryOutcome; orderNo?: string }) =>
      gatewayDeliveries(db, filter),

    /** One delivery with its payload (capped); outside the operator's tenants: 403. */
    delivery: (id: bigint, scope: Scope) => gatewayDelivery(db, id, scope),

    /** Ledger accounts by user (ID, e-mail, user name or invite code), kind and currency. */
    async accounts(
      filter: Page & { scope: Scope; user?: string; kind?: 'wallet' | 'system'; currency?: CurrencyKey },
    ) {
      const { user, ...rest } = filter;
      const q = user?.trim();
      // The users the text names (any tenant: the scope limits the accounts), and an id as typed.
      const userIds =
        q === undefined
          ? undefined
          : [
              ...(await findUserIds(db, q, ['email', 'userName', 'inviteCode'])),
              ...(/^\d{1,18}$/.test(q) ? [BigInt(q)] : []),
            ];
      const { rows, total } = await ledgerAccountPage(db, { ...rest, userIds });
      return { list: await withOwners(db, rows), total };
    },

    /** An account and its entries, newest first, with the balance after each, in one snapshot. */
    entries(accountId: bigint, scope: Scope, page: Page) {
      return withTransaction(
        db,
        async (tx) => {
          const { account, list, total } = await ledgerStatement(tx, accountId, scope, page);
          const [shown] = await withOwners(tx, [account]);
          if (!shown) throw new AppError('NotFound');
          return { account: shown, list, total };
        },
        { isolationLevel: 'repeatable read' },
      );
    },

    /** App users by id, within the operator's tenants (others are left out). */
    async users(ids: bigint[], scope: Scope) {
      const cards = await userCards(db, ids);
      return {
        list: [...cards.values()]
          .filter((r) => !scope || scope.includes(r.tenantId))
          .map((r) => ({
            userId: String(r.id),
            tenantId: r.tenantId,
            email: r.email,
            userName: r.userName,
            inviteCode: r.inviteCode,
          })),
      };
    },

    /** The day's report for one tenant (see docs/wallet.md, "Finance in the console"). */
    async reconciliation(tenantId: string, date: string | undefined): Promise<ReconciliationReport> {
      const tenant = await tenantSettingsRow(db, tenantId);
      if (!tenant) throw new AppError('TenantNotFound', { field: 'tenantId' });
      const day = date ?? dayIn(tenant.timeZone, clock.now());
      const from = zonedDayStart(day, tenant.timeZone);
      const to = zonedDayStart(addDays(day, 1), tenant.timeZone);
      return withTransaction(
        db,
        async (tx) => {
          const accounts = await tenantLedgerAccounts(tx, tenantId);
          const currencies = [...new Set([tenant.currency, ...accounts.map((a) => a.currency)])]
            .filter(isCurrencyKey)
            .sort();
          const report: ReconciliationCurrency[] = [];
          for (const currency of currencies) {
            report.push(
              await reconcileCurrency(
                tx,
                tenantId,
                currency,
                accounts.filter((a) => a.currency === currency),
                from,
                to,
              ),
            );
          }
          return {
            tenantId,
            timeZone: tenant.timeZone,
            date: day,
            from: from.toISOString(),
            to: to.toISOString(),
            currencies: report,
            balanced: report.every((c) => c.balanced),
          };
        },
        { isolationLevel: 'repeatable read' },
      );
    },
  };
}

export type AdminFinanceService = ReturnType<typeof createAdminFinanceService>;

async function reconcileCurrency(
  tx: DbOrTx,
  tenantId: string,
  currency: CurrencyKey,
  accounts: LedgerAccount[],
  from: Date,
  to: Date,
): Promise<ReconciliationCurrency> {
  const m = (v: bigint) => toMajor(v, currency);

  // Recharges credited today, per channel (from the orders).
  const window = { tenantId, currency, from, to };
  const rechargeRows = await creditedByChannel(tx, window);
  const recharges = RECHARGE_CHANNELS.map((channel: RechargeChannel) => {
    const r = rechargeRows.find((x) => x.channel === channel);
    return { channel, count: r?.count ?? 0, amount: m(r?.sum ?? 0n) };
  });
  const rechargesTotal = rechargeRows.reduce((s, r) => s + r.sum, 0n);

  // Today's transfers by kind, and who they went between (wallet or system account).
  const kindRows = await sumsByKind(tx, window);
  const kindSum = (kind: string) => kindRows.filter((r) => r.kind === kind).reduce((s, r) => s + r.sum, 0n);
  const payoutMap = new Map<string, { count: number; amount: bigint }>();
  for (const r of kindRows) {
    // Money from the business into wallets: not a recharge (outside money) nor a refund of a withdrawal.
    if (!r.toWallet || !r.fromCode.startsWith('system:')) continue;
    if (r.fromCode === 'system:recharge_clearing' || r.fromCode === 'system:withdrawals_payable') continue;
    const p = payoutMap.get(r.kind) ?? { count: 0, amount: 0n };
    payoutMap.set(r.kind, { count: p.count + r.count, amount: p.amount + r.sum });
  }
  const payouts = [...payoutMap.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, p]) => ({ kind, count: p.count, amount: m(p.amount) }));

  // Withdrawals paid today, and those still held at the day's end.
  const { paid, held } = await withdrawalTotals(tx, window);

  // Each account's movements before, during and after the day, from the transfers.
  const net = await movementsByAccount(tx, window);
  const position = (list: LedgerAccount[]) => {
    let opening = 0n;
    let movements = 0n;
    let closing = 0n;
    for (const a of list) {
      const e = net.get(a.id) ?? { before: 0n, day: 0n, after: 0n };
      opening += e.before;
      movements += e.day;
      // Closing from the stored balance: it must equal the transfers' history.
      closing += a.balance - e.after;
    }
    return { opening, movements, closing };
  };
  const systemAccounts = SYSTEM_ACCOUNTS.flatMap((code) => {
    const list = accounts.filter((a) => a.code === `system:${code}`);
    if (list.length === 0) return [];
    const p = position(list);
    return [{ code, ...p }];
  });
  const wallets = position(accounts.filter((a) => a.userId !== null));
  const rows = [
    ...systemAccounts,
    ...(accounts.some((a) => a.userId !== null) ? [{ code: 'wallets', ...wallets }] : []),
  ];
  const ledgerSum = rows.reduce((s, r) => s + r.closing, 0n);
  const closingOf = (code: string) => rows.find((r) => r.code === code)?.closing ?? 0n;
  const movementOf = (code: string) => rows.find((r) => r.code === code)?.movements ?? 0n;

  const checks = [
    { name: 'Ledger sum at day end = 0', expected: 0n, actual: ledgerSum },
    {
      name: 'Recharges credited (orders) = ledger recharge transfers',
      expected: rechargesTotal,
      actual: kindSum('recharge'),
    },
    {
      name: 'Withdrawals paid (orders) = payouts account movement',
      expected: paid.amount,
      actual: movementOf('payouts'),
    },
    {
      name: 'Fees of paid withdrawals = fees account movement',
      expected: paid.fees,
      actual: movementOf('fees'),
    },
    {
      name: 'Withdrawals held (orders) = withdrawals payable at day end',
      expected: held.amount,
      actual: closingOf('withdrawals_payable'),
    },
  ].map((c) => ({ name: c.name, expected: m(c.expected), actual: m(c.actual), ok: c.expected === c.actual }));
  const accountRowsOut = rows.map((r) => ({
    code: r.code,
    opening: m(r.opening),
    movements: m(r.movements),
    closing: m(r.closing),
    ok: r.opening + r.movements === r.closing,
  }));

  return {
    currency,
    recharges,
    rechargesTotal: m(rechargesTotal),
    withdrawalsPaid: { count: paid.count, amount: m(paid.amount), fees: m(paid.fees) },
    withdrawalsHeld: { count: held.count, amount: m(held.amount) },
    sales: { cards: m(kindSum('membership')), copyrights: m(kindSum('copyright_purchase')) },
    payouts,
    ledgerSum: m(ledgerSum),
    systemAccounts: accountRowsOut,
    checks,
    balanced: checks.every((c) => c.ok) && accountRowsOut.every((r) => r.ok),
  };
}
