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
