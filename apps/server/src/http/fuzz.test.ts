import { adminApi, allCalls, allConsoleCalls, type AnyCall, api, chatClientFrame } from '@dramastar/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ChatTestClient, listenLocal } from '../test/chat-client.js';
import { unchecked } from '../test/client.js';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { walletFixtures } from '../test/wallet-fixtures.js';

/**
 * Bad input never answers 500: every declared call (app and console) is sent payloads built from
 * its own schemas with hostile values (wrong types, NUL, control characters, unpaired surrogates,
 * huge and negative numbers, arrays for objects, `__proto__`/`constructor` keys, very long
 * strings), malformed JSON, wrong content types and non-numeric path parameters, as a guest and
 * signed in (a user; an owner for console calls). Payloads come from a fixed seed, so a failure
 * names a payload that fails again. The chat's WebSocket gets the same treatment.
 */
const SEED = 20_261_123;
/** Payloads per call and identity: enough to reach every field of every call several times. */
const RUNS = 8;

const hostileStrings = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u0007\u001b',
  'line\nbreak',
  'x'.repeat(20_000),
  '',
  '   ',
  '-1',
  '0',
  '1',
  '1.5',
  '1e309',
  '99999999999999999999',
  '9223372036854775808',
  '-9223372036854775809',
  'NaN',
  'true',
  'null',
  '9999-99-99',
  '2026-02-31',
  '0000-01-01',
  '2026-02-31T25:61:00Z',
  '__proto__',
  'constructor',
  "' OR '1'='1",
  '%00',
  '../../etc/passwd',
  '😀',
  '000000',
  '+63',
  'PHP',
];
const hostileNumbers = [-1, 0, 1, 1.5, -0.0001, 1e20, -1e20, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE];
const prototypeKeys = JSON.parse(
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
) as unknown;

const hostileString = fc.oneof(
  // What PostgreSQL cannot store, often: every text field should meet it several times.
  { weight: 2, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy') },
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
  },
);
/** Anything at all, whatever the schema wants. */
const wild: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(null, true, false, [], [1, 'a'], {}, prototypeKeys),
);

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Values a field of this name takes in real use, so the rest of a payload gets past validation. */
const KNOWN: Record<string, unknown> = {
  tenantId: '000000',
  requestId: 'fuzz-request-0001',
  email: 'fuzz@example.com',
  areaCode: '+92',
  phone: '3001234567',
  currency: 'PHP',
  amount: '100',
  pageNo: 1,
  pageNum: 1,
  pageSize: 10,
  seriesId: 1,
  id: '1',
  userId: '1',
  orderNo: 'R1',
  day: '2026-01-15',
  date: '2026-01-15',
};

/** A valid-looking value of `schema` (optional fields mostly left out). */
function plausible(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(undefined);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([k, s]) => [
            k,
            k in KNOWN ? fc.constant(KNOWN[k]) : plausible(s, depth + 1),
          ]),
        ),
      );
    }
    case 'string':
      return fc.constantFrom('1', 'abc', 'fuzz text');
    case 'number':
      return fc.constantFrom(1, 2, 10);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array':
      return fc.array(plausible(def.element, depth + 1), { maxLength: 1 });
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, plausible(def.innerType, depth + 1));
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return plausible(def.innerType, depth + 1);
    case 'pipe':
      return plausible(def.in, depth + 1);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((o) => plausible(o, depth + 1)));
    default:
      return fc.constant(undefined);
  }
}

/**
 * Values shaped like `schema` with hostile leaves: in an object each field is mostly plausible
 * and now and then hostile, so one bad field meets a handler that the others let through.
 */
function valueOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const typed = ((): fc.Arbitrary<unknown> | null => {
    if (depth > 6) return null;
    switch (def.type) {
      case 'object': {
        const shape = def.shape as Record<string, z.ZodType>;
        const fields = Object.fromEntries(
          Object.entries(shape).map(([k, s]) => [
            k,
            fc.oneof(
              { weight: 3, arbitrary: k in KNOWN ? fc.constant(KNOWN[k]) : plausible(s, depth + 1) },
              { weight: 2, arbitrary: valueOf(s, depth + 1) },
            ),
          ]),
        );
        return fc.record(fields);
      }
      case 'string':
        return hostileString;
      case 'number':
        return fc.oneof(fc.constantFrom(...hostileNumbers), fc.integer(), fc.double());
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'array':
        return fc.array(valueOf(def.element, depth + 1), { maxLength: 3 });
      case 'record':
        return fc.dictionary(hostileString, valueOf(def.valueType, depth + 1), { maxKeys: 3 });
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return valueOf(def.innerType, depth + 1);
      case 'pipe':
        return valueOf(def.in, depth + 1);
      case 'union':
        return fc.oneof(...(def.options as unknown[]).map((o) => valueOf(o, depth + 1)));
      case 'intersection':
        return fc
          .tuple(valueOf(def.left, depth + 1), valueOf(def.right, depth + 1))
          .map(([a, b]) => (isPlain(a) && isPlain(b) ? { ...a, ...b } : a));
      default:
        return null;
    }
  })();
  return typed ? fc.oneof({ weight: 5, arbitrary: typed }, { weight: 1, arbitrary: wild }) : wild;
}

/** The type under a field's wrappers (optional, default, pipe…). */
function baseType(schema: unknown): string {
  const def = defOf(schema);
  if ('innerType' in def) return baseType(def.innerType);
  if (def.type === 'pipe') return baseType(def.in);
  return def.type;
}

/** JSON of any value (`undefined` too, as null). */
const json = (value: unknown): string => (value === undefined ? 'null' : JSON.stringify(value));

const SWEEP = {
  string: ['a\u0000b', 'x\ud800', '2026-02-31', 'x'.repeat(5000)],
  number: [-1, 2 ** 31, 1e20, 1.5],
  other: ['a\u0000b', [], { __proto__: null, constructor: 1 }],
};
const sweepOf = (type: string) =>
  type === 'string' ? SWEEP.string : type === 'number' ? SWEEP.number : SWEEP.other;

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const hostileSegments = [
  '%00',
  '-1',
  '0',
  'abc',
  '1.5',
  '99999999999999999999',
  '%ED%A0%80',
  '%',
  '1%00',
  '%2e%2e',
];
const rawQueries = [
  '%00=%00',
  'a=%ED%A0%80',
  'a=%',
  'x[]=1&x[]=2',
  '__proto__[polluted]=1',
  'constructor[prototype][x]=1',
];

interface Request {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** The query string of a generated value: arrays repeat their key, objects are JSON. */
function queryOf(value: unknown): string {
  if (!isPlain(value)) return '';
  const search = new URLSearchParams();
  for (const [key, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? v : [v])
      search.append(key, typeof item === 'string' ? item : json(item));
  }
  return search.toString();
}

/** Hostile requests for one call: from its schemas, and raw ones the schemas never see. */
function requestsFor(call: AnyCall, seed: number): Request[] {
  const segments = fc.constantFrom(...hostileSegments);
  const shaped = fc.record({
    params: fc.array(segments, { minLength: 4, maxLength: 4 }),
    query: fc.oneof(
      { weight: 4, arbitrary: valueOf(call.query) },
      { weight: 1, arbitrary: fc.constantFrom(...rawQueries) },
    ),
    body: valueOf(call.body),
  });
  const build = (
    params: string[],
    query: string,
    payload: string | undefined,
    contentType = 'application/json',
  ): Request => {
    let i = 0;
    const path = call.path.replace(/:(\w+)/g, () => params[i++ % params.length] ?? '1');
    return {
      method: call.method,
      url: `${call.prefix}${path}${query ? `?${query}` : ''}`,
      headers: call.method === 'POST' ? { 'content-type': contentType } : {},
      ...(call.method === 'POST' && payload !== undefined ? { payload } : {}),
    };
  };
  const requests = fc
    .sample(shaped, { seed, numRuns: RUNS })
    .map(({ params, query, body }) =>
      build(params, typeof query === 'string' ? query : queryOf(query), json(body)),
    );
  // The sweep: each top-level field of the query and the body in turn gets each hostile value of
  // its kind while the others stay plausible, so every field meets NUL and its limits once.
  const [base] = fc.sample(fc.record({ query: plausible(call.query), body: plausible(call.body) }), {
    seed,
    numRuns: 1,
  });
  for (const part of ['query', 'body'] as const) {
    const schema = defOf(call[part]);
    if (schema.type !== 'object' || (part === 'body' && call.method === 'GET')) continue;
    for (const [key, field] of Object.entries(schema.shape as Record<string, unknown>)) {
      for (const value of sweepOf(baseType(field))) {
        const sent = { ...base, [part]: { ...(base?.[part] as object), [key]: value } };
        requests.push(build(['1'], queryOf(sent.query), json(sent.body)));
      }
    }
  }
  if (call.method === 'POST') {
    for (const payload of [
      '{"a":',
      '{"a":1}}',
      '\u0000',
      'null',
      '[]',
      '"x"',
      '{"__proto__":{"polluted":true}}',
    ])
      requests.push(build(['1'], '', payload));
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
    ])
      requests.push(build(['1'], '', 'a=1&b=%00', type));
  }
  return requests;
}

let t: TestApp;
let fixtures: ReturnType<typeof walletFixtures>;
/** The signed-in identities; a call that ends its own session (logout, cancellation) gets a new one. */
const tokens: { user: string; owner: string } = { user: '', owner: '' };
const renew = {
  user: async () => (tokens.user = (await fixtures.user()).token),
  owner: async () => (tokens.owner = await fixtures.operator('owner', [])),
};

beforeAll(async () => {
  t = await buildTestApp();
  fixtures = walletFixtures(t);
  await renew.user();
  await renew.owner();
});
afterAll(() => t.close());

const label = (call: AnyCall) => `${call.method} ${call.prefix}${call.path}`;
let ipCount = 0;

/** Whether an answer is the API's envelope: `{code, msg, …}` with `code` its status, an errorKey when refused. */
function inEnvelope(status: number, body: string): boolean {
  try {
    const answer = JSON.parse(body) as { code?: unknown; errorKey?: unknown };
    return answer.code === status && (status === 200 || typeof answer.errorKey === 'string');
  } catch {
    return false;
  }
}

/** Sends each request as `who`; answers the ones that answered 500 or more (or a guest anything but 401 on a signed-in call). */
async function failuresOf(call: AnyCall, who: 'guest' | 'user' | 'owner', requests: Request[]) {
  const failures: string[] = [];
  for (const request of requests) {
    const token = who === 'guest' ? null : tokens[who];
    const res = await t.app.inject({
      ...request,
      headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      // Another address each time, so per-address limits do not hide what lies behind them.
      remoteAddress: `10.${Math.floor(++ipCount / 250) % 250}.${ipCount % 250}.7`,
    });
    // A guest is turned away from a signed-in call before anything it sent is read (or finds no
    // such call: a path that is no url or matches no route, a call served to the loopback only).
    const refused = who === 'guest' && call.auth !== 'guest';
    const noCall = res.statusCode === 404 || (res.statusCode === 400 && res.body.includes('"field":"url"'));
    if (
      res.statusCode >= 500 ||
      (refused && res.statusCode !== 401 && !noCall) ||
      !inEnvelope(res.statusCode, res.body)
    )
      failures.push(
        `${label(call)} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)} ← ${request.url} ${request.payload?.slice(0, 200) ?? ''}`,
      );
    if (who !== 'guest' && res.statusCode === 401) await renew[who]();
  }
  return failures;
}

describe('bad input never answers 500', () => {
  const calls = [...allCalls(), ...allConsoleCalls()];
  // A test per group of calls, each under the suite's one bound on a hang (vitest.config.ts), so
  // a busy machine makes the file slower, never a failure; a failure names its calls.
  const GROUP = 10;
  const groups = Array.from({ length: Math.ceil(calls.length / GROUP) }, (_, g) => ({
    first: g * GROUP,
    calls: calls.slice(g * GROUP, (g + 1) * GROUP),
  }));
  const served = (call: AnyCall) =>
    t.app.hasRoute({ method: call.method, url: `${call.prefix}${call.path}` });

  it('covers the declared calls the server serves', () => {
    expect(calls.filter(served).length).toBeGreaterThan(150);
  });

  it.each(groups)('on declared calls $first…, as a guest and signed in', async ({ first, calls: group }) => {
    const failures: string[] = [];
    for (const [i, call] of group.entries()) {
      if (!served(call)) continue;
      const requests = requestsFor(call, SEED + first + i);
      const signedIn = call.auth === 'operator' ? 'owner' : 'user';
      failures.push(...(await failuresOf(call, signedIn, requests)));
      failures.push(...(await failuresOf(call, 'guest', requests)));
    }
    expect(failures).toEqual([]);
  });

  it('leaves nothing polluted or half-written after all of them', async () => {
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    // The ledger still sums to zero in every currency.
    const health = await fixtures.admin(adminApi.ledgerHealth, { token: tokens.owner });
    expect(health.body.data.balanced).toBe(true);
  });

  it('refuses NUL and impossible dates with 400 naming the field (the cases of the issue)', async () => {
    const user = tokens.user;
    const cases: [AnyCall, { query?: Record<string, string>; body?: unknown }, string][] = [
      [api.video.page, { body: { keyword: 'a\u0000' } }, 'keyword'],
      [api.video.allSeries, { body: { category: '\u0000' } }, 'category'],
      [api.config.queryTenantId, { query: { domain: 'x\u0000.com' } }, 'domain'],
      [api.user.update, { body: { nickname: 'n\u0000' } }, 'nickname'],
      [api.team.members, { query: { keyword: '\u0000' } }, 'keyword'],
      [api.account.rechargeOrder, { query: { orderNo: 'R\u0000' } }, 'orderNo'],
      [api.reward.rankingByDay, { query: { day: '9999-99-99' } }, 'day'],
      [api.account.revenueDetail, { query: { date: '2026-02-31' } }, 'date'],
      [api.user.update, { body: { nickname: 'x\ud800' } }, 'nickname'],
    ];
    for (const [declared, { query, body }, field] of cases) {
      const { path } = declared;
      const answer = await fixtures.call(declared, {
        query: unchecked(query),
        body: unchecked(body),
        token: user,
      });
      expect({ path, status: answer.status, field: answer.body.field }).toEqual({ path, status: 400, field });
    }
  });
});

describe('the chat socket', () => {
  it('answers hostile frames with error frames, never an internal error, and stays usable', async () => {
    const base = await listenLocal(t.app);
    const { client } = await ChatTestClient.connect(`${base}/app-api/chat/ws`, tokens.user);
    // First a message of each hostile text (fewer than the send limit), each answered on its own.
    for (const [n, body] of ['a\u0000b', 'x\ud800', '\u0007', 'x'.repeat(20_000), 'line\nbreak'].entries()) {
      const clientId = `fuzz-client-${n}`;
      client.send({ type: 'send', clientId, body });
      // Frames are handled in order: the pong says the frame before it was handled.
      client.send({ type: 'ping' });
      await client.next('pong');
      const answer = client.frames.find(
        (f) => (f.type === 'ack' || f.type === 'error') && f.clientId === clientId,
      );
      expect(
        answer?.type === 'error' ? answer.code : answer?.type,
        JSON.stringify(body.slice(0, 20)),
      ).toMatch(/^(ack|InvalidCharacters|ChatMessageTooLong|ValidationFailed)$/);
    }
    const frames = fc.sample(valueOf(chatClientFrame), { seed: SEED, numRuns: 150 });
    const raw = [
      '{"type":',
      '\u0000',
      '[]',
      'null',
      JSON.stringify({ type: 'send', clientId: 'c\u0000', body: 'x' }),
    ];
    for (const frame of [...frames.map((f) => json(f)), ...raw]) {
      client.send(frame);
      client.send({ type: 'ping' });
      await client.next('pong');
    }
    const internal = client.frames.filter((f) => f.type === 'error' && f.code === 'InternalError');
    expect(internal).toEqual([]);
    expect(client.closed).toBeNull();
    await client.close();
  });
});
