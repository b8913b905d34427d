/**
 * CSS lint: the web app's colours come from its token file (apps/web/src/shared/theme/tokens.css,
 * ARCHITECTURE.md rule 21). Anywhere else a raw colour — hex, a colour function or a colour name — is
 * an error: use a token (var(--ds-…)), or add a role to the token file.
 */
const RAW_COLOUR_FUNCTIONS = ['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color'];

/** @type {import('stylelint').Config} */
export default {
  rules: {
    'color-no-invalid-hex': true,
    'color-no-hex': [true, { message: 'Raw colour: use a token from shared/theme/tokens.css' }],
    'color-named': ['never', { message: 'Named colour: use a token from shared/theme/tokens.css' }],
    'function-disallowed-list': [
      RAW_COLOUR_FUNCTIONS,
      { message: (fn) => `Raw colour ${fn}(): use a token from shared/theme/tokens.css` },
    ],
  },
  overrides: [
    {
      files: ['apps/web/src/shared/theme/tokens.css'],
      rules: { 'color-no-hex': null, 'color-named': null, 'function-disallowed-list': null },
    },
  ],
  ignoreFiles: ['**/dist/**', '**/node_modules/**'],
};
