import { describe, expect, it } from 'vitest';
import { cookieDomain, type DomainProbe } from './cookies';

/** A browser's answer: refuses cookies on public suffixes, as its public-suffix list says. */
const PUBLIC_SUFFIXES = new Set([
  'com',
  'ph',
  'com.ph',
  'vn',
  'com.vn',
  'co.id',
  'id',
  'com.pk',
  'pk',
  'app',
]);
const browser: DomainProbe = (domain) => !PUBLIC_SUFFIXES.has(domain);

describe('cookieDomain', () => {
  it('shares cookies on the registrable domain, below public suffixes of two labels', () => {
    expect(cookieDomain('m.example.com', browser)).toBe('example.com');
    expect(cookieDomain('m.shop.com.ph', browser)).toBe('shop.com.ph');
    expect(cookieDomain('app.phim.com.vn', browser)).toBe('phim.com.vn');
    expect(cookieDomain('a.b.drama.co.id', browser)).toBe('drama.co.id');
    expect(cookieDomain('shop.com.pk', browser)).toBe('shop.com.pk');
  });

  it('is host-only where no parent is accepted, and for localhost and addresses', () => {
    expect(cookieDomain('com.ph', browser)).toBeUndefined();
    expect(cookieDomain('localhost', browser)).toBeUndefined();
    expect(cookieDomain('192.168.1.20', browser)).toBeUndefined();
    expect(cookieDomain('[::1]', browser)).toBeUndefined();
    expect(cookieDomain('x.y', () => false)).toBeUndefined();
  });

  it('asks the browser from the shortest parent up and stops at the first it keeps', () => {
    const asked: string[] = [];
    const probe: DomainProbe = (d) => {
      asked.push(d);
      return browser(d);
    };
    cookieDomain('a.b.shop.com.ph', probe);
    expect(asked).toEqual(['com.ph', 'shop.com.ph']);
  });
});
