import { type AnalyticsBatch, analyticsBatch } from '@dramastar/contract';
import { z } from 'zod';

/*
 * The ingestion call's body, checked without zod's general machinery: zod spent ~5 µs per event,
 * a third of the call's own time, on the one call that takes tens of events per request. The
 * contract's `analyticsBatch` is the one source of truth: its JSON Schema (zod's own
 * `z.toJSONSchema`) is compiled once, when this module loads, into plain checks. Anything they do
 * not accept goes to the contract's schema, which decides and names the invalid field for the 400,
 * so the quick check may only ever be stricter. A rule the compiler does not know makes it throw
 * (the server does not start, the tests fail) rather than be skipped. batch-check.test.ts checks
 * both agree on valid, mutated and random batches.
 */

/** The part of JSON Schema the contract's batch uses (what `z.toJSONSchema` writes for it). */
interface Schema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

type Check = (value: unknown) => boolean;
type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords that say nothing about what is valid. */
const NOTES = new Set(['$schema', 'title', 'description', 'examples', 'default']);
const KNOWN = new Set([
  ...NOTES,
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'const',
  'enum',
  'anyOf',
  'oneOf',
]);

/** Every rule of `s` as one check; throws on a rule it cannot check exactly or more strictly. */
export function compileSchema(s: Schema, at = '$'): Check {
  for (const key of Object.keys(s))
    if (!KNOWN.has(key)) throw new Error(`batch-check: ${at} has "${key}", which it cannot check`);
  const checks: Check[] = [];
  if (s.anyOf) checks.push(anyOf(s.anyOf, at));
  if (s.oneOf) checks.push(oneOf(s.oneOf, at));
  switch (s.type) {
    case undefined:
      if (checks.length === 0 && !('const' in s) && !s.enum)
        throw new Error(`batch-check: ${at} has no type`);
      break;
    case 'string':
      checks.push(stringCheck(s, at));
      break;
    case 'integer':
    case 'number':
      checks.push(numberCheck(s));
      break;
    case 'boolean':
      checks.push((v) => typeof v === 'boolean');
      break;
    case 'array':
      checks.push(arrayCheck(s, at));
      break;
    case 'object':
      checks.push(objectCheck(s, at));
      break;
    default:
      throw new Error(`batch-check: ${at} has type ${String(s.type)}`);
  }
  const [only, ...more] = checks;
  const all = more.reduce<Check>((a, b) => (v) => a(v) && b(v), only ?? (() => true));
  // A constant or a list of them: the values that pass every other rule, found now, one lookup.
  const values = 'const' in s ? [s.const] : s.enum;
  if (values) {
    const allowed: ReadonlySet<unknown> = new Set(
      values.filter((x) => (!s.enum || s.enum.includes(x)) && all(x)),
    );
    return (v) => allowed.has(v);
  }
  return all;
}

function stringCheck(s: Schema, at: string): Check {
  // A format is also written as its pattern by zod; one without a pattern cannot be checked here.
  if (s.format !== undefined && s.pattern === undefined)
    throw new Error(`batch-check: ${at} has format ${s.format} without a pattern`);
  // JSON Schema's patterns are ECMA-262 with Unicode semantics (the contract's are `u` regexes).
  const pattern = s.pattern === undefined ? null : new RegExp(s.pattern, 'u');
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  // Lengths counted as zod counts them (UTF-16 units), never fewer than JSON Schema's code points.
  return (v) =>
    typeof v === 'string' && v.length >= min && v.length <= max && (pattern === null || pattern.test(v));
}

function numberCheck(s: Schema): Check {
  const integer = s.type === 'integer';
  const min = s.minimum ?? -Infinity;
  const max = s.maximum ?? Infinity;
  const above = s.exclusiveMinimum ?? -Infinity;
  const below = s.exclusiveMaximum ?? Infinity;
  return (v) =>
    typeof v === 'number' &&
    Number.isFinite(v) &&
    (!integer || Number.isInteger(v)) &&
    v >= min &&
    v <= max &&
    v > above &&
    v < below;
}

function arrayCheck(s: Schema, at: string): Check {
  if (!s.items) throw new Error(`batch-check: ${at} is an array without items`);
  const item = compileSchema(s.items, `${at}[]`);
  const min = s.minItems ?? 0;
  const max = s.maxItems ?? Infinity;
  return (v) => {
    if (!Array.isArray(v) || v.length < min || v.length > max) return false;
    for (const e of v) if (!item(e)) return false;
    return true;
  };
}

function objectCheck(s: Schema, at: string): Check {
  // A strict object only: a stripping one's value is not the batch as given.
  if (s.additionalProperties !== false)
    throw new Error(`batch-check: ${at} is an object that allows other properties`);
  const required = new Set(s.required ?? []);
  const fields = Object.entries(s.properties ?? {}).map(([key, field]) => ({
    key,
    check: compileSchema(field, `${at}.${key}`),
    optional: !required.has(key),
  }));
  for (const key of required)
    if (!fields.some((f) => f.key === key)) throw new Error(`batch-check: ${at}.${key} has no rules`);
  return (v) => {
    if (!isObject(v)) return false;
    let present = 0;
    for (const { key, check, optional } of fields) {
      const value = v[key];
      // An optional property given as undefined is refused too (JSON has no undefined).
      if (value === undefined && optional && !Object.hasOwn(v, key)) continue;
      if (!check(value)) return false;
      present++;
    }
    // Every own property one of those: as many as were found.
    for (const key in v) if (Object.hasOwn(v, key) && --present < 0) return false;
    return true;
  };
}

function anyOf(branches: Schema[], at: string): Check {
  const checks = branches.map((b, i) => compileSchema(b, `${at}|${i}`));
  return (v) => checks.some((c) => c(v));
}

/**
 * A discriminated union (what zod writes as oneOf): each branch an object with one property of a
 * distinct constant, found by that property, so at most one branch can match.
 */
function oneOf(branches: Schema[], at: string): Check {
  const first = branches[0]?.properties ?? {};
  const key = Object.keys(first).find((k) =>
    branches.every((b) => b.required?.includes(k) && b.properties?.[k] && 'const' in b.properties[k]),
  );
  if (key === undefined) throw new Error(`batch-check: ${at} is a oneOf without a discriminator`);
  const byValue = new Map<unknown, Check>();
  for (const b of branches) {
    const value = b.properties?.[key]?.const;
    if (byValue.has(value)) throw new Error(`batch-check: ${at} has ${key} ${String(value)} twice`);
    byValue.set(value, compileSchema(b, `${at}<${String(value)}>`));
  }
  return (v) => {
    if (!isObject(v)) return false;
    const branch = byValue.get(v[key]);
    return branch !== undefined && branch(v);
  };
}

/**
 * The contract's schema as JSON Schema, when checking it is the whole rule: its input and output
 * the same (no transform or default that a value passed through as given would miss).
 */
export function contractRules(schema: z.ZodType): Schema {
  const input = z.toJSONSchema(schema, { io: 'input' });
  const output = z.toJSONSchema(schema, { io: 'output' });
  if (JSON.stringify(input) !== JSON.stringify(output))
    throw new Error('batch-check: the schema transforms its value; check it with zod');
  return input as Schema;
}

const quick = compileSchema(contractRules(analyticsBatch));

/** The batch as the contract accepts it, or null when it is not certainly valid. */
export function quickBatch(value: unknown): AnalyticsBatch | null {
  return quick(value) ? (value as AnalyticsBatch) : null;
}

/**
 * The call's body schema: the quick check, else the contract's schema (its issues, so the 400
 * names the field as for any call).
 */
export const batchBody = z.unknown().transform((value, ctx): AnalyticsBatch => {
  const quick = quickBatch(value);
  if (quick) return quick;
  const parsed = analyticsBatch.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
  return z.NEVER;
});
