import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';

// The repository's stylelint config, as `npm run lint` uses it (tests run from the repository root).
const configFile = 'stylelint.config.js';

async function problems(code: string, codeFilename: string): Promise<string[]> {
  const { results } = await stylelint.lint({ code, codeFilename, configFile });
  return results.flatMap((r) => r.warnings.map((w) => w.rule)).sort();
}

describe('raw colours outside the token file', () => {
  it('are refused in a feature stylesheet: hex, colour functions and names', async () => {
    const css = '.a { color: #ff0000; background: rgb(0 0 0 / 50%); border-color: hsl(0 0% 0%); fill: red; }';
    expect(await problems(css, 'apps/web/src/features/earn/earn.css')).toEqual([
      'color-named',
      'color-no-hex',
      'function-disallowed-list',
      'function-disallowed-list',
    ]);
  });

  it('are accepted as tokens, and as values in the token file itself', async () => {
    expect(
      await problems('.a { color: var(--ds-danger); background: transparent; }', 'apps/web/src/x.css'),
    ).toEqual([]);
    expect(await problems(':root { --ds-danger: #ff6b6b; }', 'apps/web/src/shared/theme/tokens.css')).toEqual(
      [],
    );
  });
});

describe('font sizes and corner radii outside the scales', () => {
  it('are refused in a web stylesheet as raw lengths', async () => {
    const css = '.a { font-size: 13px; border-radius: 10px; border-top-left-radius: 2rem; }';
    expect(await problems(css, 'apps/web/src/features/earn/earn.css')).toEqual([
      'declaration-property-value-allowed-list',
      'declaration-property-value-allowed-list',
      'declaration-property-value-allowed-list',
    ]);
  });

  it('are accepted from the scales, as 0, percentages and em, and in the token file itself', async () => {
    const css =
      '.a { font-size: var(--ds-font-sm); border-radius: var(--ds-radius-lg) var(--ds-radius-lg) 0 0; }' +
      '.b { font-size: 0.9em; border-radius: 50%; } .c { font-size: var(--ds-display-md); border-radius: var(--ds-radius-pill); }';
    expect(await problems(css, 'apps/web/src/features/earn/earn.css')).toEqual([]);
    expect(
      await problems('.x { border-radius: 8px; font-size: 13px; }', 'apps/web/src/shared/theme/tokens.css'),
    ).toEqual([]);
  });
});

describe('padding, margins and gaps outside the spacing scale', () => {
  it('are refused in a web stylesheet as raw lengths, negative ones too', async () => {
    const css = '.a { padding: 10px 1px; margin: -6px 0; gap: 3px; }';
    expect(await problems(css, 'apps/web/src/features/earn/earn.css')).toEqual([
      'declaration-property-value-disallowed-list',
      'declaration-property-value-disallowed-list',
      'declaration-property-value-disallowed-list',
    ]);
  });

  it('are accepted from the scale, as 0, auto, em, a 1px hairline and calc() of tokens', async () => {
    const css =
      '.a { padding: var(--ds-space-2) 1px; margin: 0 auto; gap: 2em; }' +
      '.b { padding-bottom: calc(var(--ds-space-3) + var(--ds-safe-bottom)); margin-top: calc(-1 * var(--ds-space-1)); }';
    expect(await problems(css, 'apps/web/src/features/earn/earn.css')).toEqual([]);
  });
});
