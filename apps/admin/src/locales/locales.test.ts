import { LANGUAGE_KEYS } from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import id from './id.json';
import vn from './vn.json';

const catalogs: Record<string, Record<string, string>> = { en, vn, id };
const banned = /\b(TODO|FIXME|lorem ipsum|coming soon|not implemented)\b/i;

describe('console locale files', () => {
  it('exist for every language of the contract', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LANGUAGE_KEYS].sort());
  });

  it('all have exactly the same keys', () => {
    const keys = Object.keys(en).sort();
    for (const catalog of Object.values(catalogs)) expect(Object.keys(catalog).sort()).toEqual(keys);
  });

  it('have no empty values and no placeholder text', () => {
    for (const [language, catalog] of Object.entries(catalogs)) {
      for (const [key, value] of Object.entries(catalog)) {
        expect(typeof value, `${language}:${key}`).toBe('string');
        expect(value.trim(), `${language}:${key}`).not.toBe('');
        expect(banned.test(value), `${language}:${key}`).toBe(false);
      }
    }
  });

  it('use the same {placeholders} in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(vn[key]), `vn:${key}`).toEqual(placeholders(en[key]));
      expect(placeholders(id[key]), `id:${key}`).toEqual(placeholders(en[key]));
    }
  });

  it('are really translated (vn and id differ from en for most keys)', () => {
    const keys = Object.keys(en) as (keyof typeof en)[];
    const same = (other: Record<string, string>) => keys.filter((k) => other[k] === en[k]).length;
    expect(same(vn)).toBeLessThan(keys.length * 0.1);
    expect(same(id)).toBeLessThan(keys.length * 0.1);
  });
});
