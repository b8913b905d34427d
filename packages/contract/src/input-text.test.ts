import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allConsoleCalls } from './api/console.js';
import { allCalls } from './api/index.js';
import { chatClientFrame } from './chat.js';
import {
  dateSchema,
  dateTimeSchema,
  MULTI_LINE_TEXT,
  multilineText,
  SINGLE_LINE_TEXT,
  text,
} from './validation.js';

interface Internals {
  _zod: {
    def: Record<string, unknown> & { type: string; checks?: { _zod: { def: { pattern?: unknown } } }[] };
  };
}
const isSchema = (value: unknown): value is Internals =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * The paths of string schemas in `schema` that a client's value reaches without `text()`'s check.
 * A pipe is walked on its input side only: its output side sees a value already checked.
 */
function bareStrings(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (!isSchema(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  if (def.type === 'string') {
    const patterns = (def.checks ?? []).map((c) => c._zod.def.pattern);
    return patterns.includes(SINGLE_LINE_TEXT) || patterns.includes(MULTI_LINE_TEXT) ? [] : [path];
  }
  if (def.type === 'pipe') return bareStrings(def.in, path, seen);
  const found: string[] = [];
  for (const [key, value] of Object.entries(def)) {
    const children = Array.isArray(value)
      ? value.map((v, i) => [`${key}[${i}]`, v] as const)
      : isSchema(value)
        ? [[key, value] as const]
        : key === 'shape' && typeof value === 'object' && value !== null
          ? Object.entries(value)
          : [];
    for (const [name, child] of children) found.push(...bareStrings(child, `${path}.${name}`, seen));
  }
  return found;
}

describe('every string a client sends', () => {
  it('goes through text(): no call and no chat frame takes a bare z.string()', () => {
    const bare = [...allCalls(), ...allConsoleCalls()].flatMap((call) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        bareStrings(call[part], `${call.prefix}${call.path} ${part}`),
      ),
    );
    bare.push(...bareStrings(chatClientFrame, 'chat frame'));
    expect(bare).toEqual([]);
  });

  it('is found bare by the walker when it is', () => {
    expect(bareStrings(z.object({ a: z.string().trim(), b: text().trim() }), 'x')).toEqual(['x.a']);
    expect(bareStrings(z.array(z.string().optional()), 'x').length).toBe(1);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a control character', 'a\u0007b'],
    ['a line break in one line', 'a\nb'],
    ['an unpaired high surrogate', 'a\ud800b'],
    ['an unpaired low surrogate', '\udc00'],
  ])('refuses %s with InvalidCharacters', (_, value) => {
    const result = text().safeParse(value);
    expect(result.success ? null : result.error.issues[0]?.message).toBe('InvalidCharacters');
  });

  it('accepts letters of any script, emoji (paired surrogates) and tabs in several lines', () => {
    expect(text().parse('Xin chào 😀 日本')).toBe('Xin chào 😀 日本');
    expect(multilineText().parse('a\tb\r\nc')).toBe('a\tb\r\nc');
    expect(multilineText().safeParse('a\u0000').success).toBe(false);
  });
});

describe('dates', () => {
  it.each(['2026-02-28', '2024-02-29', '1970-01-01', '9999-12-31'])('accept the real day %s', (day) => {
    expect(dateSchema.parse(day)).toBe(day);
  });

  it.each(['2026-02-31', '2025-02-29', '9999-99-99', '2026-13-01', '2026-00-10', '0000-01-01', '26-1-1', ''])(
    'refuse %j with InvalidDate',
    (day) => {
      const result = dateSchema.safeParse(day);
      expect(result.success ? null : result.error.issues[0]?.message).toBe('InvalidDate');
    },
  );

  it('check instants the same way', () => {
    expect(dateTimeSchema.safeParse('2026-03-01T00:00:00+07:00').success).toBe(true);
    expect(dateTimeSchema.safeParse('2026-02-30T00:00:00Z').success).toBe(false);
    expect(dateTimeSchema.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(dateTimeSchema.safeParse('2026-03-01').success).toBe(false);
  });
});
