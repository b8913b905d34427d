import { analyticsBatch, PLAY_ENTRIES, UNLOCK_ACTIONS } from '@dramastar/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { batchBody, compileSchema, contractRules, quickBatch } from './batch-check.js';
import { sessionMemo } from './analytics.routes.js';

// Values near each rule's edges, so mutations land on both sides of it.
const edgy = fc.oneof(
  { arbitrary: fc.constantFrom(0, -1, 1, 25, 50, 75, 100, 10_000, 10_001, 86_400, 86_400.5), weight: 6 },
  { arbitrary: fc.constantFrom(2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 2 ** 53), weight: 3 },
  { arbitrary: fc.constantFrom(1.5, Number.NaN, Infinity, -0), weight: 2 },
  fc.constantFrom('', 'x', null, true, [], {}, '00000000-0000-0000-0000-000000000000'),
  fc.constantFrom('invite', 'direct', 'banner', 'shorts', 'other', 'buy', 'trial', 'purchase'),
  fc.constantFrom('0f8fad5b-d9cb-469f-a165-70867728950e', '0f8fad5b-d9cb-069f-a165-70867728950e'),
  fc.string(),
  fc.double(),
  fc.integer(),
);
const uuid = fc.oneof(fc.uuid(), fc.constantFrom('0F8FAD5B-D9CB-469F-A165-70867728950E'));
const at = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
const ep = {
  id: uuid,
  at,
  seriesId: fc.integer({ min: 1, max: 2_147_483_647 }),
  episodeId: fc.integer({ min: 1, max: 2_147_483_647 }),
  episode: fc.integer({ min: 1, max: 10_000 }),
};
const seconds = fc.double({ min: 0, max: 86_400, noNaN: true });
const event = fc.oneof(
  fc.record({ id: uuid, at, type: fc.constant('visit'), source: fc.constantFrom('invite', 'direct') }),
  fc.record({ ...ep, type: fc.constant('episode_start'), entry: fc.constantFrom(...PLAY_ENTRIES) }),
  fc.record({ ...ep, type: fc.constant('episode_progress'), percent: fc.constantFrom(25, 50, 75), seconds }),
  fc.record({ ...ep, type: fc.constant('episode_complete'), seconds }),
  fc.record({ ...ep, type: fc.constant('paywall_shown') }),
  fc.record({ ...ep, type: fc.constant('unlock_action'), action: fc.constantFrom(...UNLOCK_ACTIONS) }),
);
const batch = fc.record(
  {
    deviceId: fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    token: fc.oneof(fc.string({ maxLength: 210 }), fc.string({ maxLength: 210, unit: 'binary' })),
    events: fc.array(event, { minLength: 1, maxLength: 101 }),
  },
  { requiredKeys: ['deviceId', 'events'] },
);

/** One change to a valid batch: a field set to an edge value, removed, or added. */
const mutated = fc
  .tuple(batch, fc.nat(), fc.constantFrom('set', 'delete', 'add'), fc.string({ maxLength: 8 }), edgy)
  .map(([b, pick, how, key, value]) => {
    const copy = structuredClone(b) as Record<string, unknown> & { events: Record<string, unknown>[] };
    const target: Record<string, unknown> = pick % 5 === 0 ? copy : copy.events[pick % copy.events.length]!;
    const keys = Object.keys(target).filter((k) => k !== 'events');
    const field = how === 'add' ? key : keys[pick % keys.length]!;
    if (how === 'delete') Reflect.deleteProperty(target, field);
    else target[field] = value;
    return copy;
  });

describe("the ingestion call's quick check of a batch", () => {
  it('accepts exactly what the contract accepts, and gives the same batch', () => {
    fc.assert(
      fc.property(fc.oneof(batch, mutated, mutated, fc.anything()), (value) => {
        const quick = quickBatch(value);
        const contract = analyticsBatch.safeParse(value);
        // Never looser than the contract; only as strict (on JSON's values, which these are).
        if (quick) expect(contract.success).toBe(true);
        if (contract.success && JSON.stringify(value) === JSON.stringify(JSON.parse(JSON.stringify(value))))
          expect(quick).not.toBeNull();
        const body = batchBody.safeParse(value);
        expect(body.success).toBe(contract.success);
        if (body.success && contract.success) expect(body.data).toEqual(contract.data);
      }),
      { numRuns: 10_000, seed: 41 },
    );
  });

  it("names the contract's field when refusing", () => {
    const good = {
      deviceId: 'device-aaaa-0001',
      events: [
        {
          id: '0f8fad5b-d9cb-469f-a165-70867728950e',
          at: 1,
          type: 'paywall_shown',
          seriesId: 1,
          episodeId: 1,
          episode: 0,
        },
      ],
    };
    const refused = batchBody.safeParse(good);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.'))).toEqual(['events.0.episode']);
    expect(quickBatch({ ...good, events: [{ ...good.events[0], episode: 1 }] })).not.toBeNull();
  });
});

describe('the quick check is derived from the contract', () => {
  const good = {
    deviceId: 'device-aaaa-0001',
    token: 'token 😀',
    events: [
      { id: '0f8fad5b-d9cb-469f-a165-70867728950e', at: 1, type: 'visit', source: 'invite' },
      {
        id: '0f8fad5b-d9cb-469f-a165-70867728950f',
        at: 2,
        type: 'episode_progress',
        seriesId: 2_147_483_647,
        episodeId: 1,
        episode: 10_000,
        percent: 75,
        seconds: 86_400,
      },
    ],
  };
  const event = good.events[1]!;
  /** One rule of the contract broken in each: what the contract refuses, the quick check does too. */
  const refused: [string, unknown][] = [
    ['an unknown property', { ...good, extra: 1 }],
    ['no device id', { ...good, deviceId: undefined }],
    ['a short device id', { ...good, deviceId: 'short' }],
    ['a token with a control character', { ...good, token: 'a\u0007b' }],
    ['a token with a lone surrogate', { ...good, token: 'a\ud800b' }],
    ['a long token', { ...good, token: 'x'.repeat(201) }],
    ['no events', { ...good, events: [] }],
    ['101 events', { ...good, events: Array.from({ length: 101 }, () => event) }],
    ['an unknown event type', { ...good, events: [{ ...event, type: 'purchase' }] }],
    ['an event with a property of another type', { ...good, events: [{ ...event, source: 'invite' }] }],
    ['a visit from the banner', { ...good, events: [{ ...good.events[0], source: 'banner' }] }],
    ['a bad id', { ...good, events: [{ ...event, id: '0f8fad5b-d9cb-069f-a165-70867728950e' }] }],
    ['at 0', { ...good, events: [{ ...event, at: 0 }] }],
    ['a series id beyond int4', { ...good, events: [{ ...event, seriesId: 2_147_483_648 }] }],
    ['a fractional episode id', { ...good, events: [{ ...event, episodeId: 1.5 }] }],
    ['episode 10,001', { ...good, events: [{ ...event, episode: 10_001 }] }],
    ['a 30 % mark', { ...good, events: [{ ...event, percent: 30 }] }],
    ['a mark as text', { ...good, events: [{ ...event, percent: '75' }] }],
    ['negative seconds', { ...good, events: [{ ...event, seconds: -1 }] }],
    ['no seconds', { ...good, events: [{ ...event, seconds: undefined }] }],
  ];

  it('accepts a valid batch (an emoji in its token) and refuses each broken rule', () => {
    expect(analyticsBatch.safeParse(good).success).toBe(true);
    expect(quickBatch(good)).toBe(good);
    for (const [what, value] of refused) {
      const parsed = JSON.parse(JSON.stringify(value)) as unknown;
      expect(analyticsBatch.safeParse(parsed).success, what).toBe(false);
      expect(quickBatch(parsed), what).toBeNull();
      expect(batchBody.safeParse(parsed).success, what).toBe(false);
    }
  });

  it("follows a schema's rules, and refuses to compile a rule it cannot check", () => {
    const check = compileSchema(
      contractRules(
        z
          .object({
            n: z.number().int().min(2).max(5),
            kind: z.enum(['a', 'b']),
            tag: z.string().min(2).max(3).optional(),
          })
          .strict(),
      ),
    );
    expect(check({ n: 2, kind: 'a' })).toBe(true);
    expect(check({ n: 5, kind: 'b', tag: 'xyz' })).toBe(true);
    for (const value of [{ n: 6, kind: 'a' }, { n: 2, kind: 'c' }, { n: 2.5, kind: 'a' }, { n: 2 }])
      expect(check(value)).toBe(false);
    expect(check({ n: 2, kind: 'a', tag: 'x' })).toBe(false);
    expect(check({ n: 2, kind: 'a', tag: 'wxyz' })).toBe(false);
    expect(check({ n: 2, kind: 'a', other: 1 })).toBe(false);
    // A schema whose parse changes the value, or lets unknown properties through (and drops them),
    // or a rule the compiler does not know: thrown at once, never checked loosely.
    expect(() => contractRules(z.object({ n: z.number().default(1) }).strict())).toThrow(/transforms/);
    expect(() => contractRules(z.object({ n: z.string().transform(Number) }).strict())).toThrow();
    expect(() => contractRules(z.object({ n: z.number() }))).toThrow();
    expect(() => compileSchema({ type: 'object', properties: { n: { type: 'number' } } })).toThrow(
      /other properties/,
    );
    expect(() => compileSchema(contractRules(z.object({ n: z.number().multipleOf(2) }).strict()))).toThrow(
      /multipleOf/,
    );
    expect(() => compileSchema(contractRules(z.object({ d: z.iso.date() }).strict()))).not.toThrow();
    expect(() => compileSchema({ type: 'string', format: 'email' })).toThrow(/format/);
  });
});

describe("the events' memory of sessions", () => {
  it('asks once per token within a minute, then again; forgets the oldest beyond its bound', async () => {
    let now = 0;
    const asked: string[] = [];
    const memo = sessionMemo(
      async (token) => {
        asked.push(token);
        return token.startsWith('live') ? { sessionId: 1n, userId: 7n, tenantId: '000000' } : null;
      },
      () => now,
      { ttlMs: 60_000, max: 2 },
    );
    expect((await memo.resolve('live-a'))?.userId).toBe(7n);
    expect(await memo.resolve('dead-b')).toBeNull();
    await memo.resolve('live-a');
    await memo.resolve('dead-b');
    expect(asked).toEqual(['live-a', 'dead-b']);
    now = 60_001;
    await memo.resolve('live-a');
    expect(asked).toEqual(['live-a', 'dead-b', 'live-a']);
    await memo.resolve('live-c');
    expect(memo.size()).toBe(2);
    // dead-b was the oldest: asked again.
    await memo.resolve('dead-b');
    expect(asked.at(-1)).toBe('dead-b');
  });
});
