import { type CurrencyKey, type ExportKind, type ExportQuery, toMajor } from '@dramastar/contract';
import type { Db } from '../../db/client.js';
import type { Batch } from '../../db/paging.js';
import { auditBatch } from '../operator/operator-rows.js';
import { userBatch, userCards } from '../user/user-rows.js';
import { rechargeOrderBatch } from '../wallet/recharge-orders.js';
import { withdrawalBatch } from '../wallet/withdrawal-orders.js';
import { csvLine } from './csv.js';

/** Rows read per query: an export holds one batch at a time, however long the table. */
export const EXPORT_BATCH = 1_000;

const amount = (minor: bigint, currency: string) => toMajor(minor, currency as CurrencyKey);
const at = (d: Date | null) => d?.toISOString() ?? '';

/** Reads `batch(after)` until it comes back short, yielding each row: keyset paging by id. */
async function* pages<R extends { id: bigint }>(batch: (after: bigint) => Promise<R[]>): AsyncGenerator<R> {
  let after = 0n;
  for (;;) {
    const rows = await batch(after);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = last.id;
  }
}

const HEADERS: Record<ExportKind, string[]> = {
  recharges: [
    'Order no',
    'Tenant',
    'User id',
    'User e-mail',
    'Channel',
    'Status',
    'Amount paid',
    'Paid in',
    'Amount credited',
    'Currency',
    'Transfer reference',
    'Provider',
    'Provider transaction',
    'USDT transaction hash',
    'Matched reference',
    'Reason',
    'Created at',
    'Credited at',
  ],
  withdrawals: [
    'Order no',
    'Tenant',
    'User id',
    'User e-mail',
    'Channel',
    'Status',
    'Amount',
    'Fee',
    'Currency',
    'Reason',
    'Applied at',
    'Approved at',
    'Paid at',
    'Rejected at',
    'Failed at',
    'Paid reference',
  ],
  users: [
    'User id',
    'Tenant',
    'E-mail',
    'User name',
    'Nickname',
    'Phone',
    'Status',
    'Invite code',
    'Registered at',
  ],
  audit: ['Time', 'Operator', 'Tenant', 'Action', 'Target', 'Reason', 'Before', 'After'],
};

/**
 * The CSV lines of an export, read in batches of EXPORT_BATCH rows by id (bounded memory on any
 * table size), amounts in currency units.
 */
export function exportLines(
  db: Db,
  kind: ExportKind,
  scope: string[] | null,
  q: ExportQuery,
): AsyncIterable<string> {
  /** The export's filter on the batch after id `after`. */
  const batch = (after: bigint): Batch => ({
    after,
    size: EXPORT_BATCH,
    scope,
    tenantId: q.tenantId,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
    orderNos: q.orderNos ? q.orderNos.split(',') : undefined,
  });
  /** Each row with its user's e-mail (null when the user is gone), asked by the batch's user ids. */
  async function withEmails<R extends { id: bigint; userId: bigint }>(rows: R[]) {
    const owners = await userCards(
      db,
      rows.map((r) => r.userId),
    );
    return rows.map((row) => ({ id: row.id, row, email: owners.get(row.userId)?.email ?? null }));
  }

  async function* rows(): AsyncGenerator<(string | bigint | null)[]> {
    switch (kind) {
      case 'recharges': {
        for await (const o of pages(async (after) =>
          withEmails(await rechargeOrderBatch(db, batch(after))),
        )) {
          const x = o.row;
          yield [
            x.orderNo,
            x.tenantId,
            x.userId,
            o.email,
            x.channel,
            x.status,
            amount(x.amount, x.payCurrency),
            x.payCurrency,
            amount(x.creditAmount, x.currency),
            x.currency,
            x.reference,
            x.provider,
            x.providerTxnId,
            x.txHash,
            x.matchedReference,
            x.reason,
            at(x.createdAt),
            at(x.creditedAt),
          ];
        }
        return;
      }
      case 'withdrawals': {
        for await (const o of pages(async (after) => withEmails(await withdrawalBatch(db, batch(after))))) {
          const x = o.row;
          yield [
            x.orderNo,
            x.tenantId,
            x.userId,
            o.email,
            x.channel,
            x.status,
            amount(x.amount, x.currency),
            amount(x.fee, x.currency),
            x.currency,
            x.reason,
            at(x.appliedAt),
            at(x.approvedAt),
            at(x.paidAt),
            at(x.rejectedAt),
            at(x.failedAt),
            x.paidReference,
          ];
        }
        return;
      }
      case 'users': {
        for await (const u of pages((after) => userBatch(db, batch(after)))) {
          const phone = u.phone
            ? `${u.areaCode ? `+${u.areaCode.replace(/^\+/, '')} ` : ''}${u.phone}`
            : null;
          yield [
            u.id,
            u.tenantId,
            u.email,
            u.userName,
            u.nickname,
            phone,
            u.status,
            u.inviteCode,
            at(u.createdAt),
          ];
        }
        return;
      }
      case 'audit': {
        for await (const e of pages((after) => auditBatch(db, batch(after)))) {
          const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
          yield [
            at(e.createdAt),
            e.operatorName,
            e.tenantId,
            e.action,
            e.target,
            e.reason,
            json(e.before),
            json(e.after),
          ];
        }
        return;
      }
    }
  }
  return (async function* () {
    // A byte-order mark: spreadsheet programs then read the file as UTF-8 (names in any script).
    yield `\uFEFF${csvLine(HEADERS[kind])}`;
    // Lines are sent in bundles, not one write per row.
    let bundle = '';
    for await (const cells of rows()) {
      bundle += csvLine(cells);
      if (bundle.length >= 64 * 1024) {
        yield bundle;
        bundle = '';
      }
    }
    if (bundle) yield bundle;
  })();
}
