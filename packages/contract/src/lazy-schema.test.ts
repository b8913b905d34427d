import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from './api/index.js';
import { lazySchema } from './lazy-schema.js';

describe('lazySchema', () => {
  it('builds the schema the first time it is used, once', () => {
    const build = vi.fn(() => z.object({ name: z.string().min(2) }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ name: 'Ann', extra: 1 })).toEqual({ name: 'Ann' });
    expect(schema.safeParse({ name: 'A' }).success).toBe(false);
    expect(Object.keys(schema.shape)).toEqual(['name']);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('stands for the schema: instanceof, composition, detached methods, property reads', () => {
    const inner = lazySchema(() => z.object({ id: z.number().int() }));
    expect(inner).toBeInstanceOf(z.ZodObject);
    const outer = z.object({ items: z.array(inner), first: inner.optional() });
    expect(outer.parse({ items: [{ id: 1 }], first: { id: 2 } })).toEqual({
      items: [{ id: 1 }],
      first: { id: 2 },
    });
    expect(() => outer.parse({ items: [{ id: 1.5 }] })).toThrow();
    // eslint-disable-next-line @typescript-eslint/unbound-method -- detached on purpose: the stand-in binds its methods
    const { parse } = inner;
    expect(parse({ id: 3 })).toEqual({ id: 3 });
    expect('_zod' in inner).toBe(true);
    expect(Object.getOwnPropertyDescriptor(inner, '_zod')?.value).toBe(inner._zod);
    expect(inner.omit({ id: true }).parse({ id: 1 })).toEqual({});
  });

  it("keeps the contract's calls usable: their schemas validate as before", () => {
    const { allSeries } = api.video;
    expect(allSeries.body.parse({})).toEqual({ pageNum: 1, pageSize: 20 });
    expect(allSeries.body.safeParse({ pageSize: 500 }).success).toBe(false);
    expect(allSeries.query.parse({ tenantId: '000000' })).toEqual({ tenantId: '000000' });
  });
});
