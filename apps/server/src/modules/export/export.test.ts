import { adminExportApi } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unchecked } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import { csvCell, csvLine } from './csv.js';

let t: TestApp;
let f: ReturnType<typeof walletFixtures>;
let finance: string;
let userId: string;

const ROWS = 100_000;

beforeAll(async () => {
  t = await buildTestApp();
  f = walletFixtures(t);
  finance = await f.operator('finance', ['000000']);
  const who = await f.user('000000');
  userId = String(who.userId);
  // 100,000 official transfers of 1,234.50 PHP, one with a formula in its reason.
  await t.database.query(
    `insert into recharge_order (order_no, tenant_id, user_id, channel, status, pay_currency, amount,
       currency, credit_amount, request_id, request_hash, instructions, reason, created_at)
     select 'EXP' || lpad(g::text, 8, '0'), '000000', $1::bigint, 'official', 'credited', 'PHP', 123450,
       'PHP', 123450, 'exp-' || g, 'h', '{}'::jsonb,
       case when g = 7 then '=HYPERLINK("http://evil.example","x")' else null end,
       timestamptz '2026-01-01T00:00:00Z' + (g || ' seconds')::interval
     from generate_series(1, $2::int) g`,
    [userId, ROWS],
  );
});
afterAll(() => t.close());

const download = (token: string, query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/admin-api${adminExportApi.exportCsv.path}?${new URLSearchParams(query).toString()}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('CSV cells', () => {
  it('neutralises what a spreadsheet would run as a formula and quotes what needs it', () => {
    for (const bad of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(bad).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['x', 12n, '1,234.50'])).toBe('x,12,"1,234.50"\r\n');
  });
});

describe('exports', () => {
  it(`streams ${ROWS.toLocaleString('en')} recharges as CSV, amounts in currency units, formulas neutralised`, async () => {
    const res = await download(finance, { kind: 'recharges', tenantId: '000000' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="recharges-000000-all.csv"');
    // Streamed: no length known in advance.
    expect(res.headers['content-length']).toBeUndefined();
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^\uFEFFOrder no,Tenant,User id,User e-mail,Channel,Status,Amount paid/);
    const exported = lines.filter((l) => l.startsWith('EXP'));
    expect(exported).toHaveLength(ROWS);
    expect(exported[0]).toContain('EXP00000001,000000,');
    expect(exported[0]).toContain(',official,credited,1234.50,PHP,1234.50,PHP,');
    expect(exported[ROWS - 1]).toContain('EXP00100000');
    expect(exported[6]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  it('keeps to the date range and the operator’s tenants', async () => {
    const res = await download(finance, {
      kind: 'recharges',
      from: '2026-01-01T00:00:10Z',
      to: '2026-01-01T00:00:20Z',
    });
    const exported = res.body.split('\r\n').filter((l) => l.startsWith('EXP'));
    expect(exported.map((l) => l.slice(0, 11))).toEqual(
      Array.from({ length: 10 }, (_, i) => `EXP${String(10 + i).padStart(8, '0')}`),
    );
    const other = await download(finance, { kind: 'recharges', tenantId: '000001' });
    expect(other.statusCode).toBe(403);
  });

  it('exports users, withdrawals and the audit log; each export is audited', async () => {
    const users = await download(finance, { kind: 'users', tenantId: '000000' });
    expect(users.body.split('\r\n')[0]).toContain('User id,Tenant,E-mail');
    expect(users.body).toContain(`\r\n${userId},000000,`);
    const withdrawals = await download(finance, { kind: 'withdrawals', tenantId: '000000' });
    expect(withdrawals.statusCode).toBe(200);
    const audit = await download(finance, { kind: 'audit', tenantId: '000000' });
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('export.csv,export:recharges');
  });

  it('refuses an unknown kind or a malformed date with 400 naming the field', async () => {
    const res = await download(finance, unchecked({ kind: 'ledger-secrets' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'kind' });
    const date = await download(finance, { kind: 'users', from: 'yesterday' });
    expect(date.json()).toMatchObject({ code: 400, field: 'from' });
  });
});
