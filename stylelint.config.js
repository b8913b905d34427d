/**
 * CSS lint: the web app's colours come from its token file (apps/web/src/shared/theme/tokens.css,
 * ARCHITECTURE.md rule 21). Anywhere else a raw colour — hex, a colour function or a colour name — is
 * an error: use a token (var(--ds-…)), or add a role to the token file. In the web app, font sizes
 * come from its type scale, corner radii from its radius scale and padding, margins and gaps from
 * its spacing scale the same way (0, percentages, em and a 1px hairline are not steps of a scale
 * and stay allowed).
 */
const RAW_COLOUR_FUNCTIONS = ['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color'];
const RADIUS = String.raw`(?:0|\d+(?:\.\d+)?%|var\(--ds-radius-[a-z0-9]+\))`;

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
      files: ['apps/web/src/**/*.css'],
      rules: {
        'declaration-property-value-allowed-list': [
          {
            'font-size': [/^var\(--ds-(?:font|display)-[a-z0-9]+\)$/, /^\d*\.?\d+em$/, 'inherit'],
            '/^border(?:-[a-z]+)*-radius$/': [new RegExp(`^${RADIUS}(?: ${RADIUS}){0,3}$`)],
          },
          {
            message: (property, value) =>
              `${property}: ${value}: use the type or radius scale of shared/theme/tokens.css (var(--ds-font-…), var(--ds-display-…), var(--ds-radius-…))`,
          },
        ],
        'declaration-property-value-disallowed-list': [
          {
            '/^(?:padding|margin)(?:-[a-z-]+)?$|^(?:row-|column-)?gap$/': [
              /(?<![\w.])(?!1px\b)\d*\.?\d+px\b/,
            ],
          },
          {
            message: (property, value) =>
              `${property}: ${value}: use the spacing scale of shared/theme/tokens.css (var(--ds-space-…))`,
          },
        ],
      },
    },
    {
      files: ['apps/web/src/shared/theme/tokens.css'],
      rules: {
        'color-no-hex': null,
        'color-named': null,
        'function-disallowed-list': null,
        'declaration-property-value-allowed-list': null,
        'declaration-property-value-disallowed-list': null,
      },
    },
  ],
  ignoreFiles: ['**/dist/**', '**/node_modules/**'],
};
