import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const tokens = readFileSync(resolve(__dirname, '../../shared/theme/tokens.css'), 'utf8');
const earn = readFileSync(resolve(__dirname, 'earn.css'), 'utf8');

/** The token values of one block of tokens.css (the dark, light or fixed palette). */
function block(selector: string): Record<string, string> {
  const start = tokens.indexOf(`${selector} {`);
  const body = tokens.slice(start, tokens.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/(--ds-[\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]),
  );
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The declarations of a rule of earn.css. */
function rule(selector: string): string {
  const start = earn.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  return earn.slice(start, earn.indexOf('}', start));
}

describe('check-in coins', () => {
  it('print their figures legibly in both themes (WCAG AA, 4.5:1, for their small text)', () => {
    const ink = tokens.match(/--ds-amber-ink:\s*(#[0-9a-f]{6})/i)![1]!;
    const pale = tokens.match(/--ds-amber-pale:\s*(#[0-9a-f]{6})/i)![1]!;
    for (const theme of ["html[data-theme='light']", "html[data-theme='dark']"]) {
      const gold = block(theme)['--ds-gold']!;
      expect(contrast(ink, gold), theme).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(ink, pale)).toBeGreaterThanOrEqual(4.5);
    expect(rule('.ds-checkin__coin')).toContain('color: var(--ds-amber-ink);');
    // Days ahead are not faded: a faded figure is what was hard to read.
    expect(rule('.ds-checkin__day--upcoming .ds-checkin__coin')).not.toContain('opacity');
  });

  it('let a two-word day label ("Hôm nay") wrap instead of cutting it', () => {
    const label = rule('.ds-checkin__label');
    expect(label).not.toContain('nowrap');
    expect(label).not.toContain('overflow: hidden');
  });
});
