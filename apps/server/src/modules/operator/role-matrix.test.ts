import {
  allConsoleCalls,
  type AnyCall,
  OPERATOR_ROLES,
  type OperatorRole,
  totpRequiredFor,
} from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { operatorSessions } from '../../db/schema/index.js';
import { randomToken, sha256Hex } from '../../security.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';

/**
 * The role × call matrix: every operator call of the contract (whatever the areas have added when
 * this runs) is refused (403) to the roles it does not name and reached by the roles it does; a
 * call that takes a tenant refuses a tenant outside the operator's tenants.
 */
const TENANT_A = '000000';
const TENANT_B = '000001';

const calls = allConsoleCalls().filter((c) => c.auth === 'operator');

/**
 * Who may call what, written down from the issue's roles independently of the contract's `roles`
 * (the first matching rule decides): owner everything in every tenant; tenant admin everything in
 * its tenants but the tenants themselves; finance recharges, withdrawals, the ledger and what
 * they need to see (users read-only, dashboard, audit); content series, episodes and banners;
 * support users read-only and chat. Everyone manages their own password, TOTP and sessions.
 */
const EVERYONE: readonly OperatorRole[] = OPERATOR_ROLES;
const POLICY: [RegExp, readonly OperatorRole[]][] = [
  [/^\/auth\//, EVERYONE],
  // Changing an operator's role and tenants: the owner only (issue 44).
  [/^\/access\/operators\/update$/, ['owner']],
  [/^\/access\/operators/, ['owner', 'tenant_admin']],
  [/^\/access\//, EVERYONE],
  [/^\/tenants/, ['owner']],
  [/^\/config\//, ['owner', 'tenant_admin']],
  [/^\/content\//, ['owner', 'tenant_admin', 'content']],
  // What the deployment misses (the doctor's list) names every tenant's gaps: the owner only.
  [/^\/dashboard\/doctor$/, ['owner']],
  // What waits in the queues each role works, and the tenants one acts in by name: everyone.
  [/^\/dashboard\/(waiting|tenants)$/, EVERYONE],
  [/^\/(finance|dashboard)\//, ['owner', 'tenant_admin', 'finance']],
  // Viewing analytics carry revenue: the finance roles.
  [/^\/analytics\//, ['owner', 'tenant_admin', 'finance']],
  [/^\/audit/, ['owner', 'tenant_admin', 'finance']],
  [/^\/export\//, ['owner', 'tenant_admin', 'finance']],
  [/^\/users\/(sessions\/revoke|freeze|unfreeze)$/, ['owner', 'tenant_admin']],
  // Credits: support gives them within its limits; a second approval is finance's (issue 44).
  [/^\/users\/credits\/(approve|reject)$/, ['owner', 'tenant_admin', 'finance']],
  [/^\/users\//, ['owner', 'tenant_admin', 'finance', 'support']],
  [/^\/chat\//, ['owner', 'tenant_admin', 'support']],
];
const allowed = (call: AnyCall) => POLICY.find(([path]) => path.test(call.path))?.[1];

let t: TestApp;
/** A fully set-up operator of each role (owner: all tenants; the others: tenant A). */
const accounts = {} as Record<OperatorRole, { id: bigint }>;

beforeAll(async () => {
  t = await buildTestApp();
  const fixtures = walletFixtures(t);
  for (const role of OPERATOR_ROLES) {
    const account = await fixtures.operatorAccount(role, role === 'owner' ? [] : [TENANT_A]);
    accounts[role] = { id: BigInt(account.id) };
  }
});
afterAll(() => t.close());

/** A fresh session of the role's operator (a call may end the session it was made with: logout). */
async function tokenOf(role: OperatorRole): Promise<string> {
  const token = randomToken();
  const now = t.clock.now();
  await t.database.db.insert(operatorSessions).values({
    tokenHash: sha256Hex(token),
    operatorId: accounts[role].id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  return token;
}

/** The keys an object schema (possibly wrapped: optional, pipe, union…) names. */
function keysOf(schema: z.ZodType): string[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks zod's internal definition
  const def = (schema as any)._zod.def;
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'pipe':
      return keysOf(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return keysOf(def.innerType);
    case 'union':
      return (def.options as z.ZodType[]).flatMap(keysOf);
    case 'intersection':
      return [...keysOf(def.left), ...keysOf(def.right)];
    default:
      return [];
  }
}

function urlOf(call: AnyCall, params: Record<string, string> = {}, query: Record<string, string> = {}) {
  const path = call.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'));
  const qs = new URLSearchParams(query).toString();
  return `${call.prefix}${path}${qs ? `?${qs}` : ''}`;
}

async function send(
  call: AnyCall,
  token: string,
  payload: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
) {
  const res = await t.app.inject({
    method: call.method,
    url: urlOf(call, payload.params, payload.query),
    headers: {
      authorization: `Bearer ${token}`,
      ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(call.method === 'POST' ? { payload: JSON.stringify(payload.body ?? {}) } : {}),
  });
  let body: { errorKey?: string } = {};
  try {
    body = res.json();
  } catch {
    // not JSON (a stream or a file): the status says enough
  }
  return { status: res.statusCode, errorKey: body.errorKey };
}

const label = (call: AnyCall) => `${call.method} ${call.prefix}${call.path}`;

function callAt(path: string): AnyCall {
  const call = calls.find((c) => c.path === path);
  if (!call) throw new Error(`no console call ${path}`);
  return call;
}

describe('the role × call matrix', () => {
  it('covers the console: there are operator calls, and the server serves every one', () => {
    expect(calls.length).toBeGreaterThan(10);
    const missing = calls
      .filter((c) => !t.app.hasRoute({ method: c.method, url: `${c.prefix}${c.path}` }))
      .map(label);
    expect(missing).toEqual([]);
  });

  it('gives every call exactly the roles the policy names', () => {
    const drift = calls
      .filter((c) => {
        const policy = allowed(c);
        return !policy || [...(c.roles ?? [])].sort().join() !== [...policy].sort().join();
      })
      .map((c) => `${label(c)}: contract [${c.roles?.join(', ')}], policy [${allowed(c)?.join(', ')}]`);
    expect(drift).toEqual([]);
  });

  it('requires TOTP of every role that can move money or manage the operators who do', () => {
    // Recharge confirmations, withdrawal actions, tenant wallet settings and operators' resets.
    const moving = calls.filter(
      (c) => /^\/(finance\/.+\/|config\/|access\/operators\/)/.test(c.path) && c.method === 'POST',
    );
    expect(moving.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        '/finance/recharges/confirm',
        '/finance/withdrawals/action',
        '/access/operators/reset-totp',
      ]),
    );
    const without = moving.flatMap((c) =>
      (c.roles ?? []).filter((r) => !totpRequiredFor(r)).map((r) => `${r}: ${c.path}`),
    );
    expect(without).toEqual([]);
  });

  it('refuses the examples the issue names', async () => {
    const finance = await tokenOf('finance');
    for (const path of ['/content/series/update', '/content/episodes/upload', '/config/membership'])
      expect((await send(callAt(path), finance)).status, `finance ${path}`).toBe(403);
    expect((await send(callAt('/tenants/create'), await tokenOf('tenant_admin'))).status).toBe(403);
    expect((await send(callAt('/users/freeze'), await tokenOf('support'))).status).toBe(403);
    expect((await send(callAt('/finance/withdrawals/action'), await tokenOf('content'))).status).toBe(403);
  });

  for (const call of calls) {
    it(`${label(call)}: 403 to roles outside [${allowed(call)?.join(', ')}], reached by the others`, async () => {
      for (const role of OPERATOR_ROLES) {
        const answer = await send(call, await tokenOf(role));
        const outcome = `${role} → ${answer.status} ${answer.errorKey ?? ''}`;
        if (allowed(call)?.includes(role)) {
          expect(answer.status, outcome).not.toBe(401);
          expect(answer.status, outcome).not.toBe(403);
          expect(answer.status, outcome).toBeLessThan(500);
        } else {
          expect(answer, outcome).toEqual({ status: 403, errorKey: 'Forbidden' });
        }
      }
    });
  }
});

describe('the tenant matrix', () => {
  const tenantCalls = calls.filter((c) =>
    [c.params, c.query, c.body].some((schema) => keysOf(schema).includes('tenantId')),
  );

  it('finds the calls that take a tenant', () => {
    expect(tenantCalls.map(label)).toContain('POST /admin-api/finance/recharges');
  });

  /** The payload naming `tenantId` wherever the call's schemas take it. */
  const naming = (call: AnyCall, tenantId: string) => ({
    ...(keysOf(call.params).includes('tenantId') ? { params: { tenantId } } : {}),
    ...(keysOf(call.query).includes('tenantId') ? { query: { tenantId } } : {}),
    ...(keysOf(call.body).includes('tenantId') ? { body: { tenantId } } : {}),
  });

  for (const call of tenantCalls) {
    it(`${label(call)}: refuses another tenant's id to every role of tenant A, not to an owner`, async () => {
      for (const role of OPERATOR_ROLES.filter((r) => r !== 'owner' && call.roles?.includes(r))) {
        const other = await send(call, await tokenOf(role), naming(call, TENANT_B));
        expect(other, `${role} sending ${TENANT_B}`).toEqual({ status: 403, errorKey: 'Forbidden' });
        const own = await send(call, await tokenOf(role), naming(call, TENANT_A));
        expect(own.status, `${role} sending ${TENANT_A}: ${own.errorKey ?? ''}`).not.toBe(403);
      }
      const owner = await send(call, await tokenOf('owner'), naming(call, TENANT_B));
      expect(owner.status, `owner sending ${TENANT_B}: ${owner.errorKey ?? ''}`).not.toBe(403);
    });
  }
});
