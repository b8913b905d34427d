import { type CurrencyKey, type ExportKind, type ExportQuery, toMajor } from '@dramastar/contract';
import { and, asc, eq, gt, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { auditLog, rechargeOrders, users, withdrawals } from '../../db/schema/index.js';
import { csvLine } from './csv.js';

/** Rows read per query: an export holds one batch at a time, however long the table. */
export const EXPORT_BATCH = 1_000;

const amount = (minor: bigint, currency: string) => toMajor(minor, currency as CurrencyKey);
const at = (d: Date | null) => d?.toISOString() ?? '';

/** The filter of an export: tenants in scope (null: all), the tenant asked for, the time range. */
function where(
  scope: string[] | null,
  q: ExportQuery,
  tenantColumn: PgColumn,
  timeColumn: PgColumn,
  idColumn: PgColumn,
  after: bigint,
  orderNoColumn?: PgColumn,
): SQL | undefined {
  return and(
    orderNoColumn && q.orderNos ? inArray(orderNoColumn, q.orderNos.split(',')) : undefined,
    gt(idColumn, after),
    scope ? inArray(tenantColumn, scope) : undefined,
    q.tenantId ? eq(tenantColumn, q.tenantId) : undefined,
    q.from ? gte(timeColumn, new Date(q.from)) : undefined,
    q.to ? lt(timeColumn, new Date(q.to)) : undefined,
  );
}

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
  async function* rows(): AsyncGenerator<(string | bigint | null)[]> {
    switch (kind) {
      case 'recharges': {
        const r = rechargeOrders;
        for await (const o of pages((after) =>
          db
            .select({ id: r.id, order: r, email: users.email })
            .from(r)
            .leftJoin(users, eq(users.id, r.userId))
            .where(where(scope, q, r.tenantId, r.createdAt, r.id, after, r.orderNo))
            .orderBy(asc(r.id))
            .limit(EXPORT_BATCH),
        )) {
          const x = o.order;
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
        const w = withdrawals;
        for await (const o of pages((after) =>
          db
            .select({ id: w.id, w, email: users.email })
            .from(w)
            .leftJoin(users, eq(users.id, w.userId))
            .where(where(scope, q, w.tenantId, w.appliedAt, w.id, after, w.orderNo))
            .orderBy(asc(w.id))
            .limit(EXPORT_BATCH),
        )) {
          const x = o.w;
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
        for await (const u of pages((after) =>
          db
            .select()
            .from(users)
            .where(where(scope, q, users.tenantId, users.createdAt, users.id, after))
            .orderBy(asc(users.id))
            .limit(EXPORT_BATCH),
        )) {
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
        const a = auditLog;
        for await (const e of pages((after) =>
          db
            .select()
            .from(a)
            .where(where(scope, q, a.tenantId, a.createdAt, a.id, after))
            .orderBy(asc(a.id))
            .limit(EXPORT_BATCH),
        )) {
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
